import path from 'node:path';
import { CaixaDeSaidaLocal } from './caixa-local';
import { EnviadorSmtp, type OpcoesSmtp } from './smtp';

/** One e-mail of the product: plain text, optional attachments (the per-CPF result of a batch as CSV). */
export interface Email {
  para: string;
  assunto: string;
  texto: string;
  anexos?: { nome: string; conteudo: string | Buffer; tipo: string }[];
}

/** The outside system that delivers e-mail. Implementations: real SMTP, or a local outbox (the default). */
export interface EnviadorEmail {
  enviar(email: Email): Promise<void>;
  close(): Promise<void>;
}

export interface ConfigEmail {
  remetente: string;
  /** SMTP server; undefined keeps every message in the local outbox under DATA_DIR. */
  smtp: OpcoesSmtp | undefined;
}

/** Real SMTP when a host is configured, else the local outbox (DATA_DIR/email-saida), so a bare machine works. */
export function criarEnviadorEmail(config: ConfigEmail, dataDir: string): EnviadorEmail {
  if (config.smtp) return new EnviadorSmtp(config.smtp, config.remetente);
  return new CaixaDeSaidaLocal(path.join(dataDir, 'email-saida'), config.remetente);
}
