import { describe, expect, it } from 'vitest';
import { Agrupador } from './agrupador';

/** A write that takes a turn of the event loop and records each batch it was given. */
function gravador(falhaCom?: (n: number) => boolean) {
  const lotes: number[][] = [];
  const gravar = async (itens: number[]) => {
    lotes.push(itens);
    await new Promise((r) => setTimeout(r, 5));
    if (itens.some((n) => falhaCom?.(n))) throw new Error('falhou');
    return itens.map((n) => n * 10);
  };
  return { lotes, gravar };
}

describe('Agrupador (group commit)', () => {
  it('groups the items of one turn of the event loop, and those that arrive while a batch is in flight', async () => {
    const { lotes, gravar } = gravador();
    const g = new Agrupador(gravar, { paralelos: 1 });
    const primeiros = [1, 2, 3].map((n) => g.enviar(n));
    await new Promise((r) => setImmediate(r)); // the first batch has left
    const seguintes = [4, 5].map((n) => g.enviar(n));
    await new Promise((r) => setTimeout(r, 1));
    const ultimo = g.enviar(6);
    expect(await Promise.all([...primeiros, ...seguintes, ultimo])).toEqual([10, 20, 30, 40, 50, 60]);
    expect(lotes).toEqual([[1, 2, 3], [4, 5, 6]]);
  });

  it('caps a batch at its maximum', async () => {
    const { lotes, gravar } = gravador();
    const g = new Agrupador(gravar, { paralelos: 1, maximo: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((n) => g.enviar(n)));
    expect(lotes).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('fails only the item that cannot be written, not the rest of its batch', async () => {
    const { gravar } = gravador((n) => n === 3);
    const g = new Agrupador(gravar, { paralelos: 1 });
    const res = await Promise.allSettled([1, 2, 3, 4].map((n) => g.enviar(n)));
    expect(res.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
  });

  it('esvaziar waits until nothing is queued or in flight', async () => {
    const { gravar } = gravador();
    const g = new Agrupador(gravar);
    const feitos: number[] = [];
    for (const n of [1, 2, 3]) void g.enviar(n).then(() => feitos.push(n));
    expect(g.pendentes).toBe(3);
    await g.esvaziar();
    expect(g.pendentes).toBe(0);
    await Promise.resolve();
    expect(feitos.sort()).toEqual([1, 2, 3]);
    await g.esvaziar();
  });
});
