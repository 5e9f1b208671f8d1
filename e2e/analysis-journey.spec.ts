import type { Page } from '@playwright/test';
import { onlyDigits } from '../src/shared/cpf';
import { textoDoPdf } from '../src/server/test/pdf-texto';
import { formatarRgp } from '../src/shared/rgp';
import {
  abrirAnalise,
  acharSolicitacao,
  anexarParecer,
  aprovarDocumentos,
  caixaAprovado,
  concluirAnalise,
  DOCUMENTOS_OBRIGATORIOS,
  iniciarAnalise,
  situacaoDaAnalise,
} from './analista';
import { arquivos, novoCpf, novoNome } from './dados';
import { expect, test } from './fixtures';
import {
  Assistente,
  chamarApi,
  contador,
  enviarDocumento,
  enviarRegistroInicial,
  marcar,
  sessao,
  toast,
} from './pescador';
import { CONTAS, entrar, sair, semRolagemHorizontal, semViolacoes } from './support';

// Issue 4: the analysis of a fisher's request by the SFPA of the fisher's state, the fisher's correction after a
// rejection, the approval, the printed card and its public verification. The fisher, each analyst and the
// anonymous visitor use browser contexts of their own (different people at different computers); each test
// files a request of a new fisher with a fresh CPF.

const JUSTIFICATIVA = 'O comprovante de residência enviado está ilegível e não mostra a data de emissão.';

async function a11y(page: Page) {
  await semViolacoes(page);
  await semRolagemHorizontal(page);
}

test.describe('analysis of a request and the professional card (issue 4)', () => {
  // A stuck click or fill fails at once with its own message rather than at the end of the long journey.
  test.use({ actionTimeout: 15_000 });

  test('SFPA rejects a document, the fisher is notified, replaces it and resubmits, SFPA approves', async ({ page, outraPessoa }) => {
    test.setTimeout(240_000);
    const cpf = novoCpf();
    const nome = novoNome('Pescador Analise');
    await entrar(page, cpf, nome);
    const idSolicitacao = await enviarRegistroInicial(page);

    const analista = await outraPessoa();
    await entrar(analista, CONTAS.sfpa.cpf);

    await test.step('the SFPA of PA finds the request in "Acompanhar análises" and rejects the proof of address', async () => {
      const linha = await acharSolicitacao(analista, cpf, { acessibilidade: true });
      await expect(linha.getByRole('cell').filter({ hasText: nome.toUpperCase() })).toHaveCount(1);
      await expect(linha.getByRole('cell').filter({ hasText: /^PA$/ })).toHaveCount(1);
      await abrirAnalise(analista, linha);
      await expect(situacaoDaAnalise(analista)).toHaveText('Aguardando análise');
      // Before it is started, the analysis cannot be concluded.
      await expect(caixaAprovado(analista, 'Foto 3x4')).toBeEnabled();
      await expect(analista.getByRole('button', { name: 'Concluir análise' })).toBeDisabled();
      await a11y(analista);

      await iniciarAnalise(analista);
      await aprovarDocumentos(analista, DOCUMENTOS_OBRIGATORIOS.filter((d) => d !== 'Comprovante de residência'));
      await expect(caixaAprovado(analista, 'Comprovante de residência')).not.toBeChecked();
      await expect(analista.getByText('Há documento não aprovado: a análise será INDEFERIDA e a justificativa é obrigatória.')).toBeVisible();
      await analista.getByLabel('Justificativa').fill(JUSTIFICATIVA);
      await a11y(analista);
      await concluirAnalise(analista, 'Análise INDEFERIDA com sucesso!');
      await a11y(analista);
    });

    await test.step('the fisher signs in again, reads the notification and sees the rejection record', async () => {
      await sair(page);
      await entrar(page, cpf);
      const aviso = page.getByRole('dialog', { name: 'ATENÇÃO' });
      await expect(aviso).toBeVisible();
      await expect(aviso).toHaveAccessibleDescription(/Solicitação indeferida/);
      await expect(aviso.getByRole('heading', { name: 'ATENÇÃO' })).toBeFocused();
      await a11y(page);
      await aviso.getByRole('link', { name: 'Ver os detalhes' }).click();
      await expect(aviso).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/pescador/documentos\\?idSolicitacao=${idSolicitacao}&tipoSolicitacao=1`));
      await expect(page.getByRole('heading', { level: 1, name: 'Documentos da solicitação' })).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: /^Em atualização de informações$/ })).toBeVisible();

      const registro = page.getByRole('region', { name: 'Resultado da análise: documentos a corrigir' });
      await expect(registro).toBeVisible();
      const analisados = registro.getByRole('list', { name: 'Documentos analisados' });
      await expect(analisados.getByRole('listitem').filter({ hasText: 'Comprovante de residência' })).toHaveText(/Comprovante de residência:\s*REPROVADO/);
      for (const d of DOCUMENTOS_OBRIGATORIOS.filter((x) => x !== 'Comprovante de residência')) {
        await expect(analisados.getByRole('listitem').filter({ hasText: d })).toHaveText(/:\s*APROVADO/);
      }
      await expect(registro.getByText(JUSTIFICATIVA, { exact: true })).toBeVisible();
      const dataAnalise = registro.getByRole('term').filter({ hasText: /^Data da análise$/ }).locator('xpath=following-sibling::dd');
      await expect(dataAnalise).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
      await a11y(page);
      // The notification is read: it does not come back.
      await page.goto('/home');
      await expect(page.getByRole('heading', { level: 1, name: /^Olá,/ })).toBeVisible();
      await expect(contador(page, 'Em atualização')).toHaveText('1');
      await expect(page.getByRole('dialog', { name: 'ATENÇÃO' })).toHaveCount(0);
    });

    await test.step('the fisher replaces the proof of address and resubmits', async () => {
      await page.goto(`/pescador/documentos?idSolicitacao=${idSolicitacao}&tipoSolicitacao=1`);
      await enviarDocumento(page, 'Comprovante de residência', arquivos.comprovanteResidencia('Comprovante novo e legivel'));
      await page.getByRole('link', { name: 'Revisar e reenviar a solicitação' }).click();
      const w = new Assistente(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Solicitação de registro inicial' })).toBeVisible();
      const etapas = page.getByRole('navigation', { name: 'Etapas da solicitação' });
      await expect(etapas).toBeVisible();
      // A request returned for correction (ATUALIZACAO_SFPA) may be changed and sent again (the server accepts
      // it): the wizard must not be read-only.
      await expect(
        page.getByText('Esta solicitação não pode mais ser alterada.'),
        'the wizard opened from "Revisar e reenviar a solicitação" must let the fisher resubmit',
      ).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 2, name: /^Passo \d de 5/ })).toBeVisible();
      if (!(await w.tituloPasso(5).isVisible())) await etapas.getByRole('link', { name: /Passo 5: Declaração e envio/ }).click();
      await w.esperarPasso(5);
      await expect(w.caixaDeclaracao(), 'step 5 of a request being corrected accepts the declaration').toBeEnabled();
      await marcar(w.caixaDeclaracao());
      await w.botaoEnviar().click();
      await page.waitForURL((url) => url.pathname === '/home');
      await expect(toast(page, 'Solicitação enviada com sucesso!')).toBeVisible();
      await expect(contador(page, 'Enviadas')).toHaveText('1');
    });

    await test.step('the SFPA approves every document', async () => {
      await analista.goto('/home');
      // The rejected analysis stays in the list; the resubmission has a new one, waiting.
      const linha = await acharSolicitacao(analista, cpf, { situacao: 'Aguardando análise' });
      await abrirAnalise(analista, linha);
      await iniciarAnalise(analista);
      await anexarParecer(analista);
      await aprovarDocumentos(analista, DOCUMENTOS_OBRIGATORIOS);
      await expect(analista.getByText('Todos os documentos aprovados: a análise será DEFERIDA.')).toBeVisible();
      await concluirAnalise(analista, 'Análise DEFERIDA com sucesso!');
    });

    await test.step('the fisher\'s registry is active: /home offers "Imprimir carteira"', async () => {
      await page.goto('/home');
      await expect(contador(page, 'Deferidas')).toHaveText('1');
      await expect(page.getByRole('button', { name: /Imprimir carteira/ })).toBeVisible();
    });
  });

  test('an approved fisher prints the card, verifiable by CPF and RGP and by its QR address; a held analysis is closed to a second analyst', async ({ page, outraPessoa }) => {
    test.setTimeout(240_000);
    const cpf = novoCpf();
    const nome = novoNome('Pescador Carteira');
    await entrar(page, cpf, nome);
    await enviarRegistroInicial(page);

    const sfpa = await outraPessoa();
    await entrar(sfpa, CONTAS.sfpa.cpf);
    const linha = await acharSolicitacao(sfpa, cpf);
    await abrirAnalise(sfpa, linha);
    await iniciarAnalise(sfpa);
    const idAnalise = Number(new URL(sfpa.url()).searchParams.get('idAnalise'));

    await test.step('MPA opens the analysis the SFPA holds: options disabled, and starting it answers 406 naming since when', async () => {
      const mpa = await outraPessoa();
      await entrar(mpa, CONTAS.mpa.cpf);
      const linhaMpa = await acharSolicitacao(mpa, cpf);
      await abrirAnalise(mpa, linhaMpa);
      const emAndamento = new RegExp(`^Esta análise está em andamento por ${CONTAS.sfpa.nome} desde \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}:\\d{2}\\.$`);
      await expect(mpa.locator('.br-message.warning .message-title')).toHaveText(emAndamento);
      await expect(situacaoDaAnalise(mpa)).toHaveText('Em análise');
      await expect(mpa.getByRole('button', { name: 'Iniciar análise' })).toHaveCount(0);
      for (const d of DOCUMENTOS_OBRIGATORIOS) await expect(caixaAprovado(mpa, d)).toBeDisabled();
      await expect(mpa.getByLabel('Justificativa')).toBeDisabled();
      await expect(mpa.getByRole('button', { name: 'Concluir análise' })).toBeDisabled();
      await a11y(mpa);

      const resposta = await chamarApi(mpa, 'POST', '/api/analise-solicitacao/bloquear', { idAnaliseSolicitacao: idAnalise });
      expect(resposta.status()).toBe(406);
      const corpo = (await resposta.json()) as { codigo: number; mensagem: string };
      expect(corpo.codigo).toBe(406);
      expect(corpo.mensagem).toMatch(
        new RegExp(`^Esta análise está em andamento por ${CONTAS.sfpa.nome} desde \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}:\\d{2}\\.`),
      );
    });

    await test.step('the SFPA approves every document', async () => {
      // The MPA's attempt changed nothing: the SFPA still holds the analysis.
      await expect(sfpa.getByRole('button', { name: 'Concluir análise' })).toBeEnabled();
      await aprovarDocumentos(sfpa, DOCUMENTOS_OBRIGATORIOS);
      await concluirAnalise(sfpa, 'Análise DEFERIDA com sucesso!');
    });

    let linkQr = '';
    let numeroRgp = '';
    await test.step('the fisher prints the card: the PDF answers, and carries the QR address', async () => {
      await page.goto('/home');
      await expect(page.getByRole('heading', { level: 1, name: /^Olá,/ })).toBeVisible();
      const botao = page.getByRole('button', { name: /Imprimir carteira/ });
      await expect(botao).toBeVisible();
      // The PDF opens in a new tab (left open: closing it while the opener is still opening it stalls the opener).
      const respostaPdf = page.waitForResponse((r) => r.url().includes('/imprimir-carteira'), { timeout: 20_000 });
      const aba = page.waitForEvent('popup', { timeout: 20_000 });
      await botao.click();
      const resposta = await respostaPdf;
      await expect.poll(async () => (await aba).url(), { message: 'the new tab shows the PDF' }).toMatch(/^blob:/);
      expect(resposta.status()).toBe(200);
      expect(resposta.headers()['content-type']).toContain('application/pdf');
      await expect(page.getByRole('status').filter({ hasText: 'Carteira gerada.' })).toBeAttached();

      const { idPescador } = await sessao(page);
      const pdf = await chamarApi(page, 'GET', `/api/pescador/${idPescador}/imprimir-carteira`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      const bytes = await pdf.body();
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The QR code is also a clickable link of the PDF: its URI annotation is plain text in the file.
      const achado = /(https?:\/\/[^\s()<>]+)?\/verificar-carteira\?token=([A-Za-z0-9_-]+)/.exec(bytes.toString('latin1'));
      expect(achado, 'the card PDF carries the /verificar-carteira?token= link of its QR code').not.toBeNull();
      linkQr = `/verificar-carteira?token=${achado![2]}`;

      const rgp = await chamarApi(page, 'GET', `/api/rgp/pescador/${idPescador}`);
      expect(rgp.status()).toBe(200);
      const dados = ((await rgp.json()) as { dados: { numeroRGP: string | null; situacao: number } }).dados;
      expect(dados.situacao).toBe(1);
      expect(dados.numeroRGP).toMatch(/^PA-?PA/);
      numeroRgp = formatarRgp(dados.numeroRGP!);
      // What the printed card shows, as a PDF reader extracts it: the fisher, the RGP number just issued, Ativo.
      const [texto] = await textoDoPdf(bytes);
      expect(texto).toContain(`NOME ${nome.toUpperCase()}`);
      expect(texto).toContain(`NÚMERO DO RGP ${numeroRgp}`);
      expect(texto).toContain('SITUAÇÃO Ativo');
      expect(texto).not.toContain(onlyDigits(cpf));
    });

    const visitante = await outraPessoa();
    await test.step('an anonymous visitor checks the card by CPF and RGP number, after the captcha', async () => {
      await visitante.goto('/consulta-carteira');
      await expect(visitante.getByRole('heading', { level: 1, name: 'Verificar uma carteira profissional' })).toBeVisible();
      await visitante.getByLabel('CPF do pescador').pressSequentially(onlyDigits(cpf));
      await visitante.getByLabel('Número do RGP').fill(numeroRgp);
      const captcha = visitante.getByRole('group', { name: 'Verificação de segurança' });
      const naoSouRobo = captcha.getByRole('checkbox', { name: 'Eu não sou um robô' });
      await expect(naoSouRobo).toBeVisible({ timeout: 15_000 });
      await a11y(visitante);
      // The widget draws its tick over the box: a person clicks the box or its label; the label it is.
      await captcha.locator('label', { hasText: 'Eu não sou um robô' }).click();
      // Proof of work: the browser solves it in a second or two.
      await expect(captcha.locator('[data-state]').first()).toHaveAttribute('data-state', 'verified', { timeout: 30_000 });
      await visitante.getByRole('button', { name: 'Consultar carteira' }).click();
      const resultado = visitante.getByRole('region', { name: 'Resultado da consulta' });
      await expect(resultado.getByText('Carteira encontrada')).toBeVisible({ timeout: 15_000 });
      const campo = (termo: string) => resultado.getByRole('term').filter({ hasText: new RegExp(`^${termo}$`) }).locator('xpath=following-sibling::dd');
      await expect(campo('Nome')).toHaveText(nome.toUpperCase());
      await expect(campo('Situação do registro')).toHaveText('Ativo');
      await expect(campo('Número do RGP')).toHaveText(numeroRgp);
      await expect(campo('Município/UF')).toHaveText('Belém/PA');
      await a11y(visitante);
    });

    await test.step('the QR address verifies the card without sign-in: "Carteira válida"', async () => {
      await visitante.goto(linkQr);
      await expect(visitante.getByRole('heading', { level: 1, name: 'Verificação da carteira profissional' })).toBeVisible();
      await expect(visitante.getByRole('status').filter({ hasText: 'Carteira válida' })).toBeVisible();
      await expect(visitante.getByRole('definition').filter({ hasText: nome.toUpperCase() })).toBeVisible();
      await expect(visitante.getByText('Ativo', { exact: true })).toBeVisible();
      await a11y(visitante);
    });
  });
});
