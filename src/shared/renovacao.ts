import { lerEnvelopeComLeitor, type Envelope } from './envelope';

/**
 * The session's refresh without zod (decision 0065): the transport refreshes from any screen and must not depend on a
 * chunk fetched then, which a tab left open across a release would find gone. `renovacao.test.ts` holds it to the schema.
 */

export const CAMINHO_RENOVAR_SESSAO = '/api/auth/refresh';

/** The refresh's `dados`: the new token. */
export interface RespostaRenovacao {
  token: string;
}

/** Null for what `envelopeOf(refreshResposta)` refuses. */
export function lerRenovacao(corpo: unknown): Envelope<RespostaRenovacao> | null {
  return lerEnvelopeComLeitor(corpo, (dados) => {
    const token = dados !== null && typeof dados === 'object' ? (dados as { token?: unknown }).token : undefined;
    return typeof token === 'string' ? { token } : null;
  });
}
