import { lerEnvelopeComLeitor, type Envelope } from './envelope';

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

/** The refresh's answer, the envelope `{codigo, mensagem, dados: {token}}`, as `envelopeOf(refreshResposta)` reads it, or null. */
export function lerRenovacao(corpo: unknown): Envelope<RespostaRenovacao> | null {
  return lerEnvelopeComLeitor(corpo, (dados) => {
    const token = dados !== null && typeof dados === 'object' ? (dados as { token?: unknown }).token : undefined;
    return typeof token === 'string' ? { token } : null;
  });
}
