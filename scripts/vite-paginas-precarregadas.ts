import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { arquivoDaPagina, type PaginaPrecarregada } from '../src/web/paginas-precarregadas';

/** What Vite adds to a chunk: the stylesheets its modules import. */
type ChunkDoVite = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** A chunk and every chunk it imports statically, transitively (what loading it loads before it runs). */
function fecho(bundle: OutputBundle, inicio: OutputChunk): ChunkDoVite[] {
  const vistos = new Map<string, ChunkDoVite>();
  const visitar = (chunk: OutputChunk) => {
    if (vistos.has(chunk.fileName)) return;
    vistos.set(chunk.fileName, chunk);
    for (const importado of chunk.imports) {
      const outro = bundle[importado];
      if (outro?.type === 'chunk') visitar(outro);
    }
  };
  visitar(inicio);
  return [...vistos.values()];
}

/**
 * Decision 0065: for each page of src/web/paginas-precarregadas.ts, a copy of index.html that names the scripts and
 * stylesheets of that page's screen (`<link rel="modulepreload">`, `<link rel="stylesheet">`), so a phone fetches them
 * beside the app's core instead of discovering them only once the core has run: one round trip less on a slow link
 * before the page shows. Only static imports are named: what a screen loads on demand (zod and the contracts on the
 * card lookup, before its first lookup) stays on demand. Written as `paginas/<page>.html`; the server answers it at
 * the page's address (src/server/plataforma.ts). A module that makes no chunk (renamed, or no longer a route) stops the
 * build.
 */
export function paginasPrecarregadas(paginas: readonly PaginaPrecarregada[]): Plugin {
  let raiz = '';
  let base = '/';
  return {
    name: 'rgp-paginas-precarregadas',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      raiz = config.root;
      base = config.base;
    },
    generateBundle(_, bundle) {
      const indice = bundle['index.html'];
      if (indice?.type !== 'asset') {
        this.error('index.html não está no resultado da build');
      }
      const html = typeof indice.source === 'string' ? indice.source : new TextDecoder().decode(indice.source);
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const entrada = chunks.find((c) => c.isEntry);
      if (!entrada) this.error('a build não tem entrada');
      const nucleo = fecho(bundle, entrada);
      const doNucleo = new Set(nucleo.map((c) => c.fileName));
      const cssDoNucleo = new Set(nucleo.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]));
      // The chunk a route's module starts (a dynamic entry), or, when the build merged that module into another chunk, that chunk.
      const chunkDe = (id: string) => chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));

      for (const pagina of paginas) {
        const scripts = new Set<string>();
        const estilos = new Set<string>();
        for (const modulo of pagina.modulos) {
          const chunk = chunkDe(path.join(raiz, modulo));
          if (!chunk) this.error(`${modulo} (página ${pagina.caminho}) não gerou um chunk: confira src/web/paginas-precarregadas.ts`);
          for (const c of fecho(bundle, chunk)) {
            if (!doNucleo.has(c.fileName)) scripts.add(c.fileName);
            for (const css of c.viteMetadata?.importedCss ?? []) if (!cssDoNucleo.has(css)) estilos.add(css);
          }
        }
        const links = [
          ...[...estilos].map((f) => `    <link rel="stylesheet" crossorigin href="${base}${f}">`),
          ...[...scripts].map((f) => `    <link rel="modulepreload" crossorigin href="${base}${f}">`),
        ].join('\n');
        if (!html.includes('</head>')) this.error('index.html sem </head>');
        this.emitFile({ type: 'asset', fileName: arquivoDaPagina(pagina.caminho), source: html.replace('</head>', `${links}\n  </head>`) });
      }
    },
  };
}
