import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStorage } from '../../adapters/storage/local-storage';
import { S3FileStorage } from '../../adapters/storage/s3-storage';
import { AssinadorArquivos, novaChaveArquivo, type FileStorage } from '../../adapters/storage/storage';

// The streaming half of the storage adapters (decision 0037), which the report writes and serves through: a file
// larger than one S3 part, written chunk by chunk and read back byte for byte; a failed write leaves nothing.

let pasta: string;
let servidor: S3rver;
let s3: S3FileStorage;
let local: LocalFileStorage;

beforeAll(async () => {
  pasta = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-relatorio-'));
  servidor = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(pasta, 's3'), configureBuckets: [{ name: 'rgp' }] });
  const { port } = await servidor.run();
  s3 = new S3FileStorage({
    bucket: 'rgp', region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, prefix: 'documentos/relatorios/',
  });
  local = new LocalFileStorage(path.join(pasta, 'local'), new AssinadorArquivos(crypto.randomBytes(32)));
});
afterAll(async () => {
  s3.close();
  await servidor.close();
  await fs.rm(pasta, { recursive: true, force: true });
});

/** `n` chunks of 1 MiB of pseudo-random bytes (seeded: the same bytes every run), and their hash. */
function pedacos(n: number): { fonte: () => AsyncGenerator<Buffer>; sha: string } {
  const todos = Array.from({ length: n }, (_, i) => crypto.createHash('sha512').update(String(i)).digest());
  const bloco = (i: number) => Buffer.concat(Array.from({ length: 16_384 }, () => todos[i]!));
  const h = crypto.createHash('sha256');
  for (let i = 0; i < n; i++) h.update(bloco(i));
  return {
    sha: h.digest('hex'),
    fonte: async function* () {
      for (let i = 0; i < n; i++) yield bloco(i);
    },
  };
}

async function lerTudo(st: FileStorage, chave: string): Promise<{ sha: string; tamanho: number; mime: string }> {
  const a = await st.getStream(chave);
  if (!a) throw new Error('not stored');
  const h = crypto.createHash('sha256');
  for await (const c of a.stream) h.update(c as Buffer);
  return { sha: h.digest('hex'), tamanho: a.tamanho, mime: a.mime };
}

describe.each([['local folder', () => local], ['S3 (multipart)', () => s3]])('%s: putStream and getStream', (_nome, st) => {
  it('stores a file larger than one S3 part, chunk by chunk, and reads it back byte for byte', async () => {
    const { fonte, sha } = pedacos(20);
    const chave = novaChaveArquivo();
    const bytes = await st().putStream(chave, fonte(), 'text/csv; charset=utf-8');
    expect(bytes).toBe(20 * 1024 * 1024);
    expect(await lerTudo(st(), chave)).toEqual({ sha, tamanho: bytes, mime: 'text/csv; charset=utf-8' });
    await st().delete(chave);
    expect(await st().getStream(chave)).toBeNull();
  }, 60_000);

  it('stores a small file whole', async () => {
    const chave = novaChaveArquivo();
    const bytes = await st().putStream(chave, (async function* () { yield Buffer.from('\ufeffCPF;Nome\r\n'); })(), 'text/csv');
    expect((await lerTudo(st(), chave)).tamanho).toBe(bytes);
  });

  it('leaves nothing under the key when the source fails half-way', async () => {
    const chave = novaChaveArquivo();
    const falha = async function* () {
      yield Buffer.alloc(9 * 1024 * 1024, 1);
      throw new Error('cursor failed');
    };
    await expect(st().putStream(chave, falha(), 'text/csv')).rejects.toThrow('cursor failed');
    expect(await st().getStream(chave)).toBeNull();
  }, 60_000);
});

it('leaves no temporary file behind in the local folder after a failed write', async () => {
  const todos = await fs.readdir(path.join(pasta, 'local'), { recursive: true });
  expect(todos.filter((n) => n.endsWith('.tmp'))).toEqual([]);
});
