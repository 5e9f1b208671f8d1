import {
  BYTES_ASSINATURA,
  conferirArquivoAntesDeEnviar,
  formatoPelosBytes,
  isFormatoPermitido,
  isImagem,
  mensagemFormato,
  MimeDocumento,
} from '../../../shared/regras/arquivos';
import { TipoDocumento } from '../../../shared/enums';
import { redimensionarImagem } from './imagem';

const POR_EXTENSAO: Record<string, string> = {
  pdf: MimeDocumento.PDF,
  png: MimeDocumento.PNG,
  jpg: MimeDocumento.JPEG,
  jpeg: MimeDocumento.JPEG,
};

/** The declared type of a file; by extension when the browser gives none (some phone pickers). */
export function tipoDeclarado(arquivo: Pick<File, 'name' | 'type'>): string {
  const tipo = arquivo.type.toLowerCase();
  if (tipo === 'image/jpg' || tipo === 'image/pjpeg') return MimeDocumento.JPEG;
  if (tipo) return tipo;
  const extensao = /\.([a-z0-9]+)$/i.exec(arquivo.name)?.[1]?.toLowerCase() ?? '';
  return POR_EXTENSAO[extensao] ?? '';
}

/** The first bytes of a file (its magic number). */
async function primeirosBytes(arquivo: Blob): Promise<Uint8Array> {
  const parte = arquivo.slice(0, BYTES_ASSINATURA);
  if (typeof parte.arrayBuffer === 'function') return new Uint8Array(await parte.arrayBuffer());
  return new Promise((resolve, reject) => {
    const leitor = new FileReader();
    leitor.onload = () => resolve(new Uint8Array(leitor.result as ArrayBuffer));
    leitor.onerror = () => reject(leitor.error ?? new Error('Falha ao ler o arquivo'));
    leitor.readAsArrayBuffer(parte);
  });
}

export type ArquivoPreparado = { ok: true; arquivo: File } | { ok: false; mensagem: string };

/**
 * What the browser checks before sending a document (spec point 5): the format, then images resized, then the size,
 * after resizing on purpose so a large phone photo is accepted.
 */
export async function prepararArquivo(
  tipoDocumento: number,
  arquivo: File,
  redimensionar: typeof redimensionarImagem = redimensionarImagem,
): Promise<ArquivoPreparado> {
  const tipo = tipoDeclarado(arquivo);
  if (!isFormatoPermitido(tipoDocumento, tipo)) return { ok: false, mensagem: mensagemFormato(tipoDocumento) };
  // The content must be what the name says (an `.exe` renamed `.png` is refused before a byte is sent).
  if (formatoPelosBytes(await primeirosBytes(arquivo)) !== tipo) return { ok: false, mensagem: mensagemFormato(tipoDocumento) };
  const final = isImagem(tipo)
    ? await redimensionar(arquivo, tipoDocumento === TipoDocumento.FOTO_3X4 ? 'cobrir' : 'conter')
    : arquivo;
  const mensagem = conferirArquivoAntesDeEnviar(tipoDocumento, { size: final.size, type: tipoDeclarado(final) });
  return mensagem ? { ok: false, mensagem } : { ok: true, arquivo: final };
}
