import type { Transporter } from 'nodemailer';
import { PastaDeSaida } from '../../lib/arquivo-de-saida';
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

  private readonly saida: PastaDeSaida;

  constructor(pasta: string, private readonly remetente: string) {
    this.saida = new PastaDeSaida(pasta);
  }

  async enviar(email: Email): Promise<void> {
    const info = await (await this.transporte()).sendMail(mensagemNodemailer(this.remetente, email)) as { message: Buffer };
    await this.saida.gravar('eml', info.message);
  }

  async close(): Promise<void> {
    this.transporteCriado?.close();
  }
}
