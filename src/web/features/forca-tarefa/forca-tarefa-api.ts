import type { CorpoDe, QueryDe } from '../../../shared/contrato';
import * as contratosAtoNormativo from '../../../shared/contratos/ato-normativo';
import * as c from '../../../shared/contratos/forca-tarefa';
import type { ListaAtosNormativos } from '../../../shared/schemas/ato-normativo';
import type { ForcaTarefa, ListaForcasTarefa, ListaServidores } from '../../../shared/schemas/forca-tarefa';
import { chamar, dados } from '../../lib/contrato';

/**
 * Calls of the task-force screens (src/server/modules/forca-tarefa/forca-tarefa.routes.ts), through the contracts
 * (src/shared/contratos/forca-tarefa.ts), parsed with the shared schemas.
 */

/** The list's filters as the API reads them (the contract's query); empty values are left out. */
export type FiltrosForcas = QueryDe<typeof c.listar>;

export const forcaKeys = {
  all: ['forca-tarefa'] as const,
  lista: (f: FiltrosForcas) => ['forca-tarefa', 'lista', f] as const,
  detalhe: (id: number) => ['forca-tarefa', 'detalhe', id] as const,
  servidores: (nome: string) => ['forca-tarefa', 'servidores', nome] as const,
  atos: () => ['forca-tarefa', 'atos'] as const,
};

export function fetchForcas(f: FiltrosForcas): Promise<ListaForcasTarefa> {
  return dados(c.listar, { query: f });
}

export function fetchForca(id: number): Promise<ForcaTarefa> {
  return dados(c.obter, { params: { id } });
}

/** The servers a task force may include (SFPA, not blocked), by name. */
export function fetchServidores(nome: string): Promise<ListaServidores> {
  return dados(c.servidores, { query: { tamanhoPagina: 100, nome } });
}

/** The acts a task force may cite: those in force today (the newest first). */
export function fetchAtosVigentes(): Promise<ListaAtosNormativos> {
  return dados(contratosAtoNormativo.listar, { query: { vigente: true, tamanhoPagina: 100 } });
}

/** The submit payload of spec point 3: POST creates, PUT (with id) updates. */
export function salvarForca(corpo: CorpoDe<typeof c.criar>) {
  return corpo.id === undefined ? chamar(c.criar, { corpo }) : chamar(c.atualizar, { corpo });
}

export function excluirForca(id: number) {
  return chamar(c.excluir, { params: { id } });
}

export function ativarDesativar(id: number, ativa: boolean) {
  return chamar(c.ativarDesativar, { corpo: { id, ativa } });
}

export function removerServidor(id: number, servidor: number) {
  return chamar(c.removerServidor, { corpo: { id, servidores: [servidor] } });
}

export function removerUf(id: number, uf: string) {
  return chamar(c.removerUf, { corpo: { id, uf } });
}
