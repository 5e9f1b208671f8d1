import * as c from '../../../shared/contratos/recurso';
import type { DecisaoEmLoteCorpo, DecisaoRecursoCorpo, FiltrosRecurso } from '../../../shared/schemas/recurso';
import { chamar, dados } from '../../lib/contrato';

/** The appeals' calls (decision 0088) and their query keys. */
export const recursoKeys = {
  all: ['recurso'] as const,
  contestaveis: () => ['recurso', 'contestaveis'] as const,
  meus: () => ['recurso', 'meus'] as const,
  detalhe: (id: number) => ['recurso', 'detalhe', id] as const,
  fila: (f: Partial<FiltrosRecurso>) => ['recurso', 'fila', f] as const,
  atos: () => ['recurso', 'atos'] as const,
  decisaoEmLote: (id: number, apos?: number) => ['recurso', 'decisao-em-lote', id, apos ?? 0] as const,
};

export const contestaveis = () => dados(c.contestaveis, {});
export const meusRecursos = () => dados(c.meus, {});
export const recurso = (id: number) => dados(c.detalhar, { params: { id } });
export const iniciarRecurso = (chave: string) => chamar(c.iniciar, { corpo: { chave } });
export const enviarRecurso = (id: number, razoes: string) => chamar(c.enviar, { params: { id }, corpo: { razoes } });
export const proximaInstancia = (id: number, razoes: string) => chamar(c.proximaInstancia, { params: { id }, corpo: { razoes } });
export const filaRecursos = (f: FiltrosRecurso) => dados(c.fila, { query: f });
export const bloquearRecurso = (id: number) => chamar(c.bloquear, { params: { id } });
export const desbloquearRecurso = (id: number) => chamar(c.desbloquear, { params: { id } });
export const decidirRecurso = (id: number, corpo: DecisaoRecursoCorpo) => chamar(c.decidir, { params: { id }, corpo });
export const prorrogarRecurso = (id: number, justificativa: string) => chamar(c.prorrogar, { params: { id }, corpo: { justificativa } });
export const atosComRecursos = () => dados(c.atos, {});
export const decidirEmLote = (corpo: DecisaoEmLoteCorpo) => chamar(c.decidirEmLote, { corpo });
export const lerDecisaoEmLote = (id: number, apos?: number) => dados(c.lerDecisaoEmLote, { params: { id }, query: apos ? { apos } : {} });
