import * as contratosPescador from '../../../shared/contratos/pescador';
import * as contratosSolicitacao from '../../../shared/contratos/solicitacao';
import { MENSAGENS_PESCADOR } from '../../../shared/schemas/pescador';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import type { FiltroSolicitacoes, ListaSolicitacoes, SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
import { chamar, dados } from '../../lib/contrato';

export const ERRO_CONSULTAR_SOLICITACAO = MENSAGENS_SOLICITACAO.erroConsultar;
export const ERRO_CONSULTAR_PROTOCOLO = MENSAGENS_PESCADOR.erroProtocolo;

export const solicitacoesKeys = {
  all: ['solicitacoes'] as const,
  lista: (f: FiltroSolicitacoes) => ['solicitacoes', 'lista', f] as const,
  detalhe: (id: number) => ['solicitacoes', 'detalhe', id] as const,
};

/**
 * GET /api/solicitacao?pagina&tamanhoPagina&situacao&tipo (1-based pages, a list repeating its key): the signed-in
 * fisher's requests.
 */
export async function listarSolicitacoes(f: FiltroSolicitacoes): Promise<ListaSolicitacoes> {
  return dados(contratosSolicitacao.listar, { query: f });
}

/** GET /api/solicitacao/{id}. */
export async function consultarSolicitacao(id: number): Promise<SolicitacaoDetalheResposta> {
  return dados(contratosSolicitacao.detalhe, { params: { id } });
}

/** DELETE /api/solicitacao/{id}/inativar: discards a draft. */
export async function descartarRascunho(id: number): Promise<void> {
  await chamar(contratosSolicitacao.inativar, { params: { id } });
}

/** GET /api/pescador/{idPescador}/imprimir-protocolo?idSolicitacao=N, fetched with the bearer as a PDF blob. */
export async function obterProtocoloPdf(idPescador: number, idSolicitacao: number): Promise<string> {
  const data = await chamar(contratosPescador.imprimirProtocolo, {
    params: { id: idPescador }, query: { idSolicitacao }, headers: { Accept: 'application/pdf, application/json' },
  });
  const pdf = data instanceof Blob ? data : new Blob([data as BlobPart], { type: 'application/pdf' });
  const url = URL.createObjectURL(pdf.type ? pdf : new Blob([pdf], { type: 'application/pdf' }));
  // The tab has loaded it long before; free the memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return url;
}
