import {
  ROTA_CONSULTA_CARTEIRA, ROTA_CONSULTA_PROTOCOLO, ROTA_ESTATISTICAS, ROTA_HOME, ROTA_VERIFICAR_CARTEIRA, ROTA_VERIFICAR_PROTOCOLO,
  ROTA_VERIFICAR_REAP,
} from '../shared/rotas-web';

/**
 * Decision 0065: the pages a phone opens first (the public lookups and checks, the open statistics, the fisher's
 * /home) are served with their screen's scripts named in the page (`<link rel="modulepreload">`), so they arrive
 * beside the app's core instead of after it. Each lists the modules its route loads, as src/web/router.tsx's `lazy`
 * imports them: the data layout (components/layout-com-consultas.tsx) and the screen. The build writes one HTML
 * per page (scripts/vite-paginas-precarregadas.ts) and the server answers it at that address; `e2e/peso-paginas.spec.ts`
 * fails if a page then asks for a script its HTML did not name.
 */
export interface PaginaPrecarregada {
  /** The address, as the router matches it (one segment). */
  caminho: string;
  /** The modules the route loads, relative to src/web. */
  modulos: readonly string[];
}

const comConsultas = (tela: string): readonly string[] => ['components/layout-com-consultas.tsx', tela];

export const PAGINAS_PRECARREGADAS: readonly PaginaPrecarregada[] = [
  { caminho: ROTA_CONSULTA_CARTEIRA, modulos: comConsultas('routes/publico-consulta-carteira.tsx') },
  { caminho: ROTA_CONSULTA_PROTOCOLO, modulos: comConsultas('routes/publico-consulta-protocolo.tsx') },
  { caminho: ROTA_VERIFICAR_CARTEIRA, modulos: comConsultas('routes/publico-verificar-carteira.tsx') },
  { caminho: ROTA_VERIFICAR_PROTOCOLO, modulos: comConsultas('routes/publico-verificar-protocolo.tsx') },
  { caminho: ROTA_VERIFICAR_REAP, modulos: comConsultas('routes/publico-verificar-reap.tsx') },
  { caminho: ROTA_ESTATISTICAS, modulos: comConsultas('routes/publico-estatisticas.tsx') },
  { caminho: ROTA_HOME, modulos: comConsultas('routes/home.tsx') },
];

/**
 * Decision 0066: the public pages rendered at build time (scripts/vite-paginas-pre-renderizadas.ts), so their first
 * paint needs no script: the landing page and the card lookup.
 */
export const PAGINAS_PRE_RENDERIZADAS: readonly string[] = ['/', ROTA_CONSULTA_CARTEIRA];

/**
 * Where the build writes a page's HTML, under the web app's folder: `/consulta-carteira` → `paginas/consulta-carteira.html`,
 * `/` → `paginas/index.html` (the server answers it at `/` only).
 */
export const arquivoDaPagina = (caminho: string) => `paginas${caminho === '/' ? '/index' : caminho}.html`;
