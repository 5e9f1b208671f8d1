import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comprimirRespostas, LIMIAR_COMPRESSAO, LIMIAR_NIVEL_BARATO } from './compressao';

// Decision 0160: small answers go as they are, mid-sized ones at a cheap level, large ones as decision 0017 set.
const app = Fastify();
/** A JSON answer of about `n` bytes, not trivially compressible (a REAP questionnaire's shape, repeated). */
const corpo = (n: number) => {
  const itens: unknown[] = [];
  for (let i = 0; JSON.stringify(itens).length < n - 20; i++) itens.push({ mesReferencia: i % 12, quantidadeDiasTrabalhados: (i * 7) % 31, especie: `e${i}` });
  return { dados: itens };
};

beforeAll(async () => {
  comprimirRespostas(app);
  app.get('/tamanho/:n', async (req) => corpo(Number((req.params as { n: string }).n)));
  await app.ready();
});
afterAll(() => app.close());

describe('comprimirRespostas', () => {
  it('an answer under the threshold goes as it is, without Vary', async () => {
    const res = await app.inject({ url: `/tamanho/${LIMIAR_COMPRESSAO - 200}`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.rawPayload.length).toBeLessThan(LIMIAR_COMPRESSAO);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
  });

  it.each([['br', 3000], ['gzip', 3000], ['br', LIMIAR_NIVEL_BARATO * 3], ['gzip', LIMIAR_NIVEL_BARATO * 3]] as const)(
    '%s of a %i-byte answer: smaller, and the same JSON once decoded',
    async (codificacao, n) => {
      const simples = await app.inject({ url: `/tamanho/${n}` });
      const res = await app.inject({ url: `/tamanho/${n}`, headers: { 'accept-encoding': codificacao } });
      expect(res.headers['content-encoding']).toBe(codificacao);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/);
      expect(res.rawPayload.length).toBeLessThan(simples.rawPayload.length / 2);
      const texto = (codificacao === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload)).toString();
      expect(JSON.parse(texto)).toEqual(simples.json());
    },
  );
});
