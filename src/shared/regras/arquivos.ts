import { TipoDocumento } from '../enums';

/** Spec points 5 and 9. The server checks the content; the web uses the same lists to warn before sending. */

/** Spec point 9. */
export const TAMANHO_MAXIMO_DOCUMENTO_KB = 2048;
export const TAMANHO_MAXIMO_DOCUMENTO_BYTES = TAMANHO_MAXIMO_DOCUMENTO_KB * 1024;

export const MAX_DOCUMENTOS_ADICIONAIS = 10;

/** Cover crop. */
export const FOTO_3X4 = { largura: 400, altura: 500 } as const;

export const MimeDocumento = {
  PDF: 'application/pdf',
  JPEG: 'image/jpeg',
  PNG: 'image/png',
} as const;
export type MimeDocumento = (typeof MimeDocumento)[keyof typeof MimeDocumento];

const rotuloFormato: Record<MimeDocumento, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
};

const extensoesFormato: Record<MimeDocumento, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
};

const SO_IMAGENS: readonly MimeDocumento[] = [MimeDocumento.JPEG, MimeDocumento.PNG];
const PDF_OU_IMAGEM: readonly MimeDocumento[] = [MimeDocumento.PDF, MimeDocumento.JPEG, MimeDocumento.PNG];

/** Stored apart from the request's documents, linked to its analysis. */
export const TIPO_DOCUMENTO_PARECER = 99;
const SO_PDF: readonly MimeDocumento[] = [MimeDocumento.PDF];

export function formatosPermitidos(tipoDocumento: number): readonly MimeDocumento[] {
  if (tipoDocumento === TIPO_DOCUMENTO_PARECER) return SO_PDF;
  return tipoDocumento === TipoDocumento.FOTO_3X4 ? SO_IMAGENS : PDF_OU_IMAGEM;
}

export function isFormatoPermitido(tipoDocumento: number, mime: string | null | undefined): mime is MimeDocumento {
  return !!mime && (formatosPermitidos(tipoDocumento) as readonly string[]).includes(mime);
}

export function isImagem(mime: string): boolean {
  return mime === MimeDocumento.JPEG || mime === MimeDocumento.PNG;
}

export function listarComOu(itens: readonly string[]): string {
  if (itens.length <= 1) return itens[0] ?? '';
  return `${itens.slice(0, -1).join(', ')} ou ${itens[itens.length - 1]}`;
}

export function mensagemFormato(tipoDocumento: number): string {
  return `O documento precisa ser formato ${listarComOu(formatosPermitidos(tipoDocumento).map((m) => rotuloFormato[m]))}`;
}

export function aceitarArquivos(tipoDocumento: number): string {
  const formatos = formatosPermitidos(tipoDocumento);
  return [...formatos, ...formatos.flatMap((m) => extensoesFormato[m])].join(',');
}

export const MENSAGENS_ARQUIVO = {
  tamanho: 'O documento não pode ser maior que 2MB',
  adicionais: `Só é possivel adicionar ${MAX_DOCUMENTOS_ADICIONAIS} documentos adicionais`,
  umArquivo: 'Envie um arquivo por vez.',
  arquivoObrigatorio: 'Selecione o arquivo do documento.',
  ilegivel: 'Não foi possível ler o documento enviado. Confira o arquivo e tente novamente.',
  pdfAtivo: 'O PDF enviado contém conteúdo ativo (JavaScript, ações automáticas, arquivos anexados ou formulário XFA), '
    + 'que não é aceito por segurança. Gere o PDF novamente, por exemplo digitalizando o documento ou usando "Imprimir em PDF", e envie outra vez.',
} as const;

const ASSINATURAS: readonly [MimeDocumento, readonly number[]][] = [
  [MimeDocumento.PDF, [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  [MimeDocumento.PNG, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  [MimeDocumento.JPEG, [0xff, 0xd8, 0xff]],
];

/** How many leading bytes `formatoPelosBytes` reads. */
export const BYTES_ASSINATURA = 8;

/** The browser tells a renamed file at once; the server detects the format again from the whole content. */
export function formatoPelosBytes(inicio: Uint8Array): MimeDocumento | null {
  for (const [mime, assinatura] of ASSINATURAS) {
    if (assinatura.every((b, i) => inicio[i] === b)) return mime;
  }
  return null;
}

/** The server repeats it on the content, which is what counts. */
export function conferirArquivoAntesDeEnviar(tipoDocumento: number, arquivo: { size: number; type: string }): string | null {
  if (arquivo.size > TAMANHO_MAXIMO_DOCUMENTO_BYTES) return MENSAGENS_ARQUIVO.tamanho;
  const declarado = arquivo.type === 'image/jpg' ? MimeDocumento.JPEG : arquivo.type;
  if (!isFormatoPermitido(tipoDocumento, declarado)) return mensagemFormato(tipoDocumento);
  return null;
}
