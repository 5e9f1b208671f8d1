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
import type { ListaDoAto } from '../../../shared/schemas/recurso';
import { mensagemErro } from '../../lib/api';
import { chamar, dados } from '../../lib/contrato';
import { ehRecusaDoPedido } from '../../lib/erros';

/** The public lookups, loaded with the first lookup: their contracts bring zod, which the form does not need (decision 0065). */

export async function consultarCarteira(cpf: string, rgp: string, token: string): Promise<CarteiraPublica> {
  return dados(c.consultarCarteira, {
    query: { cpf, rgp },
    headers: { [CABECALHO_CAPTCHA]: token },
    skipAuthRefresh: true,
  });
}

export async function consultarProtocolo(numeroProtocolo: string, token: string): Promise<ProtocoloPublico> {
  return dados(c.consultarProtocolo, {
    params: { id: numeroProtocolo },
    headers: { [CABECALHO_CAPTCHA]: token },
    skipAuthRefresh: true,
  });
}

export type ResultadoVerificacao =
  | { tipo: 'valida'; carteira: VerificacaoCarteira; mensagem: string }
  | { tipo: 'invalida'; carteira: VerificacaoCarteira | null; motivo: MotivoCarteiraInvalida | null; mensagem: string };

/** A tampered code answers 4xx: an invalid card too. No answer, or a server failure, is thrown. */
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

export async function consultarListaDoAto(cpf: string, rgp: string, token: string): Promise<ListaDoAto> {
  return dados(c.consultarListaDoAto, {
    query: { cpf, rgp },
    headers: { [CABECALHO_CAPTCHA]: token },
    skipAuthRefresh: true,
  });
}
