import { z } from 'zod';
import { TipoDocumento } from '../enums';
import { MENSAGENS_ARQUIVO, TAMANHO_MAXIMO_DOCUMENTO_BYTES } from '../regras/arquivos';
import { idCoagido, texto } from './primitivos';
import { MENSAGENS_SOLICITACAO } from './solicitacao';

/** Spec points 3 and 7. Each field is named twice, as the spec lists both names. */

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
  envioNaoEncontrado: 'Envio de documento não encontrado ou expirado. Escolha o arquivo novamente.',
  envioForaDeOrdem: 'Esta parte não continua o envio do documento. Consulte quanto já foi recebido e continue de lá.',
  envioAlemDoTamanho: 'O arquivo enviado é maior que o tamanho informado no início do envio.',
  envioIncompleto: 'O documento ainda não foi recebido por inteiro. Envie as partes que faltam.',
  enviosDemais: 'Há envios de documentos demais em andamento. Os que não forem concluídos expiram em 24 horas; tente novamente mais tarde.',
  tamanhoInvalido: 'Tamanho do arquivo inválido',
  nomeInvalido: 'Nome do arquivo inválido',
  inicioInvalido: 'Início da parte inválido',
  parteInvalida: 'Cada parte do envio deve ter de 64 KB a 256 KB; só a última pode ser menor.',
} as const;

const tiposDocumento = Object.values(TipoDocumento) as number[];

export function isTipoDocumento(v: number): boolean {
  return tiposDocumento.includes(v);
}

/** Multipart fields arrive as text, hence the coercion. */
export const tipoDocumentoSchema = z.coerce
  .number({ error: MENSAGENS_DOCUMENTO.tipoInvalido })
  .int(MENSAGENS_DOCUMENTO.tipoInvalido)
  .refine(isTipoDocumento, MENSAGENS_DOCUMENTO.tipoInvalido);

export const envioDocumentoCampos = z.object({
  idSolicitacao: idCoagido({ obrigatorio: MENSAGENS_DOCUMENTO.solicitacaoInvalida, invalido: MENSAGENS_DOCUMENTO.solicitacaoInvalida }),
  tipo: tipoDocumentoSchema,
});
export type EnvioDocumentoCampos = z.infer<typeof envioDocumentoCampos>;

/** Random; migrated files keep theirs. Never a user's file name. */
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

export const documentosResposta = z.object({ documentos: z.array(documentoSchema) });

/** The token travels in the query: a new tab sends no headers. */
export const cloudStorageQuery = z.object({ jwt: texto().min(1).max(4096).optional() });

export const enderecoArquivoResposta = z.object({ url: z.string() });

/** The server answers 403 for a malformed, wrong or expired signature, not 400. */
export const arquivoQuery = z.object({
  expira: texto().max(20).optional(),
  assinatura: texto().max(200).optional(),
  jwt: texto().min(1).max(4096).optional(),
});

/** Each part is appended at the offset the server holds, so a dropped connection resumes (docs/decisions/0064). */
export const TAMANHO_PARTE_ENVIO_BYTES = 64 * 1024;
/** A client may send larger parts on a good link. */
export const TAMANHO_MAXIMO_PARTE_ENVIO_BYTES = 256 * 1024;

export const inicioEnvioCorpo = z.object({
  idSolicitacao: idCoagido({ obrigatorio: MENSAGENS_DOCUMENTO.solicitacaoInvalida, invalido: MENSAGENS_DOCUMENTO.solicitacaoInvalida }),
  tipo: tipoDocumentoSchema,
  nomeArquivo: texto({ error: MENSAGENS_DOCUMENTO.nomeInvalido }).trim().min(1, MENSAGENS_DOCUMENTO.nomeInvalido).max(255, MENSAGENS_DOCUMENTO.nomeInvalido),
  tamanho: z.number({ error: MENSAGENS_DOCUMENTO.tamanhoInvalido }).int(MENSAGENS_DOCUMENTO.tamanhoInvalido)
    .min(1, MENSAGENS_DOCUMENTO.tamanhoInvalido).max(TAMANHO_MAXIMO_DOCUMENTO_BYTES, MENSAGENS_ARQUIVO.tamanho),
});
export type InicioEnvioCorpo = z.infer<typeof inicioEnvioCorpo>;

export const envioResposta = z.object({
  id: z.uuid(),
  tamanho: z.number().int(),
  recebido: z.number().int(),
});
export type EnvioResposta = z.infer<typeof envioResposta>;

export const envioParam = z.object({ id: z.uuid({ error: MENSAGENS_DOCUMENTO.envioNaoEncontrado }) });

export const parteEnvioCampos = z.object({
  inicio: z.coerce.number({ error: MENSAGENS_DOCUMENTO.inicioInvalido }).int(MENSAGENS_DOCUMENTO.inicioInvalido)
    .min(0, MENSAGENS_DOCUMENTO.inicioInvalido).max(TAMANHO_MAXIMO_DOCUMENTO_BYTES, MENSAGENS_DOCUMENTO.inicioInvalido),
});
