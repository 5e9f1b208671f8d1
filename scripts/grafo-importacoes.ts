// The import graph and its import circles, read with the compiler's pre-processor and module resolution (no type
// checking). Type-only imports count: a reader follows them too.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface GrafoImportacoes {
  arquivos: string[];
  arestas: Map<string, Set<string>>;
}

const EXTENSOES = /\.(ts|tsx|mts|cts)$/;

function listar(pasta: string): string[] {
  return fs.readdirSync(pasta, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(pasta, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : listar(p);
    return EXTENSOES.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

function opcoesDoTsconfig(raiz: string): ts.CompilerOptions {
  const arquivo = path.join(raiz, 'tsconfig.json');
  const lido = ts.readConfigFile(arquivo, (p) => ts.sys.readFile(p));
  if (lido.error) throw new Error(ts.flattenDiagnosticMessageText(lido.error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(lido.config, ts.sys, raiz, undefined, arquivo).options;
}

/** Every import counts: `import`, `import type`, `export … from`, `import()` and `require()`. */
export function lerGrafo(raiz: string, pastas: readonly string[]): GrafoImportacoes {
  const opcoes = opcoesDoTsconfig(raiz);
  const host: ts.ModuleResolutionHost = ts.sys;
  const cache = ts.createModuleResolutionCache(raiz, (nome) => nome, opcoes);
  const apelidos = Boolean(opcoes.paths || opcoes.baseUrl);
  const relativo = (p: string) => path.relative(raiz, p).split(path.sep).join('/');
  const arestas = new Map<string, Set<string>>();
  const pendentes = pastas.flatMap((p) => listar(path.join(raiz, p)));
  while (pendentes.length > 0) {
    const arquivo = pendentes.pop()!;
    const nome = relativo(arquivo);
    if (arestas.has(nome)) continue;
    const destinos = new Set<string>();
    arestas.set(nome, destinos);
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(arquivo, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      // A bare name is a package (node_modules) unless the tsconfig maps names: skip resolving it, the costly part.
      if (!apelidos && !fileName.startsWith('.') && !fileName.startsWith('/')) continue;
      const resolvido = ts.resolveModuleName(fileName, arquivo, opcoes, host, cache).resolvedModule;
      if (!resolvido || resolvido.isExternalLibraryImport || !EXTENSOES.test(resolvido.resolvedFileName)) continue;
      if (resolvido.resolvedFileName.endsWith('.d.ts')) continue;
      const destino = relativo(resolvido.resolvedFileName);
      if (destino.startsWith('..')) continue;
      destinos.add(destino);
      if (!arestas.has(destino)) pendentes.push(resolvido.resolvedFileName);
    }
  }
  return { arquivos: [...arestas.keys()].sort(), arestas };
}

/** Components of more than one file (Tarjan, without recursion), largest first. */
export function componentesFortes(grafo: GrafoImportacoes): string[][] {
  const indice = new Map<string, number>();
  const menor = new Map<string, number>();
  const naPilha = new Set<string>();
  const pilha: string[] = [];
  const componentes: string[][] = [];
  let proximo = 0;
  for (const inicio of grafo.arquivos) {
    if (indice.has(inicio)) continue;
    // Each frame: a file and the iterator over its arrows still to visit.
    const quadros: { no: string; filhos: Iterator<string> }[] = [];
    const entrar = (no: string) => {
      indice.set(no, proximo);
      menor.set(no, proximo);
      proximo++;
      pilha.push(no);
      naPilha.add(no);
      quadros.push({ no, filhos: (grafo.arestas.get(no) ?? new Set<string>()).values() });
    };
    entrar(inicio);
    while (quadros.length > 0) {
      const quadro = quadros[quadros.length - 1]!;
      const filho = quadro.filhos.next();
      if (!filho.done) {
        const w = filho.value;
        if (!indice.has(w)) entrar(w);
        else if (naPilha.has(w)) menor.set(quadro.no, Math.min(menor.get(quadro.no)!, indice.get(w)!));
        continue;
      }
      quadros.pop();
      const pai = quadros[quadros.length - 1];
      if (pai) menor.set(pai.no, Math.min(menor.get(pai.no)!, menor.get(quadro.no)!));
      if (menor.get(quadro.no) === indice.get(quadro.no)) {
        const componente: string[] = [];
        let w: string;
        do {
          w = pilha.pop()!;
          naPilha.delete(w);
          componente.push(w);
        } while (w !== quadro.no);
        if (componente.length > 1) componentes.push(componente.sort());
      }
    }
  }
  return componentes.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** The arrows between the files of one component: what to cut to break it. */
export function arestasInternas(grafo: GrafoImportacoes, componente: readonly string[]): [string, string][] {
  const dentro = new Set(componente);
  return componente.flatMap((de) => [...(grafo.arestas.get(de) ?? [])].filter((para) => dentro.has(para)).map((para): [string, string] => [de, para]));
}
