import type { Browser, BrowserContext, Page, Request } from '@playwright/test';

/**
 * Page weight as a browser receives it: every response of a page load, with its body's size
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
 * The budgets in bytes on the wire: `meta` is the goal; `teto` is what the check enforces today. Where the
 * ceiling is above the goal the page does not meet the goal yet; the ceiling keeps it from growing. Lower a
 * ceiling when a page gets lighter; never raise one without a decision.
 */
export const ORCAMENTO = {
  // /home reads its answers without zod (decision 0130): at its goal, with room for what a screen adds.
  // The global stylesheet keeps only the custom properties something reads (decision 0131): 17.2 → 10.5 KB.
  landing: { js: { meta: 110 * KB, teto: 98 * KB }, css: { meta: 30 * KB, teto: 12 * KB } },
  carteira: { js: { meta: 130 * KB, teto: 125 * KB }, css: { meta: 30 * KB, teto: 14 * KB } },
  home: { js: { meta: 150 * KB, teto: 150 * KB }, css: { meta: 30 * KB, teto: 14 * KB } },
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
