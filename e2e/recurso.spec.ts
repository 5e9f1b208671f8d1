import type { Page } from '@playwright/test';
import { formatarData, hojeSaoPaulo } from '../src/shared/datas';
import { MENSAGENS_RECURSO } from '../src/shared/schemas/recurso';
import { ROTA_FILA_RECURSOS } from '../src/shared/rotas-web';
import { novoCpf, novoNome, pdf } from './dados';
import { expect, test } from './fixtures';
import { chamarApi, enviarDocumento, toast } from './pescador';
import { darRegistroAtivo } from './reap-dados';
import { CONTAS, entrar, sair, semRolagemHorizontal, semViolacoes } from './support';

// A batch suspends a fisher citing an act with a 30-day appeal deadline; the fisher reads the
// notice and appeals with a document from the phone; the SFPA analyst does not reconsider; MPA provides it; the
// registry is active again and the fisher reads it. axe on every screen, at 1280 and 360 px.

async function a11y(page: Page) {
  await semViolacoes(page);
  await semRolagemHorizontal(page);
}

function diaMais(dias: number): string {
  const d = new Date(`${hojeSaoPaulo()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** From the staff queue, the appeal of `nome`: take it and decide it. */
async function decidir(page: Page, nome: string, resultado: string, justificativa: string) {
  await page.goto(ROTA_FILA_RECURSOS);
  await expect(page.getByRole('heading', { level: 1, name: 'Recursos' })).toBeVisible();
  const linha = page.getByRole('row').filter({ hasText: new RegExp(nome, 'i') });
  await expect(linha).toBeVisible();
  await a11y(page);
  await linha.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Razões do pescador' })).toBeVisible();
  await page.getByRole('button', { name: 'Iniciar análise' }).click();
  await expect(toast(page, MENSAGENS_RECURSO.analiseIniciada)).toBeVisible();
  // The gov.br radio is drawn by its label, which takes the click.
  await page.getByText(resultado, { exact: true }).click();
  await expect(page.getByRole('radio', { name: resultado, exact: true })).toBeChecked();
  await page.getByLabel('Justificativa', { exact: true }).fill(justificativa);
  await a11y(page);
  await page.getByRole('button', { name: 'Registrar decisão' }).click();
}

test.describe('Appeals (issue 35)', () => {
  test.use({ actionTimeout: 15_000 });

  test('a suspension by batch appealed with a document, not reconsidered by the SFPA, provided by MPA', async ({ page, outraPessoa }) => {
    test.setTimeout(180_000);
    const cpf = novoCpf();
    const nome = novoNome('Pescadora Recurso');
    const nomeAto = novoNome('Portaria Recurso E2E');
    const pescador = await outraPessoa();

    await test.step('an active fisher; an act with a 30-day appeal deadline; a batch suspends her', async () => {
      await entrar(pescador, cpf, nome);
      await darRegistroAtivo(cpf, { categoria: 2, dataPrimeiroRgp: '2020-01-01' });
      await sair(pescador);
      await entrar(page, CONTAS.gestor.cpf);
      const ato = await chamarApi(page, 'POST', '/api/ato-normativo', {
        nome: nomeAto, descricao: 'Suspende registros com indícios de irregularidade.', dataInicioVigencia: hojeSaoPaulo(), prazoRecursoDias: 30,
      });
      expect(ato.status(), await ato.text()).toBe(200);
      const lote = await chamarApi(page, 'POST', '/api/lote-pescador/manual', {
        atoNormativo: (await ato.json()).dados.id, tipo: 2, orgaoSolicitante: 'sfpa-pa', justificativa: 'Indícios de irregularidade.',
        dataLimiteSuspensao: diaMais(180), listaCpfPescador: [cpf],
      });
      expect(lote.status(), await lote.text()).toBe(200);
      await sair(page);
    });

    await test.step('the fisher reads the notice and goes to appeal, seeing the last day', async () => {
      await entrar(pescador, cpf);
      const aviso = pescador.getByRole('dialog', { name: 'ATENÇÃO' });
      await expect(aviso).toContainText(nomeAto);
      await a11y(pescador);
      await aviso.getByRole('link', { name: 'Recorrer desta decisão' }).click();
      await expect(pescador.getByRole('heading', { level: 1, name: 'Recursos' })).toBeVisible();
      const item = pescador.getByRole('listitem').filter({ hasText: 'Suspensão do registro' }).first();
      await expect(item).toContainText(`Último dia para recorrer: ${formatarData(diaMais(30))}`);
      await expect(item).toContainText(nomeAto);
      await a11y(pescador);
      await item.getByRole('button', { name: /^Recorrer/ }).click();
    });

    await test.step('she explains why, attaches a fish-sale invoice from the phone and sends it', async () => {
      await expect(pescador.getByRole('heading', { level: 1, name: 'Recurso: Suspensão do registro' })).toBeVisible();
      await enviarDocumento(pescador, 'Provas (notas fiscais de venda de pescado, CAF, outros documentos)', {
        name: 'nota-fiscal.pdf', mimeType: 'application/pdf', buffer: pdf('Nota fiscal de venda de pescado'),
      });
      await a11y(pescador);
      await pescador.getByRole('button', { name: 'Enviar recurso' }).click();
      await expect(pescador.getByText('Explique por que você discorda da decisão.')).toBeVisible();
      await pescador.getByLabel('Por que você discorda da decisão?').fill('Eu pesco todos os dias e vendo para a colônia; as notas estão anexadas.');
      await pescador.getByRole('button', { name: 'Enviar recurso' }).click();
      await expect(toast(pescador, MENSAGENS_RECURSO.enviado)).toBeVisible();
      await expect(pescador.getByText('em análise: Superintendência (SFPA) de PA')).toBeVisible();
      await a11y(pescador);
    });

    await test.step('the SFPA analyst does not reconsider: it goes to MPA', async () => {
      await entrar(page, CONTAS.sfpa.cpf);
      await decidir(page, nome, 'Não reconsiderado (encaminhado à instância superior)', 'Mantenho a suspensão; encaminho ao MPA.');
      await expect(toast(page, MENSAGENS_RECURSO.encaminhado)).toBeVisible();
      await expect(page.getByText('2ª instância: Ministério da Pesca e Aquicultura (MPA)')).toBeVisible();
      await sair(page);
    });

    await test.step('MPA provides it', async () => {
      await entrar(page, CONTAS.mpa.cpf);
      await decidir(page, nome, 'Provido', 'As notas fiscais comprovam a atividade pesqueira.');
      await expect(toast(page, MENSAGENS_RECURSO.decidido)).toBeVisible();
      await expect(page.getByText(/2ª instância \(Ministério da Pesca e Aquicultura \(MPA\)\): Provido/)).toBeVisible();
      await a11y(page);
    });

    await test.step('the fisher reads that it was provided and her registry is active again', async () => {
      await pescador.goto('/home');
      const aviso = pescador.getByRole('dialog', { name: 'ATENÇÃO' });
      const lidos: string[] = [];
      // The appeal's notices, one after the other (received, forwarded, decided, undone), as many as are unread.
      const naoLidas = ((await (await chamarApi(pescador, 'GET', '/api/notificacao')).json()).dados as unknown[]).length;
      expect(naoLidas).toBeGreaterThan(0);
      for (let i = 0; i < naoLidas; i++) {
        await expect(aviso).toBeVisible();
        const texto = (await aviso.locator('.notificacao-conteudo').textContent()) ?? '';
        lidos.push(texto);
        if (i === 0) await a11y(pescador);
        await aviso.getByRole('button', { name: 'Li e estou ciente' }).click();
        if (i < naoLidas - 1) await expect(aviso.locator('.notificacao-conteudo')).not.toHaveText(texto);
        else await expect(aviso).toHaveCount(0);
      }
      expect(lidos.join(' ')).toContain('a sanção foi desfeita');
      await expect(pescador.getByText('Situação do registro')).toBeVisible();
      await expect(pescador.locator('dd').filter({ hasText: /^Ativo$/ })).toBeVisible();
      await pescador.getByRole('link', { name: 'Recorrer de uma decisão' }).click();
      await pescador.getByRole('link', { name: /Suspensão do registro/ }).click();
      await expect(pescador.getByText(/Provido/).first()).toBeVisible();
      await a11y(pescador);
    });
  });
});
