import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { onlyDigits } from '../src/shared/cpf';
import { ROTA_ADMIN_AUDITORIA } from '../src/shared/rotas-web';
import { abrirAnalise, acharSolicitacao } from './analista';
import { novoCpf, novoNome } from './dados';
import { expect, test } from './fixtures';
import { enviarRegistroInicial } from './pescador';
import { CONTAS, entrar, semRolagemHorizontal, semViolacoes } from './support';

// Issue 11, point 6 (decision 0032): an analyst opens a fisher's request; the fisher sees on /home which agency
// and profile viewed their data (never who) and downloads their data; a GESTOR finds that view in the audit
// screen filtered by the fisher's CPF.

async function a11y(page: Page) {
  await semViolacoes(page);
  await semRolagemHorizontal(page);
}

test.describe('reading the audit trail and the fisher\'s transparency (issue 11, point 6)', () => {
  test.use({ actionTimeout: 15_000 });

  test('an analyst\'s view shows on the fisher\'s /home and in the GESTOR\'s audit screen', async ({ page, outraPessoa }) => {
    test.setTimeout(240_000);
    const cpf = novoCpf();
    await entrar(page, cpf, novoNome('Pescador Auditoria'));

    await test.step('before any staff view, the fisher\'s /home says nobody accessed their data', async () => {
      const secao = page.getByRole('region', { name: 'Quem acessou meus dados' });
      await expect(secao.getByText('Nenhum servidor acessou seus dados até agora.')).toBeVisible();
      await a11y(page);
    });

    await enviarRegistroInicial(page);

    await test.step('the SFPA of PA opens the fisher\'s request', async () => {
      const analista = await outraPessoa();
      await entrar(analista, CONTAS.sfpa.cpf);
      const linha = await acharSolicitacao(analista, cpf);
      await abrirAnalise(analista, linha);
    });

    await test.step('the fisher sees the agency and the profile on /home, never the analyst', async () => {
      await page.reload();
      const secao = page.getByRole('region', { name: 'Quem acessou meus dados' });
      const tabela = secao.getByRole('table', { name: /Acessos de servidores aos seus dados/ });
      await expect(tabela.getByRole('row').filter({ hasText: 'SFPA-PA' }).first()).toBeVisible();
      await expect(tabela.getByRole('cell').filter({ hasText: /Visualizou a análise da sua solicitação/ }).first()).toBeVisible();
      await expect(secao).not.toContainText(CONTAS.sfpa.cpf);
      await expect(secao).not.toContainText(CONTAS.sfpa.nome);
      await a11y(page);
    });

    await test.step('the fisher downloads their data as a JSON file', async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Baixar meus dados em JSON' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('meus-dados-rgp.json');
      const dados = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
        pescador: { cpf: string }; solicitacoes: { documentos: unknown[] }[];
      };
      expect(onlyDigits(dados.pescador.cpf)).toBe(onlyDigits(cpf));
      expect(dados.solicitacoes).toHaveLength(1);
      expect(dados.solicitacoes[0]!.documentos.length).toBeGreaterThanOrEqual(4);
      await expect(page.getByText('Seus dados foram baixados.')).toBeVisible();
      // Beside it, the same data to read (issue 33): a PDF saved under its own name.
      const [pdf] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Baixar meus dados em PDF' }).click(),
      ]);
      expect(pdf.suggestedFilename()).toBe('meus-dados-rgp.pdf');
      expect(fs.readFileSync((await pdf.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

    await test.step('a GESTOR finds that view in the audit screen, filtered by the fisher\'s CPF', async () => {
      const gestor = await outraPessoa();
      await entrar(gestor, CONTAS.gestor.cpf);
      await gestor.goto(ROTA_ADMIN_AUDITORIA);
      await expect(gestor.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeVisible();
      await a11y(gestor);
      await gestor.getByLabel('CPF do pescador').pressSequentially(onlyDigits(cpf));
      await gestor.getByRole('button', { name: 'Pesquisar' }).click();
      const tabela = gestor.getByRole('table', { name: /eventos?/ });
      // The action by its Portuguese name, the details as labelled fields (issue 21), never codes or JSON.
      const linhas = tabela.getByRole('row').filter({ hasText: 'Visualização de dados pessoais' }).filter({ hasText: CONTAS.sfpa.cpf });
      await expect(linhas.first()).toBeVisible();
      await expect(linhas.first()).toContainText('SFPA-PA');
      await expect(tabela).not.toContainText('VISUALIZACAO_DADOS_PESSOAIS');
      await expect(tabela).not.toContainText('{"');
      await a11y(gestor);
    });

    await test.step('a fisher who opens the audit screen reads that it is for managers only', async () => {
      await page.goto(ROTA_ADMIN_AUDITORIA);
      await expect(page.getByText('Somente gestores e administradores podem consultar a auditoria.')).toBeVisible();
    });
  });
});
