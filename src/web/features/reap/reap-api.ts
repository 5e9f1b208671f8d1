import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { especieSchema } from '../../../shared/referencias';
import {
  geracaoReapSchema, listaObrigacoesSchema, prazoReapHistoricoSchema, prazoReapSchema, type PrazoReap, type PrazoReapHistorico, listaObrigacoesServidorSchema, questionarioSchema, reapsPendentesSchema,
type ListaObrigacoes, type ListaObrigacoesServidor, type Questionario, type ReapPendente,
} from '../../../shared/schemas/reap';
import { TipoDocumento } from '../../../shared/enums';
import type { Documento } from '../../../shared/schemas/documento';
import { listaAtosNormativosSchema, type ListaAtosNormativos } from '../../../shared/schemas/ato-normativo';
import { api, deleteEnvelope, getDados, postDocumento, postEnvelope, putEnvelope } from '../../lib/api';
import { chaveSituacao } from './situacao-api';

/**
 * Calls of the REAP screens (src/server/modules/reap/reap.routes.ts), each answer checked with the shared schema.
 */

export const reapKeys = {
  all: ['reap'] as const,
  pendentes: (idPescador: number) => ['reap', 'pendentes', idPescador] as const,
  situacao: chaveSituacao,
  obrigacoes: (idPescador: number) => ['reap', 'obrigacoes', idPescador] as const,
  questionario: (id: number) => ['reap', 'questionario', id] as const,
  servidor: (q: string) => ['reap', 'servidor', q] as const,
  especies: () => ['reap', 'especies'] as const,
  prazos: () => ['reap', 'prazos'] as const,
  historicoPrazos: () => ['reap', 'prazos', 'historico'] as const,
  atosVigentes: () => ['reap', 'prazos', 'atos'] as const,
};

/** Every reference year's window in force, with its act and its obligations' creation (decision 0052). */
export function fetchPrazos(): Promise<PrazoReap[]> {
  return getDados('/api/reap/prazos', z.array(prazoReapSchema));
}

export function fetchHistoricoPrazos(): Promise<PrazoReapHistorico[]> {
  return getDados('/api/reap/prazos/historico', z.array(prazoReapHistoricoSchema));
}

/** The acts in force a window may cite (as the task-force form offers them). */
export function fetchAtosVigentesPrazo(): Promise<ListaAtosNormativos> {
  return getDados('/api/ato-normativo/listar?vigente=true&tamanhoPagina=100', listaAtosNormativosSchema);
}

/** PUT /api/reap/prazos/{ano}/suspensao: schedules the suspension of a year's defaulters on the date an act sets. */
export function agendarSuspensao(v: { anoReferencia: number; idAtoNormativo: number; dataSuspensao: string }) {
  const { anoReferencia, ...corpo } = v;
  return putEnvelope(`/api/reap/prazos/${anoReferencia}/suspensao`, corpo, prazoReapSchema);
}

/** DELETE /api/reap/prazos/{ano}/suspensao: cancels a scheduled suspension that has not run. */
export function cancelarSuspensao(anoReferencia: number) {
  return deleteEnvelope(`/api/reap/prazos/${anoReferencia}/suspensao`, prazoReapSchema);
}

/** PUT /api/reap/prazos/{ano}: sets or extends a year's window citing its act. */
export function salvarPrazo(v: { anoReferencia: number; inicioPreenchimento: string; fimPreenchimento: string; idAtoNormativo: number }) {
  const { anoReferencia, ...corpo } = v;
  return putEnvelope(`/api/reap/prazos/${anoReferencia}`, corpo, prazoReapSchema);
}

export function fetchPendentes(idPescador: number): Promise<ReapPendente[]> {
  return getDados(`/api/reap/listar-reap-pendente-pescador/${idPescador}`, reapsPendentesSchema);
}

export { fetchSituacao } from './situacao-api';

export async function gerarPendentes(idPescador: number): Promise<{ criadas: number[]; mensagem: string }> {
  const r = await postEnvelope(`/api/reap/gerar-reap-pescador/${idPescador}`, {}, geracaoReapSchema);
  return { criadas: r.dados.criadas, mensagem: r.mensagem };
}

export function fetchObrigacoes(idPescador: number): Promise<ListaObrigacoes> {
  return getDados(`/api/reap/pescador-consultar-obrigacoes/filtro?idPescador=${idPescador}&tamanhoPagina=100`, listaObrigacoesSchema);
}

export function fetchQuestionario(id: number): Promise<Questionario> {
  return getDados(`/api/reap/questionario-basico/${id}`, questionarioSchema);
}

export async function salvarArtesanal(corpo: unknown): Promise<{ questionario: Questionario; mensagem: string }> {
  const r = await postEnvelope('/api/reap/questionario-basico', corpo, questionarioSchema);
  return { questionario: r.dados, mensagem: r.mensagem };
}

export async function salvarIndustrial(corpo: unknown): Promise<{ questionario: Questionario; mensagem: string }> {
  const r = await postEnvelope('/api/reap/questionario-basico/industrial', corpo, questionarioSchema);
  return { questionario: r.dados, mensagem: r.mensagem };
}

/** The documents of each form (as the server files them): justifications (6), work-relation proofs (7). */
export const DOCUMENTO_JUSTIFICATIVA = TipoDocumento.ADICIONAL;
export const DOCUMENTO_RELACAO_TRABALHO = TipoDocumento.VISTO_TRABALHO;

export function enviarDocumentoReap(idQuestionario: number, industrial: boolean, arquivo: File): Promise<Documento> {
  return industrial
    ? postDocumento('/api/documentos/reap-industrial', { idReapIndustrial: idQuestionario, tipo: DOCUMENTO_RELACAO_TRABALHO }, arquivo)
    : postDocumento('/api/documentos/reap', { idQuestionarioBasico: idQuestionario, tipo: DOCUMENTO_JUSTIFICATIVA }, arquivo);
}

export async function removerDocumentoReap(idQuestionario: number, industrial: boolean, idDocumento: number): Promise<void> {
  await api.delete(`/api/documentos/${industrial ? 'reap-industrial' : 'reap'}/${idQuestionario}/documento/${idDocumento}`);
}

export function fetchObrigacoesServidor(query: string): Promise<ListaObrigacoesServidor> {
  return getDados(`/api/reap/consultar-obrigacoes/filtro?${query}`, listaObrigacoesServidorSchema);
}

/** The CSV of the pending obligations of the filters, as a file the browser saves. */
export async function baixarCsvPendentes(query: string): Promise<void> {
  const { data } = await api.get<Blob>(`/api/reap/consultar-obrigacoes/csv?${query}`, { responseType: 'blob' });
  const url = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'reap-pendentes.csv';
  a.click();
  URL.revokeObjectURL(url);
}

/** The receipt (2ª via) in a new tab: fetched with the session, shown from a blob. */
export async function abrirComprovante(id: number): Promise<void> {
  const janela = window.open('', '_blank');
  const { data } = await api.get<Blob>(`/api/reap/${id}/comprovante`, { responseType: 'blob' });
  const url = URL.createObjectURL(new Blob([data], { type: 'application/pdf' }));
  if (janela) janela.location.href = url;
  else window.location.href = url;
}

const especiesResposta = z.object({ especies: z.array(especieSchema) });

export function useEspecies() {
  return useQuery({
    queryKey: reapKeys.especies(),
    queryFn: async () => (await getDados('/api/reap/especies', especiesResposta)).especies,
    staleTime: Infinity,
  });
}
