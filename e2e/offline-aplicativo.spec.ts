import { expect, test } from './fixtures';
import { CONTAS, entrar, semViolacoes } from './support';

// Issue 25, point 1: the installable app opens without signal. The worker is allowed here only (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test.describe('the installable app', () => {
  test('a fisher signed in once opens the app and its reference lists without signal', async ({ page, context }) => {
    await entrar(page, CONTAS.pescador.cpf);

    // What a phone installs from: the manifest, with its icons there.
    const manifesto = (await (await page.request.get('/manifest.webmanifest')).json()) as { icons: { src: string }[] };
    expect(manifesto).toMatchObject({ lang: 'pt-BR', display: 'standalone', start_url: '/', short_name: 'RGP' });
    for (const icone of manifesto.icons) expect((await page.request.get(icone.src)).status(), icone.src).toBe(200);

    // The worker is installed for the fisher (its precache filled); from the next page load it answers the app.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // A reference list a form asked for online is kept.
    await page.evaluate(() => fetch('/api/municipios/uf/PA').then((r) => r.json()));
    await expect.poll(() => page.evaluate(async () => (await caches.match('/api/municipios/uf/PA')) !== undefined)).toBe(true);

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Sem conexão com a internet.' })).toBeVisible();
      await expect(page.getByRole('link', { name: /RGP/ }).first()).toBeVisible();
      const municipios = await page.evaluate(async () => {
        const r = await fetch('/api/municipios/uf/PA');
        return { status: r.status, total: ((await r.json()) as { dados: unknown[] }).dados.length };
      });
      expect(municipios.status).toBe(200);
      expect(municipios.total).toBeGreaterThan(100);
      await semViolacoes(page);
    } finally {
      await context.setOffline(false);
    }
    await expect(page.getByText('Sem conexão com a internet.')).toBeHidden();
  });
});
