import { TipoNotificacao } from '../enums';

/**
 * The texts of a notice outside the screen (decision 0150): short, plain Portuguese. An SMS fits 160 characters,
 * says where to look and never carries a CPF or the notice itself (a phone's lock screen shows it to anyone).
 */

/** What the notice is about, in a few words, by tipo. */
const ASSUNTO_POR_TIPO: Record<number, string> = {
  [TipoNotificacao.INDEFERIMENTO]: 'sua solicitação',
  [TipoNotificacao.CANCELAMENTO]: 'seu registro',
  [TipoNotificacao.SUSPENSAO]: 'seu registro',
  [TipoNotificacao.PENDENCIA]: 'uma pendência',
  [TipoNotificacao.MIGRACAO]: 'seu registro',
  [TipoNotificacao.EDICAO_PRIMEIRO_RGP]: 'sua solicitação',
  [TipoNotificacao.RECURSO]: 'seu recurso',
  [TipoNotificacao.REPRESENTACAO]: 'um pedido feito em seu nome',
};

export const TAMANHO_MAXIMO_SMS = 160;

function sobre(tipo: number): string {
  return ASSUNTO_POR_TIPO[tipo] ?? 'seu registro';
}

export const MENSAGENS_CANAIS = {
  assuntoEmail: (tipo: number) => `RGP: novo aviso sobre ${sobre(tipo)}`,
  tituloGovbr: (tipo: number) => `Registro Geral da Pesca: aviso sobre ${sobre(tipo)}`,
  /** The notice whole, and the address that opens it. */
  corpo: (conteudo: string, link: string) =>
    `${conteudo}\n\nPara ver este aviso, entre no Registro Geral da Pesca com sua conta gov.br: ${link}\n\n`
    + 'Esta é uma mensagem automática; não responda. Você pode escolher por onde recebe avisos na página inicial, em "Como receber avisos".',
  /**
   * Only where to look; the link dropped when the address is too long for one SMS. Without accents: the GSM
   * alphabet lacks ã and ç, and one of them would cut the message to 70 characters.
   */
  sms(tipo: number, link: string): string {
    const comLink = `RGP: voce tem um aviso novo sobre ${sobre(tipo)}. Veja em ${link} entrando com sua conta gov.br.`;
    const texto = comLink.length <= TAMANHO_MAXIMO_SMS
      ? comLink
      : `RGP: voce tem um aviso novo sobre ${sobre(tipo)}. Veja no site do Registro Geral da Pesca, com sua conta gov.br.`;
    return texto.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  },
} as const;
