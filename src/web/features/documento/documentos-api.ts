import * as contratosAnalise from '../../../shared/contratos/analise';
import * as contratosDocumento from '../../../shared/contratos/documento';
import * as contratosSolicitacao from '../../../shared/contratos/solicitacao';
import type { Envelope } from '../../../shared/envelope';
import { MENSAGENS_ANALISE, type Indeferimento } from '../../../shared/schemas/analise';
import { MENSAGENS_DOCUMENTO, type Documento } from '../../../shared/schemas/documento';
import type { SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
import { postDocumento } from '../../lib/envelope';
import { chamar, dados } from '../../lib/contrato';
import { enderecoArquivo } from '../../lib/arquivos';
import { getToken } from '../../lib/storage';

export const ERRO_CARREGAR_DOCUMENTOS = MENSAGENS_DOCUMENTO.erroCarregar;
export const ERRO_DELETAR_DOCUMENTO = MENSAGENS_DOCUMENTO.erroDeletar;
export const ERRO_URL_CLOUD = MENSAGENS_DOCUMENTO.erroUrlCloud;
export const ERRO_INDEFERIMENTO = MENSAGENS_ANALISE.erroConsultarIndeferimento;
export const ARQUIVO_CARREGADO = 'Arquivo carregado com sucesso';
export const DOCUMENTO_REMOVIDO = MENSAGENS_DOCUMENTO.removido;

export const documentosKeys = {
  solicitacao: (idSolicitacao: number) => ['documentos', 'solicitacao', idSolicitacao] as const,
  indeferimento: (idSolicitacao: number) => ['documentos', 'indeferimento', idSolicitacao] as const,
};

export function nomeDocumento(d: Documento): string {
  return d.nomeArquivo || 'Documento sem nome';
}

export async function listarDocumentos(idSolicitacao: number): Promise<Documento[]> {
  const { documentos } = await dados(contratosDocumento.listarPorSolicitacao, { params: { id: idSolicitacao } });
  return documentos;
}

export async function enviarDocumento(idSolicitacao: number, tipo: number, arquivo: File): Promise<Documento> {
  return postDocumento(contratosDocumento.enviar, { idSolicitacao, tipo }, arquivo);
}

export async function removerDocumento(id: number): Promise<void> {
  await chamar(contratosDocumento.remover, { params: { id } });
}

function comJwt(endereco: string, token: string | null): string {
  if (!token) return endereco;
  return `${endereco}${endereco.includes('?') ? '&' : '?'}jwt=${encodeURIComponent(token)}`;
}

/** The address that shows a document (spec point 7): a migrated one through the signed cloud-storage address. */
export async function enderecoDocumento(d: Documento): Promise<string> {
  if (d.migrado) return enderecoArquivo(d.chaveArquivo);
  return comJwt(d.urlArquivo, getToken());
}

/** The rejection record (404 when there is none). */
export async function consultarIndeferimento(idSolicitacao: number): Promise<Indeferimento> {
  return dados(contratosAnalise.indeferimento, { params: { id: idSolicitacao } });
}

/** Opens a documents edit (type 9). */
export async function iniciarEdicaoDocumentos(): Promise<Envelope<SolicitacaoDetalheResposta>> {
  return chamar(contratosSolicitacao.iniciarEdicaoDocumentos, {});
}

/** Sends the documents edit with the declaration the fisher ticked (decision 0033). */
export async function enviarEdicaoDocumentos(idSolicitacao: number): Promise<string> {
  const { mensagem } = await chamar(contratosSolicitacao.enviarEdicaoDocumentos, {
    params: { id: idSolicitacao }, corpo: { declaraCiencia: true },
  });
  return mensagem;
}
