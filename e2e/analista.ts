import { expect, type Locator, type Page } from '@playwright/test';
import { onlyDigits } from '../src/shared/cpf';
import { pdf } from './dados';
import { marcar, toast } from './pescador';
import { semRolagemHorizontal, semViolacoes } from './support';

/**
 * Page objects of the analyst's side: /home → "Acompanhar análises" (the list and its filters) → the analysis
 * screen (start, checklist, justification, conclusion with its confirmation dialog).
 */

export const DOCUMENTOS_OBRIGATORIOS = ['Documento de identificação', 'Comprovante de residência', 'Foto 3x4', 'PIS/PASEP/NIS/NIT'] as const;

/**
 * From /home, the follow-up list filtered by the fisher's CPF; answers the row of the request (the one in
 * `situacao` when the fisher has several analyses, e.g. a rejected one and the one after resubmission).
 */
export async function acharSolicitacao(
  page: Page,
  cpf: string,
  opcoes: { acessibilidade?: boolean; situacao?: string } = {},
): Promise<Locator> {
  await page.getByRole('link', { name: 'Acompanhar análises' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acompanhar análises' })).toBeVisible();
  await page.getByLabel('CPF do pescador').pressSequentially(onlyDigits(cpf));
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page).toHaveURL(new RegExp(`cpf=${onlyDigits(cpf)}`));
  await expect(page.getByRole('status').filter({ hasText: /^\d+ análises? encontradas?/ })).toBeVisible();
  const tabela = page.getByRole('table', { name: /Análises de solicitações/ });
  // By the cells' text: on phones each cell's accessible name also carries its column's name (CSS label).
  let linha = tabela.getByRole('row').filter({ has: page.getByRole('cell').filter({ hasText: cpf }) });
  if (opcoes.situacao) linha = linha.filter({ has: page.getByRole('cell').filter({ hasText: opcoes.situacao }) });
  await expect(linha).toHaveCount(1);
  if (opcoes.acessibilidade) {
    await semViolacoes(page);
    await semRolagemHorizontal(page);
  }
  return linha;
}

/** Opens the analysis screen from the list's row ("Analisar" or "Ver"). */
export async function abrirAnalise(page: Page, linha: Locator) {
  await linha.getByRole('link', { name: /^(Analisar|Ver)\b/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Análise da solicitação' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Conferência dos documentos' })).toBeVisible();
  // The request's data (the wizard, read-only) and its documents have loaded.
  await expect(page.getByRole('status').filter({ hasText: /Carregando/ })).toHaveCount(0);
}

export function situacaoDaAnalise(page: Page): Locator {
  return page.locator('.analise-situacao strong');
}

export function caixaAprovado(page: Page, documento: string): Locator {
  return page.getByRole('checkbox', { name: `Aprovado – ${documento}`, exact: true });
}

export async function iniciarAnalise(page: Page) {
  await page.getByRole('button', { name: 'Iniciar análise' }).click();
  await expect(toast(page, 'Análise iniciada com sucesso')).toBeVisible();
  await expect(situacaoDaAnalise(page)).toHaveText('Em análise');
  await expect(page.getByRole('button', { name: 'Concluir análise' })).toBeEnabled();
}

/**
 * The opinion document (POST and DELETE /api/documentos/parecer…): a file that is not a PDF is refused with the
 * server's message at the field; a PDF is attached, removed, and attached again.
 */
export async function anexarParecer(page: Page) {
  const grupo = page.getByRole('group', { name: /Documento de parecer/ });
  await grupo.getByLabel('Enviar documento de parecer')
    .setInputFiles({ name: 'parecer.pdf', mimeType: 'application/pdf', buffer: Buffer.from('isto não é um PDF') });
  await expect(grupo.getByRole('alert')).toContainText(/PDF|documento/);
  const valido = { name: 'parecer.pdf', mimeType: 'application/pdf', buffer: pdf('Parecer da analise') };
  await grupo.getByLabel('Enviar documento de parecer').setInputFiles(valido);
  await expect(grupo.getByRole('button', { name: 'Abrir documento de parecer parecer.pdf' })).toBeVisible();
  await grupo.getByRole('button', { name: /^Remover/ }).click();
  await expect(grupo.getByText('Nenhum documento de parecer enviado.')).toBeVisible();
  await grupo.getByLabel('Enviar documento de parecer').setInputFiles(valido);
  await expect(grupo.getByRole('button', { name: 'Abrir documento de parecer parecer.pdf' })).toBeVisible();
}

/** Marks the listed documents approved (the others stay unapproved, i.e. rejected). */
export async function aprovarDocumentos(page: Page, documentos: readonly string[]) {
  for (const d of documentos) await marcar(caixaAprovado(page, d));
}

/** "Concluir análise", confirmed in the dialog; waits for the message and the return to the list. */
export async function concluirAnalise(page: Page, mensagem: string) {
  await page.getByRole('button', { name: 'Concluir análise' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Tem certeza?' });
  await expect(dialogo).toBeVisible();
  await dialogo.getByRole('button', { name: 'Sim, continuar.' }).click();
  await expect(toast(page, mensagem)).toBeVisible();
  await page.waitForURL('**/analise/acompanhar-analises');
  await expect(page.getByRole('heading', { level: 1, name: 'Acompanhar análises' })).toBeVisible();
}
