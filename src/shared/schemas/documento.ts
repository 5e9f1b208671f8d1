import { z } from 'zod';
import { TipoDocumento } from '../enums';
import { idCoagido, texto } from './primitivos';
import { MENSAGENS_SOLICITACAO } from './solicitacao';

/**
 * Documents of a request (spec point 3 "Document", point 7 "Documents"). The answer names each field twice, as
 * the specification lists both names (`nome`/`nomeArquivo`, `url`/`urlArquivo`, `chave`/`chaveArquivo`): both
 * carry the same value.
 */

export const MENSAGENS_DOCUMENTO = {
  salvo: 'Documento salvo com sucesso',
  removido: 'Documento removido com sucesso',
  naoEditavel: MENSAGENS_SOLICITACAO.naoEditavel,
  naoEncontrado: 'Documento não encontrado.',
  solicitacaoNaoEncontrada: 'Solicitação não encontrada.',
  tipoInvalido: 'Tipo de documento inválido',
  solicitacaoInvalida: 'Solicitação inválida',
  enderecoInvalido: 'Endereço do arquivo inválido ou expirado. Abra o documento novamente.',
  erroCarregar: 'Erro ao carregar Documentos',
  erroDeletar: 'Erro ao deletar documento',
  erroUrlCloud: 'Erro ao carregar url do arquivo da cloud',
  parecerNaoEncontrado: 'Documento de parecer não encontrado.',
} as const;

const tiposDocumento = Object.values(TipoDocumento) as number[];

export function isTipoDocumento(v: number): boolean {
  return tiposDocumento.includes(v);
}

/** tipoDocumento 1–16. Multipart fields arrive as text, hence the coercion. */
export const tipoDocumentoSchema = z.coerce
  .number({ error: MENSAGENS_DOCUMENTO.tipoInvalido })
  .int(MENSAGENS_DOCUMENTO.tipoInvalido)
  .refine(isTipoDocumento, MENSAGENS_DOCUMENTO.tipoInvalido);

/** The text fields of POST /api/documentos (multipart: idSolicitacao, tipo, and the file `arquivos`). */
export const envioDocumentoCampos = z.object({
  idSolicitacao: idCoagido({ obrigatorio: MENSAGENS_DOCUMENTO.solicitacaoInvalida, invalido: MENSAGENS_DOCUMENTO.solicitacaoInvalida }),
  tipo: tipoDocumentoSchema,
});
export type EnvioDocumentoCampos = z.infer<typeof envioDocumentoCampos>;

/** A stored file's key: random (32 hex for new files); migrated files keep theirs. Never a user's file name. */
export const chaveArquivoSchema = texto().regex(/^[A-Za-z0-9_-]{8,100}$/, 'Chave de arquivo inválida');

export const documentoSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  nomeArquivo: z.string(),
  url: z.string(),
  urlArquivo: z.string(),
  chave: z.string(),
  chaveArquivo: z.string(),
  tipoDocumento: z.number().int(),
  migrado: z.boolean(),
  aprovado: z.boolean(),
});
export type Documento = z.infer<typeof documentoSchema>;

/** `dados` of POST /api/documentos and GET /api/documentos/solicitacao/{id}. */
export const documentosResposta = z.object({ documentos: z.array(documentoSchema) });

/** GET /api/cloud-storage/{chave}?jwt=: the caller's token travels in the query (a new tab sends no headers). */
export const cloudStorageQuery = z.object({ jwt: texto().min(1).max(4096).optional() });

/** `dados` of GET /api/cloud-storage/{chave}: a short-lived signed address of the file. */
export const enderecoArquivoResposta = z.object({ url: z.string() });

/**
 * GET /api/arquivos/{chave}: a signed address (expira, assinatura) or the caller's token (jwt). The signature is
 * checked by the server, which answers 403 for a malformed, wrong or expired one (not 400).
 */
export const arquivoQuery = z.object({
  expira: texto().max(20).optional(),
  assinatura: texto().max(200).optional(),
  jwt: texto().min(1).max(4096).optional(),
});
