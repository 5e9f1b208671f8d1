import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { arestasInternas, componentesFortes, lerGrafo, type GrafoImportacoes } from '../../scripts/grafo-importacoes';
import { definirModulo, listarModulos } from './modules/modulo';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** A circle of a few files (two services and a shared type) is read at a glance; a larger one is a knot to cut. */
const MAIOR_CIRCULO = 5;

function grafoDe(arestas: Record<string, string[]>): GrafoImportacoes {
  const mapa = new Map(Object.entries(arestas).map(([de, para]) => [de, new Set(para)]));
  return { arquivos: [...mapa.keys()].sort(), arestas: mapa };
}

describe('server import graph', () => {
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
    // `import type { FilaDeJobs } from './jobs/job'` in plataforma.ts, and the shared code the server reaches.
    expect(grafo.arestas.get('src/server/plataforma.ts')).toContain('src/server/jobs/job.ts');
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

/** The most public methods a service may have before it is split by action (decision 0084). */
const MAIS_METODOS = 20;

function fonte(arquivo: string): ts.SourceFile {
  return ts.createSourceFile(arquivo, fs.readFileSync(path.join(RAIZ, arquivo), 'utf8'), ts.ScriptTarget.Latest, true);
}

/** The public methods and accessors of each exported class named `…Service` of a file. */
function metodosPublicos(arquivo: string): { classe: string; metodos: number }[] {
  const privado = (m: ts.ClassElement) => ts.canHaveModifiers(m) && (ts.getModifiers(m) ?? [])
    .some((k) => k.kind === ts.SyntaxKind.PrivateKeyword || k.kind === ts.SyntaxKind.ProtectedKeyword);
  return fonte(arquivo).statements
    .filter((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && Boolean(s.name?.text.endsWith('Service'))
      && (ts.getModifiers(s) ?? []).some((k) => k.kind === ts.SyntaxKind.ExportKeyword))
    .map((c) => ({
      classe: c.name!.text,
      metodos: c.members.filter((m) => (ts.isMethodDeclaration(m) || ts.isGetAccessor(m) || ts.isSetAccessor(m))
        && !privado(m) && !(m.name && ts.isPrivateIdentifier(m.name))).length,
    }));
}

describe('modules (decision 0084)', () => {
  const grafo = lerGrafo(RAIZ, ['src/server']);

  it(`has no service with more than ${MAIS_METODOS} public methods`, () => {
    const servicos = grafo.arquivos.filter((a) => a.endsWith('.ts') && !a.endsWith('.test.ts')).flatMap(metodosPublicos);
    expect(servicos.length).toBeGreaterThan(30);
    expect(servicos.find((s) => s.classe === 'SolicitacaoService')?.metodos).toBeGreaterThan(0);
    expect(servicos.filter((s) => s.metodos > MAIS_METODOS)).toEqual([]);
  });

  it('counts public methods and accessors, not private, protected or #private ones', () => {
    const arquivo = 'src/server/modules/solicitacao/base.ts';
    // The shared base of the request services is abstract and not named …Service: nothing of it is counted.
    expect(metodosPublicos(arquivo)).toEqual([]);
    const pedido = metodosPublicos('src/server/modules/solicitacao/pedido.service.ts');
    // solicitarCancelamento, solicitarRegularizacao, cancelamentoAberto; `protocolar` is private.
    expect(pedido).toEqual([{ classe: 'PedidoService', metodos: 3 }]);
  });

  it('keeps app.ts a list of modules: under 150 lines, bringing in only modules, the module kit and the platform', () => {
    const arquivo = 'src/server/app.ts';
    expect(fs.readFileSync(path.join(RAIZ, arquivo), 'utf8').split('\n').length).toBeLessThan(150);
    const deValor = fonte(arquivo).statements.filter((s): s is ts.ImportDeclaration => ts.isImportDeclaration(s))
      // A type-only import and the side-effect import of the Portuguese messages bring no code of their own.
      .filter((i) => i.importClause && !i.importClause.isTypeOnly)
      .map((i) => (i.moduleSpecifier as ts.StringLiteral).text);
    expect(deValor.length).toBeGreaterThan(20);
    expect(deValor.filter((m) => !/^\.\/modules\/[a-z-]+$/.test(m) && m !== './plataforma')).toEqual([]);
  });

  it('makes the compiler refuse a list where a module comes before a service it needs', () => {
    const usaA = definirModulo({ nome: 'usa-a', servicos: (_ctx, s: { a: number }) => ({ b: s.a + 1 }) });
    const ofereceA = definirModulo({ nome: 'oferece-a', servicos: () => ({ a: 1 }) });
    const lista = listarModulos([ofereceA, usaA]);
    expect(lista.map((m) => m.nome)).toEqual(['oferece-a', 'usa-a']);
    // @ts-expect-error -- 'usa-a' needs `a`, which no module above it offers (`npm run typecheck` holds this line).
    expect(listarModulos([usaA, ofereceA])).toHaveLength(2);
  });
});
