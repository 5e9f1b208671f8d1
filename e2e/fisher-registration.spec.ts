import { expect, test } from '@playwright/test';
import { novoCpf, novoNome } from './dados';
import {
  abrirMinhasSolicitacoes,
  Assistente,
  CADASTRO_PARA,
  contador,
  enviarRegistroInicial,
  iniciarPelaDeclaracao,
  linhaSolicitacao,
  marcar,
  opcao,
  opcaoIndisponivel,
  toast,
} from './pescador';
import { conferirQrDoComprovante } from './comprovantes';
import { entrar, semRolagemHorizontal, semViolacoes } from './support';
import { digitar, digitarData, escolherNoSelect, tabAte } from './teclado';

// Issue 3: the fisher's initial registration through the five-step wizard. Every test signs in a fisher of its
// own (a fresh valid CPF), so that no test depends on another's data.

const MENSAGEM_CONFIRA = 'Confira todos os campos obrigatórios do formulário';
const MENSAGEM_DECLARACAO = 'Não é possivel avançar sem ler e concordar com a declaração';

test.describe('initial registration of a fisher (issue 3)', () => {
  // A stuck click or fill fails at once with its own message rather than at the end of the long journey.
  test.use({ actionTimeout: 15_000 });

  test('a new fisher in Pará files the initial registration, steps 1 to 5, and follows it', async ({ page }) => {
    test.setTimeout(180_000);
    const nome = novoNome('Pescador Registro');
    await entrar(page, novoCpf(), nome);

    await test.step('/home before anything: zero counters, the registration options enabled', async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Olá, ${nome.toUpperCase()}`);
      await expect(contador(page, 'Todas')).toHaveText('0');
      await expect(opcao(page, 'Solicitar registro inicial')).toBeVisible();
      await expect(opcao(page, 'Recadastramento')).toBeVisible();
      await expect(opcao(page, 'Continuar rascunho')).toHaveCount(0);
      await semViolacoes(page);
      await semRolagemHorizontal(page);
    });

    let idSolicitacao = 0;
    await test.step('declaration, steps 1 to 4 with the four required documents, the warning of step 5, submission', async () => {
      idSolicitacao = await enviarRegistroInicial(page, { acessibilidade: true, conferirAvisoDeclaracao: true });
    });

    await test.step('/home: 1 enviada, and no other registration can start while it waits', async () => {
      await expect(page).toHaveURL(/\/home$/);
      await expect(contador(page, 'Enviadas')).toHaveText('1');
      await expect(contador(page, 'Todas')).toHaveText('1');
      await expect(contador(page, 'Rascunhos')).toHaveText('0');
      // One success message, not one from step 5 and another from /home?sucesso=true.
      await expect
        .soft(page.locator('.Toastify').getByText('Solicitação enviada com sucesso!', { exact: true }), 'the success message shows once')
        .toHaveCount(1);
      const bloqueada = opcaoIndisponivel(page, 'Solicitar registro inicial');
      await expect(bloqueada).toHaveAttribute('aria-disabled', 'true');
      await expect(bloqueada).toHaveAccessibleDescription(/Você tem uma solicitação aguardando análise ou em análise\./);
      await semViolacoes(page);
      await semRolagemHorizontal(page);
    });

    await test.step('"Minhas solicitações" lists it as "Aguardando Análise" with its protocol', async () => {
      await abrirMinhasSolicitacoes(page);
      const linha = linhaSolicitacao(page, 'Registro inicial', idSolicitacao);
      await expect(linha.getByRole('cell').first()).toHaveText('Aguardando Análise');
      await expect(linha.getByRole('cell').nth(1)).not.toHaveText('—');
      await expect(linha.getByRole('button', { name: `Imprimir protocolo Registro inicial nº ${idSolicitacao}` })).toBeVisible();
      await semViolacoes(page);
      await semRolagemHorizontal(page);
    });

    await test.step("the receipt's QR code, read as a phone reads it, opens a signed check that a changed digit fails (issue 21)", async () => {
      const linha = linhaSolicitacao(page, 'Registro inicial', idSolicitacao);
      const [resposta] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/imprimir-protocolo') && r.status() === 200),
        linha.getByRole('button', { name: `Imprimir protocolo Registro inicial nº ${idSolicitacao}` }).click(),
      ]);
      await conferirQrDoComprovante(page, resposta, '/verificar-protocolo', 'Aguardando Análise');
    });
  });

  test('step 1 sent empty shows the toast, the error summary and the inline messages', async ({ page }) => {
    const nome = novoNome('Pescador Erros');
    await entrar(page, novoCpf(), nome);
    await iniciarPelaDeclaracao(page, 'Solicitar registro inicial');
    const w = new Assistente(page);
    await w.esperarPasso(1);
    // The CPF and the name come from the sign-in.
    await expect(page.getByLabel('Nome completo')).toHaveValue(nome.toUpperCase());

    await w.botaoSalvar().click();
    await expect(toast(page, MENSAGEM_CONFIRA)).toBeVisible();
    const resumo = page.locator('.error-summary');
    await expect(resumo).toBeFocused();
    await expect(resumo.getByRole('heading', { name: 'Existem erros no formulário' })).toBeVisible();
    for (const campo of ['Data de nascimento', 'Sexo', 'Nome da mãe', 'Nome do pai', 'Escolaridade', 'CEP', 'Logradouro', 'Bairro', 'UF', 'Município', 'Telefone']) {
      await expect(resumo.getByRole('link', { name: `${campo}: Campo obrigatório`, exact: true })).toBeVisible();
    }
    // The same words at the fields, which are marked invalid and described by them.
    for (const [id, rotulo] of [['dataNascimento', 'Data de nascimento'], ['nomeMae', 'Nome da mãe'], ['endereco-cep', 'CEP'], ['contato-telefone', 'Telefone']] as const) {
      await expect(page.locator(`#${id}-erro`)).toHaveText('Campo obrigatório');
      await expect(page.getByLabel(rotulo, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel(rotulo, { exact: true })).toHaveAccessibleDescription(/Campo obrigatório/);
    }
    await expect(page.locator('#sexo-erro')).toHaveText('Campo obrigatório');
    await expect(page.locator('#nome-erro')).toHaveCount(0);
    // A link of the summary takes the focus to its field.
    await resumo.getByRole('link', { name: 'Nome da mãe: Campo obrigatório' }).click();
    await expect(page.getByLabel('Nome da mãe')).toBeFocused();
    // Nothing was created: still step 1, no request id in the address.
    await expect(page).not.toHaveURL(/idSolicitacao=/);
    await expect(w.tituloPasso(1)).toBeVisible();
    await semViolacoes(page);
    await semRolagemHorizontal(page);
  });

  test('a second fisher leaves a re-registration draft and /home offers to continue it', async ({ page }) => {
    test.setTimeout(90_000);
    await entrar(page, novoCpf(), novoNome('Pescador Rascunho'));

    await test.step('the declaration screen refuses to continue unaccepted', async () => {
      await opcao(page, 'Recadastramento').click();
      await expect(page.getByRole('heading', { level: 2, name: 'Declaração: Recadastramento' })).toBeVisible();
      await page.getByRole('button', { name: 'Continuar' }).click();
      const resumo = page.locator('.error-summary');
      await expect(resumo).toBeFocused();
      await expect(resumo.getByRole('link', { name: MENSAGEM_DECLARACAO })).toBeVisible();
      await expect(page.locator('#aceite-erro')).toHaveText(MENSAGEM_DECLARACAO);
      await expect(page).toHaveURL(/\/pescador\/declaracao\?tipoSolicitacao=2/);
      await semViolacoes(page);
      await semRolagemHorizontal(page);
      await marcar(page.getByRole('checkbox', { name: 'Li e concordo', exact: true }));
      await page.getByRole('button', { name: 'Continuar' }).click();
    });

    const w = new Assistente(page);
    await test.step('step 1 of the re-registration is saved: a draft exists', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Solicitação de recadastramento' })).toBeVisible();
      await w.esperarPasso(1);
      await w.preencherPasso1();
      await w.salvarEContinuar(1, 'Dados Pessoais salvos com sucesso!');
    });
    const idSolicitacao = Number(new URL(page.url()).searchParams.get('idSolicitacao'));

    await test.step('leaving the wizard, /home shows 1 rascunho and "Continuar rascunho"', async () => {
      await page.getByRole('link', { name: 'RGP – Registro Geral da Atividade Pesqueira' }).click();
      await expect(page).toHaveURL(/\/home$/);
      // Right after leaving the wizard (same page, no reload) /home must already count the new draft: the
      // counters and the draft were read when /home first showed, and saving step 1 must refresh them.
      await expect.soft(contador(page, 'Rascunhos'), 'the new draft is counted as soon as /home shows again').toHaveText('1');
      await expect.soft(opcao(page, 'Continuar rascunho'), '"Continuar rascunho" shows as soon as /home shows again').toBeVisible();
      // Coming back later (a new page load) reads everything again.
      await page.reload();
      await expect(contador(page, 'Rascunhos')).toHaveText('1');
      await expect(contador(page, 'Todas')).toHaveText('1');
      const continuar = opcao(page, 'Continuar rascunho');
      await expect(continuar).toBeVisible();
      await expect(continuar).toHaveAccessibleDescription(/^Recadastramento iniciado em \d{2}\/\d{2}\/\d{4}\.$/);
      await expect(opcaoIndisponivel(page, 'Solicitar registro inicial')).toHaveAccessibleDescription(/Você já tem um rascunho de solicitação/);
      await semViolacoes(page);
      await semRolagemHorizontal(page);
      await continuar.click();
    });

    await test.step('"Continuar rascunho" reopens the draft at its first unsaved step', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Solicitação de recadastramento' })).toBeVisible();
      await w.esperarPasso(2);
      expect(Number(new URL(page.url()).searchParams.get('idSolicitacao'))).toBe(idSolicitacao);
    });
  });

  test('keyboard only: from /home to step 1 of the initial registration, filled and saved without a click', async ({ page }) => {
    test.setTimeout(90_000);
    await entrar(page, novoCpf(), novoNome('Pescador Teclado'));
    const d = CADASTRO_PARA;
    const t = (alvo: Parameters<typeof tabAte>[1]) => tabAte(page, alvo);

    await t(opcao(page, 'Solicitar registro inicial'));
    await page.keyboard.press('Enter');
    const aceite = page.getByRole('checkbox', { name: 'Li e concordo', exact: true });
    await t(aceite);
    await page.keyboard.press('Space');
    await expect(aceite).toBeChecked();
    await t(page.getByRole('button', { name: 'Continuar' }));
    await page.keyboard.press('Enter');

    const w = new Assistente(page);
    await w.esperarPasso(1);

    const nascimento = page.getByLabel('Data de nascimento');
    await t(nascimento);
    await digitarData(page, nascimento, '1985-03-03');

    await t(page.locator('#sexo'));
    await page.keyboard.press('Space');
    await expect(w.radio('Sexo', 'Masculino')).toBeChecked();

    await t(page.getByLabel('Nome da mãe'));
    await digitar(page, d.nomeMae);
    await t(page.getByLabel('Nome do pai'));
    await digitar(page, d.nomePai);

    const escolaridade = page.getByLabel('Escolaridade');
    await t(escolaridade);
    await escolherNoSelect(page, escolaridade, 'Ensino médio completo');
    const etnia = page.getByLabel('Etnia (cor ou raça)');
    await t(etnia);
    await escolherNoSelect(page, etnia, 'Parda');

    await t(page.locator('#alfabetizacao'));
    await page.keyboard.press('Space');
    await expect(w.radio('Sabe ler e escrever?', 'Sim')).toBeChecked();
    await t(page.locator('#nacionalidadeBrasileira'));
    await page.keyboard.press('Space');
    await expect(w.radio('Nacionalidade', 'Brasileira')).toBeChecked();

    await t(page.getByLabel('Número do documento', { exact: true }));
    await digitar(page, d.numeroDocumento);
    const ufEmissao = page.getByLabel('UF de emissão');
    await t(ufEmissao);
    await escolherNoSelect(page, ufEmissao, d.ufNome);
    const orgao = page.getByLabel('Órgão emissor');
    await t(orgao);
    await escolherNoSelect(page, orgao, 'SSP – Secretaria de Segurança Pública');
    const emissao = page.getByLabel('Data de emissão');
    await t(emissao);
    await digitarData(page, emissao, '2005-06-06');

    // Social document: the first type with Space, then the arrow keys move the choice to NIS.
    await t(page.locator('#documentoSocial-tipo'));
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(w.radio('Tipo do documento social', 'NIS')).toBeChecked();
    await t(page.getByLabel('Número do documento social'));
    await digitar(page, d.numeroNis);

    await t(page.getByLabel('CEP', { exact: true }));
    await digitar(page, d.cep);
    await expect(page.getByLabel('CEP', { exact: true })).toHaveValue('66 010-000');
    await t(page.getByLabel('Logradouro'));
    await digitar(page, d.logradouro);
    await t(page.getByLabel('Número', { exact: true }));
    await digitar(page, d.numero);
    await t(page.getByLabel('Bairro'));
    await digitar(page, d.bairro);
    const uf = page.getByLabel('UF', { exact: true });
    await t(uf);
    await escolherNoSelect(page, uf, d.ufNome);
    const municipio = page.getByLabel('Município', { exact: true });
    await t(municipio);
    await escolherNoSelect(page, municipio, d.municipio, 200);
    await t(page.getByLabel('Telefone'));
    await digitar(page, d.telefone);

    await t(w.botaoSalvar());
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Dados Pessoais salvos com sucesso!')).toBeVisible();
    await w.esperarPasso(2);
    // The new step's heading takes the focus, so that a keyboard or screen reader user starts there.
    await expect(w.tituloPasso(2)).toBeFocused();
  });
});
