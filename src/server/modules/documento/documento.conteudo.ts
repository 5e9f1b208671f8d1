import { CodigoErro } from '../../../shared/codigos-erro';
import zlib from 'node:zlib';
import { TipoDocumento } from '../../../shared/enums';
import {
  isFormatoPermitido, isImagem, MENSAGENS_ARQUIVO, mensagemFormato, MimeDocumento, TAMANHO_MAXIMO_DOCUMENTO_BYTES,
} from '../../../shared/regras/arquivos';
import { AppError } from '../../lib/errors';
import { sobDemanda } from '../../lib/sob-demanda';
import { reencodarImagem } from './documento.imagem';

const carregarFileType = sobDemanda(() => import('file-type'));

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
  if (bytes.length > TAMANHO_MAXIMO_DOCUMENTO_BYTES) throw AppError.recusa(CodigoErro.ARQUIVO_INVALIDO, MENSAGENS_ARQUIVO.tamanho);
  const detectado = bytes.length > 0 ? await (await carregarFileType()).fileTypeFromBuffer(bytes) : undefined;
  const mime = detectado?.mime;
  if (!isFormatoPermitido(tipoDocumento, mime)) throw AppError.recusa(CodigoErro.ARQUIVO_INVALIDO, mensagemFormato(tipoDocumento));
  if (!isImagem(mime)) {
    if (!isPdfCompleto(bytes)) throw AppError.recusa(CodigoErro.ARQUIVO_INVALIDO, MENSAGENS_ARQUIVO.ilegivel);
    if (temConteudoAtivo(bytes)) throw AppError.recusa(CodigoErro.ARQUIVO_INVALIDO, MENSAGENS_ARQUIVO.pdfAtivo);
    return { bytes, mime, extensao: '.pdf' };
  }
  try {
    const jpeg = await reencodarImagem(bytes, { foto3x4: tipoDocumento === TipoDocumento.FOTO_3X4 });
    return { bytes: jpeg, mime: MimeDocumento.JPEG, extensao: '.jpg' };
  } catch {
    // Magic bytes of an image but no decodable image behind them (truncated, corrupt, too large a bitmap).
    throw AppError.recusa(CodigoErro.ARQUIVO_INVALIDO, MENSAGENS_ARQUIVO.ilegivel);
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

/**
 * PDF names that make a reader run or open something: scripts, launch and submit actions, attached files,
 * XFA forms, rich media. A name ends at a delimiter or white space (so `/JSON` is not `/JS`).
 */
const NOMES_ATIVOS = /\/(JavaScript|JS|Launch|EmbeddedFiles?|XFA|RichMedia|GoToE|ImportData|SubmitForm)(?=[\s/<>[\]()%{}]|$)/;
/** A name written with `#xx` escapes (`/J#61vaScript`) reads as the name it spells. */
const ESCAPE_EM_NOME = /\/[^\s/<>[\]()%{}]*#[0-9A-Fa-f]{2}[^\s/<>[\]()%{}]*/g;
/** At most this much is inflated from one upload's compressed streams (a 2 MB file cannot hide a bomb behind it). */
const LIMITE_DESCOMPRIMIDO = 64 * 1024 * 1024;

function temNomeAtivo(texto: string): boolean {
  const legivel = texto.replace(ESCAPE_EM_NOME, (nome) => nome.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))));
  return NOMES_ATIVOS.test(legivel);
}

/**
 * Whether a PDF carries active content, in its plain objects or inside compressed streams (object streams hide
 * dictionaries there). Each `stream … endstream` that inflates is read too, within LIMITE_DESCOMPRIMIDO.
 */
export function temConteudoAtivo(bytes: Buffer): boolean {
  const texto = bytes.toString('latin1');
  if (temNomeAtivo(texto)) return true;
  let restante = LIMITE_DESCOMPRIMIDO;
  const STREAM = /stream\r?\n/g;
  for (let m = STREAM.exec(texto); m && restante > 0; m = STREAM.exec(texto)) {
    const inicio = m.index + m[0].length;
    const fim = texto.indexOf('endstream', inicio);
    if (fim < 0) break;
    STREAM.lastIndex = fim + 9;
    let dados: Buffer;
    try {
      dados = zlib.inflateSync(bytes.subarray(inicio, fim), { maxOutputLength: restante });
    } catch {
      continue; // not Flate (images, fonts in other filters) or cut short: nothing to read as objects
    }
    restante -= dados.length;
    if (temNomeAtivo(dados.toString('latin1'))) return true;
  }
  return false;
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
