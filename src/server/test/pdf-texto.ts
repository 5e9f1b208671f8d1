import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text a reader sees on each page of a PDF, extracted by PDF.js (what a browser's PDF viewer shows), so tests
 * check what is printed rather than the bytes pdfmake happened to write. Items are joined by a space; runs of
 * whitespace collapse.
 */
export async function textoDoPdf(pdf: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const paginas: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const pagina = await doc.getPage(n);
      const conteudo = await pagina.getTextContent();
      const partes = conteudo.items.map((item) => ('str' in item ? item.str : ''));
      paginas.push(partes.join(' ').replace(/\s+/g, ' ').trim());
    }
    return paginas;
  } finally {
    await doc.destroy();
  }
}
