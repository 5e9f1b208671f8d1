import { CodigoErro, ehCasoDe, type CodigoErro as TipoCodigoErro } from '../../shared/codigos-erro';
import { mensagemErro } from '../lib/api';
import { codigoErroDe, ehRecusaDoPedido } from '../lib/erros';
import { apagarDoCelular, desmarcarSeNadaEspera, itensDoCelular, lerDoCelular, trocarNoCelular } from './neste-celular';

/**
 * The outbox (decision 0076): what a phone keeps to send to the RGP, one box per signed-in person and per subject
 * (the fisher themselves, or each fisher the person acts for), and the one way it is sent. Each item holds what
 * waits (`pendente`) and the refusal that stopped it (`conflito`). Every call that records something goes through
 * the app's one transport (lib/contrato.ts) with an idempotency key kept with the item, so an answer lost on the
 * way is replayed with the same key and recorded once (decision 0060). The rules of a replay live here only:
 * - one send per item at a time, however many screens and the background sender ask;
 * - nothing answered, the server busy or the same key under way: the item waits, and so do the items after it;
 * - a refusal of the server is kept with the item (`Conflito`) until the person discards it, never dropped;
 * - what the server took leaves the phone (decision 0069), unless something newer was kept meanwhile.
 */

/** The words of an item still on the phone. */
export const MENSAGEM_SALVO_NO_CELULAR = 'Salvo neste celular — será enviado quando houver internet';

/** A refusal of the server kept with an item until the person reads it and discards what the phone keeps. */
export interface Conflito {
  codigoErro: TipoCodigoErro | undefined;
  mensagem: string;
}

/** What every item of the outbox has. */
export interface ItemDaCaixa {
  /** What waits to be sent (null or absent: nothing). */
  pendente: unknown;
  conflito: Conflito | null;
}

export { caixaDe } from './caixa';

/** A new idempotency key (decision 0060). */
export function novaChave(): string {
  return crypto.randomUUID();
}

/** A failure to try again later: nothing answered, the server was busy or failing, or the same save is under way. */
export function ehAdiavel(error: unknown): boolean {
  const codigo = codigoErroDe(error);
  return !ehRecusaDoPedido(error) || ehCasoDe(codigo, CodigoErro.NAO_AUTENTICADO) || codigo === CodigoErro.IDEMPOTENCIA_EM_ANDAMENTO;
}

export function conflitoDe(erro: unknown): Conflito {
  return { codigoErro: codigoErroDe(erro), mensagem: mensagemErro(erro, 'O RGP não aceitou o que foi salvo neste celular.') };
}

/** Thrown by a send whose item was replaced or discarded while it went: nothing is written, the round goes on. */
export class Retirado extends Error {}

/** How an item's send ended. */
export type Desfecho = 'enviado' | 'adiado' | 'recusado' | 'retirado' | 'nada';

/** What one kind of item needs from the outbox; the outbox owns everything else of the replay. */
export interface Envio<T extends ItemDaCaixa, R> {
  /** The server calls of the item's next pending save, each with the idempotency key kept in the item. */
  enviar: (item: T) => Promise<R>;
  /**
   * The item once the server took what was sent: `atual` is the item as stored now (saves kept meanwhile stay);
   * null erases it. While what it answers still waits, the round sends it too.
   */
  depois: (enviado: T, atual: T, resposta: R) => T | null;
  /** Where an item is kept, when it may move (a request's draft goes under the id the server gave). */
  chaveDe?: (item: T) => string;
  /** After an item moved: what else follows it. */
  aoMover?: (antes: string, depois: string) => Promise<void>;
  /** A refusal that is not kept as a conflict: answers the item to keep (null: erased); undefined keeps the conflict. */
  recusa?: (erro: unknown, enviado: T, atual: T) => T | null | undefined;
  /** After every write of the round, inside its transaction (a move: the old key's null first): a screen's copy follows. */
  aoGravar?: (chave: string, item: T | null) => void;
  /** After the server took a save. */
  aoEnviar?: (resposta: R, enviado: T) => void;
  /** After a send that stopped without the server taking it (it waits, or was refused). */
  aoParar?: (item: T) => void;
  /** Checked before each call and before writing its answer: true stops the round (a screen took the item over). */
  parar?: () => boolean;
}

/** Where a round reads and writes its items: the phone (IndexedDB), or a screen's memory where the phone cannot keep. */
export interface Deposito {
  ler: <T>(caixa: string, chave: string) => Promise<T | undefined>;
  trocar: typeof trocarNoCelular;
}

const NO_CELULAR: Deposito = { ler: lerDoCelular, trocar: trocarNoCelular };

/** A screen's memory, for a phone that cannot keep (no IndexedDB, no phone id): the form is sent online as before. */
export function depositoNaMemoria(): Deposito {
  const itens = new Map<string, unknown>();
  return {
    ler: async <T>(caixa: string, chave: string) => itens.get(`${caixa}/${chave}`) as T | undefined,
    trocar: async <T>(caixa: string, chave: string, mudar: (atual: T | undefined) => { chave?: string; valor: T } | null | undefined) => {
      const novo = mudar(itens.get(`${caixa}/${chave}`) as T | undefined);
      if (novo === undefined) return undefined;
      const destino = novo?.chave ?? chave;
      itens.delete(`${caixa}/${chave}`);
      if (novo !== null) itens.set(`${caixa}/${destino}`, novo.valor);
      return { chave: destino, valor: novo?.valor ?? null };
    },
  };
}

interface Rodada {
  promessa: Promise<Resultado<unknown>>;
  daTela: boolean;
}

export interface Resultado<R> {
  desfecho: Desfecho;
  /** The server's last answer of the round. */
  resposta?: R;
  /** Where the item is kept at the end (it may have moved). */
  chave: string;
}

/** The one map of sends under way, by outbox and key. */
const emCurso = new Map<string, Rodada>();
const chaveDoMapa = (caixa: string, chave: string) => `${caixa}\n${chave}`;

/** The send under way of an item, if any (a file withdrawn waits for it before it is erased). */
export function envioEmCurso(caixa: string, chave: string): Promise<unknown> | undefined {
  return emCurso.get(chaveDoMapa(caixa, chave))?.promessa;
}

/** Items open on a screen: the background sender leaves them to it. */
const naTela = new Set<string>();

/** Marks an item as open on a screen; answers the function that unmarks it. */
export function abrirNaTela(caixa: string, chave: string): () => void {
  const k = chaveDoMapa(caixa, chave);
  naTela.add(k);
  return () => void naTela.delete(k);
}

export function abertoNaTela(caixa: string, chave: string): boolean {
  return naTela.has(chaveDoMapa(caixa, chave));
}

/**
 * Sends an item's pending saves, one at a time, in order, through `envio`: the replay policy of the whole app. A
 * screen (`daTela`) that asks while the background sender sends the item waits for it, then sends with its own
 * callbacks; any other second ask gets the send under way.
 */
export function enviarDaCaixa<T extends ItemDaCaixa, R>(
  caixa: string, chave: string, envio: Envio<T, R>, daTela = false, deposito: Deposito = NO_CELULAR,
): Promise<Resultado<R>> {
  const k = chaveDoMapa(caixa, chave);
  const anterior = emCurso.get(k);
  if (anterior && (anterior.daTela || !daTela)) return anterior.promessa as Promise<Resultado<R>>;
  const promessa = (async () => {
    if (anterior) await anterior.promessa.catch(() => undefined);
    return rodada(caixa, chave, envio, deposito, (nova) => emCurso.set(chaveDoMapa(caixa, nova), rodadaAtual));
  })();
  const rodadaAtual: Rodada = { promessa, daTela };
  emCurso.set(k, rodadaAtual);
  const limpar = () => {
    for (const [chaveMapa, r] of emCurso) if (r === rodadaAtual) emCurso.delete(chaveMapa);
  };
  return promessa.finally(limpar);
}

async function rodada<T extends ItemDaCaixa, R>(
  caixa: string, inicio: string, envio: Envio<T, R>, deposito: Deposito, mudouDeChave: (nova: string) => void,
): Promise<Resultado<R>> {
  let chave = inicio;
  let resultado: Resultado<R> = { desfecho: 'nada', chave };
  let anterior: string | undefined;
  for (;;) {
    const item = await deposito.ler<T>(caixa, chave);
    if (!item || !item.pendente || item.conflito || envio.parar?.()) return resultado;
    // Never the same save twice in one round: one that stays after its answer waits for the next round.
    const este = JSON.stringify(item.pendente);
    if (este === anterior) return resultado;
    let resposta: R;
    try {
      resposta = await envio.enviar(item);
    } catch (erro) {
      if (erro instanceof Retirado) return { desfecho: 'retirado', chave };
      if (ehAdiavel(erro) || envio.parar?.()) {
        envio.aoParar?.(item);
        return { desfecho: 'adiado', chave };
      }
      const escrito = await deposito.trocar<T>(caixa, chave, (atual) => {
        if (!atual) return undefined; // discarded meanwhile
        const proprio = envio.recusa?.(erro, item, atual);
        const valor = proprio === undefined ? { ...atual, conflito: conflitoDe(erro) } : proprio;
        envio.aoGravar?.(chave, valor);
        return valor === null ? null : { valor };
      });
      if (escrito?.valor === null) await desmarcarSeNadaEspera();
      envio.aoParar?.(item);
      return { desfecho: 'recusado', chave };
    }
    // The screen took the item over: it replays this save (same key, same answer) and writes what it answers.
    if (envio.parar?.()) return { desfecho: 'adiado', chave };
    const antes = chave;
    const escrito = await deposito.trocar<T>(caixa, chave, (atual) => {
      if (!atual) return undefined;
      const valor = envio.depois(item, atual, resposta);
      const destino = valor && envio.chaveDe ? envio.chaveDe(valor) : chave;
      if (destino !== chave) envio.aoGravar?.(chave, null);
      envio.aoGravar?.(destino, valor);
      return valor === null ? null : { chave: destino, valor };
    });
    envio.aoEnviar?.(resposta, item);
    if (escrito) chave = escrito.chave;
    resultado = { desfecho: 'enviado', resposta, chave };
    if (chave !== antes) {
      mudouDeChave(chave);
      await envio.aoMover?.(antes, chave);
    }
    if (!escrito?.valor) {
      await desmarcarSeNadaEspera();
      return resultado;
    }
    if (!navigator.onLine) return resultado;
    anterior = este;
  }
}

/**
 * Sends the items of an outbox under `prefixo` (`reap/`), in `ordem` (by default, their keys'), from whichever
 * screen: what a screen has open is left to it. Stops at the first that must wait: the rest keeps its order.
 */
export async function enviarPendentes<T extends ItemDaCaixa, R>(
  caixa: string, prefixo: string, envio: (chave: string) => Envio<T, R>, ordem?: (a: T, b: T) => number,
): Promise<void> {
  const itens = await itensDoCelular<T>(caixa, prefixo);
  if (ordem) itens.sort(([, a], [, b]) => ordem(a, b));
  for (const [chave, item] of itens) {
    if (!item.pendente || item.conflito || abertoNaTela(caixa, chave)) continue;
    if (!navigator.onLine) return;
    let atual = chave;
    const e = envio(chave);
    const { desfecho } = await enviarDaCaixa(caixa, chave, {
      ...e,
      parar: () => abertoNaTela(caixa, atual) || abertoNaTela(caixa, chave) || !!e.parar?.(),
      aoMover: async (antes, depois) => {
        atual = depois;
        await e.aoMover?.(antes, depois);
      },
    });
    if (desfecho === 'adiado') return;
  }
  await desmarcarSeNadaEspera();
}

/** An outbox item, read before the screen that shows it opens (null when the phone keeps nothing of it). */
export async function lerDaCaixa<T>(caixa: string, chave: string): Promise<T | null> {
  return (await lerDoCelular<T>(caixa, chave)) ?? null;
}

/** Erases an outbox item (sent, or discarded by the person after a refusal). */
export async function apagarDaCaixa(caixa: string, chave: string): Promise<void> {
  await apagarDoCelular(caixa, chave);
  await desmarcarSeNadaEspera();
}
