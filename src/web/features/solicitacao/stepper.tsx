import { Link, type To } from 'react-router';

export const PASSOS = [
  { numero: 1, titulo: 'Dados pessoais' },
  { numero: 2, titulo: 'Atividade pesqueira' },
  { numero: 3, titulo: 'Dados socioeconômicos' },
  { numero: 4, titulo: 'Apoio e documentos' },
  { numero: 5, titulo: 'Declaração e envio' },
] as const;

export const TOTAL_PASSOS = PASSOS.length;

export function tituloDoPasso(numero: number): string {
  return PASSOS.find((p) => p.numero === numero)?.titulo ?? '';
}

/**
 * The wizard's steps (gov.br "step" look) as an ordered list: the current step marked aria-current="step", every
 * step that may be opened (saved, or the next one) a link, the others plain text. On a phone the labels give way
 * to "Passo N de 5 — Título" and the numbered circles stay as links.
 */
export function Stepper({
  atual,
  salvo,
  alcancavel,
  linkPara,
}: {
  /** the step on screen */
  atual: number;
  /** the last saved step (0 when none) */
  salvo: number;
  /** the furthest step that may be opened */
  alcancavel: number;
  linkPara: (numero: number) => To;
}) {
  return (
    <nav className="stepper" aria-label="Etapas da solicitação">
      <p className="stepper-compact" aria-hidden="true">
        Passo {atual} de {TOTAL_PASSOS} — {tituloDoPasso(atual)}
      </p>
      <ol className="stepper-list">
        {PASSOS.map(({ numero, titulo }) => {
          const concluido = numero <= salvo;
          const estado = numero === atual ? 'atual' : concluido ? 'concluido' : numero <= alcancavel ? 'disponivel' : 'bloqueado';
          const situacao =
            estado === 'atual' ? ' (etapa atual)' : concluido ? ' (concluída)' : estado === 'bloqueado' ? ' (ainda não disponível)' : '';
          const conteudo = (
            <>
              <span className="sr-only">{`Passo ${numero}: ${titulo}${situacao}`}</span>
              <span className="stepper-num" aria-hidden="true">
                {concluido && estado !== 'atual' ? <i className="fas fa-check" /> : numero}
              </span>
              <span className="stepper-label" aria-hidden="true">
                {titulo}
              </span>
            </>
          );
          return (
            <li key={numero} className={`stepper-item ${estado}`} aria-current={estado === 'atual' ? 'step' : undefined}>
              {estado === 'concluido' || estado === 'disponivel' ? (
                <Link to={linkPara(numero)} className="stepper-target">
                  {conteudo}
                </Link>
              ) : (
                <span className="stepper-target">{conteudo}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
