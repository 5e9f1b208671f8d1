import * as contratosCarteira from '../../../shared/contratos/carteira';
import * as c from '../../../shared/contratos/consulta-publica';
import {
  CABECALHO_CAPTCHA,
  MENSAGENS_CARTEIRA,
  type CarteiraPublica,
  type MotivoCarteiraInvalida,
  type ProtocoloPublico,
  type VerificacaoCarteira,
} from '../../../shared/schemas/carteira';
import { mensagemErro } from '../../lib/api';
import { chamar, dados } from '../../lib/contrato';
import { ehRecusaDoPedido } from '../../lib/erros';

/**
 * The public lookups (spec points 1 and 7; src/shared/schemas/carteira.ts), loaded with the first lookup: their
 * contracts bring zod, which the page does not need to show its form (decision 0065; the captcha's configuration is
 * read by `captcha-api.ts`). The card and protocol lookups carry the captcha's payload in the x-hcaptcha-token
 * header; the QR check carries none. Answers are read with the shared schemas; the pages show only the fields that
 * are filled.
 */

/** GET /api/carteira-profissional/consulta-publica?cpf&rgp (CPF digits, RGP normalised). */
export async function consultarCarteira(cpf: string, rgp: string, token: string): Promise<CarteiraPublica> {
  return dados(c.consultarCarteira, {
    query: { cpf, rgp },
    headers: { [CABECALHO_CAPTCHA]: token },
    skipAuthRefresh: true,
  });
}

/** GET /api/pescador/protocolo-solicitacao-registro/{numeroProtocolo}. */
export async function consultarProtocolo(numeroProtocolo: string, token: string): Promise<ProtocoloPublico> {
  return dados(c.consultarProtocolo, {
    params: { id: numeroProtocolo },
    headers: { [CABECALHO_CAPTCHA]: token },
    skipAuthRefresh: true,
  });
}

/**
 * A card's QR check: valid, or why not — `motivo` (superseded, registry not active, another RGP number; null for
 * a code that is not genuine) with the server's sentence.
 */
export type ResultadoVerificacao =
  | { tipo: 'valida'; carteira: VerificacaoCarteira; mensagem: string }
  | { tipo: 'invalida'; carteira: VerificacaoCarteira | null; motivo: MotivoCarteiraInvalida | null; mensagem: string };

/**
 * GET /api/carteira-profissional/verificar/{token}: `valida` true only for the latest issue of an active registry,
 * else `motivo` says why. A tampered code answers 4xx with its message: an invalid card too. No answer, or a
 * server failure, is thrown.
 */
export async function verificarCarteira(token: string): Promise<ResultadoVerificacao> {
  try {
    const { mensagem, dados: carteira } = await chamar(contratosCarteira.verificar, { params: { token }, skipAuthRefresh: true });
    if (carteira.valida) return { tipo: 'valida', carteira, mensagem };
    return { tipo: 'invalida', carteira, motivo: carteira.motivo, mensagem };
  } catch (error) {
    if (ehRecusaDoPedido(error)) {
      return { tipo: 'invalida', carteira: null, motivo: null, mensagem: mensagemErro(error, MENSAGENS_CARTEIRA.codigoInvalido) };
    }
    throw error;
  }
}
