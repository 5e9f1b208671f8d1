import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { contextoLimpo, descrever, kb, medirPagina, ORCAMENTO, type Peso } from './peso';
import { CONTAS, entrar } from './support';

// Issue 14, point 1: what a first visit downloads, as Chromium receives it from the running server (so the
// compression counts, and a missing Content-Encoding or cache header fails here). The sizes are printed, so a
// change that grows them is seen in review. Bytes do not depend on the screen size: desktop only.

const prontoLanding = (page: Page) => expect(page.getByRole('heading', { level: 1, name: 'Registro Geral da Atividade Pesqueira' })).toBeVisible();
const prontoCarteira = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Verificar uma carteira profissional' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Eu não sou um robô' })).toBeVisible({ timeout: 30_000 });
};
const prontoHome = (page: Page) => expect(page.getByRole('heading', { level: 2, name: 'Minhas solicitações' })).toBeVisible({ timeout: 30_000 });

function conferir(nome: string, peso: Peso, orcamento: (typeof ORCAMENTO)[keyof typeof ORCAMENTO]) {
  const linha = (tipo: 'js' | 'css') => {
    const { meta, teto } = orcamento[tipo];
    const total = peso.total[tipo];
    const estado = total <= meta ? 'within the goal' : `${kb(total - meta)} over the goal of ${kb(meta)}`;
    return `  ${tipo.toUpperCase()} ${kb(total)} (ceiling ${kb(teto)}; ${estado})`;
  };
  console.log(`${descrever(nome, peso)}\n${linha('js')}\n${linha('css')}`);

  // Every text asset goes compressed with brotli (the browser asks for br); hashed files are cached a year.
  for (const r of peso.respostas) {
    const caminho = new URL(r.url).pathname;
    if ((r.tipo === 'js' || r.tipo === 'css' || r.tipo === 'html') && r.bytes > 512) {
      expect.soft(r.encoding, `${caminho} sent without compression`).toBe('br');
    }
    if (caminho.startsWith('/assets/')) {
      expect.soft(r.cacheControl, `${caminho} cache`).toBe('public, max-age=31536000, immutable');
    }
    if (r.tipo === 'html') expect.soft(r.cacheControl, 'index.html must be revalidated').toBe('no-cache');
    if (r.tipo === 'fonte') expect.soft(caminho, 'fonts are WOFF2 only').toMatch(/\.woff2$/);
  }
  expect.soft(peso.total.js, `${nome}: JS on the wire`).toBeLessThanOrEqual(orcamento.js.teto);
  expect.soft(peso.total.css, `${nome}: CSS on the wire`).toBeLessThanOrEqual(orcamento.css.teto);
}

/**
 * Decision 0065: a page the build wrote a copy of (src/web/paginas-precarregadas.ts) names in its HTML every script
 * it runs to show itself, so none waits for the core to run first; and the card lookup loads no zod (nor a contract)
 * until its first lookup.
 */
async function conferirPrecarga(base: string, caminho: string, peso: Peso, semZod = false) {
  const html = await (await fetch(new URL(caminho, base))).text();
  const nomeados = new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  const scripts = peso.respostas.filter((r) => r.tipo === 'js').map((r) => new URL(r.url).pathname);
  expect.soft(nomeados.size, `${caminho}: the page's HTML names its screen's scripts`).toBeGreaterThan(2);
  expect.soft(scripts.filter((s) => !nomeados.has(s)), `${caminho}: scripts the HTML did not name`).toEqual([]);
  if (semZod) expect.soft(scripts.filter((s) => /\/zod-[^/]*\.js$/.test(s)), `${caminho}: zod before the first lookup`).toEqual([]);
}

test.describe('page weight on the wire (issue 14)', () => {
  test('landing page, card lookup with its captcha, and the fisher /home stay within budget', async ({ browser, baseURL, page }) => {
    test.setTimeout(120_000);
    const base = baseURL!;

    const medir = async (url: string, pronto: (page: Page) => Promise<void>, estado?: Parameters<typeof contextoLimpo>[2]) => {
      const contexto = await contextoLimpo(browser, base, estado);
      try {
        return await medirPagina(contexto, url, pronto);
      } finally {
        await contexto.close();
      }
    };

    conferir('landing /', await medir('/', prontoLanding), ORCAMENTO.landing);
    const carteira = await medir('/consulta-carteira', prontoCarteira);
    conferir('card lookup /consulta-carteira', carteira, ORCAMENTO.carteira);
    await conferirPrecarga(base, '/consulta-carteira', carteira, true);

    // The fisher signs in as a person does; /home is then opened by a new browser with the same session and
    // an empty cache (and no service worker yet): a first visit from another phone.
    await entrar(page, CONTAS.pescador.cpf);
    const sessao = await page.context().storageState();
    const home = await medir('/home', prontoHome, sessao);
    conferir('fisher /home', home, ORCAMENTO.home);
    // Decision 0130: /home reads its answers without zod; the forms it opens load it.
    const zodNaHome = home.respostas.filter((r) => r.tipo === 'js' && /\/zod-[^/]*\.js$/.test(new URL(r.url).pathname));
    expect.soft(zodNaHome.map((r) => new URL(r.url).pathname), '/home: zod on its first load').toEqual([]);
    await conferirPrecarga(base, '/home', home);
  });
});

// Issue 33, point 1 (decision 0066): what ships is React, as the dev server and the unit tests run it, and the public
// pages a visitor opens first are rendered at build time by React and hydrated in place.
test.describe('React in production (issue 33)', () => {
  test('the built app runs React DOM of the installed version, not Preact', async ({ baseURL }) => {
    const html = await (await fetch(new URL('/', baseURL))).text();
    const scripts = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const codigo = (await Promise.all(scripts.map(async (s) => (await fetch(new URL(s, baseURL))).text()))).join('\n');
    const versao = (JSON.parse(fs.readFileSync('node_modules/react-dom/package.json', 'utf8')) as { version: string }).version;
    // React DOM's production build carries its version and the address of its error codes; Preact's compatibility layer has neither.
    expect(codigo).toContain(`"${versao}"`);
    expect(codigo).toContain('react.dev/errors');
    expect(codigo.toLowerCase()).not.toContain('preact');
  });

  for (const { caminho, titulo } of [
    { caminho: '/', titulo: 'Registro Geral da Atividade Pesqueira' },
    { caminho: '/consulta-carteira', titulo: 'Verificar uma carteira profissional' },
  ]) {
    test(`${caminho} paints without a script and is hydrated in place`, async ({ browser, baseURL }) => {
      // With scripts off, the page as served already shows its heading and its sign-in.
      const semScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
      const estatica = await semScript.newPage();
      await estatica.goto(caminho);
      await expect(estatica.getByRole('heading', { level: 1 })).toHaveText(titulo);
      await expect(estatica.getByRole('button', { name: /Entrar com gov\.br/i }).first()).toBeVisible();
      await semScript.close();

      // With scripts on, React takes over the same elements (no mismatch, which would render the page anew).
      const contexto = await browser.newContext({ baseURL });
      const page = await contexto.newPage();
      const erros: string[] = [];
      page.on('pageerror', (e) => erros.push(e.message));
      page.on('console', (m) => { if (m.type() === 'error') erros.push(m.text()); });
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { __h1: Element | null }).__h1 = document.querySelector('h1');
        });
      });
      await page.goto(caminho);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { __h1: Element | null }).__h1 === document.querySelector('h1'))).toBe(true);
      // Hydrated: the sign-in button answers a click (it loads the sign-in and leaves for the identity provider).
      await page.getByRole('button', { name: /Entrar com gov\.br/i }).first().click();
      await expect(page.getByLabel('CPF', { exact: true })).toBeVisible();
      expect(erros).toEqual([]);
      await contexto.close();
    });
  }
});
