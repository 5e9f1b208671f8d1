import type { Envelope } from '../../../shared/envelope';
import {
  analiseDetalheSchema,
  listaAnalisesSchema,
  type AnaliseDetalhe,
  type AnaliseResumo,
  type DecisaoAnaliseCorpo,
} from '../../../shared/schemas/analise';
import { totalizadoresServidor, type TotalizadoresServidor } from '../../../shared/schemas/totalizadores';
import { TipoSolicitacao } from '../../../shared/enums';
import { api, getDados } from '../../lib/api';
import { getToken } from '../../lib/storage';

/**
 * Calls of the analysis screens (spec point 7, "Analysis"; src/server/modules/analise/analise.routes.ts), each
 * returning the envelope's `dados` checked with the shared schemas.
 */

/** The follow-up's filters as the API reads them (GET /api/analise-solicitacao?…). Empty values are left out. */
export interface FiltrosLista {
  situacao?: string;
  tipoSolicitacao?: string;
  uf?: string;
  /** digits only */
  cpf?: string;
  nome?: string;
  /** yyyy-MM-dd */
  dataInicio?: string;
  dataFim?: string;
  pagina: number;
  tamanhoPagina: number;
}

export interface ListaAnalises {
  total: number;
  analises: AnaliseResumo[];
}

export const analiseKeys = {
  all: ['analise'] as const,
  totalizadores: () => ['analise', 'totalizadores'] as const,
  lista: (filtros: FiltrosLista) => ['analise', 'lista', filtros] as const,
  detalhe: (idAnalise: number) => ['analise', 'detalhe', idAnalise] as const,
};

/** The query string of the list, in the API's parameter order, without empty filters. */
export function queryStringDaLista(filtros: FiltrosLista): string {
  const params = new URLSearchParams();
  const chaves = ['situacao', 'tipoSolicitacao', 'uf', 'cpf', 'nome', 'dataInicio', 'dataFim'] as const;
  for (const chave of chaves) {
    const valor = filtros[chave]?.trim();
    if (valor) params.set(chave, valor);
  }
  params.set('pagina', String(filtros.pagina));
  params.set('tamanhoPagina', String(filtros.tamanhoPagina));
  return params.toString();
}

/** GET /api/analise-solicitacao/totalizadores. */
export async function fetchTotalizadores(): Promise<TotalizadoresServidor> {
  return totalizadoresServidor.parse(await getDados<unknown>('/api/analise-solicitacao/totalizadores'));
}

/** GET /api/analise-solicitacao?{filters}: `dados: {total, analises}`. */
export async function fetchAnalises(filtros: FiltrosLista): Promise<ListaAnalises> {
  return listaAnalisesSchema.parse(await getDados<unknown>(`/api/analise-solicitacao?${queryStringDaLista(filtros)}`));
}

/** GET /api/analise-solicitacao/{idAnalise}: the analysis with its request, documents and lock state. */
export async function fetchAnalise(idAnalise: number): Promise<AnaliseDetalhe> {
  return analiseDetalheSchema.parse(await getDados<unknown>(`/api/analise-solicitacao/${idAnalise}`));
}

/** POST /api/analise-solicitacao/bloquear: starts the analysis (locks it). Answers the server's message. */
export async function iniciarAnalise(idAnaliseSolicitacao: number): Promise<string> {
  const { data } = await api.post<Envelope<unknown>>('/api/analise-solicitacao/bloquear', { idAnaliseSolicitacao });
  return data.mensagem;
}

/** POST /api/analise-solicitacao/desbloquear: cancels the start. Answers the server's message. */
export async function cancelarInicio(idAnaliseSolicitacao: number): Promise<string> {
  const { data } = await api.post<Envelope<unknown>>('/api/analise-solicitacao/desbloquear', { idAnaliseSolicitacao });
  return data.mensagem;
}

/** The decision's endpoint: a documents edit (tipo 9) has its own. */
export function enderecoConclusao(tipoSolicitacao: number): string {
  return tipoSolicitacao === TipoSolicitacao.EDICAO_DOCUMENTOS
    ? '/api/analise-solicitacao-edicao-documento'
    : '/api/analise-solicitacao/atualizar-analise-solicitacao';
}

/** Records the checklist and concludes: answers the server's message ('Análise DEFERIDA com sucesso!' …). */
export async function concluirAnalise(tipoSolicitacao: number, corpo: DecisaoAnaliseCorpo): Promise<string> {
  const { data } = await api.post<Envelope<unknown>>(enderecoConclusao(tipoSolicitacao), corpo);
  return data.mensagem;
}

/** The opinion document as the screen keeps it. */
export interface DocumentoParecer {
  id: number;
  nomeArquivo: string;
  chaveArquivo: string | null;
}

function lerParecer(dados: unknown, nomeEnviado: string): DocumentoParecer {
  // The answer is read leniently: `dados.documentos[0]` (as POST /api/documentos answers) or the document itself.
  const d = (dados ?? {}) as { documentos?: unknown[] } & Record<string, unknown>;
  const doc = (Array.isArray(d.documentos) ? d.documentos[0] : d) as Record<string, unknown> | undefined;
  const id = typeof doc?.id === 'number' ? doc.id : Number(doc?.id);
  if (!doc || !Number.isInteger(id) || id <= 0) throw new Error('Resposta sem documento');
  const nome = doc.nomeArquivo ?? doc.nome;
  const chave = doc.chaveArquivo ?? doc.chave;
  return {
    id,
    nomeArquivo: typeof nome === 'string' && nome ? nome : nomeEnviado,
    chaveArquivo: typeof chave === 'string' && chave ? chave : null,
  };
}

/** POST /api/documentos/parecer (multipart idAnaliseSolicitacao, arquivos). */
export async function enviarParecer(idAnaliseSolicitacao: number, arquivo: File): Promise<DocumentoParecer> {
  const form = new FormData();
  form.append('idAnaliseSolicitacao', String(idAnaliseSolicitacao));
  form.append('arquivos', arquivo, arquivo.name);
  const { data } = await api.post<Envelope<unknown>>('/api/documentos/parecer', form, {
    headers: { 'Content-Type': 'multipart/form-data' },
  });
  return lerParecer(data.dados, arquivo.name);
}

/** DELETE /api/documentos/parecer/documento/{id} (204). */
export async function removerParecer(id: number): Promise<void> {
  await api.delete(`/api/documentos/parecer/documento/${id}`);
}

/** GET /api/cloud-storage/{chave}?jwt={token}: the short-lived signed address of a stored file. */
export async function enderecoArquivo(chave: string): Promise<string> {
  const token = getToken();
  const query = token ? `?jwt=${encodeURIComponent(token)}` : '';
  const dados = await getDados<{ url?: string } | null>(`/api/cloud-storage/${encodeURIComponent(chave)}${query}`);
  if (!dados?.url) throw new Error('Resposta sem endereço');
  return dados.url;
}
