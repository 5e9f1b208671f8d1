import { expect, test } from '@playwright/test';
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
