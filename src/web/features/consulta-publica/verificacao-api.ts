import * as contratosConsultaPublica from '../../../shared/contratos/consulta-publica';
import type { ProtocoloPublico } from '../../../shared/schemas/carteira';
import * as cReap from '../../../shared/contratos/reap-situacao-verificacao';
import { MENSAGENS_VERIFICACAO, type VerificacaoReap } from '../../../shared/schemas/verificacao';
import { api, mensagemErro } from '../../lib/api';
import { readEnvelope } from '../../lib/envelope';
import { enderecoDe } from '../../lib/contrato';
import { ehRecusaDoPedido } from '../../lib/erros';
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
    if (ehRecusaDoPedido(error)) {
      return { tipo: 'invalido', mensagem: mensagemErro(error, MENSAGENS_VERIFICACAO.codigoInvalido) };
    }
    throw error;
  }
}

/** GET /api/protocolo-solicitacao/verificar/{token}. */
export function verificarProtocolo(token: string): Promise<ResultadoComprovante<ProtocoloPublico>> {
  const c = contratosConsultaPublica.verificarProtocolo;
  return verificar(enderecoDe(c, { params: { token } }), c.resposta);
}

/** GET /api/reap/verificar/{token}. */
export function verificarReap(token: string): Promise<ResultadoComprovante<VerificacaoReap>> {
  return verificar(enderecoDe(cReap.verificar, { params: { token } }), cReap.verificar.resposta);
}
