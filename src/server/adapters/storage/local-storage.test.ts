import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileStorage } from './local-storage';
import { AssinadorArquivos, novaChaveArquivo, type ArquivoListado, type FileStorage } from './storage';

async function listarTudo(st: FileStorage): Promise<ArquivoListado[]> {
  const todos: ArquivoListado[] = [];
  for await (const a of st.listar()) todos.push(a);
  return todos;
}

let pasta: string;
let storage: LocalFileStorage;

beforeEach(async () => {
  pasta = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-local-'));
  storage = new LocalFileStorage(path.join(pasta, 'arquivos'), new AssinadorArquivos(crypto.randomBytes(32)));
});
afterEach(async () => {
  await fs.rm(pasta, { recursive: true, force: true });
});

describe('LocalFileStorage.listar', () => {
  it('lists nothing before anything is stored', async () => {
    expect(await listarTudo(storage)).toEqual([]);
  });

  it('lists every key once, in key order across its folders, dated by its last write', async () => {
    const chaves = Array.from({ length: 40 }, () => novaChaveArquivo());
    for (const chave of chaves) await storage.put(chave, Buffer.from(chave), 'application/pdf');
    const antiga = new Date('2020-01-02T03:04:05Z');
    await fs.utimes(storage.caminho(chaves[0]!), antiga, antiga);
    await fs.utimes(`${storage.caminho(chaves[0]!)}.meta`, antiga, antiga);

    const listados = await listarTudo(storage);
    expect(listados.map((a) => a.chave)).toEqual([...chaves].sort());
    expect(listados.find((a) => a.chave === chaves[0])!.modificadoEm).toEqual(antiga);
    await storage.delete(chaves[1]!);
    expect((await listarTudo(storage)).map((a) => a.chave)).toEqual(chaves.slice(2).concat(chaves[0]!).sort());
  });

  it('lists a key whose put was cut short (only its .meta), and skips what is not a key', async () => {
    const inteira = novaChaveArquivo();
    await storage.put(inteira, Buffer.from('x'), 'application/pdf');
    const cortada = novaChaveArquivo();
    await storage.put(cortada, Buffer.from('y'), 'application/pdf');
    await fs.rm(storage.caminho(cortada));
    const dir = path.dirname(storage.caminho(inteira));
    // A write interrupted before its rename, a stranger, a key in the wrong folder, a folder that is no key's.
    await fs.writeFile(`${storage.caminho(inteira)}.a1b2c3.tmp`, 'z');
    await fs.writeFile(path.join(dir, 'LEIA-ME.txt'), 'z');
    await fs.writeFile(path.join(dir, `zz${novaChaveArquivo()}`), 'z');
    await fs.mkdir(path.join(storage.root, 'lixo'));
    await fs.writeFile(path.join(storage.root, 'lixo', novaChaveArquivo()), 'z');

    expect((await listarTudo(storage)).map((a) => a.chave)).toEqual([inteira, cortada].sort());
  });
});
