import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { arquivosMedidos, ler, medir } from '../../scripts/medir-comentarios';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Share of comment characters over the source's, as `npm run comentarios` measures it. */
const MAIOR_PARTE_DE_COMENTARIOS = 0.12;

describe('comments read without the project history', () => {
  it('counts comments as the compiler reads them, not a // in a string, a regular expression, a template or JSX', () => {
    const fonte = [
      '/// <reference types="node" />',
      'console.log(1); // trailing',
      'const s = "// no", r = /\\/\\/x/g, t = `a ${1 /* in */} // no`;',
      '/** @deprecated use b */',
      'export const a = () => <div>// text {/* jsx */}</div>;',
      '// tail',
    ].join('\n');
    expect(ler('x.tsx', fonte).comentarios.map((c) => c.texto)).toEqual([
      '/// <reference types="node" />', '// trailing', '/* in */', '/** @deprecated use b */', '/* jsx */', '// tail',
    ]);
  });

  it('cite no issue number: a reader of the code cannot open one (docs/decisions says why)', () => {
    const citam = arquivosMedidos(RAIZ).flatMap((arquivo) => readFileSync(path.join(RAIZ, arquivo), 'utf8')
      .split('\n').flatMap((linha, i) => (/issue [0-9]+/.test(linha) ? [`${arquivo}:${i + 1}: ${linha.trim()}`] : [])));
    expect(citam).toEqual([]);
  });

  it(`are under ${MAIOR_PARTE_DE_COMENTARIOS * 100} % of the source characters`, () => {
    const medidas = medir(RAIZ);
    expect(medidas.length).toBeGreaterThan(300);
    const total = medidas.reduce((s, m) => s + m.caracteres, 0);
    const comentario = medidas.reduce((s, m) => s + m.deComentario, 0);
    const maiores = [...medidas].sort((a, b) => b.deComentario - a.deComentario).slice(0, 10)
      .map((m) => `${m.arquivo}: ${m.deComentario}`);
    expect(comentario / total, `largest: ${maiores.join(', ')}`).toBeLessThan(MAIOR_PARTE_DE_COMENTARIOS);
  }, 120_000);
});
