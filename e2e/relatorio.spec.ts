import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { onlyDigits } from '../src/shared/cpf';
import { ROTA_ADMIN_RELATORIO } from '../src/shared/rotas-web';
import { novoCpf, novoNome } from './dados';
import { expect, test } from './fixtures';
import { CONTAS, entrar, semRolagemHorizontal, semViolacoes } from './support';

// Issue 13: the fisher report by characteristics. The fishers it lists are written straight into the journey's
// own embedded database (the registration of each would be a journey of its own); every call of the journey
// itself goes through the browser.

const PG_PORT = Number(process.env.E2E_PG_PORT ?? 5499);

interface Pescador {
  nome: string;
  cpf: string;
  uf: 'PA' | 'SP';
  sexo: 1 | 2;
  idade: number;
}

/** Born on this day `idade` years ago (whole years today). */
function nascimento(idade: number): string {
  const hoje = new Date();
  return `${hoje.getFullYear() - idade}-${String(hoje.getMonth() + 1).padStart(2, '0')}-${String(Math.min(hoje.getDate(), 28)).padStart(2, '0')}`;
}

async function semear(pescadores: Pescador[]): Promise<void> {
  const db = new pg.Client({ connectionString: `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp` });
  await db.connect();
  try {
    for (const p of pescadores) {
      await db.query(
        `INSERT INTO pescador (cpf, nome, uf, municipio_id, sexo, categoria, situacao_registro, data_nascimento)
         VALUES ($1, $2, $3, $4, $5, 2, 1, $6)`,
        [onlyDigits(p.cpf), p.nome, p.uf, p.uf === 'PA' ? 1501402 : 3550308, p.sexo, nascimento(p.idade)],
      );
    }
  } finally {
    await db.end();
  }
}

async function a11y(page: Page) {
  await semViolacoes(page);
  await semRolagemHorizontal(page);
}

/** A prefix of its own per test, and five fishers under it: three of Pará, two of São Paulo. */
async function fishersOfTheRun(): Promise<{ prefixo: string; pescadores: Pescador[] }> {
  const prefixo = novoNome('RELATORIO E2E').toUpperCase();
  const pescadores: Pescador[] = [
    { nome: `${prefixo} ANA`, cpf: novoCpf(), uf: 'PA', sexo: 2, idade: 30 },
    { nome: `${prefixo} BIA`, cpf: novoCpf(), uf: 'PA', sexo: 2, idade: 52 },
    { nome: `${prefixo} CAIO`, cpf: novoCpf(), uf: 'PA', sexo: 1, idade: 31 },
    { nome: `${prefixo} DORA`, cpf: novoCpf(), uf: 'SP', sexo: 2, idade: 33 },
    { nome: `${prefixo} EDU`, cpf: novoCpf(), uf: 'SP', sexo: 1, idade: 40 },
  ];
  await semear(pescadores);
  return { prefixo, pescadores };
}

/**
 * How many lines a text takes on the screen (the distinct tops of its line boxes), wherever it is in the page:
 * a CPF or an RGP number must read as one word, never "000.000.000-" on one line and "00" on the next (issue 21).
 */
async function linhasDoTexto(page: Page, texto: string): Promise<number> {
  return page.evaluate((t) => {
    const textos = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = textos.nextNode(); n; n = textos.nextNode()) {
      if (!n.textContent?.includes(t)) continue;
      const r = document.createRange();
      r.selectNodeContents(n);
      return new Set([...r.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top))).size;
    }
    return 0;
  }, texto);
}

const contagem = (page: Page) => page.getByRole('status').filter({ hasText: /pescador|Contando|Corrija|permissão|relatórios/ }).first();

test.describe('the fisher report by characteristics (issue 13)', () => {
  test.use({ actionTimeout: 15_000 });

  test('a GESTOR filters by state, sex and age, sees the count, emits the report and opens the file', async ({ page }) => {
    const { prefixo, pescadores } = await fishersOfTheRun();
    await entrar(page, CONTAS.gestor.cpf);

    await test.step('reaches the report from the home page', async () => {
      await page.getByRole('link', { name: 'Relatório de pescadores' }).click();
      await page.waitForURL(`**${ROTA_ADMIN_RELATORIO}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Relatório de pescadores por características' })).toBeVisible();
      await a11y(page);
    });

    await test.step('filters by name, state, sex and age; the count follows the filters', async () => {
      await page.getByLabel('Nome', { exact: true }).fill(prefixo.toLowerCase());
      await expect(contagem(page)).toHaveText(/^5 pescadores encontrados\./);
      await page.getByLabel('UF', { exact: true }).selectOption('PA');
      await expect(contagem(page)).toHaveText(/^3 pescadores encontrados\./);
      await page.getByLabel('Sexo').selectOption({ label: 'Feminino' });
      await expect(contagem(page)).toHaveText(/^2 pescadores encontrados\./);
      await page.getByLabel('Idade inicial').fill('17');
      await expect(contagem(page)).toContainText('Idade deve ser Maior que 18 anos.');
      await page.getByLabel('Idade inicial').fill('25');
      await page.getByLabel('Idade final').fill('35');
      await expect(contagem(page)).toHaveText(/^1 pescador encontrado\./);
      const tabela = page.getByRole('table');
      await expect(tabela.getByRole('row')).toHaveCount(2);
      await expect(tabela.getByRole('cell', { name: pescadores[0]!.nome })).toBeVisible();
      // The CPF in the table is on one line, at 1280 px and at 360 px.
      await expect(tabela.getByText(pescadores[0]!.cpf, { exact: true })).toBeVisible();
      expect(await linhasDoTexto(page, pescadores[0]!.cpf)).toBe(1);
      await a11y(page);
    });

    await test.step('emits the CSV and the file downloads with the fisher', async () => {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Emitir relatório' }).click();
      await expect(page.getByText('Relatório Emitido com sucesso!').first()).toBeVisible();
      const arquivo = await download;
      expect(arquivo.suggestedFilename()).toMatch(/^relatorio-pescadores-\d{8}-\d{4}-\d+\.csv$/);
      const conteudo = await fs.readFile((await arquivo.path())!);
      expect([...conteudo.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const linhas = conteudo.toString('utf8').slice(1).split('\r\n').filter(Boolean);
      expect(linhas).toHaveLength(2);
      expect(linhas[0]).toMatch(/^CPF;Nome;Data de nascimento;Idade;Sexo;/);
      // The CPF punctuated, so that a spreadsheet keeps its leading zeros (issue 21).
      expect(linhas[1]).toContain(`${pescadores[0]!.cpf};${pescadores[0]!.nome};`);
      expect(pescadores[0]!.cpf).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
      expect(linhas[1]).toContain(';PA;Belém;');
      await a11y(page);
    });

    await test.step('the same filters in XLSX download too', async () => {
      // gov.br's radio: the label is what takes the click.
      await page.locator('label[for="relatorio-formato-xlsx"]').click();
      await expect(page.getByRole('radio', { name: 'XLSX (Excel)' })).toBeChecked();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Emitir relatório' }).click();
      const arquivo = await download;
      expect(arquivo.suggestedFilename()).toMatch(/\.xlsx$/);
      const conteudo = await fs.readFile((await arquivo.path())!);
      expect(conteudo.subarray(0, 2).toString('latin1')).toBe('PK');
    });
  });

  test('an SFPA user of PA cannot get fishers of another state', async ({ page }) => {
    const { prefixo } = await fishersOfTheRun();
    await entrar(page, CONTAS.sfpa.cpf);
    await page.goto(ROTA_ADMIN_RELATORIO);
    await page.getByLabel('Nome', { exact: true }).fill(prefixo);
    // Without a state: only the three fishers of Pará.
    await expect(contagem(page)).toHaveText(/^3 pescadores encontrados\./);
    await expect(page.getByRole('table').getByRole('cell', { name: /^SP$/ })).toHaveCount(0);
    await page.getByLabel('UF', { exact: true }).selectOption('SP');
    await expect(contagem(page)).toContainText('Você só pode emitir relatórios de pescadores da UF do seu órgão');
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.getByRole('button', { name: 'Emitir relatório' }).click();
    await expect(page.getByText(/Você só pode emitir relatórios de pescadores da UF do seu órgão/).first()).toBeVisible();
    await expect(page.getByText('Relatório Emitido com sucesso!')).toHaveCount(0);
    await a11y(page);
  });
});
