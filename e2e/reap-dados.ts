import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import { onlyDigits } from '../src/shared/cpf';
import { marcar } from './pescador';
import { semRolagemHorizontal, semViolacoes } from './support';

/**
 * Test data of the REAP journey that the product makes only through a long registration and analysis: a signed-in
 * fisher given an active registry (RGP number, first RGP date, state, category) directly in the journey's own
 * embedded database (the same credentials `npm start` gives it). Every call of the journey itself goes through the
 * browser.
 */
const PG_PORT = Number(process.env.E2E_PG_PORT ?? 5499);

/**
 * Fishers with an active registry who never sign in during a journey (a registry is otherwise made only by a long
 * registration and analysis), named `nome` and their position.
 */
export async function criarPescadoresAtivos(cpfs: string[], nome: string): Promise<void> {
  await consultarBanco(
    `INSERT INTO pescador (cpf, nome, uf, categoria, situacao_registro, numero_rgp, data_primeiro_rgp)
     SELECT c, $2::text || ' ' || ord, 'PA', 2, 1, 'PAPA' || c, DATE '2020-01-01'
     FROM unnest($1::char(11)[]) WITH ORDINALITY AS x(c, ord)`,
    [cpfs.map(onlyDigits), nome],
  );
}

/** One query to the journeys' own embedded database (read a result, or set what the product makes slowly). */
export async function consultarBanco<T extends pg.QueryResultRow>(texto: string, valores: unknown[]): Promise<pg.QueryResult<T>> {
  const db = new pg.Client({ connectionString: `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp` });
  await db.connect();
  try {
    return await db.query<T>(texto, valores);
  } finally {
    await db.end();
  }
}

/** A fisher's REAPs of a year as the database holds them: how many, sent or not, days declared, times sent. */
export async function reapsNoBanco(cpf: string, ano: number): Promise<{ enviada: boolean; totalDias: number | null; envios: number }[]> {
  const r = await consultarBanco<{ enviada: boolean; total_dias: number | null; envios: string }>(
    `SELECT q.enviada, q.total_dias_trabalhado_ano AS total_dias,
       (SELECT count(*) FROM solicitacao_historico h WHERE h.solicitacao_id = q.solicitacao_id AND h.situacao_nova = 9) AS envios
     FROM reap_questionario q JOIN pescador p ON p.id = q.pescador_id WHERE p.cpf = $1 AND q.ano_referencia = $2`,
    [onlyDigits(cpf), ano],
  );
  return r.rows.map((x) => ({ enviada: x.enviada, totalDias: x.total_dias, envios: Number(x.envios) }));
}

export async function darRegistroAtivo(cpf: string, o: { categoria: 1 | 2; dataPrimeiroRgp: string }): Promise<void> {
  const digitos = onlyDigits(cpf);
  const r = await consultarBanco(
    `UPDATE pescador SET numero_rgp = $2, uf = 'PA', municipio_id = 1501402, categoria = $3, situacao_registro = 1,
       data_primeiro_rgp = $4 WHERE cpf = $1`,
    [digitos, `PA${o.categoria === 1 ? 'PI' : 'PA'}${digitos}`, o.categoria, o.dataPrimeiroRgp],
  );
  if (r.rowCount !== 1) throw new Error(`no fisher with CPF ${cpf}`);
}

/** The REAP year the journeys fill (its window is open in the journeys' database). */
export const ANO = 2025;

/** What a form or a file kept on the phone says until the RGP has it (issue 25). */
export const SALVO_NO_CELULAR = 'Salvo neste celular — será enviado quando houver internet';

export async function a11y(page: Page) {
  await semViolacoes(page);
  await semRolagemHorizontal(page);
}

export async function confirmarDialogo(page: Page, botao: string) {
  const dialogo = page.getByRole('dialog');
  await expect(dialogo).toBeVisible();
  await dialogo.getByRole('button', { name: botao }).click();
  await expect(dialogo).toBeHidden();
}

/** /reap from /home, the pending REAPs generated through the modal. */
export async function gerarPendentes(page: Page, com2024: boolean) {
  await page.getByRole('link', { name: 'REAP', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /REAP – Relatório de Exercício/ })).toBeVisible();
  await expect(page.getByText(/REAPs? pendentes? para gerar/)).toBeVisible();
  await a11y(page);
  await page.getByRole('button', { name: 'Gerar REAPs pendentes' }).click();
  await confirmarDialogo(page, 'Sim, gerar as REAPs.');
  await expect(page.getByRole('heading', { level: 2, name: `REAP ${ANO}` })).toBeVisible();
  // 2024 has no filling window: it is listed, out of the window; 2025 is open.
  if (com2024) await expect(page.getByRole('listitem').filter({ hasText: 'REAP 2024' }).getByText('Fora do prazo')).toBeVisible();
  await a11y(page);
}

/** From the list, the declaration (refused unticked), then the form of the REAP's category. */
export async function declarar(page: Page) {
  await page.getByRole('link', { name: `Preencher a REAP ${ANO}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Declaração da REAP ${ANO}` })).toBeVisible();
  await page.getByRole('button', { name: 'Avançar' }).click();
  const resumo = page.locator('.error-summary');
  await expect(resumo.getByRole('link', { name: /Não é possivel avançar sem ler e concordar com a declaração/ })).toBeVisible();
  await a11y(page);
  await marcar(page.getByLabel('Li e concordo com a declaração'));
  await page.getByRole('button', { name: 'Avançar' }).click();
}

/** The keys the app keeps on this phone (src/web/offline/neste-celular.ts), read straight from IndexedDB. */
/** What the phone keeps, as JSON text: enough to wait until a typed value reached IndexedDB. */
export function itensNoCelular(page: Page): Promise<string> {
  return page.evaluate(() => new Promise<string>((resolve, reject) => {
    const pedido = indexedDB.open('rgp-neste-celular');
    pedido.onerror = () => reject(pedido.error);
    pedido.onsuccess = () => {
      const todos = pedido.result.transaction('itens').objectStore('itens').getAll();
      todos.onsuccess = () => resolve(JSON.stringify(todos.result));
      todos.onerror = () => reject(todos.error);
    };
  }));
}

export function chavesNoCelular(page: Page): Promise<string[]> {
  return page.evaluate(() => new Promise<string[]>((resolve, reject) => {
    const pedido = indexedDB.open('rgp-neste-celular');
    pedido.onerror = () => reject(pedido.error);
    pedido.onsuccess = () => {
      const todas = pedido.result.transaction('itens').objectStore('itens').getAllKeys();
      todas.onsuccess = () => resolve(todas.result.map(String));
      todas.onerror = () => reject(todas.error);
    };
  }));
}

const MESES = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'];

/** The artesanal REAP filled as reap.spec.ts fills it (one species, twelve months, one place, one buyer). */
export async function preencherArtesanal(page: Page, ano: number) {
  await marcar(page.getByRole('group', { name: `Você realizou pesca em ${ano}?` }).getByRole('radio', { name: 'Sim' }));
  await page.getByLabel('Relação de trabalho').selectOption({ label: 'Autônomo (por conta própria)' });
  for (const mes of MESES) await page.getByLabel(mes, { exact: true }).fill('10');
  await expect(page.locator('output')).toHaveText('120');
  await page.getByLabel('Espécie (nome comum ou científico)').first().fill('Tain');
  await page.getByRole('button', { name: /^Tainha/ }).click();
  await expect(page.getByText('Escolhida:').first()).toContainText('Tainha');
  await page.getByLabel('Quantidade pescada (kg)').first().pressSequentially('12,5');
  await page.getByLabel('Preço médio do quilo').first().pressSequentially('15,00');
  await expect(page.getByLabel('Preço médio do quilo').first()).toHaveValue('R$ 15,00');
  await marcar(page.getByRole('group', { name: 'Grupos alvo da pesca' }).getByRole('checkbox', { name: 'Peixes', exact: true }));
  await page.locator('#locais-0-ambiente').selectOption({ label: 'Continental (água doce)' });
  await page.locator('#locais-0-petrecho').selectOption({ label: 'Tarrafa' });
  await page.locator('#locais-0-municipio').selectOption({ label: 'Belém' });
  await page.locator('#locais-0-tipo').selectOption({ label: 'Rio' });
  await marcar(page.getByRole('group', { name: 'Você vendeu o que pescou?' }).getByRole('radio', { name: 'Sim' }));
  await page.locator('#ufs-0-uf').selectOption({ label: 'Pará' });
  await marcar(page.getByRole('group', { name: 'Para quem vendeu' }).getByRole('checkbox', { name: 'Feira livre' }));
  await expect(page.getByText(/Rascunho salvo às/)).toBeVisible({ timeout: 15_000 });
}
