import {
  ROTA_CONSULTA_CARTEIRA, ROTA_CONSULTA_PROTOCOLO, ROTA_ESTATISTICAS, ROTA_HOME, ROTA_VERIFICAR_CARTEIRA, ROTA_VERIFICAR_PROTOCOLO,
  ROTA_VERIFICAR_REAP,
} from '../shared/rotas-web';

/**
 * The pages a phone opens first name their screen's scripts in the HTML (modulepreload), so they arrive beside the
 * app's core (decision 0065). `e2e/peso-paginas.spec.ts` fails if a page asks for a script its HTML did not name.
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

/** Rendered at build time, so their first paint needs no script (decision 0066). */
export const PAGINAS_PRE_RENDERIZADAS: readonly string[] = ['/', ROTA_CONSULTA_CARTEIRA];

/** The server answers `paginas/index.html` at `/` only. */
export const arquivoDaPagina = (caminho: string) => `paginas${caminho === '/' ? '/index' : caminho}.html`;
