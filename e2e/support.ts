import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const CONTAS = {
  gestor: { cpf: '100.000.001-08', nome: 'GESTORA DE DEMONSTRAÇÃO', perfil: 'Gestor' },
  mpa: { cpf: '200.000.002-99', nome: 'ANALISTA MPA DE DEMONSTRAÇÃO', perfil: 'MPA' },
  sfpa: { cpf: '300.000.003-88', nome: 'ANALISTA SFPA-PA DE DEMONSTRAÇÃO', perfil: 'SFPA' },
  admin: { cpf: '500.000.005-66', nome: 'ADMINISTRADOR DE DEMONSTRAÇÃO', perfil: 'Administrador' },
  consultaInterno: { cpf: '600.000.006-55', nome: 'CONSULTA INTERNA DE DEMONSTRAÇÃO', perfil: 'Consulta interna' },
  consultaExterno: { cpf: '700.000.007-44', nome: 'CONSULTA EXTERNA DE DEMONSTRAÇÃO', perfil: 'Consulta externa' },
  pescador: { cpf: '400.000.004-77', nome: 'PESCADOR DE DEMONSTRAÇÃO', perfil: 'Pescador' },
} as const;

/** Page object of the sign-in journey: landing → development identity provider → /home. */
export async function entrar(page: Page, cpf: string, nome?: string) {
  await page.goto('/');
  await page.getByRole('button', { name: /Entrar com gov\.br/i }).first().click();
  await expect(page.getByLabel('CPF', { exact: true })).toBeVisible();
  await page.getByLabel('CPF', { exact: true }).fill(cpf);
  if (nome) await page.getByLabel(/Nome/).fill(nome);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/home');
}

export async function sair(page: Page) {
  await page.getByRole('button', { name: /^Menu do usuário/ }).click();
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: /Entrar com gov\.br/i }).first()).toBeVisible();
}

/**
 * axe: no WCAG 2.2 A/AA violation on the page as it is now, once what is appearing has settled: a dialog fading in
 * (sweetalert2's 0.3 s) has text of partial opacity, which axe reads as low contrast on a fast machine. Only short
 * animations are waited for; a spinner or a toast's countdown bar is how the page is.
 */
export async function semViolacoes(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'
    || Number(a.effect?.getComputedTiming().activeDuration ?? Infinity) > 1000), null, { timeout: 3000 });
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  const resumo = result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(resumo).toEqual([]);
}

/** No horizontal scroll: the page fits the viewport (360 px phones). */
export async function semRolagemHorizontal(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
