/** Real tiny files of each kind and a hand-built multipart body. */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** A PNG with transparency (800×600). */
export function png(largura = 800, altura = 600): Promise<Buffer> {
  return sharp({ create: { width: largura, height: altura, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
    .png().toBuffer();
}

/** A JPEG 800×600 whose EXIF says "rotate 90°" (orientation 6) and carries a comment and a camera make. */
export function jpegComExif(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'CameraDeTeste', ImageDescription: 'segredo' } })
    .toBuffer();
}

/** `catalogo` adds catalog entries and `extras` objects after the page (numbered from 5), e.g. for actions. */
export function pdf(texto = 'RGP', opts: { catalogo?: string; extras?: string[] } = {}): Buffer {
  const objetos = [
    `<< /Type /Catalog /Pages 2 0 R ${opts.catalogo ?? ''}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
  ];
  const conteudo = `BT /F1 12 Tf 20 100 Td (${texto}) Tj ET`;
  objetos.push(`<< /Length ${conteudo.length} >>\nstream\n${conteudo}\nendstream`, ...(opts.extras ?? []));
  let corpo = '%PDF-1.4\n';
  const offsets: number[] = [];
  objetos.forEach((o, i) => {
    offsets.push(corpo.length);
    corpo += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = corpo.length;
  corpo += `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) corpo += `${String(off).padStart(10, '0')} 00000 n \n`;
  corpo += `trailer\n<< /Size ${objetos.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(corpo, 'latin1');
}

export function pdfDeTamanho(bytes: number): Buffer {
  const base = pdf();
  const fim = Buffer.from('\n%%EOF\n');
  const enchimento = Buffer.alloc(bytes - base.length - fim.length - 2, 0x41);
  return Buffer.concat([base, Buffer.from('%'), enchimento, Buffer.from('\n'), fim]);
}

/** The start of a Windows executable (MZ). */
export function exe(): Buffer {
  const b = Buffer.alloc(1024);
  b.write('MZ', 0, 'latin1');
  return b;
}

/** A ZIP local file header. */
export function zip(): Buffer {
  return Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200)]);
}

export interface ArquivoDoForm {
  campo?: string;
  nome: string;
  tipo?: string;
  bytes: Buffer;
}

export function multipart(campos: Record<string, string | number>, arquivos: ArquivoDoForm[] = []): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----rgp${crypto.randomBytes(8).toString('hex')}`;
  const partes: Buffer[] = [];
  for (const [nome, valor] of Object.entries(campos)) {
    partes.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${nome}"\r\n\r\n${valor}\r\n`));
  }
  for (const a of arquivos) {
    partes.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${a.campo ?? 'arquivos'}"; filename="${a.nome}"\r\n`
      + `Content-Type: ${a.tipo ?? 'application/octet-stream'}\r\n\r\n`));
    partes.push(a.bytes, Buffer.from('\r\n'));
  }
  partes.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(partes), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function arquivosEm(pasta: string): Promise<string[]> {
  const saida: string[] = [];
  async function andar(p: string) {
    let itens;
    try {
      itens = await fs.readdir(p, { withFileTypes: true });
    } catch {
      return;
    }
    for (const i of itens) {
      const c = path.join(p, i.name);
      if (i.isDirectory()) await andar(c);
      else saida.push(c);
    }
  }
  await andar(pasta);
  return saida.sort();
}
