import { describe, expect, it } from 'vitest';
import { fluxoDeThread, moduloDaThread } from './thread-limitada';

const modulo = moduloDaThread(import.meta.url, './thread-limitada.fixture.ts', 'thread-limitada.fixture');

describe('a job in a thread with a capped heap (issue 23, point 4)', () => {
  it('hands over every byte in order, passes the progress events, and gives the result at the end', async () => {
    const eventos: unknown[] = [];
    const f = fluxoDeThread<{ pedacos: number }>(modulo, { pedacos: 50, tamanho: 64 * 1024 }, { heapMb: 32 }, async (e) => {
      eventos.push(e);
    });
    const recebidos: Buffer[] = [];
    for await (const b of f.bytes) recebidos.push(b);
    expect(recebidos).toHaveLength(50);
    expect(recebidos.every((b, i) => b.length === 64 * 1024 && b[0] === i % 256)).toBe(true);
    expect(eventos.at(-1)).toEqual({ feitos: 50 });
    await expect(f.resultado).resolves.toEqual({ pedacos: 50 });
  }, 30_000);

  it('a thread that needs more than its cap fails the job, and the caller goes on', async () => {
    const f = fluxoDeThread(modulo, { pedacos: 1, tamanho: 1, estourar: true }, { heapMb: 16 });
    await expect((async () => {
      for await (const _ of f.bytes) { /* nothing arrives */ }
    })()).rejects.toThrow(/memory|exited/i);
    await expect(f.resultado).rejects.toThrow();
  }, 30_000);

  it('a caller that stops reading ends the thread', async () => {
    const f = fluxoDeThread(modulo, { pedacos: 10_000, tamanho: 1024 }, { heapMb: 32 });
    let n = 0;
    for await (const _ of f.bytes) {
      if (++n === 3) break;
    }
    await expect(f.resultado).rejects.toThrow(/stopped before it finished/);
  }, 30_000);
});
