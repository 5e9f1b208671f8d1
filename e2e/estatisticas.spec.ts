import { expect, test } from '@playwright/test';
import { semRolagemHorizontal, semViolacoes } from './support';

// A visitor, without signing in, opens the open statistics from the landing page, reads a table (every count of
// the small demo registry reads "< 5" or a number of at least 5), looks at a state's municipalities and downloads
// the CSV of the same numbers.
test('a visitor reads the open statistics and downloads them as CSV', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'estatísticas do registro' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Estatísticas do registro de pescadores' })).toBeVisible();

  const porUf = page.getByRole('table', { name: 'Pescadores por UF' });
  await expect(porUf.getByRole('columnheader')).toHaveText(['UF', 'Pescadores']);
  await expect(porUf.getByRole('row')).toHaveCount(28);
  const para = porUf.getByRole('row', { name: /^Pará / });
  const valor = (await para.getByRole('cell').textContent())!.trim();
  expect(valor === '< 5' || Number(valor.replace(/\./g, '')) >= 5).toBe(true);
  await expect(page.getByRole('table', { name: 'Pescadores por faixa etária' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Solicitações enviadas por mês e situação atual' }).getByRole('row')).toHaveCount(13);

  await page.getByLabel('UF', { exact: true }).selectOption('PA');
  const municipios = page.getByRole('table', { name: 'Pescadores por município – Pará' });
  await expect(municipios.getByRole('row', { name: /^Belém / })).toBeVisible();
  await semViolacoes(page);
  await semRolagemHorizontal(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Baixar os números em CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('estatisticas-rgp.csv');
  const caminho = await download.path();
  const { readFile } = await import('node:fs/promises');
  const texto = await readFile(caminho, 'utf8');
  expect(texto.startsWith('\uFEFFTabela;Item;Quantidade\r\n')).toBe(true);
  expect(texto).toContain(`Pescadores por UF;Pará;${valor.replace(/\./g, '')}`);
  expect(texto).toContain('Pescadores por município;Belém (PA);');
});
