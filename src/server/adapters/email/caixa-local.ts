import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { sobDemanda } from '../../lib/sob-demanda';
import type { Email, EnviadorEmail } from './email';
import { carregarNodemailer, mensagemNodemailer } from './smtp';

/**
 * The default e-mail "server": each message is written, whole (RFC 822, attachments included), as one `.eml` file
 * in a folder under DATA_DIR that a developer opens with any mail reader. Nothing leaves the machine.
 */
export class CaixaDeSaidaLocal implements EnviadorEmail {
  private transporteCriado: Transporter | null = null;
  /** nodemailer writes the message; it is loaded on the first one (lib/sob-demanda.ts). */
  private readonly transporte = sobDemanda(async () => {
    this.transporteCriado = (await carregarNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    return this.transporteCriado;
  });

  constructor(private readonly pasta: string, private readonly remetente: string) {}

  async enviar(email: Email): Promise<void> {
    const info = await (await this.transporte()).sendMail(mensagemNodemailer(this.remetente, email)) as { message: Buffer };
    await fs.mkdir(this.pasta, { recursive: true });
    const nome = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
    const destino = path.join(this.pasta, nome);
    // Written under a temporary name and renamed: a reader never sees half a message.
    await fs.writeFile(`${destino}.tmp`, info.message, { mode: 0o600 });
    await fs.rename(`${destino}.tmp`, destino);
  }

  async close(): Promise<void> {
    this.transporteCriado?.close();
  }
}
