import type { Key, ReactNode } from 'react';
import { Link } from 'react-router';

export interface Coluna<T> {
  titulo: string;
  celula: (item: T) => ReactNode;
  classe?: string;
  /** The row's actions. */
  semRotulo?: boolean;
}

export interface TabelaCartoesProps<T> {
  legenda: ReactNode;
  /** Screen readers only: a heading above already names the list. */
  legendaOculta?: boolean;
  /** The first one's cell heads its row. */
  colunas: readonly Coluna<T>[];
  linhas: readonly T[];
  chave: (item: T) => Key;
  /** Denser cards, for long lists of events. */
  compacta?: boolean;
  className?: string;
}

/** Cards on phones; the explicit roles keep the table semantics some browsers drop when a table is restyled. */
export function TabelaCartoes<T>({ legenda, legendaOculta = false, colunas, linhas, chave, compacta = false, className }: TabelaCartoesProps<T>) {
  const classes = ['tabela-cartoes', compacta && 'tabela-cartoes-compacta', className].filter(Boolean).join(' ');
  return (
    <table className={classes} role="table">
      <caption className={legendaOculta ? 'sr-only' : undefined}>{legenda}</caption>
      <thead role="rowgroup">
        <tr role="row">
          {colunas.map((c) => (
            <th key={c.titulo} scope="col" role="columnheader">
              {c.titulo}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {linhas.map((item) => (
          <tr key={chave(item)} role="row">
            {colunas.map((c, i) => {
              const rotulo = c.semRotulo ? undefined : c.titulo;
              return i === 0 ? (
                <th key={c.titulo} scope="row" role="rowheader" data-rotulo={rotulo} className={c.classe}>
                  {c.celula(item)}
                </th>
              ) : (
                <td key={c.titulo} role="cell" data-rotulo={rotulo} className={c.classe}>
                  {c.celula(item)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function colunaDeAcoes<T>(celula: (item: T) => ReactNode, classe?: string): Coluna<T> {
  return { titulo: 'Ações', semRotulo: true, classe, celula };
}

export interface AcaoDaLinhaProps {
  verbo: string;
  /** Read after the verb ("Editar Portaria MPA nº 7"). */
  nome: string;
  para?: string;
  onClick?: () => void;
  disabled?: boolean;
}

export function AcaoDaLinha({ verbo, nome, para, onClick, disabled }: AcaoDaLinhaProps) {
  const conteudo = (
    <>
      {verbo} <span className="sr-only">{nome}</span>
    </>
  );
  if (para !== undefined) {
    return (
      <Link className="br-button secondary small" to={para}>
        {conteudo}
      </Link>
    );
  }
  return (
    <button type="button" className="br-button secondary small" onClick={onClick} disabled={disabled}>
      {conteudo}
    </button>
  );
}
