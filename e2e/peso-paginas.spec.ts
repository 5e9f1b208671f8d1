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
    await conferirPrecarga(base, '/home', home);
  });
});
