import { MENSAGENS_PESCADOR } from '../../../shared/schemas/pescador';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import {
  listaSolicitacoesSchema,
  solicitacaoDetalheSchema,
  type FiltroSolicitacoes,
  type ListaSolicitacoes,
  type SolicitacaoDetalheResposta,
} from '../../../shared/schemas/solicitacao-api';
import { api, deleteEnvelope, getDados } from '../../lib/api';

export const ERRO_CONSULTAR_SOLICITACAO = MENSAGENS_SOLICITACAO.erroConsultar;
export const ERRO_CONSULTAR_PROTOCOLO = MENSAGENS_PESCADOR.erroProtocolo;

export const solicitacoesKeys = {
  all: ['solicitacoes'] as const,
  lista: (f: FiltroSolicitacoes) => ['solicitacoes', 'lista', f] as const,
  detalhe: (id: number) => ['solicitacoes', 'detalhe', id] as const,
};

/** The list's query string: the page, then each filter given (lists comma-separated). */
function query(f: FiltroSolicitacoes): string {
  const p = new URLSearchParams({ pagina: String(f.pagina), tamanhoPagina: String(f.tamanhoPagina) });
  if (f.situacao) p.set('situacao', f.situacao.join(','));
  if (f.tipo) p.set('tipo', f.tipo.join(','));
  if (f.cpf) p.set('cpf', f.cpf);
  if (f.nome) p.set('nome', f.nome);
  if (f.idPescador) p.set('idPescador', String(f.idPescador));
  return p.toString();
}

/** GET /api/solicitacao?pagina&tamanhoPagina&situacao&tipo (1-based pages): the signed-in fisher's requests. */
export async function listarSolicitacoes(f: FiltroSolicitacoes): Promise<ListaSolicitacoes> {
  return getDados(`/api/solicitacao?${query(f)}`, listaSolicitacoesSchema);
}

/** GET /api/solicitacao/{id}. */
export async function consultarSolicitacao(id: number): Promise<SolicitacaoDetalheResposta> {
  return getDados(`/api/solicitacao/${id}`, solicitacaoDetalheSchema);
}

/** DELETE /api/solicitacao/{id}/inativar: discards a draft. */
export async function descartarRascunho(id: number): Promise<void> {
  await deleteEnvelope(`/api/solicitacao/${id}/inativar`, solicitacaoDetalheSchema);
}

/** GET /api/pescador/{idPescador}/imprimir-protocolo?idSolicitacao=N, fetched with the bearer as a PDF blob. */
export async function obterProtocoloPdf(idPescador: number, idSolicitacao: number): Promise<string> {
  const { data } = await api.get<Blob>(`/api/pescador/${idPescador}/imprimir-protocolo?idSolicitacao=${idSolicitacao}`, {
    responseType: 'blob',
    headers: { Accept: 'application/pdf, application/json' },
  });
  const pdf = data instanceof Blob ? data : new Blob([data as BlobPart], { type: 'application/pdf' });
  const url = URL.createObjectURL(pdf.type ? pdf : new Blob([pdf], { type: 'application/pdf' }));
  // The tab has loaded it long before; free the memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return url;
}
