import { expect, test } from '@playwright/test';
import { ROTA_ADMIN_PRAZOS_REAP } from '../src/shared/rotas-web';
import { MENSAGENS_REAP } from '../src/shared/regras/reap';
import { MENSAGENS_PRAZO_REAP } from '../src/shared/schemas/reap';
import { CONTAS, entrar, semRolagemHorizontal, semViolacoes } from './support';

// Issue 22, point 2: the screen where a GESTOR sets each reference year's REAP window citing its act. Read and
// refused here (a window saved would change what the REAP journeys of the same server see); saving and extending
// are covered by the server and jsdom tests.

test.describe('REAP windows under /administracao (issue 22)', () => {
  test('a GESTOR reads the windows and their history; a form sent empty, then with the end before the start, says what is wrong', async ({ page }) => {
    await entrar(page, CONTAS.gestor.cpf);
    await page.goto(ROTA_ADMIN_PRAZOS_REAP);
    await expect(page.getByRole('heading', { level: 1, name: 'Prazos da REAP' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Prazos por ano de referência' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Histórico dos prazos' })).toBeVisible();
    await semViolacoes(page);
    await semRolagemHorizontal(page);

    const formulario = page.getByRole('form', { name: 'Definir prazo de preenchimento da REAP' });
    await formulario.getByRole('button', { name: 'Salvar prazo' }).click();
    const resumo = page.locator('.error-summary');
    await expect(resumo).toBeFocused();
    await expect(resumo.getByRole('link', { name: new RegExp(MENSAGENS_PRAZO_REAP.ano) })).toBeVisible();
    await expect(resumo.getByRole('link', { name: new RegExp(MENSAGENS_PRAZO_REAP.ato) })).toBeVisible();
    await semViolacoes(page);

    await formulario.getByLabel('Ano de referência').fill('2031');
    await formulario.getByLabel('Início do preenchimento').fill('2032-03-31');
    await formulario.getByLabel('Fim do preenchimento').fill('2032-01-01');
    await formulario.getByRole('button', { name: 'Salvar prazo' }).click();
    await expect(resumo.getByRole('link', { name: new RegExp(MENSAGENS_REAP.prazoInvalido) })).toBeVisible();
    await expect(formulario.getByLabel('Fim do preenchimento')).toHaveAttribute('aria-invalid', 'true');
    await semViolacoes(page);
    await semRolagemHorizontal(page);
  });

  test('a fisher is not let in', async ({ page }) => {
    await entrar(page, CONTAS.pescador.cpf);
    await page.goto(ROTA_ADMIN_PRAZOS_REAP);
    await expect(page.getByRole('heading', { level: 1, name: 'Prazos da REAP' })).toHaveCount(0);
    await semViolacoes(page);
  });
});
