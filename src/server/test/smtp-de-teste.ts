import { SMTPServer } from 'smtp-server';
import { portaLivre } from './porta-livre';

/** One message as the test's SMTP server received it: its recipients and its raw text (headers and body). */
export interface EmailRecebido {
  para: string[];
  bruto: string;
}

/**
 * A real SMTP server for a test (test support, not a test file): the product's e-mail adapter talks SMTP to it, and
 * `recebidos` holds every message in the order it arrived.
 */
export async function iniciarSmtpDeTeste(): Promise<{ porta: number; recebidos: EmailRecebido[]; fechar: () => Promise<void> }> {
  const recebidos: EmailRecebido[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const partes: Buffer[] = [];
      stream.on('data', (c: Buffer) => partes.push(c));
      stream.on('end', () => {
        recebidos.push({ para: session.envelope.rcptTo.map((r) => r.address), bruto: Buffer.concat(partes).toString('utf8') });
        callback();
      });
    },
  });
  const porta = await portaLivre();
  await new Promise<void>((resolve) => smtp.listen(porta, '127.0.0.1', resolve));
  return { porta, recebidos, fechar: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
