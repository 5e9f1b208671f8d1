import nodemailer, { type Transporter } from 'nodemailer';
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
  private readonly transporte: Transporter;

  constructor(opts: OpcoesSmtp, private readonly remetente: string) {
    this.transporte = nodemailer.createTransport({
      host: opts.host,
      port: opts.port,
      secure: opts.secure,
      ...(opts.user ? { auth: { user: opts.user, pass: opts.password ?? '' } } : {}),
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
  }

  async enviar(email: Email): Promise<void> {
    await this.transporte.sendMail(mensagemNodemailer(this.remetente, email));
  }

  async close(): Promise<void> {
    this.transporte.close();
  }
}

/** The message as nodemailer takes it (shared by the SMTP sender and the local outbox). */
export function mensagemNodemailer(remetente: string, email: Email) {
  return {
    from: remetente,
    to: email.para,
    subject: email.assunto,
    text: email.texto,
    attachments: (email.anexos ?? []).map((a) => ({ filename: a.nome, content: a.conteudo, contentType: a.tipo })),
  };
}
