// npm run bench:peso — issue 14, point 1: what a browser downloads for the landing page, the public card lookup
// (with its captcha widget) and the fisher's /home, on the wire (after compression), the fonts, the cache
// headers, and the time to the first heading on a 1.6 Mbps / 150 ms link (Chromium's network throttling),
// beside a bare baseline measured in the same run: the same page's HTML, already rendered, with no script and
// no stylesheet, served compressed from a plain node:http server on the same link.
//
// With LIGHTHOUSE=/path/to/lighthouse (Lighthouse 12.2.3's CLI, installed outside the project: decision 0017;
// CHROME_PATH is not needed, the bench names /usr/bin/chromium)
// it also prints Lighthouse's mobile, simulated slow 4G performance, LCP and accessibility for both public pages.
//
// It builds nothing: the npm script builds the web app first. It starts the product as `npm start` does, on
// its own port and data folder, and stops it at the end.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { contextoLimpo, descrever, kb, medirPagina, ORCAMENTO, type Peso } from '../e2e/peso';
import { signIn, startProduct, stop, waitExit } from './lib';

const PESCADOR = '400.000.004-77';
const REDE = { latencia: 150, bitsPorSegundo: 1_600_000, subidaBitsPorSegundo: 750_000 };
const REPETICOES = 3;

// The "now" column, measured before this work (the server compressed nothing).
const ANTES = {
  landing: { js: 726, css: 788 },
  carteira: { js: 856, css: 791 },
  home: { js: 726, css: 788 },
  fontes: 196,
  h1: { landing: 8.6, carteira: 9.0 },
};

const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

const prontoLanding = async (page: Page) => {
  await page.getByRole('heading', { level: 1 }).waitFor();
};
const prontoCarteira = async (page: Page) => {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('checkbox', { name: 'Eu não sou um robô' }).waitFor({ timeout: 30_000 });
};
const prontoHome = async (page: Page) => {
  await page.getByRole('heading', { level: 2, name: 'Minhas solicitações' }).waitFor({ timeout: 30_000 });
};

// Records when the first h1 enters the document (ms since the start of navigation). A string, not a function:
// tsx would wrap a function's inner functions in a helper the page does not have. An observer set on the
// document before it is parsed sees nothing in Chromium, so it polls until the element exists.
const OLHAR_H1 = `(() => {
  const olhar = () => { if (window.__h1 === undefined && document.querySelector('h1')) window.__h1 = performance.now(); };
  const intervalo = setInterval(() => { olhar(); if (window.__h1 !== undefined) clearInterval(intervalo); }, 5);
  document.addEventListener('DOMContentLoaded', () => {
    olhar();
    new MutationObserver(olhar).observe(document.documentElement, { childList: true, subtree: true });
  });
})();`;

/** ms from the start of navigation to the first h1 in the document, on the throttled link; median of runs. */
async function primeiroH1(browser: Browser, base: string, url: string, storageState?: Parameters<typeof contextoLimpo>[2]) {
  const tempos: number[] = [];
  for (let i = 0; i < REPETICOES; i++) {
    const context = await contextoLimpo(browser, base, storageState);
    const page = await context.newPage();
    await page.addInitScript(OLHAR_H1);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: REDE.latencia,
      downloadThroughput: REDE.bitsPorSegundo / 8,
      uploadThroughput: REDE.subidaBitsPorSegundo / 8,
    });
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    await page.waitForFunction(() => (window as unknown as { __h1?: number }).__h1 !== undefined, undefined, { timeout: 120_000 });
    tempos.push(await page.evaluate(() => (window as unknown as { __h1: number }).__h1));
    await context.close();
  }
  tempos.sort((a, b) => a - b);
  return tempos[Math.floor(tempos.length / 2)]!;
}

/** The rendered page's HTML with no script, no stylesheet and no preload: the floor of this link. */
async function htmlRenderizado(browser: Browser, base: string, url: string, pronto: (page: Page) => Promise<void>) {
  const context = await contextoLimpo(browser, base);
  const page = await context.newPage();
  await page.goto(url);
  await pronto(page);
  const html = await page.evaluate(() => {
    const doc = document.documentElement.cloneNode(true) as HTMLElement;
    doc.querySelectorAll('script, link[rel="stylesheet"], link[rel="modulepreload"], link[rel="preload"], style').forEach((e) => e.remove());
    return `<!doctype html>${doc.outerHTML}`;
  });
  await context.close();
  return html;
}

async function servidorNu(paginas: Record<string, string>) {
  const server = http.createServer((req, res) => {
    const html = paginas[req.url ?? '/'];
    if (!html) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', 'cache-control': 'no-cache' });
    res.end(zlib.brotliCompressSync(html));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { server, base: `http://127.0.0.1:${port}` };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Lighthouse (mobile, simulated throttling) on one page: performance, LCP, accessibility; null without the CLI. */
function lighthouse(url: string): string | null {
  const cli = process.env.LIGHTHOUSE;
  if (!cli) return null;
  const saida = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rgp-lh-')), 'r.json');
  execFileSync(cli, [
    url, '--chrome-path=/usr/bin/chromium', `--chrome-flags=${args.join(' ')}`, '--form-factor=mobile',
    '--throttling-method=simulate', '--only-categories=performance,accessibility', '--output=json', `--output-path=${saida}`, '--quiet',
  ], { stdio: 'ignore', timeout: 300_000 });
  const r = JSON.parse(fs.readFileSync(saida, 'utf8')) as {
    categories: Record<'performance' | 'accessibility', { score: number }>;
    audits: Record<string, { displayValue?: string }>;
  };
  fs.rmSync(path.dirname(saida), { recursive: true, force: true });
  const nota = (c: 'performance' | 'accessibility') => Math.round(r.categories[c].score * 100);
  return `${nota('performance')}, LCP ${r.audits['largest-contentful-paint']?.displayValue} (accessibility ${nota('accessibility')})`;
}

// PESO_BASE=http://localhost:NNNN measures a product already running there instead of starting one.
const produto = process.env.PESO_BASE
  ? { child: null, base: process.env.PESO_BASE }
  : await startProduct({ port: 3230, pgPort: 5530, dataDir: '.test-data/bench-peso', fresh: true });
const { child, base } = produto;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
try {
  // A signed-in fisher: the token in localStorage, as the sign-in leaves it.
  const { token } = await signIn(base, PESCADOR);
  const pescador = { cookies: [], origins: [{ origin: base, localStorage: [{ name: 'rgp.token', value: token }] }] };

  const medir = async (url: string, pronto: (page: Page) => Promise<void>, estado?: typeof pescador) => {
    const context = await contextoLimpo(browser, base, estado);
    const peso = await medirPagina(context, url, pronto);
    await context.close();
    return peso;
  };
  const landing = await medir('/', prontoLanding);
  const carteira = await medir('/consulta-carteira', prontoCarteira);
  const home = await medir('/home', prontoHome, pescador);

  for (const [nome, peso] of [['landing /', landing], ['card lookup /consulta-carteira', carteira], ['fisher /home', home]] as const) {
    console.log(descrever(nome, peso));
  }

  const doc = landing.respostas.find((r) => r.tipo === 'html');
  const asset = landing.respostas.find((r) => r.tipo === 'js' && r.url.includes('/assets/'));
  console.log(`\ncache: index.html "${doc?.cacheControl}" (${doc?.encoding ?? 'identity'}); hashed asset "${asset?.cacheControl}" (${asset?.encoding ?? 'identity'})`);

  const fontes = (p: Peso) => p.respostas.filter((r) => r.tipo === 'fonte');
  const listaFontes = [...new Set([...fontes(landing), ...fontes(carteira), ...fontes(home)].map((r) => new URL(r.url).pathname.replace(/^\/assets\//, '')))];
  console.log(`fonts fetched across the three pages: ${listaFontes.join(', ')}`);

  const h1 = {
    landing: await primeiroH1(browser, base, '/'),
    carteira: await primeiroH1(browser, base, '/consulta-carteira'),
    home: await primeiroH1(browser, base, '/home', pescador),
  };
  const nu = await servidorNu({
    '/': await htmlRenderizado(browser, base, '/', prontoLanding),
    '/consulta-carteira': await htmlRenderizado(browser, base, '/consulta-carteira', prontoCarteira),
  });
  const h1Nu = { landing: await primeiroH1(browser, nu.base, '/'), carteira: await primeiroH1(browser, nu.base, '/consulta-carteira') };
  nu.server.close();

  const linha = (c: string[]) => `| ${c.join(' | ')} |`;
  const jsCss = (p: Peso) => `${kb(p.total.js)} JS + ${kb(p.total.css)} CSS`;
  console.log(`\nfirst heading on ${REDE.bitsPorSegundo / 1e6} Mbps / ${REDE.latencia} ms, median of ${REPETICOES}, cache off\n`);
  console.log(linha(['what', 'before (issue 14)', 'now', 'goal']));
  console.log(linha(['---', '---', '---', '---']));
  const meta = (o: (typeof ORCAMENTO)[keyof typeof ORCAMENTO]) => `≤ ${o.js.meta / 1024} KB JS + ${o.css.meta / 1024} KB CSS`;
  console.log(linha(['landing page, on the wire', `${ANTES.landing.js} KB JS + ${ANTES.landing.css} KB CSS`, jsCss(landing), meta(ORCAMENTO.landing)]));
  console.log(linha(['card lookup with captcha', `${ANTES.carteira.js} KB JS + ${ANTES.carteira.css} KB CSS`, jsCss(carteira), meta(ORCAMENTO.carteira)]));
  console.log(linha(['fisher /home', `${ANTES.home.js} KB JS + ${ANTES.home.css} KB CSS`, jsCss(home), meta(ORCAMENTO.home)]));
  console.log(linha(['fonts (landing / lookup / home)', `${ANTES.fontes} KB`, `${kb(landing.total.fonte)} / ${kb(carteira.total.fonte)} / ${kb(home.total.fonte)}`, 'weights and glyphs used, woff2']));
  console.log(linha(['first heading, landing', `${ANTES.h1.landing} s`, `${s(h1.landing)} (bare HTML ${s(h1Nu.landing)})`, '≤ 2.5 s']));
  console.log(linha(['first heading, card lookup', `${ANTES.h1.carteira} s`, `${s(h1.carteira)} (bare HTML ${s(h1Nu.carteira)})`, '≤ 1.0 s (issue 33)']));
  console.log(linha(['first heading, fisher /home', '—', s(h1.home), '—']));
  const lh = [lighthouse(`${base}/`), lighthouse(`${base}/consulta-carteira`)];
  console.log(linha(['Lighthouse mobile, landing / card lookup', '56 / 57, LCP 9.6 s / 9.2 s (accessibility 100)',
    lh[0] ? `${lh[0]} / ${lh[1]}` : 'set LIGHTHOUSE=<cli> to measure', '≥ 95, LCP ≤ 2.5 s, accessibility 100']));
  console.log(linha(['cache of hashed assets / index.html', '`max-age=3600` / `max-age=3600`', `\`${asset?.cacheControl}\` / \`${doc?.cacheControl}\``, 'a year, immutable / revalidated']));
} finally {
  await browser.close();
  if (child) {
    stop(child);
    await waitExit(child);
  }
}
