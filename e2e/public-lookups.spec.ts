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

// The self-hosted captcha (our ALTCHA widget): ticked with the keyboard, solved in a Web Worker, and accepted by
// the server, which answers the lookup itself (404 "not found", not the captcha's 403). Each lookup spends its
// token; the next one, sent without ticking, is solved on submit.
test.describe('the captcha of the public lookups', () => {
  test('protocol lookup: ticked with the keyboard, then sent unticked', async ({ page }) => {
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(new URL(w.url()).pathname));
    await page.goto('/consulta-protocolo');
    const numero = page.getByLabel('Número do protocolo');
    await numero.fill('99999999999');
    const captcha = page.getByRole('group', { name: 'Verificação de segurança' });
    const caixa = captcha.getByRole('checkbox', { name: 'Eu não sou um robô' });
    const estado = captcha.getByRole('status');
    await expect(caixa).not.toBeChecked();
    await semViolacoes(page);

    await numero.press('Tab');
    await expect(caixa).toBeFocused();
    // The focus is seen: the design system's ring around the box.
    const anel = await caixa.evaluate((el) => getComputedStyle(el.nextElementSibling!, '::before').boxShadow);
    expect(anel).not.toBe('none');
    await page.keyboard.press('Space');
    await expect(estado).toHaveText('Verificado', { timeout: 30_000 });
    await expect(caixa).toBeChecked();
    await expect(caixa).toBeFocused();
    expect(workers.some((w) => /\/assets\/altcha\.worker-[\w-]+\.js$/.test(w))).toBe(true);
    await semViolacoes(page);
    await semRolagemHorizontal(page);

    const resultado = page.getByRole('region', { name: 'Resultado da consulta' });
    const consulta = () => page.waitForResponse((r) => r.url().includes('/api/pescador/protocolo-solicitacao-registro/'));
    const primeira = consulta();
    await page.getByRole('button', { name: 'Consultar protocolo' }).click();
    expect((await primeira).status()).toBe(404);
    await expect(resultado.getByText('Protocolo não encontrado.')).toBeVisible();
    // Spent: the box is unticked for the next lookup.
    await expect(caixa).not.toBeChecked();
    await expect(estado).toHaveText('');

    const segunda = consulta();
    await page.getByRole('button', { name: 'Consultar protocolo' }).click();
    expect((await segunda).status()).toBe(404);
    await expect(page.locator('.error-summary')).toHaveCount(0);
    await semViolacoes(page);
  });
});
