import { z } from 'zod';
import { TipoSolicitacao } from '../../../shared/enums';
import {
  analiseDetalheSchema,
  bloqueioRespostaSchema,
  decisaoRespostaSchema,
  listaAnalisesSchema,
  type AnaliseDetalhe,
  type DecisaoAnaliseCorpo,
  type DocumentoParecer,
  type ListaAnalises,
  type UfsEscopo,
  ufsEscopoSchema,
} from '../../../shared/schemas/analise';
import { totalizadoresServidor, type TotalizadoresServidor } from '../../../shared/schemas/totalizadores';
import { api, getDados, postDocumento, postEnvelope } from '../../lib/api';

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

export const analiseKeys = {
  all: ['analise'] as const,
  totalizadores: () => ['analise', 'totalizadores'] as const,
  lista: (filtros: FiltrosLista) => ['analise', 'lista', filtros] as const,
  detalhe: (idAnalise: number) => ['analise', 'detalhe', idAnalise] as const,
  ufsEscopo: () => ['analise', 'ufs-escopo'] as const,
};

/** GET /api/analise-solicitacao/ufs-escopo: the states whose analyses the signed-in server sees. */
export async function fetchUfsEscopo(): Promise<UfsEscopo> {
  return getDados('/api/analise-solicitacao/ufs-escopo', ufsEscopoSchema);
}

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
  return getDados('/api/analise-solicitacao/totalizadores', totalizadoresServidor);
}

/** GET /api/analise-solicitacao?{filters}: `dados: {total, analises}`. */
export async function fetchAnalises(filtros: FiltrosLista): Promise<ListaAnalises> {
  return getDados(`/api/analise-solicitacao?${queryStringDaLista(filtros)}`, listaAnalisesSchema);
}

/** GET /api/analise-solicitacao/{idAnalise}: the analysis with its request, documents and lock state. */
export async function fetchAnalise(idAnalise: number): Promise<AnaliseDetalhe> {
  return getDados(`/api/analise-solicitacao/${idAnalise}`, analiseDetalheSchema);
}

/** POST /api/analise-solicitacao/bloquear: starts the analysis (locks it). Answers the server's message. */
export async function iniciarAnalise(idAnaliseSolicitacao: number): Promise<string> {
  const { mensagem } = await postEnvelope('/api/analise-solicitacao/bloquear', { idAnaliseSolicitacao }, bloqueioRespostaSchema);
  return mensagem;
}

/** POST /api/analise-solicitacao/desbloquear: cancels the start. Answers the server's message. */
export async function cancelarInicio(idAnaliseSolicitacao: number): Promise<string> {
  const { mensagem } = await postEnvelope('/api/analise-solicitacao/desbloquear', { idAnaliseSolicitacao }, z.null());
  return mensagem;
}

/** The decision's endpoint: a documents edit (tipo 9) has its own. */
export function enderecoConclusao(tipoSolicitacao: number): string {
  return tipoSolicitacao === TipoSolicitacao.EDICAO_DOCUMENTOS
    ? '/api/analise-solicitacao-edicao-documento'
    : '/api/analise-solicitacao/atualizar-analise-solicitacao';
}

/** Records the checklist and concludes: answers the server's message ('Análise DEFERIDA com sucesso!' …). */
export async function concluirAnalise(tipoSolicitacao: number, corpo: DecisaoAnaliseCorpo): Promise<string> {
  const { mensagem } = await postEnvelope(enderecoConclusao(tipoSolicitacao), corpo, decisaoRespostaSchema);
  return mensagem;
}

/** POST /api/documentos/parecer (multipart idAnaliseSolicitacao, arquivos): the stored document. */
export async function enviarParecer(idAnaliseSolicitacao: number, arquivo: File): Promise<DocumentoParecer> {
  return postDocumento('/api/documentos/parecer', { idAnaliseSolicitacao }, arquivo);
}

/** DELETE /api/documentos/parecer/documento/{id} (204). */
export async function removerParecer(id: number): Promise<void> {
  await api.delete(`/api/documentos/parecer/documento/${id}`);
}
