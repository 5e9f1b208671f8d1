import { CodigoErro, ehCasoDe, type CodigoErro as TipoCodigoErro } from '../../shared/codigos-erro';
import { mensagemErro } from '../lib/api';
import { codigoErroDe, ehRecusaDoPedido } from '../lib/erros';
import { representadoAtual } from '../lib/representacao';
import { pescadorDaCaixa } from './caixa';
import { apagarDoCelular, desmarcarSeNadaEspera, itensDoCelular, lerDoCelular, trocarNoCelular } from './neste-celular';

/**
 * The outbox (docs/decisions/0076), the app's one replay policy. Each save's idempotency key is kept with its item, so
 * a lost answer is replayed and recorded once (docs/decisions/0060); an item that must wait holds back those after it.
 */

export const MENSAGEM_SALVO_NO_CELULAR = 'Salvo neste celular — será enviado quando houver internet';

/** Kept with the item until the person reads it and discards what the phone keeps. */
export interface Conflito {
  codigoErro: TipoCodigoErro | undefined;
  mensagem: string;
}

export interface ItemDaCaixa {
  /** Null or absent: nothing. */
  pendente: unknown;
  conflito: Conflito | null;
}

export { caixaDe, pescadorDaCaixa } from './caixa';

export function novaChave(): string {
  return crypto.randomUUID();
}

/** Nothing answered, the server was busy or failing, or the same save is under way. */
export function ehAdiavel(error: unknown): boolean {
  const codigo = codigoErroDe(error);
  return !ehRecusaDoPedido(error) || ehCasoDe(codigo, CodigoErro.NAO_AUTENTICADO) || codigo === CodigoErro.IDEMPOTENCIA_EM_ANDAMENTO;
}

export function conflitoDe(erro: unknown): Conflito {
  return { codigoErro: codigoErroDe(erro), mensagem: mensagemErro(erro, 'O RGP não aceitou o que foi salvo neste celular.') };
}

/** The item was replaced or discarded while it went: nothing is written, the round goes on. */
export class Retirado extends Error {}

export type Desfecho = 'enviado' | 'adiado' | 'recusado' | 'retirado' | 'nada';

export interface Envio<T extends ItemDaCaixa, R> {
  enviar: (item: T) => Promise<R>;
  /**
   * Its calls name the box's fisher themselves (`representado`), so it goes whatever the tab picked now: an agent's
   * drafts for many fishers each go under their own fisher (decision 0114). Without it, only the pick's box goes.
   */
  cabecalhoDaCaixa?: boolean;
  /** `atual` is the item as stored now (saves kept meanwhile stay); null erases it. */
  depois: (enviado: T, atual: T, resposta: R) => T | null;
  /** A request's draft moves under the id the server gave. */
  chaveDe?: (item: T) => string;
  aoMover?: (antes: string, depois: string) => Promise<void>;
  /** Undefined keeps the conflict; null erases the item. */
  recusa?: (erro: unknown, enviado: T, atual: T) => T | null | undefined;
  /** Inside the round's transaction (a move writes the old key's null first). */
  aoGravar?: (chave: string, item: T | null) => void;
  aoEnviar?: (resposta: R, enviado: T) => void;
  aoParar?: (item: T) => void;
  /** True stops the round: a screen took the item over. */
  parar?: () => boolean;
}

export interface Deposito {
  ler: <T>(caixa: string, chave: string) => Promise<T | undefined>;
  trocar: typeof trocarNoCelular;
}

const NO_CELULAR: Deposito = { ler: lerDoCelular, trocar: trocarNoCelular };

/** For a phone without IndexedDB or a phone id: the form is sent online as before. */
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
  resposta?: R;
  /** It may have moved. */
  chave: string;
}

const emCurso = new Map<string, Rodada>();
const chaveDoMapa = (caixa: string, chave: string) => `${caixa}\n${chave}`;

/** A file withdrawn waits for it before it is erased. */
export function envioEmCurso(caixa: string, chave: string): Promise<unknown> | undefined {
  return emCurso.get(chaveDoMapa(caixa, chave))?.promessa;
}

/** The background sender leaves them to the screen. */
const naTela = new Set<string>();

export function abrirNaTela(caixa: string, chave: string): () => void {
  const k = chaveDoMapa(caixa, chave);
  naTela.add(k);
  return () => void naTela.delete(k);
}

export function abertoNaTela(caixa: string, chave: string): boolean {
  return naTela.has(chaveDoMapa(caixa, chave));
}

/** A screen (`daTela`) asking while the background sender sends the item waits, then sends with its own callbacks. */
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
    // The header names the fisher the tab picked now: an item of another box waits until its own fisher is picked.
    if (!envio.cabecalhoDaCaixa && pescadorDaCaixa(caixa) !== (representadoAtual()?.idPescador ?? null)) {
      envio.aoParar?.(item);
      return { desfecho: 'adiado', chave };
    }
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

/** What a screen has open is left to it. Stops at the first that must wait: the rest keeps its order. */
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
      cabecalhoDaCaixa: e.cabecalhoDaCaixa,
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

export async function lerDaCaixa<T>(caixa: string, chave: string): Promise<T | null> {
  return (await lerDoCelular<T>(caixa, chave)) ?? null;
}

export async function apagarDaCaixa(caixa: string, chave: string): Promise<void> {
  await apagarDoCelular(caixa, chave);
  await desmarcarSeNadaEspera();
}
