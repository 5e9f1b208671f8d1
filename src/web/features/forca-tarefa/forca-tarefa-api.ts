import { listaAtosNormativosSchema, type ListaAtosNormativos } from '../../../shared/schemas/ato-normativo';
import {
  forcaTarefaSchema, listaForcasTarefaSchema, listaServidoresSchema, type ForcaTarefa, type ListaForcasTarefa, type ListaServidores,
} from '../../../shared/schemas/forca-tarefa';
import { deleteEnvelope, getDados, postEnvelope, putEnvelope } from '../../lib/api';
import { z } from 'zod';

/** Calls of the task-force screens (src/server/modules/forca-tarefa/forca-tarefa.routes.ts), parsed with the shared schemas. */

export interface FiltrosForcas {
  titulo?: string;
  uf?: string;
  ativa?: '' | 'true' | 'false';
  pagina: number;
  tamanhoPagina: number;
}

export const forcaKeys = {
  all: ['forca-tarefa'] as const,
  lista: (f: FiltrosForcas) => ['forca-tarefa', 'lista', f] as const,
  detalhe: (id: number) => ['forca-tarefa', 'detalhe', id] as const,
  servidores: (nome: string) => ['forca-tarefa', 'servidores', nome] as const,
  atos: () => ['forca-tarefa', 'atos'] as const,
};

export function queryStringForcas(f: FiltrosForcas): string {
  const p = new URLSearchParams();
  if (f.titulo?.trim()) p.set('titulo', f.titulo.trim());
  if (f.uf) p.set('uf', f.uf);
  if (f.ativa) p.set('ativa', f.ativa);
  p.set('pagina', String(f.pagina));
  p.set('tamanhoPagina', String(f.tamanhoPagina));
  return p.toString();
}

export function fetchForcas(f: FiltrosForcas): Promise<ListaForcasTarefa> {
  return getDados(`/api/forca-tarefa/consultar/filtro?${queryStringForcas(f)}`, listaForcasTarefaSchema);
}

export function fetchForca(id: number): Promise<ForcaTarefa> {
  return getDados(`/api/forca-tarefa/${id}`, forcaTarefaSchema);
}

/** The servers a task force may include (SFPA, not blocked), by name. */
export function fetchServidores(nome: string): Promise<ListaServidores> {
  const p = new URLSearchParams({ tamanhoPagina: '100' });
  if (nome.trim()) p.set('nome', nome.trim());
  return getDados(`/api/forca-tarefa/servidores?${p.toString()}`, listaServidoresSchema);
}

/** The acts a task force may cite: those in force today (the newest first). */
export function fetchAtosVigentes(): Promise<ListaAtosNormativos> {
  return getDados('/api/ato-normativo/listar?vigente=true&tamanhoPagina=100', listaAtosNormativosSchema);
}

/** The submit payload of spec point 3. */
export interface CorpoForca {
  id?: number;
  titulo: string;
  ufAtendidas: string[];
  ativa: boolean;
  atoNormativo: number;
  dataLimite: string;
  servidores: number[];
}

export function salvarForca(corpo: CorpoForca) {
  return corpo.id === undefined
    ? postEnvelope('/api/forca-tarefa', corpo, forcaTarefaSchema)
    : putEnvelope('/api/forca-tarefa', corpo, forcaTarefaSchema);
}

export function excluirForca(id: number) {
  return deleteEnvelope(`/api/forca-tarefa/remover/${id}`, z.null());
}

export function ativarDesativar(id: number, ativa: boolean) {
  return putEnvelope('/api/forca-tarefa/ativa-desativa/', { id, ativa }, forcaTarefaSchema);
}

export function removerServidor(id: number, servidor: number) {
  return postEnvelope('/api/forca-tarefa/remover-servidor', { id, servidores: [servidor] }, forcaTarefaSchema);
}

export function removerUf(id: number, uf: string) {
  return postEnvelope('/api/forca-tarefa/remover-uf', { id, uf }, forcaTarefaSchema);
}
