import type { Locator, Page } from '@playwright/test';
import { formatarData, hojeSaoPaulo } from '../src/shared/datas';
import { MENSAGENS_REAP } from '../src/shared/regras/reap';
import { ROTA_ADMIN_PRAZOS_REAP, ROTA_HOME, ROTA_REGULARIZACAO } from '../src/shared/rotas-web';
import { MENSAGENS_INADIMPLENCIA_REAP } from '../src/shared/schemas/reap-inadimplencia';
import { MENSAGENS_SOLICITACAO_API } from '../src/shared/schemas/solicitacao-api';
import { novoCpf, novoNome } from './dados';
import { expect, test } from './fixtures';
import { chamarApi, marcar, toast } from './pescador';
import { darRegistroAtivo, preencherArtesanal } from './reap-dados';
import { CONTAS, entrar, semRolagemHorizontal, semViolacoes } from './support';

// Issue 22, "Done when" (decision 0055): a GESTOR sets a reference year's REAP window citing its act and then closes
// it (an end before today); the year's defaulters are warned (the fisher reads the warning on /home); the GESTOR
// schedules the suspension for today (a date not after the window's end is refused at its field) and the batch
// runs; the suspended fisher sends that year's REAP late and asks for regularisation. axe on every screen, and no
// horizontal scroll, at 1280 and at 360 px.
//
// The warning and the suspension reach EVERY fisher with an RGP who owes the year, and the e2e server and database
// are shared by every spec. A fisher owes the years from that of their first RGP (decision 0026), so each project
// works on a year long before any other spec's fisher's first RGP (the earliest is primeiro-rgp.spec's 2004-03-15;
// the others are 2020 and later, and the registrations approved during the run are of this year), and only the
// fisher this test creates has a first RGP in or before it. Desktop uses 2002, 360 px 2003: the 2002 fisher also
// owes 2003, but whichever project runs first, the other's year never reaches the fisher of the test that is
// running (a fisher created after a year's obligations were created gets none of that year): this holds because
// playwright.config.ts runs one test at a time (workers: 1); run side by side, the 2002 fisher would be warned and
// suspended for 2003 too, in the middle of its own journey. The windows of the years other specs read (2024, 2025)
// are never touched. The years are fixed: every run starts on a fresh database (the config's webServer).

const ANO_POR_PROJETO: Record<string, number> = { desktop: 2002, 'phone-360': 2003 };

async function a11y(page: Page) {
  await semViolacoes(page);
  await semRolagemHorizontal(page);
}

function diaMais(dias: number): string {
  const d = new Date(`${hojeSaoPaulo()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

async function confirmarDialogo(page: Page, botao: string) {
  const dialogo = page.getByRole('dialog');
  await expect(dialogo).toBeVisible();
  await dialogo.getByRole('button', { name: botao }).click();
  await expect(dialogo).toBeHidden();
}

/**
 * The row of a reference year in the windows' table. At 360 px each row is a card whose cells are named with their
 * column's label ('Ano de referência: 2002').
 */
function linhaDoAno(page: Page, ano: number): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`(^|: )${ano}$`) }) });
}

/**
 * The windows' table shows the jobs' progress as it was when the page was read; the manager reads it again (reload)
 * until the year's row says `texto`. Only what the screen shows is awaited.
 */
async function esperarNaTabela(page: Page, ano: number, texto: RegExp) {
  const linha = linhaDoAno(page, ano);
  await expect(async () => {
    await page.reload();
    await expect(linha).toContainText(texto, { timeout: 2_000 });
  }).toPass({ timeout: 120_000, intervals: [1_000, 2_000] });
}

/** The notification dialog of /home: its subtitle and text, read and confirmed. */
async function lerNotificacao(page: Page, subtitulo: string, texto: string) {
  const aviso = page.getByRole('dialog', { name: 'ATENÇÃO' });
  await expect(aviso).toBeVisible();
  await expect(aviso).toHaveAccessibleDescription(new RegExp(`^${subtitulo}`));
  await expect(aviso).toContainText(texto);
  await a11y(page);
  await aviso.getByRole('button', { name: 'Li e estou ciente' }).click();
  await expect(aviso).toHaveCount(0);
}


test.describe('REAP defaulters: warning, suspension, late REAP and regularisation (issue 22)', () => {
  test.use({ actionTimeout: 15_000 });

  test('a window set and closed, its defaulters warned and suspended; the fisher sends the REAP late and asks for regularisation', async ({ page, outraPessoa }, testInfo) => {
    test.setTimeout(420_000);
    const ANO = ANO_POR_PROJETO[testInfo.project.name];
    if (!ANO) throw new Error(`no reference year for the project ${testInfo.project.name}`);
    const hoje = hojeSaoPaulo();
    const inicio = diaMais(-30);
    const fimAberto = diaMais(30);
    const fimEncerrado = diaMais(-1);
    const atoPrazo = novoNome('Portaria Prazo REAP E2E');
    const atoSuspensao = novoNome('Portaria Suspensão REAP E2E');
    // An extension is a new act (decision 0071): closing the window cites its own.
    const atoEncerramento = novoNome('Portaria Encerramento REAP E2E');
    const cpf = novoCpf();

    const pescador = await outraPessoa();
    await test.step('a fisher whose first RGP is of the reference year (nobody else owes it)', async () => {
      await entrar(pescador, cpf, novoNome('Pescador Inadimplente'));
      await darRegistroAtivo(cpf, { categoria: 2, dataPrimeiroRgp: `${ANO}-01-15` });
    });

    await test.step('the GESTOR sets the window, citing its act; the obligations are created', async () => {
      await entrar(page, CONTAS.gestor.cpf);
      await a11y(page);
      for (const nome of [atoPrazo, atoSuspensao, atoEncerramento]) {
        const r = await chamarApi(page, 'POST', '/api/ato-normativo', {
          nome, descricao: `Ato da REAP de ${ANO} (teste de ponta a ponta).`, dataInicioVigencia: hoje,
        });
        expect(r.status(), await r.text()).toBe(200);
      }
      await page.goto(ROTA_ADMIN_PRAZOS_REAP);
      await expect(page.getByRole('heading', { level: 1, name: 'Prazos da REAP' })).toBeVisible();
      await a11y(page);
      const form = page.getByRole('form', { name: 'Definir prazo de preenchimento da REAP' });
      await form.getByLabel('Ano de referência').fill(String(ANO));
      await form.getByLabel('Início do preenchimento').fill(inicio);
      await form.getByLabel('Fim do preenchimento').fill(fimAberto);
      await form.getByLabel('Ato normativo').selectOption({ label: atoPrazo });
      await form.getByRole('button', { name: 'Salvar prazo' }).click();
      await expect(toast(page, MENSAGENS_REAP.prazoSalvo)).toBeVisible();
      const linha = linhaDoAno(page, ANO);
      await expect(linha).toContainText(`${formatarData(inicio)} a ${formatarData(fimAberto)}`);
      await expect(linha).toContainText(atoPrazo);
      await expect(linha).toContainText('Quando o prazo terminar');
      await esperarNaTabela(page, ANO, /criadas? em/);
      await a11y(page);
    });

    await test.step('the GESTOR closes the window (its end before today); the defaulters are warned', async () => {
      const linha = linhaDoAno(page, ANO);
      await linha.getByRole('button', { name: `Prorrogar o prazo de ${ANO}` }).click();
      const form = page.getByRole('form', { name: 'Definir prazo de preenchimento da REAP' });
      await expect(form.getByLabel('Ano de referência')).toHaveValue(String(ANO));
      await expect(form.getByLabel('Fim do preenchimento')).toBeFocused();
      await form.getByLabel('Fim do preenchimento').fill(fimEncerrado);
      // The form asks for the act again: the one in force already set this year's window.
      await expect(form.getByLabel('Ato normativo')).toHaveValue('');
      await form.getByLabel('Ato normativo').selectOption({ label: atoEncerramento });
      await form.getByRole('button', { name: 'Salvar prazo' }).click();
      // Before saving, whom the warning reaches and how (decision 0071).
      const dialogo = page.getByRole('dialog');
      await expect(dialogo).toContainText(/\d+ pescador(es)? que ainda não envi(ou|aram) a REAP de \d{4}/);
      await expect(dialogo).toContainText('e-mail');
      await a11y(page);
      await confirmarDialogo(page, MENSAGENS_INADIMPLENCIA_REAP.confirmarAviso.botao);
      await expect(toast(page, MENSAGENS_REAP.prazoSalvo)).toBeVisible();
      await expect(linha).toContainText(`${formatarData(inicio)} a ${formatarData(fimEncerrado)}`);
      // Both windows stay in the year's history.
      const historico = page.getByRole('region', { name: 'Histórico dos prazos' });
      await expect(historico.getByRole('listitem').filter({ hasText: `${formatarData(inicio)} a ${formatarData(fimAberto)} · ${atoPrazo}` })).toHaveCount(1);
      await expect(historico.getByRole('listitem').filter({ hasText: `${formatarData(inicio)} a ${formatarData(fimEncerrado)} · ${atoEncerramento}` })).toHaveCount(1);
      await esperarNaTabela(page, ANO, new RegExp(`pescador(es)? avisados? \\(prazo de ${formatarData(fimEncerrado).replace(/\//g, '\\/')}\\), \\d+ e-mails?; concluído em`));
      await a11y(page);
    });

    await test.step('the fisher reads the warning on /home, and the year owed with its closed deadline', async () => {
      await pescador.goto(ROTA_HOME);
      await lerNotificacao(pescador, 'Pendência no seu cadastro',
        MENSAGENS_INADIMPLENCIA_REAP.aviso({ ano: ANO, fim: fimEncerrado, novoFim: null, suspensao: null }));
      // The fisher owes every year from ANO on, most of them without a window (issue 33, the walk): the late year
      // comes first under "Atrasada", the years without a window are one line with a disclosure.
      const bloco = pescador.getByRole('region', { name: 'REAP a declarar' });
      // 'Atrasadas' when another project's year (run first) is late too.
      const atrasada = bloco.getByRole('group', { name: /^Atrasadas?$/ });
      await expect(atrasada).toContainText(`REAP de ${ANO}: o prazo terminou em ${formatarData(fimEncerrado)}.`);
      await expect(bloco.getByRole('listitem').first()).toContainText(`REAP de ${ANO}:`);
      await expect(bloco.getByText(/^\d+ anos ainda sem prazo definido/)).toBeVisible();
      await expect(bloco).not.toContainText('prazo a definir');
      const anos = bloco.getByText(/^Ver os \d+ anos$/);
      await anos.click();
      await expect(bloco.locator('details')).toContainText(/\d{4}, \d{4}/);
      // One link per year that can be sent, each named with its year.
      const nomes = await bloco.getByRole('link', { name: /^Declarar a REAP de \d{4}$/ }).allTextContents();
      expect(new Set(nomes).size).toBe(nomes.length);
      expect(nomes).not.toContain(`Declarar a REAP de ${ANO}`);
      await expect(pescador.getByText('Seu registro está suspenso')).toHaveCount(0);
      await a11y(pescador);
    });

    await test.step('the suspension form refuses a date not after the window\'s end, at its field', async () => {
      const form = page.getByRole('form', { name: 'Agendar a suspensão dos inadimplentes da REAP' });
      await form.getByLabel('Ano de referência').selectOption({ label: String(ANO) });
      await form.getByLabel('Ato normativo').selectOption({ label: atoSuspensao });
      await form.getByLabel('Data da suspensão').fill(fimEncerrado);
      await form.getByRole('button', { name: 'Agendar suspensão' }).click();
      const mensagem = MENSAGENS_INADIMPLENCIA_REAP.dataAntesDoFim(fimEncerrado);
      const resumo = form.locator('.error-summary');
      await expect(resumo).toBeFocused();
      await expect(resumo.getByRole('link', { name: mensagem })).toBeVisible();
      await expect(form.getByLabel('Data da suspensão')).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByLabel('Data da suspensão')).toHaveAccessibleDescription(new RegExp(mensagem.replace(/[().]/g, '\\$&')));
      await expect(linhaDoAno(page, ANO)).toContainText('Não agendada');
      await a11y(page);
    });

    await test.step('scheduled for today, the suspension runs: the table shows its batch done', async () => {
      const form = page.getByRole('form', { name: 'Agendar a suspensão dos inadimplentes da REAP' });
      await form.getByLabel('Data da suspensão').fill(hoje);
      await form.getByRole('button', { name: 'Agendar suspensão' }).click();
      // Before scheduling: when, how many today, and that it may still be moved or cancelled (decision 0071).
      const dialogo = page.getByRole('dialog');
      await expect(dialogo).toContainText(`Em ${formatarData(hoje)}, será suspenso o registro`);
      await expect(dialogo).toContainText('pode ser remarcada ou cancelada');
      await a11y(page);
      await confirmarDialogo(page, MENSAGENS_INADIMPLENCIA_REAP.confirmarSuspensao.botao);
      await expect(toast(page, MENSAGENS_INADIMPLENCIA_REAP.agendada)).toBeVisible();
      await esperarNaTabela(page, ANO, new RegExp(`Em ${formatarData(hoje).replace(/\//g, '\\/')}, ${atoSuspensao}: lote nº \\d+, \\d+ pescador(es)?, concluído`));
      await expect(linhaDoAno(page, ANO).getByRole('button', { name: `Cancelar a suspensão de ${ANO}` })).toHaveCount(0);
      await a11y(page);
    });

    await test.step('the fisher reads the suspension on /home, which offers the late REAP', async () => {
      await pescador.goto(ROTA_HOME);
      // Plain words first, the act last; one primary action and a close, the way onward a link in the text.
      const dialogo = pescador.getByRole('dialog', { name: 'ATENÇÃO' });
      await expect(dialogo.getByRole('button')).toHaveText(['Ler depois', 'Li e estou ciente']);
      await lerNotificacao(pescador, 'Suspensão do registro', MENSAGENS_INADIMPLENCIA_REAP.suspensao(ANO, atoSuspensao));
      const suspenso = pescador.getByRole('status').filter({ hasText: 'Seu registro está suspenso' });
      await expect(suspenso).toContainText(`Ele foi suspenso porque a REAP de ${ANO} não foi enviada. Envie-a abaixo (o envio em atraso está liberado) e depois peça a regularização do registro.`);
      await a11y(pescador);
      // "Declarar a REAP" once on the page, in the late year's box.
      await expect(pescador.getByRole('link', { name: `Declarar a REAP de ${ANO}` })).toHaveCount(1);
      await pescador.getByRole('group', { name: /^Atrasadas?$/ }).getByRole('link', { name: `Declarar a REAP de ${ANO}` }).click();
      await expect(pescador.getByRole('heading', { level: 1, name: /REAP – Relatório de Exercício/ })).toBeVisible();
      const item = pescador.getByRole('listitem').filter({ has: pescador.getByRole('heading', { name: `REAP ${ANO}`, exact: true }) });
      await expect(item.getByText('Pendente', { exact: true })).toBeVisible();
      await a11y(pescador);
      await item.getByRole('link', { name: `Preencher a REAP ${ANO}` }).click();
    });

    await test.step('the fisher sends the late REAP', async () => {
      await expect(pescador.getByRole('heading', { level: 1, name: `Declaração da REAP ${ANO}` })).toBeVisible();
      await a11y(pescador);
      await marcar(pescador.getByLabel('Li e concordo com a declaração'));
      await pescador.getByRole('button', { name: 'Avançar' }).click();
      await expect(pescador.getByRole('heading', { level: 1, name: `REAP artesanal ${ANO}` })).toBeVisible();
      await preencherArtesanal(pescador, ANO);
      await a11y(pescador);
      await pescador.getByRole('button', { name: 'Enviar a REAP' }).click();
      await confirmarDialogo(pescador, 'Sim, enviar a REAP.');
      await pescador.waitForURL((u) => u.pathname === '/reap');
      await expect(toast(pescador, MENSAGENS_REAP.salva)).toBeVisible();
      const item = pescador.getByRole('listitem').filter({ has: pescador.getByRole('heading', { name: `REAP ${ANO}`, exact: true }) });
      await expect(item.getByText('Enviada', { exact: true })).toBeVisible();
      await a11y(pescador);
    });

    await test.step('/home now offers the regularisation; the fisher asks for it', async () => {
      await pescador.goto(ROTA_HOME);
      const suspenso = pescador.getByRole('status').filter({ hasText: 'Seu registro está suspenso' });
      await expect(suspenso).toContainText(`Você já enviou a REAP de ${ANO}. Agora peça a regularização do registro.`);
      await a11y(pescador);
      await suspenso.getByRole('link', { name: 'Solicitar regularização' }).click();
      await pescador.waitForURL((u) => u.pathname === ROTA_REGULARIZACAO);
      await expect(pescador.getByRole('heading', { level: 1, name: 'Solicitar regularização do registro' })).toBeVisible();
      await expect(pescador.getByText(`Suspenso desde ${formatarData(hoje)}.`)).toBeVisible();
      await a11y(pescador);
      await pescador.getByLabel('Justificativa do pedido de regularização').fill(`Enviei a REAP de ${ANO}, que faltava, depois da suspensão.`);
      await pescador.getByRole('button', { name: 'Solicitar regularização' }).click();
      await confirmarDialogo(pescador, 'Sim, enviar o pedido.');
      await pescador.waitForURL((u) => u.pathname === ROTA_HOME);
      await expect(toast(pescador, MENSAGENS_SOLICITACAO_API.regularizacaoEnviada)).toBeVisible();
      await a11y(pescador);
    });
  });
});
