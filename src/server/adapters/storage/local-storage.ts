import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { exigirChaveValida, type ArquivoArmazenado, type AssinadorArquivos, type FileStorage } from './storage';

/**
 * Files in a local folder (the default; `${DATA_DIR}/arquivos`): `<root>/<first 2 characters of the key>/<key>`,
 * with the content type beside it in `<key>.meta`. Writes are atomic (a temporary file, flushed, then renamed),
 * so a reader never sees half a file and a crash leaves at most a stray `.tmp`. Signed addresses point at this
 * server's GET /api/arquivos/{chave}.
 */
export class LocalFileStorage implements FileStorage {
  constructor(
    readonly root: string,
    private readonly assinador: AssinadorArquivos,
  ) {}

  /** The file's path (the key is checked first: it can never leave the root). */
  caminho(key: string): string {
    exigirChaveValida(key);
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, bytes: Buffer, mime: string): Promise<void> {
    const file = this.caminho(key);
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await gravarAtomico(`${file}.meta`, Buffer.from(JSON.stringify({ mime })));
    try {
      await gravarAtomico(file, bytes);
    } catch (err) {
      await fs.rm(`${file}.meta`, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<ArquivoArmazenado | null> {
    const file = this.caminho(key);
    try {
      const [bytes, meta] = await Promise.all([fs.readFile(file), fs.readFile(`${file}.meta`, 'utf8')]);
      const { mime } = JSON.parse(meta) as { mime?: unknown };
      return { bytes, mime: typeof mime === 'string' ? mime : 'application/octet-stream' };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.caminho(key);
    await fs.rm(file, { force: true });
    await fs.rm(`${file}.meta`, { force: true });
  }

  async signedUrl(key: string, ttlSeconds: number): Promise<string> {
    exigirChaveValida(key);
    return this.assinador.enderecoLocal(key, ttlSeconds);
  }
}

async function gravarAtomico(destino: string, bytes: Buffer): Promise<void> {
  const tmp = `${destino}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  const fh = await fs.open(tmp, 'wx', 0o600);
  try {
    await fh.writeFile(bytes);
    await fh.sync();
  } catch (err) {
    await fh.close();
    await fs.rm(tmp, { force: true });
    throw err;
  }
  await fh.close();
  try {
    await fs.rename(tmp, destino);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}
