import type { Envelope } from '../../../shared/envelope';
import { MENSAGENS_ANALISE } from '../../../shared/schemas/analise';
import { MENSAGENS_DOCUMENTO } from '../../../shared/schemas/documento';
import { api, getDados } from '../../lib/api';
import { getToken } from '../../lib/storage';

/**
 * A stored document (spec point 3, "Document"; src/shared/schemas/documento.ts). Read leniently: documents
 * migrated from the legacy system may lack some of the names.
 */
export interface Documento {
  id: number;
  nome?: string | null;
  nomeArquivo?: string | null;
  url?: string | null;
  urlArquivo?: string | null;
  chave?: string | null;
  chaveArquivo?: string | null;
  tipoDocumento: number;
  migrado?: boolean | null;
  aprovado?: boolean | null;
}

/**
 * The rejection record of a request (GET /api/analise-solicitacao/indeferimento/{idSolicitacao}): the date of
 * the analysis, each analysed document approved or not, and the analyst's justification. `justificativa` is
 * read when present, else `parecer`.
 */
export interface Indeferimento {
  /** When the analysis was concluded, ISO 8601: shown in the user's time zone rules (São Paulo). */
  dataCriacao?: string | null;
  /** The same instant already formatted by the server (dd/MM/yyyy HH:mm:ss): shown as is when alone. */
  dataAnalise?: string | null;
  documentos?: { tipoDocumento: number; nomeDocumento?: string | null; aprovado: boolean }[] | null;
  parecer?: string | null;
  justificativa?: string | null;
}

export const ERRO_CARREGAR_DOCUMENTOS = MENSAGENS_DOCUMENTO.erroCarregar;
export const ERRO_DELETAR_DOCUMENTO = MENSAGENS_DOCUMENTO.erroDeletar;
export const ERRO_URL_CLOUD = MENSAGENS_DOCUMENTO.erroUrlCloud;
export const ERRO_INDEFERIMENTO = MENSAGENS_ANALISE.erroConsultarIndeferimento;
export const DOCUMENTO_SALVO = MENSAGENS_DOCUMENTO.salvo;
export const ARQUIVO_CARREGADO = 'Arquivo carregado com sucesso';
export const DOCUMENTO_REMOVIDO = MENSAGENS_DOCUMENTO.removido;

export const documentosKeys = {
  solicitacao: (idSolicitacao: number) => ['documentos', 'solicitacao', idSolicitacao] as const,
  indeferimento: (idSolicitacao: number) => ['documentos', 'indeferimento', idSolicitacao] as const,
};

export function nomeDocumento(d: Documento): string {
  return d.nomeArquivo || d.nome || 'Documento sem nome';
}

/** GET /api/documentos/solicitacao/{id}: dados.documentos. */
export async function listarDocumentos(idSolicitacao: number): Promise<Documento[]> {
  const dados = await getDados<{ documentos?: Documento[] | null } | null>(`/api/documentos/solicitacao/${idSolicitacao}`);
  return dados?.documentos ?? [];
}

/** POST /api/documentos (multipart idSolicitacao, tipo, arquivos): the stored document, dados.documentos[0]. */
export async function enviarDocumento(idSolicitacao: number, tipo: number, arquivo: File): Promise<Documento> {
  const form = new FormData();
  form.append('idSolicitacao', String(idSolicitacao));
  form.append('tipo', String(tipo));
  form.append('arquivos', arquivo, arquivo.name);
  // multipart: axios drops this header for FormData so the browser writes it with the boundary.
  const { data } = await api.post<Envelope<{ documentos: Documento[] }>>('/api/documentos', form, {
    headers: { 'Content-Type': 'multipart/form-data' },
  });
  const documento = data.dados?.documentos?.[0];
  if (!documento) throw new Error('Resposta sem documento');
  return documento;
}

/** DELETE /api/documentos/{id} (204, no body). */
export async function removerDocumento(id: number): Promise<void> {
  await api.delete(`/api/documentos/${id}`);
}

function comJwt(endereco: string, token: string | null): string {
  if (!token) return endereco;
  return `${endereco}${endereco.includes('?') ? '&' : '?'}jwt=${encodeURIComponent(token)}`;
}

/**
 * The address that shows a document (spec point 7): a migrated document is read through the short-lived signed
 * address of GET /api/cloud-storage/{chave}?jwt={token}; any other is fetched from its urlArquivo with the jwt
 * query appended.
 */
export async function enderecoDocumento(d: Documento): Promise<string> {
  const token = getToken();
  if (d.migrado) {
    const chave = d.chaveArquivo || d.chave;
    if (!chave) throw new Error('Documento sem chave');
    const dados = await getDados<{ url: string }>(comJwt(`/api/cloud-storage/${encodeURIComponent(chave)}`, token));
    if (!dados?.url) throw new Error('Resposta sem endereço');
    return dados.url;
  }
  const endereco = d.urlArquivo || d.url;
  if (!endereco) throw new Error('Documento sem endereço');
  return comJwt(endereco, token);
}

/** GET /api/analise-solicitacao/indeferimento/{idSolicitacao}; null when the request has none. */
export async function consultarIndeferimento(idSolicitacao: number): Promise<Indeferimento | null> {
  return (await getDados<Indeferimento | null>(`/api/analise-solicitacao/indeferimento/${idSolicitacao}`)) ?? null;
}
