import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * One message of a local sink (the e-mail's `.eml`, an SMS's or a gov.br item's JSON) written whole as a new file:
 * under a temporary name and renamed, so a reader never sees half a message. The folder is made on the first
 * write and again only when a write finds it gone, not once per message: a warning writes millions (decision 0210).
 */
export class PastaDeSaida {
  private criada: Promise<void> | null = null;

  constructor(private readonly pasta: string, private readonly modo?: number) {}

  async gravar(extensao: string, conteudo: string | Buffer): Promise<void> {
    await (this.criada ??= this.criar());
    const destino = path.join(this.pasta, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.${extensao}`);
    try {
      await fs.writeFile(`${destino}.tmp`, conteudo, { mode: 0o600 });
    } catch (erro) {
      if ((erro as NodeJS.ErrnoException).code !== 'ENOENT') throw erro;
      this.criada = this.criar();
      await this.criada;
      await fs.writeFile(`${destino}.tmp`, conteudo, { mode: 0o600 });
    }
    await fs.rename(`${destino}.tmp`, destino);
  }

  private async criar(): Promise<void> {
    try {
      await fs.mkdir(this.pasta, { recursive: true, ...(this.modo === undefined ? {} : { mode: this.modo }) });
    } catch (erro) {
      this.criada = null;
      throw erro;
    }
  }
}
