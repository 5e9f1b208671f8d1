import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CHAVE_ARQUIVO_VALIDA, exigirChaveValida, type ArquivoArmazenado, type ArquivoListado, type AssinadorArquivos, type FileStorage,
} from './storage';

/**
 * Files in a local folder. Writes are atomic (a temporary file, flushed, then renamed), so a reader never sees half a
 * file and a crash leaves at most a stray `.tmp`.
 */
export class LocalFileStorage implements FileStorage {
  constructor(
    readonly root: string,
    private readonly assinador: AssinadorArquivos,
  ) {}

  /** The key is checked first: it can never leave the root. */
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

  async putStream(key: string, source: AsyncIterable<Buffer | Uint8Array>, mime: string): Promise<number> {
    const file = this.caminho(key);
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await gravarAtomico(`${file}.meta`, Buffer.from(JSON.stringify({ mime })));
    const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    let bytes = 0;
    try {
      // `flush`: the file is fsynced before it is closed, as `gravarAtomico` does.
      await pipeline(source, async function* (pedacos: AsyncIterable<Buffer | Uint8Array>) {
        for await (const p of pedacos) {
          bytes += p.length;
          yield p;
        }
      }, createWriteStream(tmp, { flags: 'wx', mode: 0o600, flush: true }));
      await fs.rename(tmp, file);
      return bytes;
    } catch (err) {
      await fs.rm(tmp, { force: true });
      await fs.rm(`${file}.meta`, { force: true });
      throw err;
    }
  }

  async getStream(key: string): Promise<{ stream: Readable; mime: string; tamanho: number } | null> {
    const file = this.caminho(key);
    try {
      const meta = await fs.readFile(`${file}.meta`, 'utf8');
      const fh = await fs.open(file, 'r');
      const { size } = await fh.stat();
      const { mime } = JSON.parse(meta) as { mime?: unknown };
      return { stream: fh.createReadStream(), mime: typeof mime === 'string' ? mime : 'application/octet-stream', tamanho: size };
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

  /** In key order; a put cut short leaves its `.meta` alone, which is listed so the reconciliation sees it. */
  async *listar(): AsyncIterable<ArquivoListado> {
    for (const pasta of await nomesEmOrdem(this.root)) {
      if (pasta.length !== 2) continue;
      const dir = path.join(this.root, pasta);
      const chaves = new Set<string>();
      for (const nome of await nomesEmOrdem(dir)) {
        const chave = nome.endsWith('.meta') ? nome.slice(0, -'.meta'.length) : nome;
        if (CHAVE_ARQUIVO_VALIDA.test(chave) && chave.startsWith(pasta)) chaves.add(chave);
      }
      for (const chave of [...chaves].sort()) {
        const datas = await Promise.all([chave, `${chave}.meta`].map(async (n) => {
          try {
            const st = await fs.lstat(path.join(dir, n));
            return st.isFile() ? st.mtime : null;
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
            throw err;
          }
        }));
        const presentes = datas.filter((d): d is Date => d !== null);
        // Deleted between the folder's listing and now: not stored any more.
        if (presentes.length === 0) continue;
        yield { chave, modificadoEm: new Date(Math.max(...presentes.map((d) => d.getTime()))) };
      }
    }
  }
}

async function nomesEmOrdem(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir)).sort();
  } catch (err) {
    const codigo = (err as NodeJS.ErrnoException).code;
    if (codigo === 'ENOENT' || codigo === 'ENOTDIR') return [];
    throw err;
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
