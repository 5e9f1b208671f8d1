import { createServer, type Plugin } from 'vite';
import { arquivoDaPagina } from '../src/web/paginas-precarregadas';
import type * as PreRenderizacao from '../src/web/pre-renderizar';

/** The root element as index.html has it, and the mark main.tsx reads to hydrate instead of rendering anew. */
const RAIZ_VAZIA = '<div id="root"></div>';
const raizPreRenderizada = (caminho: string, html: string) => `<div id="root" data-pre-renderizado="${caminho}">${html}</div>`;

/**
 * The public pages a visitor opens first are rendered at build time into their HTML, so the first paint needs no
 * script (decision 0066). index.html stays empty: it is the shell of every other address. Runs after
 * rgp-paginas-precarregadas, before compression.
 */
export function paginasPreRenderizadas(caminhos: readonly string[]): Plugin {
  let raiz = '';
  return {
    name: 'rgp-paginas-pre-renderizadas',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      raiz = config.root;
    },
    async generateBundle(_, bundle) {
      const servidor = await createServer({
        root: raiz,
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { preRenderizar } = (await servidor.ssrLoadModule('/pre-renderizar.tsx')) as typeof PreRenderizacao;
        for (const caminho of caminhos) {
          const arquivo = arquivoDaPagina(caminho);
          const base = bundle[arquivo] ?? bundle['index.html'];
          if (base?.type !== 'asset') this.error(`${arquivo}: sem HTML de base`);
          const html = typeof base.source === 'string' ? base.source : new TextDecoder().decode(base.source);
          if (!html.includes(RAIZ_VAZIA)) this.error(`${arquivo}: sem ${RAIZ_VAZIA}`);
          const marcacao = await preRenderizar(caminho);
          const pagina = html.replace(RAIZ_VAZIA, raizPreRenderizada(caminho, marcacao));
          if (bundle[arquivo]) (bundle[arquivo] as { source: string }).source = pagina;
          else this.emitFile({ type: 'asset', fileName: arquivo, source: pagina });
        }
      } finally {
        await servidor.close();
      }
    },
  };
}
