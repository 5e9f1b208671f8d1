import type { Browser, BrowserContext, Page, Request } from '@playwright/test';

/**
 * Page weight as a browser receives it (issue 14, point 1): every response of a page load, with its body's size
 * on the wire (after compression, as Chromium counts it), grouped by kind. Shared by the budget check
 * (e2e/peso-paginas.spec.ts) and the benchmark (bench/peso-paginas.ts).
 */

export type Tipo = 'js' | 'css' | 'fonte' | 'html' | 'api' | 'outro';

export interface Resposta {
  url: string;
  tipo: Tipo;
  status: number;
  /** body bytes on the wire (compressed when the server compressed) */
  bytes: number;
  encoding: string | null;
  cacheControl: string | null;
}

export interface Peso {
  respostas: Resposta[];
  total: Record<Tipo, number>;
}

const KB = 1024;

/**
 * The budgets of issue 14 in bytes on the wire: `meta` is the goal; `teto` is what the check enforces
 * today. Where the ceiling is above the goal the page does not meet the goal yet (decision 0017 says why and what
 * would close the gap); the ceiling keeps it from growing. Lower a ceiling when a page gets lighter; never raise one
 * without a decision.
 */
export const ORCAMENTO = {
  // JS measured on 2026-11-25 (react-toastify on demand): 93.4 KB, 175.6 KB and 147.9 KB; ceilings with about
  // 3 % of room, /home's at its goal. 2026-11-27 (issue 24, decision 0059): the contracts the fisher's /home calls
  // through cost it about 3 KB (149.7 → 152.7 KB, after the build merges chunks under 4 KB and the staff's counters'
  // contracts load on demand); its ceiling is 154 KB until issue 25 (the pages within budget) brings it back under
  // the goal of 150 KB. 2026-11-27 (issue 25, decisions 0061 and 0062): the installable app's registration, its two
  // bands and the trigger that sends what a phone kept without signal cost the fisher's pages about 1 KB in the core
  // and /home 2 KB more as the build regrouped its small chunks (153.8 → 155.9 KB); ceiling 157 KB until the pages'
  // weight (issue 25, point 6) is taken. 2026-11-27 (issue 25, point 6): the build runs on Preact through
  // preact/compat (the core chunk 84.7 → 35.0 KB), the card lookup's form is its own light one (no react-hook-form,
  // no imask) and its query schema no longer brings the request wizard's; the documents' queue and the wizard's
  // sender in the background (decision 0064) load on demand, and the cards' table is a chunk of its own so that the
  // merging of small chunks does not bring the queue to /home: 45.7 KB, 96.9 KB and 107.2 KB (from 95.7, 180.5 and
  // 155.8 KB); every page within its goal, ceilings with about 3 % of room.
  // 2026-12-02 (issue 25, decision 0065): the card lookup loads no zod nor contract until its first lookup, and zod is
  // a chunk of its own: the lookup 96.9 → 69.8 KB, ceiling 72 KB; the fisher /home, which reads the server at once,
  // keeps zod and pays for the finer chunks (107.3 → 111.1 KB, ceiling 114 KB, its goal 150 KB).
  // 2026-12-06 (issue 33, point 1, decision 0066): the build ships React itself, no longer Preact (the core chunk
  // 35.0 → 84.7 KB), and the landing page and the card lookup are rendered at build time; the goals are
  // 110 KB, 130 KB and 150 KB. Landing 45.7 → 96.1 KB, card lookup 69.8 → 119.9 KB, within their goals (ceilings
  // about 2 % above); the fisher /home 111.1 → 160.9 KB, over its goal until zod leaves its first load (decision
  // 0066 says how): its ceiling keeps it from growing meanwhile. 2026-12-06 (issue 33, point 1): the web build leaves
  // zod's JSON Schema generator out (scripts/vite-zod-sem-json-schema.ts; zod 23.4 → 18.5 KB): /home 162.0 → 157.2 KB,
  // ceiling 159 KB, still over its goal until zod leaves its first load.
  landing: { js: { meta: 110 * KB, teto: 98 * KB }, css: { meta: 30 * KB, teto: 30 * KB } },
  carteira: { js: { meta: 130 * KB, teto: 122 * KB }, css: { meta: 30 * KB, teto: 30 * KB } },
  home: { js: { meta: 150 * KB, teto: 159 * KB }, css: { meta: 30 * KB, teto: 30 * KB } },
} as const;

function tipoDe(request: Request, contentType: string): Tipo {
  const r = request.resourceType();
  const path = new URL(request.url()).pathname;
  if (r === 'script' || /javascript/.test(contentType)) return 'js';
  if (r === 'stylesheet' || /text\/css/.test(contentType)) return 'css';
  if (r === 'font' || /font\//.test(contentType)) return 'fonte';
  if (r === 'document') return 'html';
  if (path.startsWith('/api/')) return 'api';
  return 'outro';
}

/**
 * Loads `url` in a new page of `context` and records every response until `pronto` resolves and the network
 * has been quiet for a moment. The context must have an empty cache (a new one) for the figures to mean a
 * first visit.
 */
export async function medirPagina(context: BrowserContext, url: string, pronto: (page: Page) => Promise<void>): Promise<Peso> {
  const page = await context.newPage();
  const pendentes: Promise<Resposta | null>[] = [];
  page.on('requestfinished', (request) => {
    pendentes.push((async () => {
      const response = await request.response();
      if (!response) return null;
      const sizes = await request.sizes();
      const headers = await response.allHeaders();
      return {
        url: request.url(),
        tipo: tipoDe(request, headers['content-type'] ?? ''),
        status: response.status(),
        bytes: sizes.responseBodySize,
        encoding: headers['content-encoding'] ?? null,
        cacheControl: headers['cache-control'] ?? null,
      };
    })().catch(() => null));
  });
  await page.goto(url);
  await pronto(page);
  await page.waitForLoadState('networkidle');
  const respostas = (await Promise.all(pendentes)).filter((r): r is Resposta => r !== null);
  await page.close();
  const total: Record<Tipo, number> = { js: 0, css: 0, fonte: 0, html: 0, api: 0, outro: 0 };
  for (const r of respostas) total[r.tipo] += r.bytes;
  return { respostas, total };
}

/** A new context like `base` (viewport, locale) with an empty cache and, optionally, a signed-in storage state. */
export async function contextoLimpo(browser: Browser, baseURL: string, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  return browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', ...(storageState ? { storageState } : {}) });
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One line per page: JS, CSS, fonts, HTML on the wire, and the files behind them. */
export function descrever(nome: string, peso: Peso): string {
  const arquivos = peso.respostas
    .filter((r) => r.tipo === 'js' || r.tipo === 'css' || r.tipo === 'fonte')
    .sort((a, b) => b.bytes - a.bytes)
    .map((r) => `    ${r.tipo.padEnd(5)} ${kb(r.bytes).padStart(9)} ${(r.encoding ?? 'identity').padEnd(8)} ${new URL(r.url).pathname}`);
  return [
    `${nome}: JS ${kb(peso.total.js)} · CSS ${kb(peso.total.css)} · fonts ${kb(peso.total.fonte)} · HTML ${kb(peso.total.html)}`,
    ...arquivos,
  ].join('\n');
}
