import { novoCpf, novoNome } from './dados';
import { expect, test } from './fixtures';
import { marcar } from './pescador';
import { ANO, chavesNoCelular, itensNoCelular, SALVO_NO_CELULAR, confirmarDialogo, darRegistroAtivo, declarar, gerarPendentes, reapsNoBanco } from './reap-dados';
import { entrar, sair, semViolacoes } from './support';

// Issue 25, "Done when": a fisher fills a REAP without signal, reloads the app without signal and finds everything,
// sends it, and when the signal returns the server holds exactly one REAP sent once with what was typed, even though
// the answer of the first send was lost on the way back; a second fisher on the same phone finds nothing of the first.
const MESES = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'];

test.use({ serviceWorkers: 'allow', actionTimeout: 15_000 });

test('a REAP filled and sent without signal reaches the RGP once when the signal returns', async ({ page, context }) => {
  test.setTimeout(240_000);
  const cpf = novoCpf();

  await test.step('online: the fisher opens the REAP form, and the app is installed', async () => {
    await entrar(page, cpf, novoNome('Pescador Sem Sinal'));
    await darRegistroAtivo(cpf, { categoria: 2, dataPrimeiroRgp: '2024-05-10' });
    await page.reload();
    await gerarPendentes(page, true);
    await declarar(page);
    await expect(page.getByRole('heading', { level: 1, name: `REAP artesanal ${ANO}` })).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The fisher starts online: the species and municipalities lists come (and are kept) as the form asks for them.
    await marcar(page.getByRole('group', { name: `Você realizou pesca em ${ANO}?` }).getByRole('radio', { name: 'Sim' }));
    await page.getByLabel('Espécie (nome comum ou científico)').first().fill('Tain');
    await expect(page.getByRole('button', { name: /^Tainha/ })).toBeVisible();
    await expect(page.locator('#locais-0-municipio').getByRole('option', { name: 'Belém' })).toBeAttached();
  });

  await test.step('without signal: the fisher goes on filling in, and the screen says it is on the phone', async () => {
    await context.setOffline(true);
    await page.getByRole('button', { name: /^Tainha/ }).click();
    await page.getByLabel('Relação de trabalho').selectOption({ label: 'Autônomo (por conta própria)' });
    for (const mes of MESES) await page.getByLabel(mes, { exact: true }).fill('10');
    await page.getByLabel('Quantidade pescada (kg)').first().pressSequentially('12,5');
    await page.getByLabel('Preço médio do quilo').first().pressSequentially('15,00');
    await marcar(page.getByRole('group', { name: 'Grupos alvo da pesca' }).getByRole('checkbox', { name: 'Peixes', exact: true }));
    await page.locator('#locais-0-ambiente').selectOption({ label: 'Continental (água doce)' });
    await page.locator('#locais-0-petrecho').selectOption({ label: 'Tarrafa' });
    await page.locator('#locais-0-municipio').selectOption({ label: 'Belém' });
    await page.locator('#locais-0-tipo').selectOption({ label: 'Rio' });
    await marcar(page.getByRole('group', { name: 'Você vendeu o que pescou?' }).getByRole('radio', { name: 'Não' }));
    await expect(page.getByText(SALVO_NO_CELULAR)).toBeVisible();
    // The status says the form is kept; the last choice reaches IndexedDB a moment after it (the form saves 300 ms
    // after the last change): wait for it there, so the reload below tests the restore and not that moment.
    await expect.poll(() => itensNoCelular(page)).toContain('1501402');
    // Kept under the phone id the server gave (an HMAC of the CPF), never under the CPF.
    const chaves = await chavesNoCelular(page);
    expect(chaves).toHaveLength(1);
    expect(chaves[0]).toMatch(/^[0-9a-f]{32}\/reap\/\d+$/);
    expect(chaves[0]).not.toContain(cpf.replace(/\D/g, ''));
  });

  await test.step('the app reloaded without signal finds everything typed', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `REAP artesanal ${ANO}` })).toBeVisible();
    await expect(page.getByLabel('Dezembro', { exact: true })).toHaveValue('10');
    await expect(page.getByText('Escolhida:').first()).toContainText('Tainha');
    await expect(page.locator('#locais-0-municipio')).toHaveValue('1501402');
    await expect(page.getByText(SALVO_NO_CELULAR)).toBeVisible();
    await semViolacoes(page);
  });

  await test.step('sent without signal: it waits on the phone, unchangeable', async () => {
    await page.getByRole('button', { name: 'Enviar a REAP' }).click();
    await confirmarDialogo(page, 'Sim, enviar a REAP.');
    await expect(page.getByRole('status').filter({ hasText: SALVO_NO_CELULAR })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar a REAP' })).toBeHidden();
    expect((await reapsNoBanco(cpf, ANO))[0]).toMatchObject({ enviada: false, envios: 0 });
  });

  await test.step('the signal returns; the first answer is lost on the way back; the replay does not send twice', async () => {
    let perdidas = 0;
    await page.route('**/api/reap/questionario-basico', async (route) => {
      const corpo = route.request().postDataJSON() as { enviada?: boolean };
      if (corpo.enviada === true && perdidas === 0) {
        perdidas += 1;
        await route.fetch(); // the server takes it…
        await route.abort('internetdisconnected'); // …and the phone never hears back
        return;
      }
      await route.continue();
    });
    await context.setOffline(false);
    await expect.poll(() => perdidas).toBe(1);
    // The phone still holds the send; the next return of the signal replays it with the same key.
    await expect(page.getByRole('status').filter({ hasText: SALVO_NO_CELULAR })).toBeVisible();
    await context.setOffline(true);
    await context.setOffline(false);
    await page.waitForURL((u) => u.pathname === '/reap');
    await expect(page.getByRole('listitem').filter({ hasText: `REAP ${ANO}` }).getByText('Enviada', { exact: true })).toBeVisible();
    expect(await reapsNoBanco(cpf, ANO)).toEqual([{ enviada: true, totalDias: 120, envios: 1 }]);
    await page.unroute('**/api/reap/questionario-basico');
  });

  await test.step('a second fisher on the same phone finds nothing of the first', async () => {
    const guardados = await page.evaluate(async () => {
      const bancos = await indexedDB.databases();
      return bancos.map((b) => b.name);
    });
    expect(guardados).toContain('rgp-neste-celular');
    await sair(page);
    expect(await chavesNoCelular(page)).toEqual([]);
    await entrar(page, novoCpf(), novoNome('Outro Pescador'));
    await expect(page.getByText(SALVO_NO_CELULAR)).toBeHidden();
  });
});
