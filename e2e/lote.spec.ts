import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { formatCpf, onlyDigits } from '../src/shared/cpf';
import { formatarData, hojeSaoPaulo } from '../src/shared/datas';
import { MENSAGENS_LOTE } from '../src/shared/schemas/lote';
import { ROTA_ADMINISTRACAO } from '../src/shared/rotas-web';
import { novoCpf, novoNome } from './dados';
import { expect, test } from './fixtures';
import { chamarApi, toast } from './pescador';
import { criarPescadoresAtivos, darRegistroAtivo } from './reap-dados';
import { CONTAS, entrar, sair, semRolagemHorizontal, semViolacoes } from './support';
import { digitar, escolherNoSelect, tabAte } from './teclado';

// Issue 12, "Done when": a GESTOR uploads a file of 50 CPFs (some unknown, some malformed) to suspend until a date,
// watches the batch complete in the history, opens the per-CPF result and downloads it; a suspended fisher signs in
// and sees the suspension notification; a manual batch reactivates them. axe on every screen, desktop and 360 px.

async function a11y(page: Page) {
  await semViolacoes(page);
  await semRolagemHorizontal(page);
}

/** E2E_CAPTURAS=<folder>: a screenshot of each screen, to look at (not an assertion). */
async function captura(page: Page, nome: string) {
  const pasta = process.env.E2E_CAPTURAS;
  if (!pasta) return;
  fs.mkdirSync(pasta, { recursive: true });
  const largura = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${pasta}/lote-${largura}-${nome}.png`, fullPage: true });
}

function diaMais(dias: number): string {
  const d = new Date(`${hojeSaoPaulo()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** From /administracao, the batch form. */
async function abrirFormulario(page: Page) {
  await page.goto(ROTA_ADMINISTRACAO);
  await page.getByRole('link', { name: 'Processamento em lote' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Processamento em lote de pescadores' })).toBeVisible();
}

test.describe('Batch processing of fishers (issue 12)', () => {
  test.use({ actionTimeout: 15_000 });

  test('suspension by file, watched to the end, seen by the fisher, undone by a manual batch', async ({ page, outraPessoa }) => {
    test.setTimeout(240_000);
    const nomeAto = novoNome('Portaria Lote E2E');
    const ate = diaMais(30);
    const suspenso = novoCpf();
    const outros = Array.from({ length: 39 }, () => novoCpf());
    const existentes = [suspenso, ...outros];
    const desconhecidos = Array.from({ length: 5 }, () => novoCpf());
    const malformados = ['111.111.111-11', '123.456.789-00', '12345', '000.000.000-00', '98765432199'];

    const pescador = await outraPessoa();
    await test.step('the fishers exist with an active registry', async () => {
      await entrar(pescador, suspenso, novoNome('Pescador Lote'));
      await darRegistroAtivo(suspenso, { categoria: 2, dataPrimeiroRgp: '2020-01-01' });
      await sair(pescador);
      await criarPescadoresAtivos(outros, 'PESCADOR LOTE E2E');
    });

    await entrar(page, CONTAS.gestor.cpf);
    await test.step('a normative act in force', async () => {
      const r = await chamarApi(page, 'POST', '/api/ato-normativo', {
        nome: nomeAto, descricao: 'Suspende os registros sem REAP entregue.', dataInicioVigencia: hojeSaoPaulo(),
      });
      expect(r.status(), await r.text()).toBe(200);
    });

    await test.step('the form refuses what is missing, with each message at its field', async () => {
      await abrirFormulario(page);
      await expect(page.getByLabel('Tipo de processamento')).toHaveValue('2');
      await captura(page, '1-formulario');
      await a11y(page);
      await page.getByRole('button', { name: 'Processar lote' }).click();
      await expect(page.getByText('Informe o ato normativo.')).toBeVisible();
      await expect(page.getByText(MENSAGENS_LOTE.dataLimiteObrigatoria)).toBeVisible();
      await expect(page.getByText(MENSAGENS_LOTE.arquivoObrigatorio)).toBeVisible();
      await expect(page.getByLabel('Ato normativo')).toBeFocused();
      await captura(page, '2-erros');
      await a11y(page);
    });

    await test.step('a file of 50 CPFs (40 fishers, 5 unknown, 5 malformed) to suspend until a date', async () => {
      await page.getByLabel('Ato normativo').selectOption({ label: nomeAto });
      await page.getByLabel('Órgão solicitante').fill('sfpa-pa');
      await expect(page.getByLabel('Órgão solicitante')).toHaveValue('SFPA-PA');
      await page.getByLabel('Justificativa').fill('Registros sem REAP entregue no prazo.');
      await page.getByLabel('Suspender até').fill(ate);
      const linhas = [...existentes.map((c, i) => (i % 2 ? c : onlyDigits(c))), ...desconhecidos, ...malformados];
      // A file that is not TXT or CSV is refused at its field, with the specification's message.
      await page.getByLabel('Arquivo do lote').setInputFiles({ name: 'lote.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
      await page.getByRole('button', { name: 'Processar lote' }).click();
      await expect(page.getByText(MENSAGENS_LOTE.tipoArquivo)).toBeVisible();
      await page.getByLabel('Arquivo do lote').setInputFiles({ name: 'suspensao.csv', mimeType: 'text/csv', buffer: Buffer.from(`cpf\n${linhas.join('\n')}\n`) });
      await page.getByRole('button', { name: 'Processar lote' }).click();
      await expect(toast(page, MENSAGENS_LOTE.emProcessamento)).toBeVisible();
      await captura(page, '3-aceito');
      await page.waitForURL((u) => u.pathname === ROTA_ADMINISTRACAO, { timeout: 10_000 });
      await expect(page.getByRole('heading', { level: 1, name: 'Administração' })).toBeVisible();
    });

    let idLote = 0;
    await test.step('the batch history shows its progress until it is done, and its per-CPF result', async () => {
      await page.getByRole('link', { name: 'Processamento em lote' }).click();
      await page.getByRole('link', { name: 'Histórico de lotes' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Histórico de processamentos em lote' })).toBeVisible();
      const cartao = page.getByRole('listitem').filter({ hasText: 'suspensao.csv' }).first();
      const titulo = await cartao.getByRole('heading', { level: 2 }).textContent();
      idLote = Number(/nº (\d+)/.exec(titulo ?? '')?.[1]);
      expect(idLote).toBeGreaterThan(0);
      const progresso = cartao.getByRole('progressbar', { name: `Progresso do lote nº ${idLote}` });
      await expect(progresso).toHaveAttribute('max', '50');
      // The list is read again every 2 s while the batch runs: it reaches 50 of 50 and "Concluído" by itself.
      await expect(cartao.getByText('50 de 50 (100%)')).toBeVisible({ timeout: 30_000 });
      await expect(cartao.getByText('Concluído', { exact: true })).toBeVisible();
      await expect(progresso).toHaveAttribute('value', '50');
      await expect(cartao).toContainText('Processados: 40 · Não encontrados: 5 · Inválidos: 5');
      await expect(cartao).toContainText(`Ato normativo: ${nomeAto} · Órgão solicitante: SFPA-PA`);
      await captura(page, '4-historico');
      await a11y(page);

      const verResultado = cartao.getByRole('button', { name: 'Ver resultado por CPF' });
      await tabAte(page, verResultado);
      await page.keyboard.press('Enter');
      const tabela = cartao.getByRole('table', { name: `Resultado por CPF do lote nº ${idLote}` });
      await expect(tabela.getByRole('row')).toHaveCount(51);
      const linha = (texto: string) => tabela.getByRole('row').filter({ has: page.getByRole('cell', { name: texto, exact: true }) });
      await expect(linha(suspenso)).toContainText('Processado');
      await expect(linha(formatCpf(onlyDigits(outros[0]!)))).toContainText('Processado');
      await expect(linha(desconhecidos[0]!)).toContainText('CPF não encontrado');
      await expect(linha('12345')).toContainText('CPF inválido');
      await expect(cartao.getByRole('button', { name: 'Ocultar resultado por CPF' })).toHaveAttribute('aria-expanded', 'true');
      await captura(page, '5-resultado');
      await a11y(page);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        cartao.getByRole('button', { name: `Baixar resultado (CSV) do lote nº ${idLote}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`lote-${idLote}-resultado.csv`);
      const csv = fs.readFileSync(await download.path(), 'utf8');
      const linhasCsv = csv.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
      expect(linhasCsv[0]).toBe('linha;cpf;resultado;situacao_anterior');
      expect(linhasCsv).toHaveLength(51);
      // Each line by its number in the file, the heading 'cpf' being line 1 (issue 21).
      expect(linhasCsv[1]).toBe(`2;${suspenso};Processado;Ativo`);
      expect(linhasCsv[46]).toBe('47;111.111.111-11;CPF inválido;');
    });

    await test.step("the GESTOR's result e-mail lands in the local outbox (the demo accounts have e-mail addresses)", async () => {
      const pasta = `.test-data/e2e-${process.env.E2E_PORT ?? 3100}/email-saida`;
      const anexo = `filename=lote-${idLote}-resultado.csv`;
      await expect.poll(() => (fs.existsSync(pasta) ? fs.readdirSync(pasta) : [])
        .map((f) => fs.readFileSync(`${pasta}/${f}`, 'utf8'))
        .filter((m) => m.includes(anexo) && /^Subject: =\?UTF-8\?Q\?RGP=3A_processamento_do_lote/m.test(m) && /^To: demo\.1@rgp\.local$/m.test(m)).length, { timeout: 20_000 }).toBe(1);
    });

    await test.step('the suspended fisher signs in and reads the suspension notice', async () => {
      await entrar(pescador, suspenso);
      const aviso = pescador.getByRole('dialog', { name: 'ATENÇÃO' });
      await expect(aviso).toBeVisible();
      await expect(aviso).toHaveAccessibleDescription(/Suspensão do registro/);
      await expect(aviso).toContainText(`SUSPENSO até ${formatarData(ate)} por processamento em lote, com base no ato normativo ${nomeAto}`);
      await captura(pescador, '6-aviso-pescador');
      await a11y(pescador);
      await aviso.getByRole('button', { name: 'Li e estou ciente' }).click();
      await expect(aviso).toHaveCount(0);
    });

    await test.step('a manual batch, driven by the keyboard only, reactivates them and answers each CPF at once', async () => {
      await abrirFormulario(page);
      const tipo = page.getByLabel('Tipo de processamento');
      await tabAte(page, tipo);
      await escolherNoSelect(page, tipo, 'Reativação');
      await expect(page.getByLabel('Suspender até')).toHaveCount(0);
      await page.keyboard.press('Tab');
      await escolherNoSelect(page, page.getByLabel('Ato normativo'), nomeAto);
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Órgão solicitante')).toBeFocused();
      await digitar(page, 'mpa');
      await page.keyboard.press('Tab');
      await digitar(page, 'REAP entregue: suspensão revista.');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('radio', { name: 'Automático (arquivo TXT ou CSV)' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('radio', { name: 'Manual (lista de CPFs)' })).toBeChecked();
      const enviar = page.getByRole('button', { name: 'Processar lote' });
      await tabAte(page, enviar);
      await page.keyboard.press('Enter');
      await expect(page.getByText(MENSAGENS_LOTE.listaVazia)).toBeVisible();
      await expect(page.getByLabel('CPFs dos pescadores')).toBeFocused();
      await expect(page.getByLabel('Órgão solicitante')).toHaveValue('MPA');
      await page.getByLabel('CPFs dos pescadores').fill([...existentes, desconhecidos[0]!].join('\n'));
      await captura(page, '7-manual');
      await a11y(page);
      await tabAte(page, enviar);
      await page.keyboard.press('Enter');
      await expect(toast(page, MENSAGENS_LOTE.concluido)).toBeVisible({ timeout: 30_000 });
      const resultado = page.getByRole('region', { name: /^Resultado do lote nº \d+$/ });
      await expect(resultado).toBeVisible();
      const tabela = resultado.getByRole('table', { name: 'Resultado de cada CPF' });
      await expect(tabela.getByRole('row')).toHaveCount(42);
      await expect(tabela.getByRole('row').filter({ hasText: 'Processado' })).toHaveCount(40);
      await expect(tabela.getByRole('row').filter({ hasText: desconhecidos[0]! })).toContainText('CPF não encontrado');
      await captura(page, '8-manual-resultado');
      await a11y(page);
    });

    await test.step('the history lists both batches, newest first', async () => {
      await page.getByRole('link', { name: 'Histórico de lotes' }).click();
      const cartoes = page.getByRole('list').first().getByRole('listitem');
      await expect(cartoes.first()).toContainText('Reativação');
      await expect(cartoes.first()).toContainText('Lista manual');
      await expect(cartoes.first()).toContainText('Processados: 40 · Não encontrados: 1');
      await expect(page.getByRole('heading', { level: 2, name: `Lote nº ${idLote}: Suspensão` })).toBeVisible();
      await a11y(page);
    });
  });
});
