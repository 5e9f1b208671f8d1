import 'fake-indexeddb/auto';
import { clear, createStore, entries, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodigoErro } from '../../shared/codigos-erro';
import { fail, installMockHttp, type MockHttp } from '../test/http';
import { fisherToken } from '../test/tokens';
import { api } from '../lib/api';
import { setNavigation } from '../lib/navigation';
import {
  adotarDoFormatoAntigo,
  apagarOQueNaoEspera,
  esperaAlgo,
  guardarNoCelular,
  itensDoCelular,
  lerDoCelular,
  PRAZO_NO_CELULAR_MS,
  varrerCelular,
} from './neste-celular';
import { enviarFormulariosPendentes, type RegistroNoCelular } from './use-salvamento-offline';
import { haPendenteNoCelular, setToken } from '../lib/storage';

// Decision 0069: what the phone keeps of a fisher is keyed by the server's opaque phone id, only
// what has not reached the RGP stays, what waits survives an expired session for a week, and nothing else does.
// Against a real IndexedDB implementation (fake-indexeddb), the store the app uses.

const EU = '0123456789abcdef0123456789abcdef';
const OUTRO = 'fedcba9876543210fedcba9876543210';
const CPF = '12345678909';
const loja = createStore('rgp-neste-celular', 'itens');

/** Every key of the store, as the phone holds them. */
async function chaves(): Promise<string[]> {
  return (await entries<IDBValidKey, unknown>(loja)).map(([k]) => String(k)).sort();
}

const pendente = (chave = 'k1'): RegistroNoCelular<object, object, object> => ({
  form: { nome: 'Tainha' }, contexto: {}, pendente: { corpo: {}, chave, envio: false }, conflito: null, atualizadoEm: '',
});
const entregue = (): RegistroNoCelular<object, object, object> => ({ ...pendente(), pendente: null });

beforeEach(async () => {
  await clear(loja);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the phone's items", () => {
  it('are kept under the phone id and never under the CPF; without a phone id nothing is kept', async () => {
    await guardarNoCelular(EU, 'reap/7', pendente());
    // A CPF, a plain digest of one (the earlier format), or no session: the phone keeps nothing.
    for (const dono of [CPF, 'a1b2c3d4e5f6a1b2c3d4e5f6', '']) await guardarNoCelular(dono, 'reap/8', pendente());
    expect(await chaves()).toEqual([`${EU}/reap/7`]);
    expect(await lerDoCelular(EU, 'reap/7')).toEqual(pendente());
    expect(await itensDoCelular(OUTRO)).toEqual([]);
  });

  it('when the session ends, only what waits for the RGP stays, of this fisher only', async () => {
    await guardarNoCelular(EU, 'reap/1', pendente());
    await guardarNoCelular(EU, 'reap/2', entregue());
    await guardarNoCelular(EU, 'reap/3', { ...entregue(), conflito: { codigoErro: undefined, mensagem: 'Já enviada.' } });
    await guardarNoCelular(EU, 'digitado/4', { campo: 'x' }, true);
    await guardarNoCelular(OUTRO, 'reap/5', entregue());
    await apagarOQueNaoEspera(EU);
    expect(await chaves()).toEqual([`${EU}/digitado/4`, `${EU}/reap/1`, `${EU}/reap/3`, `${OUTRO}/reap/5`]);
    expect(await esperaAlgo(EU)).toBe(true);
  });

  it('expire a week after they were last written: no longer read, then erased, and the mark goes with them', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const inicio = new Date('2026-12-01T12:00:00Z').getTime();
    vi.setSystemTime(inicio);
    await guardarNoCelular(EU, 'reap/1', pendente());
    vi.setSystemTime(inicio + 3 * 24 * 3600 * 1000);
    await guardarNoCelular(EU, 'reap/2', pendente('k2'));
    expect(haPendenteNoCelular()).toBe(true);

    vi.setSystemTime(inicio + PRAZO_NO_CELULAR_MS + 1);
    expect(await lerDoCelular(EU, 'reap/1')).toBeUndefined();
    expect((await itensDoCelular(EU)).map(([k]) => k)).toEqual(['reap/2']);
    await varrerCelular();
    expect(await chaves()).toEqual([`${EU}/reap/2`]);
    expect(haPendenteNoCelular()).toBe(true);

    vi.setSystemTime(inicio + 3 * 24 * 3600 * 1000 + PRAZO_NO_CELULAR_MS);
    await varrerCelular();
    expect(await chaves()).toEqual([]);
    expect(haPendenteNoCelular()).toBe(false);
  });

  it("of the earlier format: what waits moves under the fisher's phone id, what does not is erased", async () => {
    // 24 hex digits of SHA-256 over 'rgp-neste-celular:<CPF>', as the earlier release keyed them.
    const b = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`rgp-neste-celular:${CPF}`));
    const antigo = Array.from(new Uint8Array(b).slice(0, 12), (x) => x.toString(16).padStart(2, '0')).join('');
    await set(`${antigo}/reap/1`, pendente(), loja);
    await set(`${antigo}/reap/2`, entregue(), loja);
    await set('aaaaaaaaaaaaaaaaaaaaaaaa/reap/3', entregue(), loja);
    await varrerCelular();
    expect(await chaves()).toEqual([`${antigo}/reap/1`]);
    await adotarDoFormatoAntigo(CPF, EU);
    expect(await chaves()).toEqual([`${EU}/reap/1`]);
    expect(await lerDoCelular(EU, 'reap/1')).toEqual(pendente());
  });
});

describe('a write as the page is left (decision 0069)', () => {
  it('is not erased by a sweep running meanwhile, even where an expired item stood under its key', async () => {
    await set(`${EU}/reap/1`, { valor: entregue(), espera: false, em: Date.now() - PRAZO_NO_CELULAR_MS - 1 }, loja);
    await Promise.all([varrerCelular(), guardarNoCelular(EU, 'reap/1', pendente('novo'))]);
    expect(await lerDoCelular(EU, 'reap/1')).toEqual(pendente('novo'));
    expect(haPendenteNoCelular()).toBe(true);
  });

  it("is issued at once, not after the page's first sweep", async () => {
    // A page just loaded: its sweep has not run, and has expired items to erase.
    for (let i = 0; i < 5; i++) await set(`${OUTRO}/reap/${i}`, { valor: entregue(), espera: false, em: 0 }, loja);
    vi.resetModules();
    const fresco = await import('./neste-celular');
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    const apagaLoja = vi.spyOn(IDBObjectStore.prototype, 'delete');
    const apagaCursor = vi.spyOn(IDBCursor.prototype, 'delete');
    try {
      await fresco.guardarNoCelular(EU, 'reap/1', pendente());
      await fresco.varrerCelular();
      const apagados = [...apagaLoja.mock.invocationCallOrder, ...apagaCursor.mock.invocationCallOrder];
      expect(apagados).toHaveLength(5);
      // The write went to IndexedDB before the sweep erased anything.
      expect(put.mock.invocationCallOrder[0]).toBeLessThan(Math.min(...apagados));
    } finally {
      vi.restoreAllMocks();
    }
    expect(await chaves()).toEqual([`${EU}/reap/1`]);
  });
});

describe('what the RGP has leaves the phone', () => {
  it('a draft save the server took is erased, not kept as a copy', async () => {
    await guardarNoCelular(EU, 'reap/1', pendente());
    const salvos: string[] = [];
    await enviarFormulariosPendentes<object, object, object>(EU, 'reap/', async (r) => {
      salvos.push(r.pendente!.chave);
    });
    expect(salvos).toEqual(['k1']);
    expect(await chaves()).toEqual([]);
    expect(haPendenteNoCelular()).toBe(false);
  });
});

describe('a session that ends without a sign-out', () => {
  let http: MockHttp & { restore: () => void };
  let assign: ReturnType<typeof vi.fn<(url: string) => void>>;
  let restaurar: () => void;
  beforeEach(() => {
    http = installMockHttp();
    assign = vi.fn<(url: string) => void>();
    restaurar = setNavigation({ assign, route: vi.fn() });
  });
  afterEach(() => {
    http.restore();
    restaurar();
  });

  it('erases what of the fisher does not wait before leaving, and keeps what waits', async () => {
    setToken(fisherToken({ idCelular: EU }));
    await guardarNoCelular(EU, 'reap/1', pendente());
    await guardarNoCelular(EU, 'reap/2', entregue());
    // The session was closed (expired for good, or ended elsewhere): the server answers 401, not "expired token".
    http.get('/api/reap', fail(401, 'Sessão encerrada. Entre novamente com o gov.br.', { codigoErro: CodigoErro.NAO_AUTENTICADO }));
    await expect(api.get('/api/reap')).rejects.toThrow();
    expect(assign).toHaveBeenCalledWith('/');
    expect(await chaves()).toEqual([`${EU}/reap/1`]);
  });
});
