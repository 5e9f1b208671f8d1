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

// Issue 33, point 5: under load the server answered 503 to the sign-in's script; the page threw and stayed blank.
// A screen whose script fails to load is tried again, and after the tries it says so and offers "Tentar novamente".
test.describe('a screen whose script fails to load', () => {
  /** Answers 503 to the /login screen's script the first `vezes` times it is asked for, as a shedding server did. */
  async function falharScriptDoLogin(page: Page, vezes: number) {
    let falhas = 0;
    await page.route(/\/assets\/login-[^/]*\.js$/, async (route) => {
      if (falhas >= vezes) return route.continue();
      falhas += 1;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"codigo":503,"mensagem":"Servidor ocupado"}' });
    });
    return () => falhas;
  }

  test('is tried again on its own, and the sign-in completes', async ({ page }) => {
    const falhas = await falharScriptDoLogin(page, 1);
    await entrar(page, CONTAS.pescador.cpf);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Olá, ${CONTAS.pescador.nome}`);
    expect(falhas()).toBe(1);
  });

  test('says so in Portuguese after the tries, and "Tentar novamente" opens it', async ({ page }) => {
    await falharScriptDoLogin(page, 3);
    await page.goto('/');
    await page.getByRole('button', { name: /Entrar com gov\.br/i }).first().click();
    await page.getByLabel('CPF', { exact: true }).fill(CONTAS.pescador.cpf);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toContainText('Não foi possível abrir esta tela');
    await expect(page.getByRole('alert')).toContainText('Verifique sua internet e tente novamente.');
    await semViolacoes(page);
    await semRolagemHorizontal(page);
    const botao = page.getByRole('button', { name: 'Tentar novamente' });
    await botao.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/home');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Olá, ${CONTAS.pescador.nome}`);
  });
});
