import { useSyncExternalStore } from 'react';
import type { Contrato } from '../../shared/contrato';
import { CABECALHO_REPRESENTADO, servicoDaRota } from '../../shared/representacao';
import { readItem, removeItem, STORAGE_KEYS, writeItem } from './storage';

/**
 * The fisher an entity's agent picked on its desk (docs/decisions/0110). While one is picked, the calls of the fisher's
 * own services carry the header that names them, and the server checks the delegation on each.
 */
export interface Representado {
  idPescador: number;
  nome: string;
  entidade: string;
}

const ouvintes = new Set<() => void>();
let cache: { bruto: string | null; valor: Representado | null } = { bruto: null, valor: null };

export function representadoAtual(): Representado | null {
  const bruto = readItem('session', STORAGE_KEYS.representado);
  if (bruto === cache.bruto) return cache.valor;
  let valor: Representado | null = null;
  try {
    const r = bruto ? (JSON.parse(bruto) as Partial<Representado>) : null;
    if (r && Number.isInteger(r.idPescador) && typeof r.nome === 'string' && typeof r.entidade === 'string') valor = r as Representado;
  } catch {
    valor = null;
  }
  cache = { bruto, valor };
  return valor;
}

function avisar(): void {
  for (const o of ouvintes) o();
}

export function atuarPor(r: Representado): void {
  writeItem('session', STORAGE_KEYS.representado, JSON.stringify(r));
  avisar();
}

export function deixarDeAtuar(): void {
  removeItem('session', STORAGE_KEYS.representado);
  avisar();
}

export function useRepresentado(): Representado | null {
  return useSyncExternalStore((o) => { ouvintes.add(o); return () => ouvintes.delete(o); }, representadoAtual, () => null);
}

/**
 * `por` names the fisher of an outbox's box being sent (null: the person's own box), whatever the tab picked now
 * (decision 0114); undefined: the tab's pick.
 */
export function cabecalhoDeRepresentacao(c: { tag: Contrato['tag']; permissao: string }, por?: number | null): Record<string, string> {
  const id = por === undefined ? representadoAtual()?.idPescador : por;
  return id != null && servicoDaRota(c.tag, c.permissao) !== null ? { [CABECALHO_REPRESENTADO]: String(id) } : {};
}
