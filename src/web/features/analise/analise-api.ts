import type { QueryDe } from '../../../shared/contrato';
import * as c from '../../../shared/contratos/analise';
import { TipoSolicitacao } from '../../../shared/enums';
import type { AnaliseDetalhe, DecisaoAnaliseCorpo, DocumentoParecer, ListaAnalises, UfsEscopo } from '../../../shared/schemas/analise';
import type { TotalizadoresServidor } from '../../../shared/schemas/totalizadores';
import { postDocumento } from '../../lib/envelope';
import { chamar, dados } from '../../lib/contrato';

/**
 * Calls of the analysis screens (spec point 7, "Analysis"; src/server/modules/analise/analise.routes.ts), through
 * the contracts (src/shared/contratos/analise.ts), each answer checked with the shared schemas.
 */

/**
 * The follow-up's filters as the API reads them (the contract's query). Empty values are left out; the keys go
 * in the API's parameter order.
 */
export type FiltrosLista = QueryDe<typeof c.listar>;

export const analiseKeys = {
  all: ['analise'] as const,
  totalizadores: () => ['analise', 'totalizadores'] as const,
  lista: (filtros: FiltrosLista) => ['analise', 'lista', filtros] as const,
  detalhe: (idAnalise: number) => ['analise', 'detalhe', idAnalise] as const,
  ufsEscopo: () => ['analise', 'ufs-escopo'] as const,
};

/** GET /api/analise-solicitacao/ufs-escopo: the states whose analyses the signed-in server sees. */
export async function fetchUfsEscopo(): Promise<UfsEscopo> {
  return dados(c.ufsEscopo, {});
}

/** GET /api/analise-solicitacao/totalizadores. */
export async function fetchTotalizadores(): Promise<TotalizadoresServidor> {
  return dados(c.totalizadores, {});
}

/** GET /api/analise-solicitacao?{filters}: `dados: {total, analises}`. */
export async function fetchAnalises(filtros: FiltrosLista): Promise<ListaAnalises> {
  return dados(c.listar, { query: filtros });
}

/** GET /api/analise-solicitacao/{idAnalise}: the analysis with its request, documents and lock state. */
export async function fetchAnalise(idAnalise: number): Promise<AnaliseDetalhe> {
  return dados(c.detalhar, { params: { id: idAnalise } });
}

/** POST /api/analise-solicitacao/bloquear: starts the analysis (locks it). Answers the server's message. */
export async function iniciarAnalise(idAnaliseSolicitacao: number): Promise<string> {
  const { mensagem } = await chamar(c.bloquear, { corpo: { idAnaliseSolicitacao } });
  return mensagem;
}

/** POST /api/analise-solicitacao/desbloquear: cancels the start. Answers the server's message. */
export async function cancelarInicio(idAnaliseSolicitacao: number): Promise<string> {
  const { mensagem } = await chamar(c.desbloquear, { corpo: { idAnaliseSolicitacao } });
  return mensagem;
}

/** Records the checklist and concludes: answers the server's message ('Análise DEFERIDA com sucesso!' …). */
export async function concluirAnalise(tipoSolicitacao: number, corpo: DecisaoAnaliseCorpo): Promise<string> {
  // A documents edit (tipo 9) has its own endpoint.
  const conclusao = tipoSolicitacao === TipoSolicitacao.EDICAO_DOCUMENTOS ? c.concluirEdicaoDocumentos : c.concluir;
  const { mensagem } = await chamar(conclusao, { corpo });
  return mensagem;
}

/** POST /api/documentos/parecer (multipart idAnaliseSolicitacao, arquivos): the stored document. */
export async function enviarParecer(idAnaliseSolicitacao: number, arquivo: File): Promise<DocumentoParecer> {
  return postDocumento(c.enviarParecer, { idAnaliseSolicitacao }, arquivo);
}

/** DELETE /api/documentos/parecer/documento/{id} (204). */
export async function removerParecer(id: number): Promise<void> {
  await chamar(c.removerParecer, { params: { id } });
}
