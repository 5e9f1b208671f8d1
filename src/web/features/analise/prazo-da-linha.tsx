import { ROTULO_SITUACAO_PRAZO, type PrazoDaAnalise } from '../../../shared/schemas/prazo-analise';

function dias(n: number): string {
  return n === 1 ? '1 dia' : `${n} dias`;
}

/** The clock to decide (decision 0152) in words, never by colour alone: "Atrasada há 3 dias", "Vence em 2 dias". */
export function textoDoPrazo(p: PrazoDaAnalise): string {
  switch (p.situacao) {
    case 'ATRASADA':
      return `Atrasada há ${dias(-p.diasRestantes)}${p.escalada ? ', com o gestor' : ''}`;
    case 'PAUSADA':
      return `${ROTULO_SITUACAO_PRAZO.PAUSADA} (restam ${dias(Math.max(0, p.diasRestantes))})`;
    case 'VENCE_EM_BREVE':
      return p.diasRestantes === 0 ? 'Vence em breve: hoje' : `Vence em breve: ${dias(p.diasRestantes)}`;
    default:
      return `${ROTULO_SITUACAO_PRAZO.NO_PRAZO}: ${dias(p.diasRestantes)}`;
  }
}

export function PrazoDaLinha({ prazo }: { prazo: PrazoDaAnalise | null }) {
  if (!prazo) return <>—</>;
  return <span className={`analise-prazo analise-prazo-${prazo.situacao.toLowerCase()}`}>{textoDoPrazo(prazo)}</span>;
}
