import 'fake-indexeddb/auto';
import { clear, createStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { guardarNoCelular, lerDoCelular } from './neste-celular';
import { enviarFormulariosPendentes, type RegistroNoCelular } from './use-salvamento-offline';

// Decision 0068: of the saves a phone keeps, a sending goes with its idempotency key (a replay after a lost answer
// sends it once) and a draft goes without one (it is the whole form; an autosave makes hundreds, which the server's
// quota of keys would refuse). Against a real IndexedDB implementation (fake-indexeddb).

const EU = '0123456789abcdef0123456789abcdef';
const loja = createStore('rgp-neste-celular', 'itens');

beforeEach(() => clear(loja));

const registro = (id: number, envio: boolean): RegistroNoCelular<object, { id: number }, object> => ({
  form: {}, contexto: {}, pendente: { corpo: { id }, chave: `salvamento-${id}-abc`, envio }, conflito: null,
  atualizadoEm: new Date().toISOString(),
});

describe('the saves a phone keeps, sent when the signal returns', () => {
  it('go with the key for a sending and none for a draft, and leave the phone once the server has them', async () => {
    await guardarNoCelular(EU, 'reap/7', registro(7, true));
    await guardarNoCelular(EU, 'reap/8', registro(8, false));
    const enviados: Record<number, string | undefined> = {};
    await enviarFormulariosPendentes<object, { id: number }, object>(EU, 'reap/', async (_r, corpo, chave) => {
      enviados[corpo.id] = chave;
    });
    expect(enviados).toEqual({ 7: 'salvamento-7-abc', 8: undefined });
    expect(await lerDoCelular(EU, 'reap/7')).toBeUndefined();
    expect(await lerDoCelular(EU, 'reap/8')).toBeUndefined();
  });
});
