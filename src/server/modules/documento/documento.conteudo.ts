import { fileTypeFromBuffer } from 'file-type';
import { TipoDocumento } from '../../../shared/enums';
import {
  isFormatoPermitido, isImagem, MENSAGENS_ARQUIVO, mensagemFormato, MimeDocumento, TAMANHO_MAXIMO_DOCUMENTO_BYTES,
} from '../../../shared/regras/arquivos';
import { AppError } from '../../lib/errors';
import { reencodarImagem } from './documento.imagem';

export interface ConteudoAceito {
  bytes: Buffer;
  mime: MimeDocumento;
  /** The extension that matches the stored content. */
  extensao: '.pdf' | '.jpg';
}

/**
 * Checks an uploaded file by its content, never by its name or declared type (spec point 5): at most 2048 KB,
 * and a format the document type accepts, as detected from its magic bytes. Images come back re-encoded as JPEG.
 * Throws the specification's 400 messages.
 */
export async function aceitarConteudo(tipoDocumento: number, bytes: Buffer): Promise<ConteudoAceito> {
  if (bytes.length > TAMANHO_MAXIMO_DOCUMENTO_BYTES) throw AppError.badRequest(MENSAGENS_ARQUIVO.tamanho);
  const detectado = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
  const mime = detectado?.mime;
  if (!isFormatoPermitido(tipoDocumento, mime)) throw AppError.badRequest(mensagemFormato(tipoDocumento));
  if (!isImagem(mime)) {
    if (!isPdfCompleto(bytes)) throw AppError.badRequest(MENSAGENS_ARQUIVO.ilegivel);
    return { bytes, mime, extensao: '.pdf' };
  }
  try {
    const jpeg = await reencodarImagem(bytes, { foto3x4: tipoDocumento === TipoDocumento.FOTO_3X4 });
    return { bytes: jpeg, mime: MimeDocumento.JPEG, extensao: '.jpg' };
  } catch {
    // Magic bytes of an image but no decodable image behind them (truncated, corrupt, too large a bitmap).
    throw AppError.badRequest(MENSAGENS_ARQUIVO.ilegivel);
  }
}

/**
 * A PDF must open with its version (`%PDF-1.7`) and close with `%%EOF` in its last 1024 bytes (where readers
 * look for it): this refuses truncated uploads and text that merely starts with "%PDF".
 */
export function isPdfCompleto(bytes: Buffer): boolean {
  return /^%PDF-\d\.\d/.test(bytes.subarray(0, 16).toString('latin1'))
    && bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF');
}

const CONTROLE = /\p{Cc}/gu;
const FORA_DO_PERMITIDO = /[^\p{L}\p{M}\p{N} ._()-]+/gu;

/**
 * The name shown for an uploaded file: the last segment of what the browser sent (no folders), without control
 * characters or anything but letters, digits, spaces and `._()-`, at most 120 characters, with the extension of
 * the stored content (a PNG re-encoded is a `.jpg`). It is only displayed: files are stored under random keys.
 */
export function sanitizarNomeArquivo(original: string | undefined, extensao: string): string {
  const ultimo = (original ?? '').split(/[\\/]/).pop() ?? '';
  const limpo = ultimo.normalize('NFC').replace(/\s+/g, ' ').replace(CONTROLE, '').replace(FORA_DO_PERMITIDO, '_')
    .replace(/^[\s.]+/, '').trim();
  const base = limpo.replace(/\.[^.]*$/, '').trim().slice(0, 120).trim();
  return `${base || 'documento'}${extensao}`;
}
