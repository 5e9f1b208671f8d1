import { clear, createStore, entries } from 'idb-keyval';
import { afterEach, beforeEach } from 'vitest';
import { setToken } from '../lib/storage';
import { installMockHttp, type MockHttp } from './http';
import { fisherToken } from './tokens';

/** The phone's store, as the app opens it (src/web/offline/neste-celular.ts). */
export const lojaDoCelular = createStore('rgp-neste-celular', 'itens');

/** Every key of the phone's store. */
export async function chavesNoCelular(): Promise<string[]> {
  return (await entries<IDBValidKey, unknown>(lojaDoCelular)).map(([k]) => String(k)).sort();
}

/**
 * A fisher signed in on a phone with an empty store, a fake network and a signal the test turns off and on
 * (`online`). Needs 'fake-indexeddb/auto' imported first.
 */
export function usarCelular(idCelular: string): { http: MockHttp; online: boolean } {
  const celular = { http: undefined as unknown as MockHttp & { restore: () => void }, online: true };
  beforeEach(async () => {
    await clear(lojaDoCelular);
    celular.http = installMockHttp();
    setToken(fisherToken({ idCelular }));
    celular.online = true;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => celular.online });
  });
  afterEach(() => {
    celular.http.restore();
  });
  return celular;
}
