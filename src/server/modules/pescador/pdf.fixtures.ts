/**
 * Test support: the text of a PDF made by pdfmake/pdfkit. Text is drawn with glyph ids of an embedded font
 * subset, so it is read back through each font's ToUnicode map, as a PDF reader would.
 */
import zlib from 'node:zlib';

function conteudoDoStream(corpo: string): string | null {
  const m = /stream\r?\n([\s\S]*?)\r?\nendstream/.exec(corpo);
  if (!m) return null;
  const cru = Buffer.from(m[1]!, 'latin1');
  return /\/FlateDecode/.test(corpo) ? zlib.inflateSync(cru).toString('latin1') : m[1]!;
}

function unicode(hex: string): string {
  const unidades: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) unidades.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...unidades);
}

function lerCmap(cmap: string): Map<number, string> {
  const mapa = new Map<number, string>();
  for (const bloco of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of bloco[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F ]+>)/g)) {
      const inicio = parseInt(m[1]!, 16);
      const fim = parseInt(m[2]!, 16);
      if (m[3]!.startsWith('[')) {
        // A ligature maps to several code units, written with spaces: <0066 0069> is "fi".
        [...m[3]!.matchAll(/<([0-9a-fA-F ]+)>/g)].forEach((u, i) => mapa.set(inicio + i, unicode(u[1]!.replace(/ /g, ''))));
      } else {
        const base = parseInt(m[3]!.slice(1, -1), 16);
        for (let g = inicio; g <= fim; g++) mapa.set(g, String.fromCharCode(base + g - inicio));
      }
    }
  }
  for (const bloco of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of bloco[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F ]+)>/g)) mapa.set(parseInt(m[1]!, 16), unicode(m[2]!.replace(/ /g, '')));
  }
  return mapa;
}

/** Every piece of text drawn in the PDF, in drawing order, concatenated. */
export function textoDoPdf(pdf: Buffer): string {
  const s = pdf.toString('latin1');
  const objetos = new Map<number, string>();
  for (const m of s.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) objetos.set(Number(m[1]), m[2]!);
  const fontes = new Map<string, Map<number, string>>();
  for (const corpo of objetos.values()) {
    const recursos = /\/Font\s*<<([\s\S]*?)>>/.exec(corpo);
    if (!recursos) continue;
    for (const f of recursos[1]!.matchAll(/\/(F\d+)\s+(\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objetos.get(Number(f[2])) ?? '');
      const cmap = toUnicode ? conteudoDoStream(objetos.get(Number(toUnicode[1])) ?? '') : null;
      if (cmap) fontes.set(f[1]!, lerCmap(cmap));
    }
  }
  let texto = '';
  for (const corpo of objetos.values()) {
    const c = conteudoDoStream(corpo);
    if (!c || !c.includes('TJ')) continue;
    let fonte = new Map<number, string>();
    for (const m of c.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (m[1]) {
        fonte = fontes.get(m[1]) ?? new Map();
        continue;
      }
      for (const h of m[2]!.matchAll(/<([0-9a-fA-F]*)>/g)) {
        for (let i = 0; i + 4 <= h[1]!.length; i += 4) texto += fonte.get(parseInt(h[1]!.slice(i, i + 4), 16)) ?? '?';
      }
    }
  }
  return texto;
}
