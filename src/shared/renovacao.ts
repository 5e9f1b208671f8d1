/**
 * The session's refresh as the web's transport needs it, without zod (decision 0065): its path and its answer read by
 * hand. The transport (src/web/lib/api.ts) refreshes from any screen, including one whose scripts load no schema,
 * and must not depend on a chunk fetched at that moment: a tab left open across a release would find it gone and
 * sign the user out. The contract (src/shared/contratos/auth.ts, `renovar`) takes its path from here and keeps the
 * schema (`refreshResposta`), which `renovacao.test.ts` holds this reader to.
 */

export const CAMINHO_RENOVAR_SESSAO = '/api/auth/refresh';

/** The refresh's `dados`: the new token. */
export interface RespostaRenovacao {
  token: string;
}

/**
 * The refresh's answer, the envelope `{codigo, mensagem, dados: {token}}`, as `envelopeOf(refreshResposta)` reads it
 * (only the keys it knows), or null for anything that schema refuses.
 */
export function lerRenovacao(corpo: unknown): { codigo: number; mensagem: string; dados: RespostaRenovacao } | null {
  if (corpo === null || typeof corpo !== 'object') return null;
  const { codigo, mensagem, dados } = corpo as { codigo?: unknown; mensagem?: unknown; dados?: unknown };
  if (typeof codigo !== 'number' || !Number.isInteger(codigo) || typeof mensagem !== 'string') return null;
  if (dados === null || typeof dados !== 'object') return null;
  const { token } = dados as { token?: unknown };
  return typeof token === 'string' ? { codigo, mensagem, dados: { token } } : null;
}
