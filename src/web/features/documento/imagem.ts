import { FOTO_3X4 } from '../../../shared/regras/arquivos';

/**
 * Images go as 400×500 JPEG (spec points 5 and 9). Only the 3x4 photo is cropped: cropping another document would
 * cut away what the analyst must read.
 */

export const LARGURA_IMAGEM = FOTO_3X4.largura;
export const ALTURA_IMAGEM = FOTO_3X4.altura;
export const QUALIDADE_JPEG = 0.9;

export type Ajuste = 'cobrir' | 'conter';

/** By MIME type, else by extension. */
export function ehImagemRedimensionavel(arquivo: Pick<File, 'name' | 'type'>): boolean {
  const tipo = arquivo.type.toLowerCase();
  if (tipo === 'image/png' || tipo === 'image/jpeg' || tipo === 'image/jpg' || tipo === 'image/pjpeg') return true;
  if (tipo) return false;
  return /\.(png|jpe?g)$/i.test(arquivo.name);
}

function exigirDimensoes(...medidas: number[]): void {
  if (!medidas.every((m) => m > 0)) throw new RangeError('Dimensões de imagem inválidas');
}

/** In source pixels. */
export interface Recorte { sx: number; sy: number; sw: number; sh: number }

/** The largest centred region of the source with the target's aspect ratio. */
export function calcularRecorte(larguraOrigem: number, alturaOrigem: number, larguraDestino = LARGURA_IMAGEM, alturaDestino = ALTURA_IMAGEM): Recorte {
  exigirDimensoes(larguraOrigem, alturaOrigem, larguraDestino, alturaDestino);
  const razaoDestino = larguraDestino / alturaDestino;
  const razaoOrigem = larguraOrigem / alturaOrigem;
  if (razaoOrigem > razaoDestino) {
    const sw = Math.min(larguraOrigem, Math.max(1, Math.round(alturaOrigem * razaoDestino)));
    return { sx: Math.floor((larguraOrigem - sw) / 2), sy: 0, sw, sh: alturaOrigem };
  }
  const sh = Math.min(alturaOrigem, Math.max(1, Math.round(larguraOrigem / razaoDestino)));
  return { sx: 0, sy: Math.floor((alturaOrigem - sh) / 2), sw: larguraOrigem, sh };
}

export interface Destino { dx: number; dy: number; dw: number; dh: number }

/** The whole source, scaled to fit inside the target and centred. */
export function calcularEncaixe(larguraOrigem: number, alturaOrigem: number, larguraDestino = LARGURA_IMAGEM, alturaDestino = ALTURA_IMAGEM): Destino {
  exigirDimensoes(larguraOrigem, alturaOrigem, larguraDestino, alturaDestino);
  const escala = Math.min(larguraDestino / larguraOrigem, alturaDestino / alturaOrigem);
  const dw = Math.min(larguraDestino, Math.max(1, Math.round(larguraOrigem * escala)));
  const dh = Math.min(alturaDestino, Math.max(1, Math.round(alturaOrigem * escala)));
  return { dx: Math.floor((larguraDestino - dw) / 2), dy: Math.floor((alturaDestino - dh) / 2), dw, dh };
}

export function calcularDesenho(larguraOrigem: number, alturaOrigem: number, ajuste: Ajuste): Recorte & Destino {
  if (ajuste === 'cobrir') {
    return { ...calcularRecorte(larguraOrigem, alturaOrigem), dx: 0, dy: 0, dw: LARGURA_IMAGEM, dh: ALTURA_IMAGEM };
  }
  return { sx: 0, sy: 0, sw: larguraOrigem, sh: alturaOrigem, ...calcularEncaixe(larguraOrigem, alturaOrigem) };
}

export function nomeJpeg(nome: string): string {
  const base = nome.replace(/\.[^./\\]*$/, '');
  return `${base || 'imagem'}.jpg`;
}

export function podeRedimensionar(): boolean {
  return typeof createImageBitmap === 'function'
    && (typeof OffscreenCanvas === 'function' || typeof document !== 'undefined');
}

type Contexto2d = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function pintar(ctx: Contexto2d | null, bitmap: ImageBitmap, d: Recorte & Destino): void {
  if (!ctx) throw new Error('Canvas indisponível');
  // Transparent PNG areas and a contained image's margins become white, not black.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, LARGURA_IMAGEM, ALTURA_IMAGEM);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, d.sx, d.sy, d.sw, d.sh, d.dx, d.dy, d.dw, d.dh);
}

async function desenhar(bitmap: ImageBitmap, d: Recorte & Destino): Promise<Blob> {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(LARGURA_IMAGEM, ALTURA_IMAGEM);
    pintar(canvas.getContext('2d'), bitmap, d);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: QUALIDADE_JPEG });
  }
  const canvas = document.createElement('canvas');
  canvas.width = LARGURA_IMAGEM;
  canvas.height = ALTURA_IMAGEM;
  pintar(canvas.getContext('2d'), bitmap, d);
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Falha ao gerar JPEG'))), 'image/jpeg', QUALIDADE_JPEG);
  });
}

/** Anything else goes untouched: the server re-encodes too. */
export async function redimensionarImagem(arquivo: File, ajuste: Ajuste = 'cobrir'): Promise<File> {
  if (!ehImagemRedimensionavel(arquivo) || !podeRedimensionar()) return arquivo;
  let bitmap: ImageBitmap;
  try {
    // EXIF orientation applied, so phone photos are upright.
    bitmap = await createImageBitmap(arquivo, { imageOrientation: 'from-image' });
  } catch {
    return arquivo;
  }
  try {
    const blob = await desenhar(bitmap, calcularDesenho(bitmap.width, bitmap.height, ajuste));
    return new File([blob], nomeJpeg(arquivo.name), { type: 'image/jpeg', lastModified: Date.now() });
  } catch {
    return arquivo;
  } finally {
    bitmap.close();
  }
}
