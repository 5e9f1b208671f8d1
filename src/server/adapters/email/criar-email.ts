import path from 'node:path';
import { CaixaDeSaidaLocal } from './caixa-local';
import type { EnviadorEmail } from './email';
import { EnviadorSmtp, type OpcoesSmtp } from './smtp';

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
