import { expect, test, type Page } from '@playwright/test';
import { CONTAS, entrar, sair, semRolagemHorizontal, semViolacoes } from './support';

test.describe('sign-in with the development identity provider', () => {
  test('the public landing page is accessible', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await semViolacoes(page);
    await semRolagemHorizontal(page);
  });

  test('the identity provider page refuses an invalid CPF and is accessible', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /Entrar com gov\.br/i }).first().click();
    await page.getByLabel('CPF', { exact: true }).fill('123.456.789-00');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('CPF inválido. Confira os números digitados.');
    await semViolacoes(page);
  });

  test('the fisher signs in, sees the fisher counters, and signs out', async ({ page }) => {
    await entrar(page, CONTAS.pescador.cpf);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Olá, ${CONTAS.pescador.nome}`);
    for (const rotulo of ['Rascunhos', 'Enviadas', 'Deferidas', 'Em análise', 'Em atualização', 'Todas']) {
      await expect(page.getByText(rotulo, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText('Aguardando análise', { exact: true })).toHaveCount(0);
    await semViolacoes(page);
    await semRolagemHorizontal(page);
    await sair(page);
    // The session is gone: /home sends the visitor back to the landing page.
    await page.goto('/home');
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('a sign-in return opened in another browser signs nobody in (login forgery, decision 0068)', async ({ page, browser }) => {
    // The attacker's browser goes through the provider and stops at the return address, keeping its code.
    await page.route('**/login?code=*', (route) => route.abort());
    await page.goto('/');
    await page.getByRole('button', { name: /Entrar com gov\.br/i }).first().click();
    await page.getByLabel('CPF', { exact: true }).fill(CONTAS.pescador.cpf);
    const retorno = page.waitForRequest((r) => new URL(r.url()).pathname === '/login' && new URL(r.url()).searchParams.has('code'));
    await page.getByRole('button', { name: 'Entrar' }).click();
    const endereco = (await retorno).url();
    // The victim's browser opens that address: no sign-in started there, no binding cookie.
    const vitima = await browser.newContext();
    const outra = await vitima.newPage();
    await outra.goto(endereco);
    await expect(outra.getByRole('heading', { level: 1 })).toHaveText('Não foi possível entrar');
    await expect(outra.getByText('não corresponde ao acesso iniciado neste navegador').first()).toBeVisible();
    await outra.goto('/home');
    await outra.waitForURL((url) => url.pathname === '/');
    await vitima.close();
  });

  test('a new CPF signs in as a fisher', async ({ page }) => {
    await entrar(page, '529.982.247-25', 'Maria das Redes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Olá, MARIA DAS REDES');
    await expect(page.getByText('Rascunhos', { exact: true }).first()).toBeVisible();
    await sair(page);
  });

  for (const chave of ['gestor', 'mpa', 'sfpa', 'admin', 'consultaInterno'] as const) {
    test(`${chave} signs in, sees the staff counters, and signs out`, async ({ page }) => {
      const conta = CONTAS[chave];
      await entrar(page, conta.cpf);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Olá, ${conta.nome}`);
      for (const rotulo of ['Aguardando análise', 'Analisadas', 'Em análise']) {
        await expect(page.getByText(rotulo, { exact: true }).first()).toBeVisible();
      }
      await semViolacoes(page);
      await semRolagemHorizontal(page);
      await sair(page);
    });
  }

  test('consulta externa signs in and sees no analysis counters it may not read', async ({ page }) => {
    await entrar(page, CONTAS.consultaExterno.cpf);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Olá, ${CONTAS.consultaExterno.nome}`);
    await expect(page.getByRole('region', { name: 'Consulta externa' })).toBeVisible();
    await expect(page.getByRole('term')).toHaveCount(0);
    await semViolacoes(page);
    await semRolagemHorizontal(page);
    await sair(page);
  });
});

// Issue 33, point 5: under load the server answered 503 to the sign-in's script; the page threw, the CPF field never
// appeared and nothing said to try again. A script that fails to load is tried again, and after the tries the page
// says so in Portuguese and the user can try once more.
test.describe('a script that fails to load', () => {
  /** Answers 503 to the scripts matching `arquivo` the first `vezes` times they are asked for, as a shedding server did. */
  async function falhar(page: Page, arquivo: RegExp, vezes: number) {
    let falhas = 0;
    await page.route(arquivo, async (route) => {
      if (falhas >= vezes) return route.continue();
      falhas += 1;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"codigo":503,"mensagem":"Servidor ocupado"}' });
    });
    return () => falhas;
  }
  const SCRIPT_DA_ENTRADA = /\/assets\/login-[^/]*\.js$/;

  test('the sign-in\'s script is tried again on its own, and the sign-in completes', async ({ page }) => {
    const falhas = await falhar(page, SCRIPT_DA_ENTRADA, 1);
    await entrar(page, CONTAS.pescador.cpf);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Olá, ${CONTAS.pescador.nome}`);
    expect(falhas()).toBe(1);
  });

  test('after the tries the sign-in says so, and the button tries again', async ({ page }) => {
    await falhar(page, SCRIPT_DA_ENTRADA, Infinity);
    await page.goto('/');
    const botao = page.getByRole('main').getByRole('button', { name: /Entrar com gov\.br/i });
    await botao.click();
    await expect(page.getByRole('alert')).toHaveText(/Não foi possível iniciar a entrada.*tente novamente\./);
    await semViolacoes(page);
    await semRolagemHorizontal(page);
    await page.unrouteAll();
    await botao.click();
    await page.getByLabel('CPF', { exact: true }).fill(CONTAS.pescador.cpf);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/home');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Olá, ${CONTAS.pescador.nome}`);
  });

  test('a screen says so after the tries, and "Tentar novamente" opens it', async ({ page }) => {
    // Every request fails (the page's preload, then each try) until the link comes back.
    await falhar(page, /\/assets\/publico-consulta-carteira-[^/]*\.js$/, Infinity);
    await page.goto('/consulta-carteira');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Não foi possível abrir esta tela');
    await expect(page.getByRole('alert')).toContainText('Verifique sua internet e tente novamente.');
    await semViolacoes(page);
    await semRolagemHorizontal(page);
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Tentar novamente' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verificar uma carteira profissional');
  });
});
