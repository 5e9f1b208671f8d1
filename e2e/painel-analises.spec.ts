import { expect, test } from '@playwright/test';
import { CONTAS, entrar, semRolagemHorizontal, semViolacoes } from './support';

// Decision 0153: the manager's page of the analysis backlog, read at 1280 and 360 px. Its figures against counted
// data and the reassignment are the server's and jsdom's tests; here the page as a browser lays it out.

test.describe("the manager's page of analyses", () => {
  test('a GESTOR reaches it from the home page and reads every figure as a table; axe finds nothing', async ({ page }) => {
    await entrar(page, CONTAS.gestor.cpf);
    await page.getByRole('link', { name: 'Painel de análises' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Painel de análises' })).toBeVisible();
    await expect(page.getByText('Tempo médio para decidir (publicado)')).toBeVisible();
    for (const titulo of ['Análises atrasadas', 'Recebidas e decididas por semana', 'Estoque por idade', 'Tempo para decidir', 'Decisões por servidor']) {
      await expect(page.getByRole('heading', { level: 2, name: titulo })).toBeVisible();
    }
    await expect(page.getByRole('table', { name: 'Estoque por idade' })).toBeAttached();
    await semViolacoes(page);
    await semRolagemHorizontal(page);
  });
});
