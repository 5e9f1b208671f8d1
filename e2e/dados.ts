import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { cpfComDigitos, formatCpf, isValidCpf } from '../src/shared/cpf';

/**
 * Test data made on the spot: fresh valid CPFs (so every test signs in a fisher of its own) and small but real
 * files to upload (a PNG decoded by the browser's canvas and re-encoded by the server, and a complete PDF).
 */

const emitidos = new Set<string>();

/**
 * A valid CPF never handed out before in this run, formatted 000.000.000-00. The first digit is 8 or 9 so that it
 * never meets the demonstration accounts (100…700.000.00x-xx).
 */
export function novoCpf(): string {
  for (;;) {
    const cpf = cpfComDigitos(`${8 + crypto.randomInt(2)}${String(crypto.randomInt(100_000_000)).padStart(8, '0')}`);
    if (!isValidCpf(cpf) || emitidos.has(cpf)) continue;
    emitidos.add(cpf);
    return formatCpf(cpf);
  }
}

/** A name of its own for each new fisher, so that lists can be searched by it. */
export function novoNome(prefixo = 'Pescador E2E'): string {
  const sufixo = crypto.randomBytes(3).toString('hex').toUpperCase().replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!);
  return `${prefixo} ${sufixo}`;
}

function crc32(dados: Buffer): number {
  return zlib.crc32(dados);
}

function blocoPng(tipo: string, dados: Buffer): Buffer {
  const tamanho = Buffer.alloc(4);
  tamanho.writeUInt32BE(dados.length);
  const tipoEDados = Buffer.concat([Buffer.from(tipo, 'ascii'), dados]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(tipoEDados) >>> 0);
  return Buffer.concat([tamanho, tipoEDados, crc]);
}

/** A real RGB PNG of `largura`×`altura` pixels: a colour gradient (so that JPEG re-encoding has something to do). */
export function png(largura = 300, altura = 400): Buffer {
  const cabecalho = Buffer.alloc(13);
  cabecalho.writeUInt32BE(largura, 0);
  cabecalho.writeUInt32BE(altura, 4);
  cabecalho.writeUInt8(8, 8); // bit depth
  cabecalho.writeUInt8(2, 9); // colour type: truecolour
  cabecalho.writeUInt8(0, 10);
  cabecalho.writeUInt8(0, 11);
  cabecalho.writeUInt8(0, 12);
  const linha = 1 + largura * 3;
  const bruto = Buffer.alloc(linha * altura);
  for (let y = 0; y < altura; y++) {
    bruto[y * linha] = 0; // filter: none
    for (let x = 0; x < largura; x++) {
      const p = y * linha + 1 + x * 3;
      bruto[p] = Math.round((x / largura) * 255);
      bruto[p + 1] = Math.round((y / altura) * 255);
      bruto[p + 2] = 160;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    blocoPng('IHDR', cabecalho),
    blocoPng('IDAT', zlib.deflateSync(bruto)),
    blocoPng('IEND', Buffer.alloc(0)),
  ]);
}

/** A complete one-page PDF (header, objects, cross-reference table, trailer, %%EOF) showing `texto`. */
export function pdf(texto = 'RGP E2E'): Buffer {
  const conteudo = `BT /F1 14 Tf 20 100 Td (${texto.replace(/[()\\]/g, '')}) Tj ET`;
  const objetos = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${conteudo.length} >>\nstream\n${conteudo}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let corpo = '%PDF-1.4\n';
  const posicoes: number[] = [];
  objetos.forEach((o, i) => {
    posicoes.push(corpo.length);
    corpo += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = corpo.length;
  corpo += `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n`;
  for (const p of posicoes) corpo += `${String(p).padStart(10, '0')} 00000 n \n`;
  corpo += `trailer\n<< /Size ${objetos.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(corpo, 'latin1');
}

/** A file as Playwright's setInputFiles takes it. */
export interface ArquivoTeste {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export const arquivos = {
  identidade: (): ArquivoTeste => ({ name: 'identidade.pdf', mimeType: 'application/pdf', buffer: pdf('Documento de identidade') }),
  comprovanteResidencia: (texto = 'Comprovante de residencia'): ArquivoTeste => ({
    name: 'comprovante-residencia.pdf',
    mimeType: 'application/pdf',
    buffer: pdf(texto),
  }),
  foto: (): ArquivoTeste => ({ name: 'foto-3x4.png', mimeType: 'image/png', buffer: png(360, 480) }),
  nis: (): ArquivoTeste => ({ name: 'nis.pdf', mimeType: 'application/pdf', buffer: pdf('PIS PASEP NIS') }),
};
