import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PastaDeSaida } from './arquivo-de-saida';

const raiz = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-saida-'));
afterAll(async () => {
  await fs.rm(raiz, { recursive: true, force: true });
});

describe('PastaDeSaida', () => {
  it('writes each message whole as its own file, no temporary left, the folder made on the first write', async () => {
    const pasta = path.join(raiz, 'a', 'sms');
    const saida = new PastaDeSaida(pasta, 0o700);
    await Promise.all(Array.from({ length: 20 }, (_, i) => saida.gravar('json', `{"n":${i}}`)));
    const nomes = await fs.readdir(pasta);
    expect(nomes).toHaveLength(20);
    expect(nomes.every((n) => n.endsWith('.json'))).toBe(true);
    const textos = await Promise.all(nomes.map((n) => fs.readFile(path.join(pasta, n), 'utf8')));
    expect(textos.map((t) => (JSON.parse(t) as { n: number }).n).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect((await fs.stat(pasta)).mode & 0o777).toBe(0o700);
    expect((await fs.stat(path.join(pasta, nomes[0]!))).mode & 0o777).toBe(0o600);
  });

  it('makes the folder again when it is gone between two writes', async () => {
    const pasta = path.join(raiz, 'b');
    const saida = new PastaDeSaida(pasta);
    await saida.gravar('eml', Buffer.from('um'));
    await fs.rm(pasta, { recursive: true });
    await saida.gravar('eml', Buffer.from('dois'));
    const nomes = await fs.readdir(pasta);
    expect(nomes).toHaveLength(1);
    expect(await fs.readFile(path.join(pasta, nomes[0]!), 'utf8')).toBe('dois');
  });
});
