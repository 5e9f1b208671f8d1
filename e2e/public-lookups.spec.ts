import { expect, test } from '@playwright/test';
import { semRolagemHorizontal, semViolacoes } from './support';

// Bad input on the public lookups: nothing is asked of the server, and the error summary takes the focus (so a
// screen reader hears it), not the first invalid field.
test.describe('public lookups refuse bad input before asking anything', () => {
  test('card lookup: invalid CPF and RGP number', async ({ page }) => {
    await page.goto('/consulta-carteira');
    await page.getByLabel('CPF do pescador').pressSequentially('11111111111');
    await page.getByLabel('Número do RGP').fill('XX');
    const consultas: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/carteira-profissional/')) consultas.push(r.url());
    });
    await page.getByRole('button', { name: 'Consultar carteira' }).click();
    const resumo = page.locator('.error-summary');
    await expect(resumo).toBeFocused();
    await expect(resumo.getByRole('link')).toHaveText(['CPF do pescador: CPF inválido', 'Número do RGP: RGP inválido']);
    expect(consultas).toEqual([]);
    await semViolacoes(page);
    await semRolagemHorizontal(page);
  });

  test('protocol lookup: letters instead of a number', async ({ page }) => {
    await page.goto('/consulta-protocolo');
    await page.getByLabel('Número do protocolo').fill('abc');
    await page.getByRole('button', { name: 'Consultar protocolo' }).click();
    const resumo = page.locator('.error-summary');
    await expect(resumo).toBeFocused();
    await expect(resumo.getByRole('link')).toHaveText(['Número do protocolo: Número de protocolo inválido.']);
    await semViolacoes(page);
  });
});
