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
import { salvarArquivo } from '../../lib/salvar-arquivo';
import type { RegistroNoCelular } from '../../offline/use-salvamento-offline';
import { chaveSituacao } from './situacao-api';

export type CorpoReapArtesanal = CorpoDe<typeof c.salvarArtesanal>;
export type CorpoReapIndustrial = CorpoDe<typeof c.salvarIndustrial>;
/** Empty values are left out. */
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

/** With its act and its obligations' creation (docs/decisions/0052). */
export function fetchPrazos(): Promise<PrazoReap[]> {
  return dados(c.prazos, {});
}

export function fetchHistoricoPrazos(): Promise<PrazoReapHistorico[]> {
  return dados(c.historicoPrazos, {});
}

export function fetchAtosVigentesPrazo(): Promise<ListaAtosNormativos> {
  return dados(contratosAtoNormativo.listar, { query: { vigente: true, tamanhoPagina: 100 } });
}

/** On the date an act sets. */
export function agendarSuspensao({ anoReferencia, ...corpo }: { anoReferencia: number } & CorpoDe<typeof c.agendarSuspensao>) {
  return chamar(c.agendarSuspensao, { params: { ano: anoReferencia }, corpo });
}

export function cancelarSuspensao(anoReferencia: number) {
  return chamar(c.cancelarSuspensao, { params: { ano: anoReferencia } });
}

/** Asked before the screen confirms: whether saving the window with that end warns at once. */
export function fetchInadimplentes(ano: number, fimPreenchimento?: string): Promise<InadimplentesReap> {
  return dados(c.inadimplentes, { params: { ano }, query: fimPreenchimento ? { fimPreenchimento } : {} });
}

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

/** `chaveIdempotencia` makes a replay of the same save from this phone run once (docs/decisions/0060). */
/** `representado`: the outbox box's fisher when the background sender sends it (decision 0114). */
export async function salvarArtesanal(
  corpo: CorpoReapArtesanal, chaveIdempotencia?: string, representado?: number | null,
): Promise<{ questionario: Questionario; mensagem: string }> {
  const r = await chamar(c.salvarArtesanal, { corpo, representado, ...(chaveIdempotencia ? { chaveIdempotencia } : {}) });
  return { questionario: r.dados, mensagem: r.mensagem };
}

export async function salvarIndustrial(
  corpo: CorpoReapIndustrial, chaveIdempotencia?: string, representado?: number | null,
): Promise<{ questionario: Questionario; mensagem: string }> {
  const r = await chamar(c.salvarIndustrial, { corpo, representado, ...(chaveIdempotencia ? { chaveIdempotencia } : {}) });
  return { questionario: r.dados, mensagem: r.mensagem };
}

export const chaveRascunhoReap = (idQuestionario: number) => `reap/${idQuestionario}`;

export type RegistroReap<F, C> = RegistroNoCelular<F, C, Questionario>;

/** As the server files them: justifications (6), work-relation proofs (7). */
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

export async function baixarCsvPendentes(f: FiltrosObrigacoesServidor): Promise<void> {
  salvarArquivo(await chamar(c.csvPendentes, { query: f }), 'reap-pendentes.csv');
}

/** Fetched with the session, shown from a blob. */
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
