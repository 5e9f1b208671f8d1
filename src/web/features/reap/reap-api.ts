import { useQuery } from '@tanstack/react-query';
import type { CorpoDe, QueryDe } from '../../../shared/contrato';
import * as contratosAtoNormativo from '../../../shared/contratos/ato-normativo';
import * as c from '../../../shared/contratos/reap';
import * as contratosReferencia from '../../../shared/contratos/referencia';
import type { PrazoReap, PrazoReapHistorico, ListaObrigacoes, ListaObrigacoesServidor, Questionario, ReapPendente } from '../../../shared/schemas/reap';
import { TipoDocumento } from '../../../shared/enums';
import type { Documento } from '../../../shared/schemas/documento';
import type { ListaAtosNormativos } from '../../../shared/schemas/ato-normativo';
import type { InadimplentesReap } from '../../../shared/schemas/reap-inadimplencia';
import { postDocumento } from '../../lib/envelope';
import { chamar, dados } from '../../lib/contrato';
import type { RegistroNoCelular } from '../../offline/use-salvamento-offline';
import { chaveSituacao } from './situacao-api';

/**
 * Calls of the REAP screens (src/server/modules/reap/reap.routes.ts), through the REAP's contracts
 * (src/shared/contratos/reap.ts): each answer checked with the shared schema.
 */

/** What the forms send (the contracts' bodies). */
export type CorpoReapArtesanal = CorpoDe<typeof c.salvarArtesanal>;
export type CorpoReapIndustrial = CorpoDe<typeof c.salvarIndustrial>;
/** The staff list's filters as the API reads them (the contract's query); empty values are left out. */
export type FiltrosObrigacoesServidor = QueryDe<typeof c.obrigacoesServidor>;

export const reapKeys = {
  all: ['reap'] as const,
  pendentes: (idPescador: number) => ['reap', 'pendentes', idPescador] as const,
  situacao: chaveSituacao,
  obrigacoes: (idPescador: number) => ['reap', 'obrigacoes', idPescador] as const,
  questionario: (id: number) => ['reap', 'questionario', id] as const,
  servidor: (f: FiltrosObrigacoesServidor) => ['reap', 'servidor', f] as const,
  especies: () => ['reap', 'especies'] as const,
  prazos: () => ['reap', 'prazos'] as const,
  historicoPrazos: () => ['reap', 'prazos', 'historico'] as const,
  atosVigentes: () => ['reap', 'prazos', 'atos'] as const,
};

/** Every reference year's window in force, with its act and its obligations' creation (decision 0052). */
export function fetchPrazos(): Promise<PrazoReap[]> {
  return dados(c.prazos, {});
}

export function fetchHistoricoPrazos(): Promise<PrazoReapHistorico[]> {
  return dados(c.historicoPrazos, {});
}

/** The acts in force a window may cite (as the task-force form offers them). */
export function fetchAtosVigentesPrazo(): Promise<ListaAtosNormativos> {
  return dados(contratosAtoNormativo.listar, { query: { vigente: true, tamanhoPagina: 100 } });
}

/** PUT /api/reap/prazos/{ano}/suspensao: schedules the suspension of a year's defaulters on the date an act sets. */
export function agendarSuspensao({ anoReferencia, ...corpo }: { anoReferencia: number } & CorpoDe<typeof c.agendarSuspensao>) {
  return chamar(c.agendarSuspensao, { params: { ano: anoReferencia }, corpo });
}

/** DELETE /api/reap/prazos/{ano}/suspensao: cancels a scheduled suspension that has not run. */
export function cancelarSuspensao(anoReferencia: number) {
  return chamar(c.cancelarSuspensao, { params: { ano: anoReferencia } });
}

/**
 * GET /api/reap/prazos/{ano}/inadimplentes: whom a warning or a suspension of the year would reach today, and
 * whether saving the window with the end `fimPreenchimento` warns at once (asked before the screen confirms).
 */
export function fetchInadimplentes(ano: number, fimPreenchimento?: string): Promise<InadimplentesReap> {
  return dados(c.inadimplentes, { params: { ano }, query: fimPreenchimento ? { fimPreenchimento } : {} });
}

/** PUT /api/reap/prazos/{ano}: sets or extends a year's window citing its act. */
export function salvarPrazo({ anoReferencia, ...corpo }: { anoReferencia: number } & CorpoDe<typeof c.salvarPrazo>) {
  return chamar(c.salvarPrazo, { params: { ano: anoReferencia }, corpo });
}

export function fetchPendentes(idPescador: number): Promise<ReapPendente[]> {
  return dados(c.pendentes, { params: { idPescador } });
}

export { fetchSituacao } from './situacao-api';

export async function gerarPendentes(idPescador: number): Promise<{ criadas: number[]; mensagem: string }> {
  const r = await chamar(c.gerar, { params: { idPescador } });
  return { criadas: r.dados.criadas, mensagem: r.mensagem };
}

export function fetchObrigacoes(idPescador: number): Promise<ListaObrigacoes> {
  return dados(c.obrigacoesPescador, { query: { idPescador, tamanhoPagina: 100 } });
}

export function fetchQuestionario(id: number): Promise<Questionario> {
  return dados(c.questionario, { params: { id } });
}

/**
 * A save of the artesanal form (a draft, or the send when `enviada`); `chaveIdempotencia` (decision 0060) makes a
 * replay of the same save from this phone run once.
 */
export async function salvarArtesanal(corpo: CorpoReapArtesanal, chaveIdempotencia?: string): Promise<{ questionario: Questionario; mensagem: string }> {
  const r = await chamar(c.salvarArtesanal, { corpo, ...(chaveIdempotencia ? { chaveIdempotencia } : {}) });
  return { questionario: r.dados, mensagem: r.mensagem };
}

export async function salvarIndustrial(corpo: CorpoReapIndustrial, chaveIdempotencia?: string): Promise<{ questionario: Questionario; mensagem: string }> {
  const r = await chamar(c.salvarIndustrial, { corpo, ...(chaveIdempotencia ? { chaveIdempotencia } : {}) });
  return { questionario: r.dados, mensagem: r.mensagem };
}

/** The key under which the outbox keeps a REAP's form (src/web/offline/). */
export const chaveRascunhoReap = (idQuestionario: number) => `reap/${idQuestionario}`;

/** What this phone keeps of a REAP's form: the form, the questionnaire it opens with, the save waiting. */
export type RegistroReap<F, C> = RegistroNoCelular<F, C, Questionario>;

/** The documents of each form (as the server files them): justifications (6), work-relation proofs (7). */
export const DOCUMENTO_JUSTIFICATIVA = TipoDocumento.ADICIONAL;
export const DOCUMENTO_RELACAO_TRABALHO = TipoDocumento.VISTO_TRABALHO;

export function enviarDocumentoReap(idQuestionario: number, industrial: boolean, arquivo: File): Promise<Documento> {
  return industrial
    ? postDocumento(c.enviarDocumentoIndustrial, { idReapIndustrial: idQuestionario, tipo: DOCUMENTO_RELACAO_TRABALHO }, arquivo)
    : postDocumento(c.enviarDocumento, { idQuestionarioBasico: idQuestionario, tipo: DOCUMENTO_JUSTIFICATIVA }, arquivo);
}

export async function removerDocumentoReap(idQuestionario: number, industrial: boolean, idDocumento: number): Promise<void> {
  await chamar(industrial ? c.removerDocumentoIndustrial : c.removerDocumento, { params: { idReap: idQuestionario, id: idDocumento } });
}

export function fetchObrigacoesServidor(f: FiltrosObrigacoesServidor): Promise<ListaObrigacoesServidor> {
  return dados(c.obrigacoesServidor, { query: f });
}

/** The CSV of the pending obligations of the filters, as a file the browser saves. */
export async function baixarCsvPendentes(f: FiltrosObrigacoesServidor): Promise<void> {
  const data = await chamar(c.csvPendentes, { query: f });
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
  const data = await chamar(c.comprovante, { params: { id } });
  const url = URL.createObjectURL(new Blob([data], { type: 'application/pdf' }));
  if (janela) janela.location.href = url;
  else window.location.href = url;
}

export function useEspecies() {
  return useQuery({
    queryKey: reapKeys.especies(),
    queryFn: async () => (await dados(contratosReferencia.especies, {})).especies,
    staleTime: Infinity,
  });
}
