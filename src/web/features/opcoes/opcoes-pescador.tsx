import { Link } from 'react-router';
import type { Opcao } from './opcoes';
import './opcoes.css';

/**
 * The fisher's options as large cards. An enabled option is a link (each leads to a screen); a disabled one
 * is a button with aria-disabled, kept in the tab order so that keyboard and screen reader users reach it and
 * hear why it is off (aria-describedby points at the reason, shown under it). Each is named by its title only;
 * the description and the reason are its accessible description.
 */
export function OpcoesPescador({ opcoes }: { opcoes: Opcao[] }) {
  return (
    <section aria-labelledby="titulo-opcoes" className="mt-4">
      <h2 id="titulo-opcoes">O que você deseja fazer?</h2>
      <ul className="opcoes-pescador">
        {opcoes.map((o) => {
          const tituloId = `opcao-${o.id}-titulo`;
          const descricaoId = `opcao-${o.id}-descricao`;
          const motivoId = `opcao-${o.id}-motivo`;
          const conteudo = (
            <>
              <span className="opcao-titulo" id={tituloId}>
                {o.titulo}
              </span>
              <span className="opcao-descricao" id={descricaoId}>
                {o.descricao}
              </span>
            </>
          );
          return (
            <li key={o.id} className={`opcao${o.href ? '' : ' opcao-indisponivel'}`}>
              {o.href ? (
                <Link to={o.href} className="opcao-botao" aria-labelledby={tituloId} aria-describedby={descricaoId}>
                  {conteudo}
                  <i className="fas fa-chevron-right opcao-seta" aria-hidden="true" />
                </Link>
              ) : (
                <>
                  <button
                    type="button"
                    className="opcao-botao"
                    aria-disabled="true"
                    aria-labelledby={tituloId}
                    aria-describedby={`${descricaoId} ${motivoId}`}
                  >
                    {conteudo}
                    <i className="fas fa-lock opcao-seta" aria-hidden="true" />
                  </button>
                  <p className="opcao-motivo" id={motivoId}>
                    {o.motivo}
                  </p>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
