import type { Envelope } from '../../../shared/envelope';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import type { ListaSolicitacoes, SolicitacaoResumo } from '../../../shared/schemas/solicitacao-api';
import { api, getDados } from '../../lib/api';

export type { ListaSolicitacoes, SolicitacaoResumo };

/** A request as GET /api/solicitacao/{id} answers it: the fields these screens read, plus the steps' fields. */
export interface SolicitacaoDetalhe {
  id: number;
  tipo: number;
  situacao: number;
  passo?: number;
  numeroProtocolo?: string | null;
  dataCriacao?: string | null;
  dataEnvio?: string | null;
  nacionalidadeBrasileira?: string | null;
  possuiInstituicaoRepresentante?: boolean | null;
  [campo: string]: unknown;
}

export interface FiltroSolicitacoes {
  pagina: number;
  tamanhoPagina: number;
  situacao?: number | number[];
  tipo?: number | number[];
}

export const ERRO_CONSULTAR_SOLICITACAO = MENSAGENS_SOLICITACAO.erroConsultar;
export const ERRO_CONSULTAR_PROTOCOLO = 'Erro ao consultar Protocolo da Solicitação';

export const solicitacoesKeys = {
  all: ['solicitacoes'] as const,
  lista: (f: FiltroSolicitacoes) => ['solicitacoes', 'lista', f] as const,
  detalhe: (id: number) => ['solicitacoes', 'detalhe', id] as const,
};

function query(f: FiltroSolicitacoes): string {
  const p = new URLSearchParams({ pagina: String(f.pagina), tamanhoPagina: String(f.tamanhoPagina) });
  const lista = (v: number | number[]) => (Array.isArray(v) ? v.join(',') : String(v));
  if (f.situacao !== undefined) p.set('situacao', lista(f.situacao));
  if (f.tipo !== undefined) p.set('tipo', lista(f.tipo));
  return p.toString();
}

/** GET /api/solicitacao?pagina&tamanhoPagina&situacao&tipo (1-based pages): the signed-in fisher's requests. */
export async function listarSolicitacoes(f: FiltroSolicitacoes): Promise<ListaSolicitacoes> {
  const dados = await getDados<ListaSolicitacoes | null>(`/api/solicitacao?${query(f)}`);
  return { total: dados?.total ?? 0, solicitacoes: dados?.solicitacoes ?? [] };
}

/** GET /api/solicitacao/{id}. */
export async function consultarSolicitacao(id: number): Promise<SolicitacaoDetalhe> {
  return getDados<SolicitacaoDetalhe>(`/api/solicitacao/${id}`);
}

/** DELETE /api/solicitacao/{id}/inativar: discards a draft. */
export async function descartarRascunho(id: number): Promise<void> {
  await api.delete(`/api/solicitacao/${id}/inativar`);
}

/**
 * GET /api/pescador/{idPescador}/imprimir-protocolo?idSolicitacao=N, fetched with the bearer as a PDF blob.
 * Should the server answer the envelope with `dados.url` instead, that address is used.
 */
export async function obterProtocoloPdf(idPescador: number, idSolicitacao: number): Promise<string> {
  const { data } = await api.get<Blob>(`/api/pescador/${idPescador}/imprimir-protocolo?idSolicitacao=${idSolicitacao}`, {
    responseType: 'blob',
    headers: { Accept: 'application/pdf, application/json' },
  });
  if (data instanceof Blob && data.type.includes('json')) {
    const envelope = JSON.parse(await data.text()) as Envelope<{ url?: string } | null>;
    if (envelope.dados?.url) return envelope.dados.url;
    throw new Error('Resposta sem protocolo');
  }
  const pdf = data instanceof Blob ? data : new Blob([data as BlobPart], { type: 'application/pdf' });
  const url = URL.createObjectURL(pdf.type ? pdf : new Blob([pdf], { type: 'application/pdf' }));
  // The tab has loaded it long before; free the memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return url;
}
