import { solicitacoes } from '../../../shared/leituras-pescador';
import { MENSAGENS_PESCADOR } from '../../../shared/mensagens/pescador';
import { MENSAGENS_SOLICITACAO } from '../../../shared/mensagens/solicitacao';
import type { FiltroSolicitacoes, ListaSolicitacoes, SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
import { lerDados } from '../../lib/leitura';

/** The contracts with their schemas, loaded on the first call that needs them: /home lists without zod (decision 0130). */
const contratos = () => Promise.all([
  import('../../../shared/contratos/solicitacao'), import('../../../shared/contratos/pescador'), import('../../lib/contrato'),
]);

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
  return lerDados(solicitacoes, { query: f });
}

/** GET /api/solicitacao/{id}. */
export async function consultarSolicitacao(id: number): Promise<SolicitacaoDetalheResposta> {
  const [c, , { dados }] = await contratos();
  return dados(c.detalhe, { params: { id } });
}

/** DELETE /api/solicitacao/{id}/inativar: discards a draft. */
export async function descartarRascunho(id: number): Promise<void> {
  const [c, , { chamar }] = await contratos();
  await chamar(c.inativar, { params: { id } });
}

/** GET /api/pescador/{idPescador}/imprimir-protocolo?idSolicitacao=N, fetched with the bearer as a PDF blob. */
export async function obterProtocoloPdf(idPescador: number, idSolicitacao: number): Promise<string> {
  const [, c, { chamar }] = await contratos();
  const data = await chamar(c.imprimirProtocolo, {
    params: { id: idPescador }, query: { idSolicitacao }, headers: { Accept: 'application/pdf, application/json' },
  });
  const pdf = data instanceof Blob ? data : new Blob([data as BlobPart], { type: 'application/pdf' });
  const url = URL.createObjectURL(pdf.type ? pdf : new Blob([pdf], { type: 'application/pdf' }));
  // The tab has loaded it long before; free the memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return url;
}
