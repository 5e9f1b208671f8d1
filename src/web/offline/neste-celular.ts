import { createStore, del, delMany, entries, get, set, setMany, type UseStore } from 'idb-keyval';
import { marcarPendenteNoCelular } from '../lib/storage';

/**
 * Items on the phone, in IndexedDB (docs/decisions/0062, 0069, 0076). Each belongs to one outbox, an HMAC of the CPF
 * plus the segment of a fisher acted for, so another user of the phone never reads it.
 */

/** A week without signal, or without signing in. */
export const PRAZO_NO_CELULAR_MS = 7 * 24 * 3600 * 1000;

interface Guardado<T> {
  valor: T;
  /** Kept when the session ends (until it expires). */
  espera: boolean;
  em: number;
}

let loja: UseStore | undefined;
function lojaDoCelular(): UseStore {
  loja ??= createStore('rgp-neste-celular', 'itens');
  return loja;
}

/** IndexedDB and `randomUUID` (a secure page); if not, the app works online only. */
export function celularGuarda(): boolean {
  return typeof indexedDB !== 'undefined' && typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function';
}

/** An older token's or a staff member's keeps nothing. */
function donoValido(dono: string | undefined): dono is string {
  return typeof dono === 'string' && /^[0-9a-f]{32}(\/pescador-[1-9][0-9]{0,15})?$/.test(dono);
}

function ehGuardado(v: unknown): v is Guardado<unknown> {
  return !!v && typeof v === 'object' && 'valor' in v && typeof (v as Guardado<unknown>).em === 'number'
    && typeof (v as Guardado<unknown>).espera === 'boolean';
}

const vencido = (g: Guardado<unknown>, agora: number) => g.em + PRAZO_NO_CELULAR_MS <= agora;

/** A save to send, or a refusal the fisher has not read. */
export function esperaDe(valor: unknown): boolean {
  const v = valor as { pendente?: unknown; conflito?: unknown } | null | undefined;
  return !!(v?.pendente || v?.conflito);
}

let varredura: Promise<void> | undefined;
/** Once per page load, before anything is read. */
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

/** Does not wait for the sweep: a change kept as the page is left must reach IndexedDB at once. */
export async function guardarNoCelular<T>(dono: string, chave: string, valor: T, espera = esperaDe(valor)): Promise<void> {
  if (!celularGuarda() || !donoValido(dono)) return;
  void aposVarrer();
  const g: Guardado<T> = { valor, espera, em: Date.now() };
  // Marked before (the page may go mid-write) and after (a sweep that found nothing waiting may end between).
  if (espera) marcarPendenteNoCelular(true);
  await set(`${dono}/${chave}`, g, lojaDoCelular());
  if (espera) marcarPendenteNoCelular(true);
}

/** One transaction, so a concurrent write is never lost between the read and the write; undefined leaves it. */
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

export async function itensDoCelular<T>(dono: string, prefixo = ''): Promise<[string, T][]> {
  return (await guardadosDe<T>(dono, prefixo)).map(([k, g]) => [k, g.valor]);
}

/**
 * The boxes of a phone id that hold something to send: the person's own and each fisher's an agent saved for
 * (decision 0114), the own first, then by fisher id.
 */
export async function caixasComPendentes(idCelular: string): Promise<string[]> {
  if (!celularGuarda() || !/^[0-9a-f]{32}$/.test(idCelular)) return [];
  await aposVarrer();
  const agora = Date.now();
  const caixas = new Set<string>();
  const formato = new RegExp(`^(${idCelular}(?:/pescador-[1-9][0-9]{0,15})?)/`);
  for (const [k, g] of await entries<IDBValidKey, unknown>(lojaDoCelular())) {
    const m = typeof k === 'string' ? formato.exec(k) : null;
    // A segment that is not a fisher's is an item key of the own box ("reap/…", "solicitacao/…").
    if (m && ehGuardado(g) && !vencido(g, agora) && esperaDe(g.valor)) caixas.add(m[1]!);
  }
  const fisher = (c: string) => Number(/\/pescador-(\d+)$/.exec(c)?.[1] ?? 0);
  return [...caixas].sort((a, b) => fisher(a) - fisher(b));
}

/** Sign-out asks first. */
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

async function apagarDoDono(dono: string, fica: (g: Guardado<unknown>) => boolean): Promise<void> {
  if (!celularGuarda() || !donoValido(dono)) return;
  const inicio = `${dono}/`;
  await passarPelaLoja((k, g) => (typeof k === 'string' && k.startsWith(inicio) && !(ehGuardado(g) && fica(g)) ? 'apaga' : 'fica'));
}

/** One read-write transaction, so a concurrent write comes wholly before or after it. */
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

/** At sign-out: the person was asked first when something waited. */
export function apagarTudoDoCelular(dono: string): Promise<void> {
  return apagarDoDono(dono, () => false);
}

/** The session expired without a sign-out. */
export function apagarOQueNaoEspera(dono: string): Promise<void> {
  const agora = Date.now();
  return apagarDoDono(dono, (g) => g.espera && !vencido(g, agora));
}

export async function desmarcarSeNadaEspera(): Promise<void> {
  if (!celularGuarda()) return;
  const agora = Date.now();
  const todos = await entries<IDBValidKey, unknown>(lojaDoCelular());
  if (!todos.some(([, g]) => ehGuardado(g) && g.espera && !vencido(g, agora))) marcarPendenteNoCelular(false);
}

/** An earlier-format item that waits is wrapped in place, to expire as any other until it is adopted. */
export async function varrerCelular(agora = Date.now()): Promise<void> {
  if (!celularGuarda()) return;
  await passarPelaLoja((_k, g) => {
    if (ehGuardado(g)) return vencido(g, agora) ? 'apaga' : 'fica';
    return esperaDe(g) ? { valor: g, espera: true, em: agora } : 'apaga';
  });
}

/** From a SHA-256 of the CPF to the phone id, so a waiting save survives the update. */
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
