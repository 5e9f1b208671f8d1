import type { Transporter } from 'nodemailer';
import { sobDemanda } from '../../lib/sob-demanda';
import type { Email, EnviadorEmail } from './email';

export interface OpcoesSmtp {
  host: string;
  port: number;
  /** true: TLS from the start (port 465); false: STARTTLS when the server offers it. */
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
}

/** Mail through an SMTP server (nodemailer). */
export class EnviadorSmtp implements EnviadorEmail {
  private transporteCriado: Transporter | null = null;
  /** nodemailer is loaded on the first message (lib/sob-demanda.ts). */
  private readonly transporte = sobDemanda(async () => {
    this.transporteCriado = (await carregarNodemailer()).createTransport({
      host: this.opts.host,
      port: this.opts.port,
      secure: this.opts.secure,
      ...(this.opts.user ? { auth: { user: this.opts.user, pass: this.opts.password ?? '' } } : {}),
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    return this.transporteCriado;
  });

  constructor(private readonly opts: OpcoesSmtp, private readonly remetente: string) {}

  async enviar(email: Email): Promise<void> {
    await (await this.transporte()).sendMail(mensagemNodemailer(this.remetente, email));
  }

  async close(): Promise<void> {
    this.transporteCriado?.close();
  }
}

/** nodemailer (about 25 MB resident), loaded when the first message is sent. */
export const carregarNodemailer = sobDemanda(async () => (await import('nodemailer')).default);

/**
 * Header fields of every message the product sends. `Auto-Submitted: auto-generated` (RFC 3834): the message is
 * a machine's, so servers and readers send no vacation or out-of-office answer back to it.
 */
export const CABECALHOS_EMAIL: Readonly<Record<string, string>> = { 'Auto-Submitted': 'auto-generated' };

/** The message as nodemailer takes it (shared by the SMTP sender and the local outbox). */
export function mensagemNodemailer(remetente: string, email: Email) {
  return {
    from: remetente,
    to: email.para,
    subject: email.assunto,
    headers: { ...CABECALHOS_EMAIL },
    text: email.texto,
    attachments: (email.anexos ?? []).map((a) => ({ filename: a.nome, content: a.conteudo, contentType: a.tipo })),
  };
}
