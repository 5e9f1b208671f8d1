import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { arestasInternas, componentesFortes, lerGrafo, type GrafoImportacoes } from '../../scripts/grafo-importacoes';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** A circle of a few files (two services and a shared type) is read at a glance; a larger one is a knot to cut. */
const MAIOR_CIRCULO = 5;

function grafoDe(arestas: Record<string, string[]>): GrafoImportacoes {
  const mapa = new Map(Object.entries(arestas).map(([de, para]) => [de, new Set(para)]));
  return { arquivos: [...mapa.keys()].sort(), arestas: mapa };
}

describe('server import graph (issue 24)', () => {
  // Once: reading ~350 files takes well under a second.
  const grafo = lerGrafo(RAIZ, ['src/server']);

  it(`has no import circle of more than ${MAIOR_CIRCULO} files`, () => {
    const grandes = componentesFortes(grafo).filter((c) => c.length > MAIOR_CIRCULO).map((c) => ({
      arquivos: c.length,
      // What to cut: `npx tsx scripts/ciclos-importacao.ts --arestas` prints the same.
      arestas: arestasInternas(grafo, c).map(([de, para]) => `${de} -> ${para}`),
    }));
    expect(grandes).toEqual([]);
  });

  it('reads the whole server and counts type-only imports as arrows', () => {
    expect(grafo.arquivos.length).toBeGreaterThan(200);
    // `import type { FilaDeJobs } from './jobs/job'` in app.ts, and the shared code the server reaches.
    expect(grafo.arestas.get('src/server/app.ts')).toContain('src/server/jobs/job.ts');
    expect(grafo.arquivos).toContain('src/shared/codigos-erro.ts');
    // A job never reaches the app it runs in.
    expect(grafo.arestas.get('src/server/jobs/job.ts')).not.toContain('src/server/app.ts');
  });

  it('finds each circle once, largest first, and leaves a file alone that only sits on a path', () => {
    const g = grafoDe({ a: ['b'], b: ['c'], c: ['a', 'd'], d: ['e'], e: ['d'], f: ['a'] });
    expect(componentesFortes(g)).toEqual([['a', 'b', 'c'], ['d', 'e']]);
    expect(arestasInternas(g, ['d', 'e'])).toEqual([['d', 'e'], ['e', 'd']]);
  });
});
