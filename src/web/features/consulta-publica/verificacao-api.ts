import { protocoloPublicoSchema, type ProtocoloPublico } from '../../../shared/schemas/carteira';
import { MENSAGENS_VERIFICACAO, verificacaoReapSchema, type VerificacaoReap } from '../../../shared/schemas/verificacao';
import { api, mensagemErro, readEnvelope, statusOf } from '../../lib/api';
import type { z } from 'zod';

/**
 * The receipts' QR checks (decision 0044): no captcha, no sign-in. A genuine code answers what the receipt
 * proves; a tampered or unknown one answers 4xx with the server's sentence, which the page shows as an invalid
 * receipt. No answer, a 429 or a server failure is thrown (the page offers to try again).
 */
export type ResultadoComprovante<T> =
  | { tipo: 'autentico'; dados: T; mensagem: string }
  | { tipo: 'invalido'; mensagem: string };

async function verificar<S extends z.ZodType>(url: string, schema: S): Promise<ResultadoComprovante<z.output<S>>> {
  try {
    const { data } = await api.get<unknown>(url, { skipAuthRefresh: true });
    const { mensagem, dados } = readEnvelope(schema, data);
    return { tipo: 'autentico', dados, mensagem };
  } catch (error) {
    const status = statusOf(error);
    if (status !== undefined && status >= 400 && status < 500 && status !== 429) {
      return { tipo: 'invalido', mensagem: mensagemErro(error, MENSAGENS_VERIFICACAO.codigoInvalido) };
    }
    throw error;
  }
}

/** GET /api/protocolo-solicitacao/verificar/{token}. */
export function verificarProtocolo(token: string): Promise<ResultadoComprovante<ProtocoloPublico>> {
  return verificar(`/api/protocolo-solicitacao/verificar/${encodeURIComponent(token)}`, protocoloPublicoSchema);
}

/** GET /api/reap/verificar/{token}. */
export function verificarReap(token: string): Promise<ResultadoComprovante<VerificacaoReap>> {
  return verificar(`/api/reap/verificar/${encodeURIComponent(token)}`, verificacaoReapSchema);
}
