import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { marcar, toast } from './pescador';
import { CONTAS, entrar, semRolagemHorizontal, semViolacoes } from './support';

// Issue 11, points 1, 2 and 5: the GESTOR opens the administration from /home, looks up a CPF in the (local)
// federal CPF registry, registers an SFPA analyst of Pará with custom hours, sets an agency's working hours, and
// blocks the analyst, whose next click (in another browser, signed in meanwhile) signs them out with the reason.
// Each project registers a person of its own from the seeded registry (src/server/db/seeds/demo.ts).

const PESSOAS = {
  desktop: { cpf: '800.000.008-33', nome: 'MARIA DE NAZARÉ SOUZA' },
  'phone-360': { cpf: '800.000.009-14', nome: 'JOSÉ RIBAMAR COSTA' },
} as const;

async function a11y(page: Page) {
  await semViolacoes(page);
  await semRolagemHorizontal(page);
}

test.describe('administration: map users and access hours (issue 11)', () => {
  test.use({ actionTimeout: 15_000 });

  test('GESTOR registers an SFPA analyst of Pará, sets an agency hours, and blocks the analyst', async ({ page, outraPessoa }, testInfo) => {
    test.setTimeout(180_000);
    const pessoa = PESSOAS[testInfo.project.name as keyof typeof PESSOAS] ?? PESSOAS.desktop;
    await entrar(page, CONTAS.gestor.cpf);

    await test.step('from /home to the administration home, whose cards lead to each area', async () => {
      await page.getByRole('link', { name: 'Administração' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Administração' })).toBeVisible();
      for (const titulo of ['Usuários', 'Horários de acesso', 'Atos normativos', 'Forças-tarefa', 'Processamento em lote', 'Relatório de pescadores', 'Auditoria']) {
        await expect(page.getByRole('link', { name: titulo, exact: true })).toBeVisible();
      }
      await a11y(page);
      await page.getByRole('link', { name: 'Usuários', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
      await expect(page.getByRole('table')).toContainText(CONTAS.sfpa.nome);
      await a11y(page);
    });

    await test.step('a search that finds nobody says so', async () => {
      await page.getByLabel('Nome', { exact: true }).fill('NINGUÉM COM ESSE NOME');
      await page.getByRole('button', { name: 'Pesquisar' }).click();
      await expect(toast(page, 'Nenhum Usuário foi encontrado!')).toBeVisible();
      await page.getByRole('button', { name: 'Limpar filtros' }).click();
    });

    await test.step('the form refuses to save without the required fields', async () => {
      await page.getByRole('link', { name: 'Cadastrar servidor' }).click();
      await expect(page.getByRole('heading', { name: 'Cadastrar servidor' })).toBeVisible();
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(toast(page, 'Confira todos os campos obrigatórios do formulário')).toBeVisible();
      // The error summary takes the focus (GOV.UK pattern), and links each message to its field.
      await expect(page.locator('.error-summary')).toBeFocused();
      await expect(page.locator('.error-summary').getByRole('link', { name: /Informe o nome/ })).toBeVisible();
      await a11y(page);
    });

    await test.step('looks up the CPF in the federal registry and registers an SFPA analyst of Pará with custom hours', async () => {
      await page.getByLabel('CPF', { exact: true }).pressSequentially(pessoa.cpf.replace(/\D/g, ''));
      await expect(page.getByLabel('CPF', { exact: true })).toHaveValue(pessoa.cpf);
      await page.getByRole('button', { name: 'Consultar CPF' }).click();
      await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(pessoa.nome);
      await page.getByLabel('Perfil').selectOption({ label: 'SFPA' });
      await page.getByLabel('Órgão de lotação').selectOption('SFPA-PA');
      await expect(page.getByLabel('UF do órgão')).toHaveValue('PA');
      await marcar(page.getByLabel('Horário personalizado (em vez do horário do órgão)'));
      await page.getByLabel('Início do acesso').fill('00:00');
      await page.getByLabel('Término do acesso').fill('23:59');
      await marcar(page.getByLabel('Pode acessar todos os dias (inclusive sábados e domingos)'));
      await a11y(page);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(toast(page, 'Salvo com sucesso!!!')).toBeVisible();
      await page.waitForURL('**/administracao/usuarios');
      await page.getByLabel('CPF', { exact: true }).pressSequentially(pessoa.cpf.replace(/\D/g, ''));
      await page.getByRole('button', { name: 'Pesquisar' }).click();
      const linha = page.getByRole('row').filter({ hasText: pessoa.nome });
      await expect(linha).toContainText('SFPA-PA/PA');
      await expect(linha).toContainText('Ativo');
    });

    await test.step("sets an agency's working hours", async () => {
      await page.goto('/administracao');
      await page.getByRole('link', { name: 'Horários de acesso', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Horários de acesso' })).toBeVisible();
      await page.getByLabel('Órgão', { exact: true }).selectOption('SFPA-AP');
      await page.getByLabel('Início do expediente').fill('08:00');
      await page.getByLabel('Término do expediente').fill('18:00');
      await a11y(page);
      await page.getByRole('button', { name: 'Salvar horário' }).click();
      await expect(toast(page, 'Horários de acesso salvos com sucesso')).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: 'SFPA-AP' })).toContainText('08:00 às 18:00');
    });

    const analista = await outraPessoa();
    await test.step('the new analyst signs in and sees the analyses', async () => {
      await entrar(analista, pessoa.cpf);
      await expect(analista.getByText('Perfil: SFPA · Órgão: SFPA-PA/PA')).toBeVisible();
      // Every read of the home answered before the block: a read still in flight would meet it and sign out before
      // the click this journey makes (on a busy machine it did).
      await analista.waitForLoadState('networkidle');
    });

    await test.step('the GESTOR blocks the analyst', async () => {
      await page.goto(`/administracao/usuarios/editar?cpf=${pessoa.cpf.replace(/\D/g, '')}`);
      await expect(page.getByRole('heading', { name: 'Editar servidor' })).toBeVisible();
      await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(pessoa.nome);
      const ativo = page.getByLabel('Ativo (desmarque para bloquear o acesso)');
      await expect(ativo).toBeChecked();
      await page.locator('label[for="ativo"]').click();
      await expect(ativo).not.toBeChecked();
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(toast(page, 'Salvo com sucesso!!!')).toBeVisible();
    });

    await test.step("the analyst's next click signs them out with the reason", async () => {
      await analista.getByRole('link', { name: /Acompanhar análises/ }).first().click();
      await analista.waitForURL((url) => url.pathname === '/');
      await expect(toast(analista, 'Usuário bloqueado. Procure o gestor do seu órgão para reativar o acesso.')).toBeVisible();
      expect(await analista.evaluate(() => localStorage.getItem('rgp.token'))).toBeNull();
      await a11y(analista);
    });
  });
});
