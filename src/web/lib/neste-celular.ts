import { createStore, del, delMany, entries, get, set, type UseStore } from 'idb-keyval';
import { marcarPendenteNoCelular } from './storage';

/**
 * What the app keeps on the phone for a fisher without signal (issue 25, points 2 and 5; decision 0062): drafts
 * and saves not yet sent, in IndexedDB through idb-keyval. Every item belongs to one signed-in user: its key starts
 * with a digest of the user's identity (never the CPF itself), so another user of the same phone never reads it,
 * and sign-out erases all of the user's items. Nothing here is sent anywhere: the callers decide what goes to
 * the server.
 */

let loja: UseStore | undefined;
function lojaDoCelular(): UseStore {
  loja ??= createStore('rgp-neste-celular', 'itens');
  return loja;
}

const donos = new Map<string, Promise<string>>();

/** The prefix of a user's items: 24 hex digits of SHA-256 over the session's subject. */
function donoDe(sujeito: string): Promise<string> {
  let dono = donos.get(sujeito);
  if (!dono) {
    dono = crypto.subtle.digest('SHA-256', new TextEncoder().encode(`rgp-neste-celular:${sujeito}`)).then((b) =>
      Array.from(new Uint8Array(b).slice(0, 12), (x) => x.toString(16).padStart(2, '0')).join(''));
    donos.set(sujeito, dono);
  }
  return dono;
}

/**
 * Whether the phone can keep items: IndexedDB and the digest need a secure page (https, or localhost). Where it
 * cannot (an old browser, a private window that refuses IndexedDB), the app works online as before.
 */
export function celularGuarda(): boolean {
  return typeof indexedDB !== 'undefined' && typeof crypto !== 'undefined' && crypto.subtle !== undefined;
}

async function chaveDe(sujeito: string, chave: string): Promise<string> {
  return `${await donoDe(sujeito)}/${chave}`;
}

export async function lerDoCelular<T>(sujeito: string, chave: string): Promise<T | undefined> {
  if (!celularGuarda()) return undefined;
  return get<T>(await chaveDe(sujeito, chave), lojaDoCelular());
}

export async function guardarNoCelular<T>(sujeito: string, chave: string, valor: T): Promise<void> {
  if (!celularGuarda()) return;
  await set(await chaveDe(sujeito, chave), valor, lojaDoCelular());
  // A save waiting for the server: the next page load sends it (src/web/components/com-dados.tsx).
  if ((valor as { pendente?: unknown } | null)?.pendente) marcarPendenteNoCelular(true);
}

export async function apagarDoCelular(sujeito: string, chave: string): Promise<void> {
  if (!celularGuarda()) return;
  await del(await chaveDe(sujeito, chave), lojaDoCelular());
}

/** The user's items whose key starts with `prefixo` (all of them for ''), as [key without the owner, value]. */
export async function itensDoCelular<T>(sujeito: string, prefixo = ''): Promise<[string, T][]> {
  if (!celularGuarda()) return [];
  const dono = `${await donoDe(sujeito)}/`;
  const todos = await entries<IDBValidKey, T>(lojaDoCelular());
  return todos
    .filter(([k]) => typeof k === 'string' && k.startsWith(dono + prefixo))
    .map(([k, v]) => [(k as string).slice(dono.length), v]);
}

/** Erases every item of the user (at sign-out). */
export async function apagarTudoDoCelular(sujeito: string): Promise<void> {
  if (!celularGuarda()) return;
  const dono = `${await donoDe(sujeito)}/`;
  const todos = await entries<IDBValidKey, unknown>(lojaDoCelular());
  await delMany(todos.map(([k]) => k).filter((k) => typeof k === 'string' && k.startsWith(dono)), lojaDoCelular());
  marcarPendenteNoCelular(false);
}
