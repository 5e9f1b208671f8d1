/** Acting for a fisher (docs/decisions/0110), without zod: the web's transport reads it on every call. */

/** What a fisher may delegate; each API route belongs to at most one (`servicoDaRota`). */
export const ServicoDelegado = { SOLICITACOES: 1, REAP: 2, DOCUMENTOS: 3, NOTIFICACOES: 4 } as const;
export type ServicoDelegado = (typeof ServicoDelegado)[keyof typeof ServicoDelegado];
export const servicoDelegadoLabel: Record<ServicoDelegado, string> = {
  1: 'Solicitações (cadastro e alterações)', 2: 'REAP', 3: 'Documentos', 4: 'Leitura de notificações',
};

/** The header an agent's calls carry to act for a fisher: the fisher's id. */
export const CABECALHO_REPRESENTADO = 'x-rgp-representado';

/**
 * The service a route serves when an agent calls it for a fisher: the fisher's own routes of requests, REAP, documents
 * and notifications. Anything else (cancelling, appeals, delegations, data export) only the fisher does.
 */
export function servicoDaRota(tag: string | readonly string[], permissao: string): ServicoDelegado | null {
  if (permissao !== 'pescador.proprio' && permissao !== 'pescador.ler') return null;
  switch ([tag].flat()[0]) {
    case 'solicitacao':
    case 'pescador': return ServicoDelegado.SOLICITACOES;
    case 'reap': return ServicoDelegado.REAP;
    case 'documento': return ServicoDelegado.DOCUMENTOS;
    case 'notificacao': return ServicoDelegado.NOTIFICACOES;
    default: return null;
  }
}

