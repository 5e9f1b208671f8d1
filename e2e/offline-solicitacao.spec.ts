import type { Page } from '@playwright/test';
import { onlyDigits } from '../src/shared/cpf';
import { novoCpf, novoNome } from './dados';
import { expect, test } from './fixtures';
import { Assistente, CADASTRO_PARA, iniciarPelaDeclaracao } from './pescador';
import { chavesNoCelular, consultarBanco, SALVO_NO_CELULAR } from './reap-dados';
import { entrar, semViolacoes } from './support';

// Issue 25, points 2 and 3, for the registration wizard: a fisher who loses the signal fills steps 1 to 3, each saved
// on the phone, reloads the app without signal and finds what was typed; when the signal returns the saves go in
// order, and the server holds exactly one request with the three steps.

test.use({ serviceWorkers: 'allow', actionTimeout: 15_000 });

/** A fisher's requests as the database holds them. */
async function solicitacoesNoBanco(cpf: string): Promise<{ tipo: number; passo: number; dados: Record<string, unknown> }[]> {
  const r = await consultarBanco<{ tipo: number; passo: number; dados: Record<string, unknown> }>(
    'SELECT s.tipo, s.passo, s.dados FROM solicitacao s JOIN pescador p ON p.id = s.pescador_id WHERE p.cpf = $1',
    [onlyDigits(cpf)],
  );
  return r.rows;
}

/**
 * Online: the fisher signs in and opens the registration wizard, the app is installed and controls the page, and
 * step 1's state and municipality are chosen (their lists come from the server).
 */
async function abrirComOAplicativo(page: Page, w: Assistente, cpf: string, nome: string) {
  await entrar(page, cpf, nome);
  await iniciarPelaDeclaracao(page, 'Solicitar registro inicial');
  await w.esperarPasso(1);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await w.esperarPasso(1);
  await w.escolherUfMunicipio(page.locator('main'), CADASTRO_PARA);
}

test('steps 1 to 3 filled without signal reach the RGP once, in order, when the signal returns', async ({ page, context }) => {
  test.setTimeout(240_000);
  const cpf = novoCpf();
  const w = new Assistente(page);
  const estado = page.getByRole('main').getByText(SALVO_NO_CELULAR, { exact: true });

  await test.step('online: the fisher opens the wizard, and the app is installed', async () => {
    // The municipalities of Pará come (and are kept) as the form asks for them, and the occupations of step 3 are
    // kept as the wizard opens.
    await abrirComOAplicativo(page, w, cpf, novoNome('Pescador Sem Sinal'));
    await expect.poll(() => page.evaluate(async () => {
      for (const nome of await caches.keys()) {
        const pedidos = await (await caches.open(nome)).keys();
        if (pedidos.some((p) => p.url.includes('/api/solicitacao/profissoes'))) return true;
      }
      return false;
    })).toBe(true);
  });

  await test.step('without signal: each step is saved on the phone and the fisher moves on', async () => {
    await context.setOffline(true);
    await w.preencherPasso1();
    await w.botaoSalvar().click();
    await expect(page).toHaveURL(/[?&]passo=2(&|$)/);
    await w.esperarPasso(2);
    await expect(estado).toBeVisible();
    expect(new URL(page.url()).searchParams.get('idSolicitacao')).toBeNull();

    await w.preencherPasso2();
    await w.botaoSalvar().click();
    await expect(page).toHaveURL(/[?&]passo=3(&|$)/);
    await w.esperarPasso(3);
    await expect(estado).toBeVisible();

    await w.preencherPasso3();
    await w.botaoSalvar().click();
    await expect(page).toHaveURL(/[?&]passo=4(&|$)/);
    await expect(estado).toBeVisible();
    await expect(page.getByText('Os documentos e o envio da solicitação precisam de internet.')).toBeVisible();
    expect(await solicitacoesNoBanco(cpf)).toEqual([]);
  });

  await test.step('the app reloaded without signal finds what was typed', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Solicitação de registro inicial' })).toBeVisible();
    await expect(estado).toBeVisible();
    const etapas = page.getByRole('navigation', { name: 'Etapas da solicitação' });
    await etapas.getByRole('link', { name: /Passo 1: Dados pessoais/ }).click();
    await w.esperarPasso(1);
    await expect(page.getByLabel('Nome da mãe')).toHaveValue(CADASTRO_PARA.nomeMae);
    await expect(page.getByLabel('Município', { exact: true })).toHaveValue('1501402');
    await etapas.getByRole('link', { name: /Passo 3: Dados socioeconômicos/ }).click();
    await w.esperarPasso(3);
    await expect(w.grupo('Fonte de renda 1').getByLabel('Atividade profissional')).toHaveValue('Pesca artesanal');
    await semViolacoes(page);
  });

  await test.step('the signal returns: the saves go in order, and the server holds one request', async () => {
    await context.setOffline(false);
    await expect(page).toHaveURL(/[?&]idSolicitacao=\d+(&|$)/);
    await expect(estado).toBeHidden();
    await expect.poll(async () => (await solicitacoesNoBanco(cpf)).map((x) => x.passo)).toEqual([3]);
    const [s] = await solicitacoesNoBanco(cpf);
    // The server keeps names in capitals.
    expect(s).toMatchObject({
      tipo: 1,
      passo: 3,
      dados: { nomeMae: CADASTRO_PARA.nomeMae.toUpperCase(), nomePai: CADASTRO_PARA.nomePai.toUpperCase() },
    });
    const texto = JSON.stringify(s!.dados);
    expect(texto).toContain('Rio Guamá');
    expect(texto).toContain('Pesca artesanal');
    // The wizard goes on online, from the server's request: step 4 is open.
    await page.getByRole('navigation', { name: 'Etapas da solicitação' }).getByRole('link', { name: /Passo 4: Apoio e documentos/ }).click();
    await w.esperarPasso(4);
    await expect(w.painelDocumentos().getByRole('heading', { name: 'Documentos' })).toBeVisible();
  });
});

test('a step saved without signal that the server refuses is shown, kept, and discarded only by the fisher', async ({ page, context, outraPessoa }) => {
  test.setTimeout(180_000);
  const cpf = novoCpf();
  const nome = novoNome('Pescador Dois Celulares');
  const w = new Assistente(page);

  await test.step('without signal, step 1 of a new registration waits on this phone', async () => {
    await entrar(page, cpf, nome);
    await iniciarPelaDeclaracao(page, 'Solicitar registro inicial');
    await w.esperarPasso(1);
    await w.escolherUfMunicipio(page.locator('main'), CADASTRO_PARA);
    await context.setOffline(true);
    await w.preencherPasso1();
    await w.botaoSalvar().click();
    await w.esperarPasso(2);
    await expect(page.getByRole('main').getByText(SALVO_NO_CELULAR, { exact: true })).toBeVisible();
  });

  await test.step('meanwhile the same fisher starts the registration on another phone, with signal', async () => {
    const outro = await outraPessoa();
    const w2 = new Assistente(outro);
    await entrar(outro, cpf, nome);
    await iniciarPelaDeclaracao(outro, 'Solicitar registro inicial');
    await w2.esperarPasso(1);
    await w2.preencherPasso1({ ...CADASTRO_PARA, nomeMae: 'Ana Outra Mãe' });
    await w2.salvarEContinuar(1, 'Dados Pessoais salvos com sucesso!');
  });

  await test.step('the signal returns: the refusal is shown in Portuguese, and nothing is dropped', async () => {
    await context.setOffline(false);
    const conflito = page.locator('.conflito-rascunho');
    await expect(conflito.getByText('Já existe um rascunho desta solicitação. Continue o rascunho existente.')).toBeVisible();
    await expect(conflito).toContainText('continua guardado aqui');
    await expect(page.getByRole('button', { name: 'Salvar e continuar' })).toHaveCount(0);
    const solicitacoes = await solicitacoesNoBanco(cpf);
    expect(solicitacoes).toHaveLength(1);
    expect(solicitacoes[0]!.dados).toMatchObject({ nomeMae: 'ANA OUTRA MÃE' });
    await semViolacoes(page);
    // Read again, the phone's copy is still there until the fisher discards it.
    await page.reload();
    await expect(conflito.getByText('Já existe um rascunho desta solicitação. Continue o rascunho existente.')).toBeVisible();
    await conflito.getByRole('button', { name: 'Descartar o que está neste celular' }).click();
    await expect(conflito).toBeHidden();
    await w.esperarPasso(1);
    expect(await solicitacoesNoBanco(cpf)).toHaveLength(1);
  });
});

test('a step saved without signal reaches the RGP from another screen when the signal returns', async ({ page, context }) => {
  test.setTimeout(180_000);
  const cpf = novoCpf();
  const w = new Assistente(page);

  await test.step('without signal, step 1 waits on this phone and the fisher leaves the wizard', async () => {
    await abrirComOAplicativo(page, w, cpf, novoNome('Pescador Em Casa'));
    await context.setOffline(true);
    await w.preencherPasso1();
    await w.botaoSalvar().click();
    await w.esperarPasso(2);
    await expect(page.getByRole('main').getByText(SALVO_NO_CELULAR, { exact: true })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'RGP – Registro Geral da Atividade Pesqueira' }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect(await solicitacoesNoBanco(cpf)).toEqual([]);
  });

  await test.step('the signal returns on /home: the step reaches the RGP once, and nothing waits any more', async () => {
    await context.setOffline(false);
    await expect.poll(async () => (await solicitacoesNoBanco(cpf)).map((x) => x.passo), { timeout: 20_000 }).toEqual([1]);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('rgp.pendenteNoCelular'))).toBeNull();
    // /home read again still finds one request: nothing was sent twice.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Minhas solicitações' })).toBeVisible();
    expect(await solicitacoesNoBanco(cpf)).toHaveLength(1);
  });
});

/** What the phone keeps under the one key `escolher` picks, as JSON text ('' when none). */
async function valorNoCelular(page: Page, escolher: (chaves: string[]) => string[]): Promise<string> {
  const [chave] = escolher(await chavesNoCelular(page));
  if (!chave) return '';
  return page.evaluate((k) => new Promise<string>((resolve, reject) => {
    const pedido = indexedDB.open('rgp-neste-celular');
    pedido.onerror = () => reject(pedido.error);
    pedido.onsuccess = () => {
      const lido = pedido.result.transaction('itens').objectStore('itens').get(k);
      lido.onsuccess = () => resolve(JSON.stringify(lido.result));
      lido.onerror = () => reject(lido.error);
    };
  }), chave);
}

test('a step typed without signal and reloaded before it is saved keeps what was typed, until it is saved', async ({ page, context }) => {
  // Issue 33, point 5 (decision 0069): the wizard keeps what is typed field by field, as the REAP does.
  test.setTimeout(180_000);
  const cpf = novoCpf();
  const w = new Assistente(page);
  const digitado = (chaves: string[]) => chaves.filter((k) => /^[0-9a-f]{32}\/digitado\/solicitacao\/nova-1\/1$/.test(k));

  await test.step('without signal, the fisher types step 1 and does not press "Salvar e continuar"', async () => {
    await abrirComOAplicativo(page, w, cpf, novoNome('Pescador Recarrega'));
    await context.setOffline(true);
    await w.preencherPasso1();
    await expect.poll(async () => digitado(await chavesNoCelular(page))).toHaveLength(1);
    // Kept a moment after the last change: the phone, typed last, is there too.
    await expect.poll(() => valorNoCelular(page, digitado)).toMatch(/Cidade Velha.*98888-?7777|98888-?7777.*Cidade Velha/);
    expect((await chavesNoCelular(page)).some((k) => k.includes(onlyDigits(cpf)))).toBe(false);
  });

  await test.step('the app reloaded without signal shows what was typed', async () => {
    await page.reload();
    await w.esperarPasso(1);
    await expect(page.getByLabel('Nome da mãe')).toHaveValue(CADASTRO_PARA.nomeMae);
    await expect(page.getByLabel('Nome do pai')).toHaveValue(CADASTRO_PARA.nomePai);
    await expect(page.getByLabel('Data de nascimento')).toHaveValue(CADASTRO_PARA.dataNascimento);
    await expect(page.getByLabel('Município', { exact: true })).toHaveValue('1501402');
    await semViolacoes(page);
  });

  await test.step('with signal, the step is saved and what was typed leaves the phone', async () => {
    await context.setOffline(false);
    await w.salvarEContinuar(1, 'Dados Pessoais salvos com sucesso!');
    await expect.poll(async () => (await solicitacoesNoBanco(cpf)).map((x) => x.passo)).toEqual([1]);
    expect(digitado(await chavesNoCelular(page))).toEqual([]);
  });
});
