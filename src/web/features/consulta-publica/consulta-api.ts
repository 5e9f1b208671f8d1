import type { Envelope } from '../../../shared/envelope';
import {
  CABECALHO_CAPTCHA,
  carteiraPublicaSchema,
  configuracaoCaptchaSchema,
  protocoloPublicoSchema,
  verificacaoCarteiraSchema,
  type CarteiraPublica,
  type ConfiguracaoCaptcha,
  type ProtocoloPublico,
  type VerificacaoCarteira,
} from '../../../shared/schemas/carteira';
import { api, mensagemErro, statusOf } from '../../lib/api';

/**
 * The public lookups (spec points 1 and 7; src/shared/schemas/carteira.ts). The card and protocol lookups carry
 * the captcha's payload in the x-hcaptcha-token header; the QR check carries none. Answers are read with the
 * shared schemas, every field optional: the page shows only what the server returned.
 */

export const ERRO_DESCONHECIDO = 'Erro desconhecido, tente novamente mais tarde';

/** GET /api/captcha/configuracao: ALTCHA (the default) or hCaptcha with its site key. */
export async function consultarConfiguracaoCaptcha(): Promise<ConfiguracaoCaptcha> {
  const { data } = await api.get<Envelope<unknown>>('/api/captcha/configuracao', { skipAuthRefresh: true });
  return configuracaoCaptchaSchema.parse(data.dados);
}

export type CarteiraConsultada = Partial<CarteiraPublica>;
export type ProtocoloConsultado = Partial<ProtocoloPublico>;

const carteiraLida = carteiraPublicaSchema.partial();
const protocoloLido = protocoloPublicoSchema.partial();

/** GET /api/carteira-profissional/consulta-publica?cpf&rgp (CPF digits, RGP normalised). */
export async function consultarCarteira(cpf: string, rgp: string, token: string): Promise<CarteiraConsultada> {
  const params = new URLSearchParams({ cpf, rgp });
  const { data } = await api.get<Envelope<unknown>>(`/api/carteira-profissional/consulta-publica?${params.toString()}`, {
    headers: { [CABECALHO_CAPTCHA]: token },
    skipAuthRefresh: true,
  });
  return carteiraLida.parse(data.dados);
}

/** GET /api/pescador/protocolo-solicitacao-registro/{numeroProtocolo}. */
export async function consultarProtocolo(numeroProtocolo: string, token: string): Promise<ProtocoloConsultado> {
  const { data } = await api.get<Envelope<unknown>>(
    `/api/pescador/protocolo-solicitacao-registro/${encodeURIComponent(numeroProtocolo)}`,
    { headers: { [CABECALHO_CAPTCHA]: token }, skipAuthRefresh: true },
  );
  return protocoloLido.parse(data.dados);
}

export type ResultadoVerificacao =
  | { tipo: 'valida'; carteira: Partial<VerificacaoCarteira>; mensagem: string }
  | { tipo: 'invalida'; carteira: Partial<VerificacaoCarteira> | null; mensagem: string };

const verificacaoLida = verificacaoCarteiraSchema.partial();

/**
 * GET /api/carteira-profissional/verificar/{token}: `valida` true only for the latest issue of an active registry,
 * else `motivo` says why (superseded, registry not active, another RGP number). A tampered code answers 4xx with
 * its message: an invalid card too. No answer, or a server failure, is thrown.
 */
export async function verificarCarteira(token: string): Promise<ResultadoVerificacao> {
  try {
    const { data } = await api.get<Envelope<unknown>>(`/api/carteira-profissional/verificar/${encodeURIComponent(token)}`, {
      skipAuthRefresh: true,
    });
    const carteira = verificacaoLida.parse(data.dados ?? {});
    if (carteira.valida === true) return { tipo: 'valida', carteira, mensagem: data.mensagem };
    return { tipo: 'invalida', carteira, mensagem: carteira.motivo || data.mensagem || 'Carteira inválida.' };
  } catch (error) {
    const status = statusOf(error);
    if (status !== undefined && status >= 400 && status < 500 && status !== 429) {
      return { tipo: 'invalida', carteira: null, mensagem: mensagemErro(error, 'Código de verificação inválido.') };
    }
    throw error;
  }
}

/** The message of a failed lookup: the server's words, or the generic one when nothing answered. */
export function mensagemDaFalha(error: unknown, fallback: string): string {
  if (statusOf(error) === undefined) return ERRO_DESCONHECIDO;
  return mensagemErro(error, fallback);
}
