import { Link } from 'react-router';
import { Perfil, SituacaoAnalise } from '../../../shared/enums';
import type { AnaliseResumo } from '../../../shared/schemas/analise';
import { pode } from '../../../shared/permissoes';
import { diasAguardando, enderecoTelaAnalise, rotuloSituacaoAnalise, rotuloTipoSolicitacao } from './formatos';

/** "Analisar" for an analyst on an open analysis they may take; "Ver" for anything else. */
export function acaoDaAnalise(a: AnaliseResumo, perfil: number | undefined): 'Analisar' | 'Ver' {
  const aberta = a.situacaoAnalise.id === SituacaoAnalise.AGUARDANDO_ANALISE || a.situacaoAnalise.id === SituacaoAnalise.EM_ANALISE;
  const foraDaInstancia = a.instancia === 'MPA' && perfil === Perfil.SFPA;
  return aberta && pode(perfil, 'analise.analisar') && !foraDaInstancia ? 'Analisar' : 'Ver';
}

const COLUNAS = ['Protocolo', 'Pescador', 'CPF', 'UF', 'Tipo', 'Situação', 'Tempo de espera', 'Analista', 'Ação'] as const;

/**
 * The analyses as an accessible table (caption, column and row headers). On phones each row becomes a card whose
 * cells carry their column's name (.tabela-cartoes, app.css); the explicit roles keep the table semantics that
 * some browsers drop when the table is restyled.
 */
export function ListaAnalises({ analises, perfil, legenda }: { analises: AnaliseResumo[]; perfil: number | undefined; legenda: string }) {
  return (
    <table className="tabela-cartoes" role="table">
      <caption>{legenda}</caption>
      <thead role="rowgroup">
        <tr role="row">
          {COLUNAS.map((c) => (
            <th key={c} scope="col" role="columnheader">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {analises.map((a) => {
          const acao = acaoDaAnalise(a, perfil);
          const identificacao = a.numeroProtocolo ? `protocolo ${a.numeroProtocolo}` : a.nomePescador;
          return (
            <tr key={a.idAnaliseSolicitacao} role="row">
              <th scope="row" role="rowheader" data-rotulo="Protocolo">
                {a.numeroProtocolo ? <span className="numero-inteiro">{a.numeroProtocolo}</span> : 'Sem protocolo'}
              </th>
              <td role="cell" data-rotulo="Pescador">
                {a.nomePescador}
              </td>
              <td role="cell" data-rotulo="CPF" className="analise-nowrap">
                <span className="numero-inteiro">{a.cpfPescador}</span>
              </td>
              <td role="cell" data-rotulo="UF">
                {a.uf ?? '—'}
              </td>
              <td role="cell" data-rotulo="Tipo">
                {rotuloTipoSolicitacao(a.tipoSolicitacao, a.tipoDescricao)}
              </td>
              <td role="cell" data-rotulo="Situação">
                {rotuloSituacaoAnalise(a.situacaoAnalise.id, a.situacaoAnalise.descricao)}
                {a.instancia === 'MPA' && <span className="analise-instancia"> (instância MPA)</span>}
              </td>
              <td role="cell" data-rotulo="Tempo de espera" className="analise-nowrap">
                {diasAguardando(a.diasAguardando)}
              </td>
              <td role="cell" data-rotulo="Analista">
                {a.analista ?? '—'}
              </td>
              <td role="cell" data-rotulo="Ação">
                <Link className="br-button secondary small" to={enderecoTelaAnalise(a)}>
                  {acao} <span className="sr-only">{identificacao}</span>
                </Link>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
