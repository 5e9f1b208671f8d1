import { createStore, del, delMany, entries, get, set, setMany, type UseStore } from 'idb-keyval';
import { marcarPendenteNoCelular } from '../lib/storage';

/**
 * What the app keeps on the phone without signal (decisions 0062, 0069 and 0076): drafts, saves and files not yet
 * delivered, in IndexedDB through idb-keyval. Every item belongs to one outbox (`caixa`): the signed-in person's
 * phone id (`idCelular`, which the server puts in the token: an HMAC of the CPF under the server's key, so neither
 * the CPF nor a hash of it that could be reversed), followed, for a fisher the person acts for, by that fisher's
 * segment (`caixaDe`, caixa.ts). Another user of the same phone never reads it. Only what has not reached
 * the RGP stays:
 * - what was delivered is erased at once (by the callers: `apagarDoCelular`);
 * - an item says whether it waits (`espera`: a save to send, a refusal to show, fields typed and not yet saved);
 *   when the session ends, everything of the fisher that does not wait goes (`apagarOQueNaoEspera`), and at
 *   sign-out everything goes (`apagarTudoDoCelular`);
 * - every item expires `PRAZO_NO_CELULAR_MS` after it was last written: it is no longer read, and is erased.
 * Nothing here is sent anywhere: the callers decide what goes to the server.
 */

/** How long an item stays on the phone after it was last written (a week without signal, or without signing in). */
export const PRAZO_NO_CELULAR_MS = 7 * 24 * 3600 * 1000;

/** What the store holds under each key. */
interface Guardado<T> {
  valor: T;
  /** Not yet delivered: kept when the session ends (until it expires). */
  espera: boolean;
  /** When it was last written (ms). */
  em: number;
}

let loja: UseStore | undefined;
function lojaDoCelular(): UseStore {
  loja ??= createStore('rgp-neste-celular', 'itens');
  return loja;
}

/**
 * Whether the phone can keep items: IndexedDB, and the random keys the saves carry (a secure page: https or
 * localhost). Where it cannot (an old browser, a private window that refuses IndexedDB), the app works online as
 * before.
 */
export function celularGuarda(): boolean {
  return typeof indexedDB !== 'undefined' && typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function';
}

/**
 * An outbox: a phone id as the server issues it, optionally followed by a subject's segment (`/pescador-<id>`);
 * anything else (no session, a staff member's, an older token) keeps nothing.
 */
function donoValido(dono: string | undefined): dono is string {
  return typeof dono === 'string' && /^[0-9a-f]{32}(\/pescador-[1-9][0-9]{0,15})?$/.test(dono);
}

function ehGuardado(v: unknown): v is Guardado<unknown> {
  return !!v && typeof v === 'object' && 'valor' in v && typeof (v as Guardado<unknown>).em === 'number'
    && typeof (v as Guardado<unknown>).espera === 'boolean';
}

const vencido = (g: Guardado<unknown>, agora: number) => g.em + PRAZO_NO_CELULAR_MS <= agora;

/** Whether a value waits for the RGP: a save to send (`pendente`) or a refusal the fisher has not read (`conflito`). */
export function esperaDe(valor: unknown): boolean {
  const v = valor as { pendente?: unknown; conflito?: unknown } | null | undefined;
  return !!(v?.pendente || v?.conflito);
}

let varredura: Promise<void> | undefined;
/** Once per page load, before anything is read: the expired items go, and items of an earlier release's format. */
function aposVarrer(): Promise<void> {
  varredura ??= varrerCelular().catch(() => undefined);
  return varredura;
}

export async function lerDoCelular<T>(dono: string, chave: string): Promise<T | undefined> {
  if (!celularGuarda() || !donoValido(dono)) return undefined;
  await aposVarrer();
  const g = await get<unknown>(`${dono}/${chave}`, lojaDoCelular());
  return ehGuardado(g) && !vencido(g, Date.now()) ? (g.valor as T) : undefined;
}

/**
 * Keeps an item (its expiry starts again); `espera` says whether it outlives the session (by default: a save or a
 * refusal). The write does not wait for the page's sweep: a change kept as the page is hidden or left must reach
 * IndexedDB at once, and the sweep, one transaction, cannot erase it (`passarPelaLoja`).
 */
export async function guardarNoCelular<T>(dono: string, chave: string, valor: T, espera = esperaDe(valor)): Promise<void> {
  if (!celularGuarda() || !donoValido(dono)) return;
  void aposVarrer();
  const g: Guardado<T> = { valor, espera, em: Date.now() };
  // Something waits for the RGP: the next page load sends it, and sweeps what expired (envio-em-segundo-plano.ts).
  // Marked before (the page may go before the write ends) and after (a sweep that found nothing waiting may end between).
  if (espera) marcarPendenteNoCelular(true);
  await set(`${dono}/${chave}`, g, lojaDoCelular());
  if (espera) marcarPendenteNoCelular(true);
}

/**
 * Reads an item and writes what `mudar` makes of it, in one read-write transaction: a write made meanwhile (a save
 * typed while another went) comes wholly before or after, never lost between the read and the write. `mudar` answers
 * the value (kept under `chave`, or under the key it names when the item moves) or null (erased); `mudar` answering
 * undefined leaves the store as it was. Answers what was written.
 */
export async function trocarNoCelular<T>(
  dono: string, chave: string, mudar: (atual: T | undefined) => { chave?: string; valor: T } | null | undefined,
): Promise<{ chave: string; valor: T | null } | undefined> {
  if (!celularGuarda() || !donoValido(dono)) return undefined;
  await aposVarrer();
  const agora = Date.now();
  let escrito: { chave: string; valor: T | null } | undefined;
  await lojaDoCelular()('readwrite', (store) => new Promise<void>((resolve, reject) => {
    const lido = store.get(`${dono}/${chave}`);
    lido.onsuccess = () => {
      const g: unknown = lido.result;
      const novo = mudar(ehGuardado(g) && !vencido(g, agora) ? (g.valor as T) : undefined);
      if (novo === undefined) return;
      const destino = novo?.chave ?? chave;
      if (novo === null || destino !== chave) store.delete(`${dono}/${chave}`);
      if (novo !== null) {
        const espera = esperaDe(novo.valor);
        if (espera) marcarPendenteNoCelular(true);
        store.put({ valor: novo.valor, espera, em: agora } satisfies Guardado<T>, `${dono}/${destino}`);
      }
      escrito = { chave: destino, valor: novo?.valor ?? null };
    };
    store.transaction.oncomplete = () => resolve();
    store.transaction.onerror = store.transaction.onabort = () => reject(store.transaction.error ?? new Error('IndexedDB'));
  }));
  return escrito;
}

export async function apagarDoCelular(dono: string, chave: string): Promise<void> {
  if (!celularGuarda() || !donoValido(dono)) return;
  await del(`${dono}/${chave}`, lojaDoCelular());
}

/** The fisher's items (not expired) whose key starts with `prefixo` (all of them for ''), as [key without the owner, value]. */
export async function itensDoCelular<T>(dono: string, prefixo = ''): Promise<[string, T][]> {
  return (await guardadosDe<T>(dono, prefixo)).map(([k, g]) => [k, g.valor]);
}

/** Whether anything of the person waits for the RGP, for them or a fisher they act for (sign-out asks first: `sair.ts`). */
export async function esperaAlgo(dono: string): Promise<boolean> {
  return (await guardadosDe(dono)).some(([, g]) => g.espera);
}

async function guardadosDe<T>(dono: string, prefixo = ''): Promise<[string, Guardado<T>][]> {
  if (!celularGuarda() || !donoValido(dono)) return [];
  await aposVarrer();
  const inicio = `${dono}/`;
  const agora = Date.now();
  const todos = await entries<IDBValidKey, unknown>(lojaDoCelular());
  return todos
    .filter((e): e is [string, Guardado<T>] => typeof e[0] === 'string' && e[0].startsWith(inicio + prefixo) && ehGuardado(e[1]) && !vencido(e[1], agora))
    .map(([k, g]) => [k.slice(inicio.length), g]);
}

/** Erases the fisher's items that `fica` does not keep, and clears the phone's mark when nothing waits any more. */
async function apagarDoDono(dono: string, fica: (g: Guardado<unknown>) => boolean): Promise<void> {
  if (!celularGuarda() || !donoValido(dono)) return;
  const inicio = `${dono}/`;
  await passarPelaLoja((k, g) => (typeof k === 'string' && k.startsWith(inicio) && !(ehGuardado(g) && fica(g)) ? 'apaga' : 'fica'));
}

/**
 * Goes over every item in one read-write transaction, keeping, erasing or replacing each as `tratar` says, and clears
 * the phone's mark when nothing of anyone waits afterwards. One transaction, so a write made meanwhile (a change kept
 * as the page is left, which does not wait for the sweep) comes wholly before or after it: never erased because an
 * older item stood under its key when the store was read.
 */
async function passarPelaLoja(tratar: (chave: IDBValidKey, g: unknown) => 'fica' | 'apaga' | Guardado<unknown>): Promise<void> {
  const agora = Date.now();
  const algoEspera = await lojaDoCelular()('readwrite', (store) => new Promise<boolean>((resolve, reject) => {
    let espera = false;
    const cursor = store.openCursor();
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (!c) return;
      const destino = tratar(c.key, c.value);
      if (destino === 'apaga') {
        c.delete();
      } else {
        const g: unknown = destino === 'fica' ? c.value : destino;
        if (destino !== 'fica') c.update(g);
        if (ehGuardado(g) && g.espera && !vencido(g, agora)) espera = true;
      }
      c.continue();
    };
    store.transaction.oncomplete = () => resolve(espera);
    store.transaction.onerror = store.transaction.onabort = () => reject(store.transaction.error ?? new Error('IndexedDB'));
  }));
  if (!algoEspera) marcarPendenteNoCelular(false);
}

/** Erases every item of the person and of the fishers they act for (at sign-out: they were asked first when something waited). */
export function apagarTudoDoCelular(dono: string): Promise<void> {
  return apagarDoDono(dono, () => false);
}

/** Erases what of the fisher does not wait for the RGP (the session ended without a sign-out: it expired). */
export function apagarOQueNaoEspera(dono: string): Promise<void> {
  const agora = Date.now();
  return apagarDoDono(dono, (g) => g.espera && !vencido(g, agora));
}

/** Clears the phone's "something waits" mark when nothing of anyone waits on this phone any more. */
export async function desmarcarSeNadaEspera(): Promise<void> {
  if (!celularGuarda()) return;
  const agora = Date.now();
  const todos = await entries<IDBValidKey, unknown>(lojaDoCelular());
  if (!todos.some(([, g]) => ehGuardado(g) && g.espera && !vencido(g, agora))) marcarPendenteNoCelular(false);
}

/**
 * Erases every expired item, of any fisher. An item of the earlier format (a value without its wrapping, under a
 * SHA-256 of the fisher's CPF) is erased when it does not wait; one that waits is wrapped where it is, so it expires
 * as any other, until its fisher signs in and it moves under their phone id (`adotarDoFormatoAntigo`).
 */
export async function varrerCelular(agora = Date.now()): Promise<void> {
  if (!celularGuarda()) return;
  await passarPelaLoja((_k, g) => {
    if (ehGuardado(g)) return vencido(g, agora) ? 'apaga' : 'fica';
    return esperaDe(g) ? { valor: g, espera: true, em: agora } : 'apaga';
  });
}

/**
 * Moves what an earlier release kept for this fisher (under 24 hex digits of SHA-256 over the CPF) under their
 * phone id, so that a save waiting across the update is not lost; the old keys go.
 */
export async function adotarDoFormatoAntigo(cpf: string, dono: string): Promise<void> {
  if (!celularGuarda() || !donoValido(dono) || crypto.subtle === undefined) return;
  const b = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`rgp-neste-celular:${cpf}`));
  const antigo = `${Array.from(new Uint8Array(b).slice(0, 12), (x) => x.toString(16).padStart(2, '0')).join('')}/`;
  const todos = await entries<IDBValidKey, unknown>(lojaDoCelular());
  const meus = todos.filter((e): e is [string, unknown] => typeof e[0] === 'string' && e[0].startsWith(antigo));
  if (meus.length === 0) return;
  const agora = Date.now();
  await setMany(meus.map(([k, g]) => [`${dono}/${k.slice(antigo.length)}`, ehGuardado(g) ? g : { valor: g, espera: esperaDe(g), em: agora }]), lojaDoCelular());
  await delMany(meus.map(([k]) => k), lojaDoCelular());
}
