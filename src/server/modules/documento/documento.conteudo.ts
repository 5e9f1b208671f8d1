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

/** By content, never by name or declared type (spec point 5). Images come back re-encoded as JPEG. */
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

/** Refuses truncated uploads and text that merely starts with "%PDF". */
export function isPdfCompleto(bytes: Buffer): boolean {
  return /^%PDF-\d\.\d/.test(bytes.subarray(0, 16).toString('latin1'))
    && bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF');
}

/** Names that make a reader run or open something. A name ends at a delimiter, so `/JSON` is not `/JS`. */
const NOMES_ATIVOS = /\/(JavaScript|JS|Launch|EmbeddedFiles?|XFA|RichMedia|GoToE|ImportData|SubmitForm)(?=[\s/<>[\]()%{}]|$)/;
const ESCAPE_EM_NOME = /\/[^\s/<>[\]()%{}]*#[0-9A-Fa-f]{2}[^\s/<>[\]()%{}]*/g;
/** A 2 MB file cannot hide a bomb behind it. */
const LIMITE_DESCOMPRIMIDO = 64 * 1024 * 1024;

function temNomeAtivo(texto: string): boolean {
  const legivel = texto.replace(ESCAPE_EM_NOME, (nome) => nome.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))));
  return NOMES_ATIVOS.test(legivel);
}

/** Object streams hide dictionaries, so each stream that inflates is read too. */
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

/** Only displayed: files are stored under random keys. */
export function sanitizarNomeArquivo(original: string | undefined, extensao: string): string {
  const ultimo = (original ?? '').split(/[\\/]/).pop() ?? '';
  const limpo = ultimo.normalize('NFC').replace(/\s+/g, ' ').replace(CONTROLE, '').replace(FORA_DO_PERMITIDO, '_')
    .replace(/^[\s.]+/, '').trim();
  const base = limpo.replace(/\.[^.]*$/, '').trim().slice(0, 120).trim();
  return `${base || 'documento'}${extensao}`;
}
