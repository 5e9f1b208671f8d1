import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errosDeIssues } from '../../shared/erros-campo';
import { MENSAGENS_ARQUIVO, TAMANHO_MAXIMO_DOCUMENTO_BYTES } from '../../shared/regras/arquivos';
import { MENSAGEM_DADOS_INVALIDOS } from '../plugins/envelope';
import { AppError } from './errors';

/** An uploaded file, as a route hands it to a service. */
export interface ArquivoEnviado {
  bytes: Buffer;
  /** The file name the browser sent (only displayed, after sanitising). */
  nome: string | undefined;
}

/**
 * Limits of a document upload (register @fastify/multipart with them). The parser stops a file a little above the
 * limit (so an oversized upload is never held whole in memory), and the service checks the exact limit; both
 * answer the specification's message.
 */
export const LIMITES_MULTIPART = {
  fileSize: TAMANHO_MAXIMO_DOCUMENTO_BYTES + 1,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 12,
  headerPairs: 50,
};

/**
 * Reads a multipart upload: its text fields, checked with `campos` (400 'Dados inválidos…' with `campo: mensagem`
 * per issue), and one file in `arquivos` (required). The parser's limits answer the specification's messages.
 */
export async function lerEnvio<S extends z.ZodType>(
  req: FastifyRequest, campos: S,
): Promise<{ campos: z.output<S>; arquivo: ArquivoEnviado }> {
  if (!req.isMultipart()) throw new AppError(415, 'Envie o documento como multipart/form-data.');
  const texto: Record<string, string> = {};
  let arquivo: ArquivoEnviado | null = null;
  let campoErrado = false;
  try {
    for await (const part of req.parts({ limits: LIMITES_MULTIPART })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'arquivos') {
          campoErrado = true;
          part.file.resume();
          continue;
        }
        arquivo = { bytes: await part.toBuffer(), nome: part.filename };
      } else if (typeof part.value === 'string') {
        texto[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.badRequest(MENSAGENS_ARQUIVO.tamanho);
    if (code === 'FST_FILES_LIMIT') throw AppError.badRequest(MENSAGENS_ARQUIVO.umArquivo);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw AppError.badRequest(MENSAGEM_DADOS_INVALIDOS);
    if (err instanceof AppError) throw err;
    // Malformed multipart (no boundary, truncated body…): the client's fault.
    throw AppError.badRequest('Não foi possível ler o envio do documento. Tente novamente.');
  }
  if (campoErrado && !arquivo) throw AppError.badRequest(MENSAGENS_ARQUIVO.arquivoObrigatorio);
  const lidos = campos.safeParse(texto);
  if (!lidos.success) throw AppError.badRequest(MENSAGEM_DADOS_INVALIDOS, errosDeIssues(lidos.error.issues));
  if (!arquivo) throw AppError.badRequest(MENSAGENS_ARQUIVO.arquivoObrigatorio);
  return { campos: lidos.data, arquivo };
}

/**
 * Headers of every file this server hands out (documents, receipts, cards): shown in the browser, never cached,
 * never sniffed as another type, and a policy that lets the browser's PDF viewer and image view work and nothing else.
 */
export function enviarArquivo(
  reply: FastifyReply,
  arquivo: { bytes: Buffer; mime: string; nomeArquivo: string },
  contentDisposition = contentDispositionInline(arquivo.nomeArquivo),
) {
  return reply
    .header('content-type', arquivo.mime)
    .header('content-disposition', contentDisposition)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'")
    .send(arquivo.bytes);
}

/** `inline; filename="ascii"; filename*=UTF-8''…` (RFC 6266): the name a browser offers when saving. */
export function contentDispositionInline(nome: string): string {
  const ascii = nome.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(nome)}`;
}
