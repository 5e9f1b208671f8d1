import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { erroCampo, errosDeIssues } from '../../shared/erros-campo';
import { MENSAGENS_ARQUIVO, TAMANHO_MAXIMO_DOCUMENTO_BYTES } from '../../shared/regras/arquivos';
import { MENSAGENS_DOCUMENTO, TAMANHO_MAXIMO_PARTE_ENVIO_BYTES } from '../../shared/schemas/documento';
import { MENSAGEM_DADOS_INVALIDOS } from '../plugins/envelope';
import { AppError } from './errors';

/** An uploaded file, as a route hands it to a service. */
export interface ArquivoEnviado {
  bytes: Buffer;
  /** Only displayed, after sanitising. */
  nome: string | undefined;
}

/** The parser stops a file a little above the limit, so an oversized upload is never held whole in memory. */
export const LIMITES_MULTIPART = {
  fileSize: TAMANHO_MAXIMO_DOCUMENTO_BYTES + 1,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 12,
  headerPairs: 50,
};

export interface OpcoesEnvio {
  limites: typeof LIMITES_MULTIPART;
  /** The first is the one named in errors. */
  camposArquivo: readonly string[];
  mensagens: { naoMultipart: string; ilegivel: string; tamanho: string; umArquivo: string; arquivoObrigatorio: string };
  erroNoCampo: boolean;
  arquivoAntesDosCampos: boolean;
}

/** A document upload (the specification's messages). */
const ENVIO_DOCUMENTO: OpcoesEnvio = {
  limites: LIMITES_MULTIPART,
  camposArquivo: ['arquivos'],
  mensagens: {
    naoMultipart: 'Envie o documento como multipart/form-data.',
    ilegivel: 'Não foi possível ler o envio do documento. Tente novamente.',
    tamanho: MENSAGENS_ARQUIVO.tamanho,
    umArquivo: MENSAGENS_ARQUIVO.umArquivo,
    arquivoObrigatorio: MENSAGENS_ARQUIVO.arquivoObrigatorio,
  },
  erroNoCampo: false,
  arquivoAntesDosCampos: true,
};

/** Decision 0064. */
export const ENVIO_PARTE: OpcoesEnvio = {
  ...ENVIO_DOCUMENTO,
  limites: { ...LIMITES_MULTIPART, fileSize: TAMANHO_MAXIMO_PARTE_ENVIO_BYTES + 1 },
  camposArquivo: ['parte'],
  mensagens: { ...ENVIO_DOCUMENTO.mensagens, tamanho: MENSAGENS_DOCUMENTO.parteInvalida, arquivoObrigatorio: MENSAGENS_DOCUMENTO.parteInvalida },
};

/** Text fields checked with `campos`, one required file; a file is never held whole above its limit. */
export async function lerEnvio<S extends z.ZodType>(
  req: FastifyRequest, campos: S, opcoes: OpcoesEnvio = ENVIO_DOCUMENTO,
): Promise<{ campos: z.output<S>; arquivo: ArquivoEnviado }> {
  const { mensagens: m } = opcoes;
  const recusa = (mensagem: string) =>
    AppError.badRequest(mensagem, opcoes.erroNoCampo ? [erroCampo(opcoes.camposArquivo[0]!, mensagem)] : undefined);
  if (!req.isMultipart()) throw new AppError(415, m.naoMultipart);
  const texto: Record<string, string> = {};
  let arquivo: ArquivoEnviado | null = null;
  let campoErrado = false;
  try {
    for await (const part of req.parts({ limits: opcoes.limites })) {
      if (part.type === 'file') {
        if (!opcoes.camposArquivo.includes(part.fieldname)) {
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
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw recusa(m.tamanho);
    if (code === 'FST_FILES_LIMIT') throw recusa(m.umArquivo);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw AppError.badRequest(MENSAGEM_DADOS_INVALIDOS);
    if (err instanceof AppError) throw err;
    throw AppError.badRequest(m.ilegivel);
  }
  if (opcoes.arquivoAntesDosCampos && campoErrado && !arquivo) throw recusa(m.arquivoObrigatorio);
  const lidos = campos.safeParse(texto);
  if (!lidos.success) throw AppError.badRequest(MENSAGEM_DADOS_INVALIDOS, errosDeIssues(lidos.error.issues));
  if (!arquivo) throw recusa(m.arquivoObrigatorio);
  return { campos: lidos.data, arquivo };
}

/** Never cached, never sniffed as another type, and a policy that lets only the browser's PDF and image views work. */
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

/** Under a plain ASCII name made of the number it carries (`carteira-PA-123.pdf`). */
export function enviarPdf(reply: FastifyReply, pdf: Buffer, nome: string) {
  const nomeArquivo = nome.replace(/[^A-Za-z0-9._-]/g, '-');
  return enviarArquivo(reply, { bytes: pdf, mime: 'application/pdf', nomeArquivo }, `inline; filename="${nomeArquivo}"`);
}

export function contentDispositionInline(nome: string): string {
  const ascii = nome.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(nome)}`;
}

/** A new tab sends no header: `?jwt=` stands for the bearer token. A header, when present, wins. */
export async function jwtDaQuery(req: FastifyRequest): Promise<void> {
  const jwt = (req.query as { jwt?: unknown } | undefined)?.jwt;
  if (typeof jwt === 'string' && jwt && !req.headers.authorization) req.headers.authorization = `Bearer ${jwt}`;
}
