import { carregarSharp } from '../../lib/sob-demanda';
import { FOTO_3X4 } from '../../../shared/regras/arquivos';

/** Larger images are refused as unreadable: 2 MB of PNG can still decode to a huge bitmap (decompression bomb). */
const MAX_PIXELS_ENTRADA = 60_000_000;

/** Documents other than the photo keep their size up to this many pixels on the longer side (legible, bounded). */
const LADO_MAXIMO_DOCUMENTO = 4096;

/**
 * Re-encodes an uploaded image (PNG, JPEG) as JPEG (spec point 5): oriented by its EXIF tag, then stripped of
 * every metadata (sharp writes none unless asked: no GPS position, no camera serial), transparency flattened on
 * white. The photo 3x4 becomes exactly 400×500 (cover: scaled to fill, centre cropped).
 */
export async function reencodarImagem(bytes: Buffer, opts: { foto3x4: boolean }): Promise<Buffer> {
  const sharp = await carregarSharp();
  let img = sharp(bytes, { limitInputPixels: MAX_PIXELS_ENTRADA, failOn: 'error' }).rotate();
  img = opts.foto3x4
    ? img.resize(FOTO_3X4.largura, FOTO_3X4.altura, { fit: 'cover', position: 'centre' })
    : img.resize(LADO_MAXIMO_DOCUMENTO, LADO_MAXIMO_DOCUMENTO, { fit: 'inside', withoutEnlargement: true });
  return img.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}
