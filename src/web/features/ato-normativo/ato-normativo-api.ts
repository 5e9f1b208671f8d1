import { z } from 'zod';
import {
  atoNormativoSchema, atoVigenteSchema, listaAtosNormativosSchema, type AtoNormativo, type ListaAtosNormativos,
} from '../../../shared/schemas/ato-normativo';
import { deleteEnvelope, getDados, postEnvelope, putEnvelope } from '../../lib/api';

/** Calls of the normative-act screens (src/server/modules/ato-normativo/ato-normativo.routes.ts), parsed with the shared schemas. */

export interface FiltrosAtos {
  nome?: string;
  vigente?: '' | 'true' | 'false';
  pagina: number;
  tamanhoPagina: number;
}

export const atoKeys = {
  all: ['ato-normativo'] as const,
  vigente: () => ['ato-normativo', 'vigente'] as const,
  lista: (f: FiltrosAtos) => ['ato-normativo', 'lista', f] as const,
  detalhe: (id: number) => ['ato-normativo', 'detalhe', id] as const,
};

export function queryStringAtos(f: FiltrosAtos): string {
  const p = new URLSearchParams();
  if (f.nome?.trim()) p.set('nome', f.nome.trim());
  if (f.vigente) p.set('vigente', f.vigente);
  p.set('pagina', String(f.pagina));
  p.set('tamanhoPagina', String(f.tamanhoPagina));
  return p.toString();
}

export function fetchAtoVigente(): Promise<AtoNormativo | null> {
  return getDados('/api/ato-normativo', atoVigenteSchema);
}

export function fetchAtos(f: FiltrosAtos): Promise<ListaAtosNormativos> {
  return getDados(`/api/ato-normativo/listar?${queryStringAtos(f)}`, listaAtosNormativosSchema);
}

export function fetchAto(id: number): Promise<AtoNormativo> {
  return getDados(`/api/ato-normativo/${id}`, atoNormativoSchema);
}

export interface CorpoAto {
  id?: number;
  nome: string;
  descricao: string;
  dataInicioVigencia: string;
  dataTerminoVigencia: string | null;
}

/** POST (new) or PUT (with id); answers the envelope (its message is the spec's success message). */
export function salvarAto(corpo: CorpoAto) {
  return corpo.id === undefined
    ? postEnvelope('/api/ato-normativo', corpo, atoNormativoSchema)
    : putEnvelope('/api/ato-normativo', corpo, atoNormativoSchema);
}

export function excluirAto(id: number) {
  return deleteEnvelope(`/api/ato-normativo/${id}`, z.null());
}
