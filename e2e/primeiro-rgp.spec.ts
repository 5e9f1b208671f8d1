import type { Page } from '@playwright/test';
import { onlyDigits } from '../src/shared/cpf';
import { abrirAnalise, acharSolicitacao, aprovarDocumentos, concluirAnalise, iniciarAnalise } from './analista';
import { arquivos, novoCpf, novoNome } from './dados';
import { expect, test } from './fixtures';
import { chamarApi, enviarDocumento, enviarRegistroInicial, opcao, sessao, toast } from './pescador';
import { CONTAS, entrar, semRolagemHorizontal, semViolacoes } from './support';

// Issue 15, point 1 (decision 0020): a first-RGP edit is never sent without its proof. The fisher files the
// edit, is refused while the proof is missing (in the browser and by the server), sends it with the proof, and
// the SFPA approves it; the registry then carries the corrected agency.

async function a11y(page: Page) {
  await semViolacoes(page);
  await semRolagemHorizontal(page);
}

/** The SFPA approves the fisher's waiting request through the API (the registration is not what this journey checks). */
async function aprovarPelaApi(analista: Page, cpf: string) {
  const lista = await chamarApi(analista, 'GET', `/api/analise-solicitacao?cpf=${onlyDigits(cpf)}&situacao=1`);
  expect(lista.status()).toBe(200);
  const [analise] = (await lista.json()).dados.analises as { idAnaliseSolicitacao: number; idSolicitacao: number }[];
  const id = analise!.idAnaliseSolicitacao;
  expect((await chamarApi(analista, 'POST', '/api/analise-solicitacao/bloquear', { idAnaliseSolicitacao: id })).status()).toBe(200);
  const detalhe = (await (await chamarApi(analista, 'GET', `/api/analise-solicitacao/${id}`)).json()).dados as {
    solicitacao: { id: number }; documentos: { id: number; tipoDocumento: number }[];
  };
  const decisao = await chamarApi(analista, 'POST', '/api/analise-solicitacao/atualizar-analise-solicitacao', {
    id, solicitacao: detalhe.solicitacao.id, justificativa: '',
    documentos: detalhe.documentos.map((d) => ({ id: d.id, tipoDocumento: d.tipoDocumento, aprovado: true })),
  });
  expect(decisao.status(), await decisao.text()).toBe(200);
}

test.describe('first-RGP edit (issue 15, point 1)', () => {
  test.use({ actionTimeout: 15_000 });

  test('refused without its proof, sent with it and approved', async ({ page, outraPessoa }) => {
    test.setTimeout(240_000);
    const cpf = novoCpf();
    await entrar(page, cpf, novoNome('Pescador Primeiro RGP'));
    await enviarRegistroInicial(page);
    const analista = await outraPessoa();
    await entrar(analista, CONTAS.sfpa.cpf);
    await aprovarPelaApi(analista, cpf);

    let idSolicitacao = 0;
    await test.step('the fisher files the edit; without the proof it is not sent', async () => {
      await page.goto('/home');
      await opcao(page, 'Editar primeiro RGP').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Editar primeiro RGP' })).toBeVisible();
      await a11y(page);
      await page.getByLabel('Data do primeiro RGP').fill('2004-03-15');
      await page.getByLabel('Órgão que emitiu o primeiro RGP').fill('MPA');
      const numero = page.getByLabel('Número do primeiro RGP');
      if (await numero.isEditable()) await numero.fill('PA-0001');
      await page.getByRole('button', { name: 'Solicitar edição' }).click();
      await expect(page.getByRole('heading', { name: 'Comprovante do primeiro RGP (obrigatório)' })).toBeVisible();

      // Refused in the browser…
      await page.getByRole('button', { name: 'Enviar para análise' }).click();
      const resumo = page.locator('.error-summary');
      await expect(resumo.getByRole('link', { name: 'Insira todos os documentos obrigatórios' })).toBeVisible();
      await a11y(page);
      // …and by the server, whoever calls it.
      const { idPescador } = await sessao(page);
      const lista = await chamarApi(page, 'GET', `/api/solicitacao?tipo=7&pagina=1&tamanhoPagina=1&idPescador=${idPescador}`);
      idSolicitacao = ((await lista.json()).dados.solicitacoes as { id: number }[])[0]!.id;
      const semProva = await chamarApi(page, 'POST', `/api/solicitacao-edicao-rgp/${idSolicitacao}/enviar`);
      expect(semProva.status()).toBe(400);
      expect((await semProva.json()).mensagem).toBe('Insira todos os documentos obrigatórios');
    });

    await test.step('with the proof it is sent', async () => {
      await enviarDocumento(page, 'Comprovante do primeiro RGP', arquivos.identidade());
      await page.getByRole('button', { name: 'Enviar para análise' }).click();
      await page.waitForURL((url) => url.pathname === '/home');
      await expect(toast(page, 'Solicitação de edição do primeiro RGP enviada com sucesso!')).toBeVisible();
    });

    await test.step('the SFPA sees the proof and approves; the registry carries the new agency', async () => {
      await analista.goto('/home');
      const linha = await acharSolicitacao(analista, cpf, { situacao: 'Aguardando análise' });
      await abrirAnalise(analista, linha);
      await iniciarAnalise(analista);
      await aprovarDocumentos(analista, ['Comprovante do primeiro RGP']);
      await a11y(analista);
      await concluirAnalise(analista, 'Análise DEFERIDA com sucesso!');
      const { idPescador } = await sessao(page);
      const rgp = await (await chamarApi(page, 'GET', `/api/rgp/pescador/${idPescador}`)).json();
      expect(rgp.dados).toMatchObject({ orgao: 'MPA', dataPrimeiroRgp: '2004-03-15' });
    });
  });
});
