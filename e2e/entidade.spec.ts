import { cnpjComDigitos } from '../src/shared/cnpj';
import { ROTA_MESA_AGENTE, ROTA_REAP } from '../src/shared/rotas-web';
import { arquivos, novoCpf, novoNome } from './dados';
import { expect, test } from './fixtures';
import { marcar } from './pescador';
import { a11y, ANO, confirmarDialogo, darRegistroAtivo, declarar, preencherArtesanal, reapsNoBanco, SALVO_NO_CELULAR } from './reap-dados';
import { CONTAS, entrar, sair } from './support';

// Representative entities (docs/decisions/0110): a manager registers a colônia and its agent; a fisher authorises it
// for the REAP; the agent files the fisher's REAP from its desk, without signal, and it goes when the signal returns
// though the agent no longer acts for that fisher; the fisher reads the notice and revokes; the agent,
// still on the fisher's REAP screen, is then refused with the reason. For a fisher without gov.br, the agent files
// the signed consent term and an identity document, and an analyst of the fisher's state validates it. axe on every
// screen.

test('a colônia files a fisher\'s REAP with the fisher\'s consent, until the fisher revokes it', async ({ page, outraPessoa }) => {
  test.setTimeout(300_000);
  const sufixo = String(Date.now()).slice(-6);
  const colonia = `Colônia de Pescadores Z-${sufixo}`;
  const cpfAgente = novoCpf();
  const cpfPescador = novoCpf();
  const nomePescador = novoNome('Pescadora Representada');

  await test.step('the manager registers the colônia and links its agent', async () => {
    await entrar(page, CONTAS.gestor.cpf);
    await page.getByRole('link', { name: 'Entidades representativas' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Entidades representativas' })).toBeVisible();
    await page.getByLabel('CNPJ').fill('11.222.333/0001-82');
    await page.getByLabel('Nome', { exact: true }).fill(colonia);
    await page.getByLabel('Estado atendido').selectOption({ label: 'Pará' });
    await page.getByLabel('Ato de cooperação').fill('Acordo de Cooperação Técnica 3/2025');
    await page.getByLabel('Início da vigência').fill('2025-01-01');
    await page.getByLabel('Fim da vigência').fill('2030-12-31');
    await page.getByRole('button', { name: 'Cadastrar entidade' }).click();
    await expect(page.getByRole('alert')).toContainText('CNPJ inválido');
    await page.getByLabel('CNPJ').fill(cnpjComDigitos(`77${sufixo}0001`));
    await page.getByRole('button', { name: 'Cadastrar entidade' }).click();
    const linha = page.getByRole('row').filter({ hasText: colonia });
    await expect(linha).toBeVisible();
    await a11y(page);
    await linha.getByRole('button', { name: `Agentes de ${colonia}` }).click();
    await page.getByLabel('CPF do agente').fill(cpfAgente);
    await page.getByLabel('Nome do agente').fill('AGENTE DA COLÔNIA');
    await page.getByLabel('Validade do vínculo').fill('2030-12-31');
    await page.getByRole('button', { name: 'Vincular agente' }).click();
    await expect(page.getByText(/AGENTE DA COLÔNIA — CPF/)).toBeVisible();
    await a11y(page);
    await sair(page);
  });

  await test.step('the fisher authorises the colônia for the REAP', async () => {
    await entrar(page, cpfPescador, nomePescador);
    await darRegistroAtivo(cpfPescador, { categoria: 2, dataPrimeiroRgp: '2024-05-10' });
    await page.getByRole('link', { name: 'Quem me representa' }).click();
    await expect(page.getByText('Nenhuma entidade representa você.')).toBeVisible();
    await page.getByLabel('Entidade', { exact: true }).selectOption({ label: colonia });
    await marcar(page.getByRole('checkbox', { name: 'Leitura de notificações' }));
    await page.getByLabel('Até quando').fill('2030-06-30');
    await page.getByRole('button', { name: 'Autorizar' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: colonia })).toContainText('Ativa');
    await a11y(page);
    await sair(page);
  });

  const agente = await outraPessoa();
  await test.step("the agent picks the fisher on its desk and files the fisher's REAP", async () => {
    await entrar(agente, cpfAgente, 'AGENTE DA COLÔNIA');
    await agente.getByRole('link', { name: 'Mesa do agente de entidade' }).click();
    await expect(agente.getByText(`Agente de ${colonia}`)).toBeVisible();
    await a11y(agente);
    await agente.getByRole('row').filter({ hasText: nomePescador }).getByRole('button', { name: `Atuar por ${nomePescador}` }).click();
    await expect(agente.getByText(`Você está atuando em nome de ${nomePescador}, pela ${colonia}.`)).toBeVisible();
    await agente.getByRole('button', { name: 'Gerar REAPs pendentes' }).click();
    await confirmarDialogo(agente, 'Sim, gerar as REAPs.');
    await expect(agente.getByRole('heading', { level: 2, name: `REAP ${ANO}` })).toBeVisible();
    await a11y(agente);
    await declarar(agente);
    await preencherArtesanal(agente, ANO);
    // In the field without signal: the send waits on the phone, in this fisher's box (decision 0114).
    await agente.context().setOffline(true);
    await agente.getByRole('button', { name: 'Enviar a REAP' }).click();
    await confirmarDialogo(agente, 'Sim, enviar a REAP.');
    await expect(agente.getByRole('status').filter({ hasText: SALVO_NO_CELULAR })).toBeVisible();
    expect((await reapsNoBanco(cpfPescador, ANO))[0]).toMatchObject({ enviada: false, envios: 0 });
    // The agent goes back to the desk and stops acting for this fisher before the signal returns: the fisher's box
    // still goes when it does, under this fisher and once, whoever the tab has picked.
    await agente.getByRole('link', { name: 'Voltar para as minhas REAPs' }).click();
    await agente.getByRole('link', { name: 'Voltar à mesa do agente' }).click();
    await agente.getByRole('button', { name: 'Deixar de atuar por um pescador' }).click();
    await expect(agente.getByText(`Você está atuando em nome de ${nomePescador}`)).toBeHidden();
    await agente.context().setOffline(false);
    await expect.poll(() => reapsNoBanco(cpfPescador, ANO)).toEqual([expect.objectContaining({ enviada: true, envios: 1 })]);
    await agente.getByRole('row').filter({ hasText: nomePescador }).getByRole('button', { name: `Atuar por ${nomePescador}` }).click();
    await expect(agente.getByRole('listitem').filter({ hasText: `REAP ${ANO}` }).getByText('Enviada', { exact: true })).toBeVisible();
  });

  await test.step('the fisher reads the notice and revokes in one step', async () => {
    await entrar(page, cpfPescador);
    const aviso = page.getByRole('dialog', { name: 'ATENÇÃO' });
    await expect(aviso).toContainText(`${colonia} enviou sua REAP de ${ANO} em seu nome.`);
    await a11y(page);
    await aviso.getByRole('button', { name: 'Li e estou ciente' }).click();
    await page.getByRole('link', { name: 'Quem me representa' }).click();
    await page.getByRole('button', { name: `Revogar a delegação de ${colonia}` }).click();
    await expect(page.getByRole('listitem').filter({ hasText: colonia })).toContainText('Revogada');
    await a11y(page);
  });

  await test.step('the agent is refused, with the reason', async () => {
    await agente.goto(ROTA_MESA_AGENTE);
    await expect(agente.getByRole('row').filter({ hasText: nomePescador })).toHaveCount(0);
    await agente.goto(ROTA_REAP);
    await expect(agente.getByRole('alert').filter({ hasText: 'O pescador revogou a delegação em' })).toBeVisible();
    await a11y(agente);
  });

  const nomeSemGovbr = novoNome('Pescador Sem Govbr');
  await test.step('the agent files the consent term of a fisher without gov.br from the desk', async () => {
    await agente.goto(ROTA_MESA_AGENTE);
    await agente.getByRole('link', { name: /Registrar termo de consentimento/ }).click();
    await expect(agente.getByRole('heading', { level: 1, name: 'Registrar termo de consentimento' })).toBeVisible();
    await agente.getByRole('button', { name: 'Registrar termo' }).click();
    await expect(agente.getByRole('alert').filter({ hasText: 'Anexe o termo de consentimento assinado pelo pescador.' }).first()).toBeVisible();
    await agente.getByLabel('CPF do pescador').fill(novoCpf());
    await agente.getByLabel('Nome do pescador').fill(nomeSemGovbr);
    await agente.getByLabel('Estado onde o pescador mora').selectOption({ label: 'Pará' });
    await agente.getByLabel(/Válido até/).fill('2029-12-31');
    await agente.getByLabel('Termo de consentimento assinado').setInputFiles({ ...arquivos.identidade(), name: 'termo.pdf' });
    await agente.getByLabel('Documento de identidade do pescador').setInputFiles(arquivos.identidade());
    await a11y(agente);
    await agente.getByRole('button', { name: 'Registrar termo' }).click();
    await expect(agente.getByRole('heading', { level: 1, name: 'Mesa do agente' })).toBeVisible();
    await expect(agente.getByRole('row').filter({ hasText: nomeSemGovbr })).toContainText('Aguardando validação do termo');
  });

  await test.step("an analyst of the fisher's state validates the term; the agent may then act", async () => {
    await sair(page);
    await entrar(page, CONTAS.sfpa.cpf);
    await page.getByRole('link', { name: 'Termos de consentimento' }).click();
    const termo = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: nomeSemGovbr }) });
    await expect(termo).toContainText(colonia);
    await a11y(page);
    await termo.getByRole('button', { name: `Validar o termo de ${nomeSemGovbr}` }).click();
    await expect(page.getByRole('heading', { name: nomeSemGovbr })).toHaveCount(0);
    await agente.reload();
    await expect(agente.getByRole('row').filter({ hasText: nomeSemGovbr })).toContainText('Ativa');
    await expect(agente.getByRole('button', { name: `Atuar por ${nomeSemGovbr}` })).toBeEnabled();
  });
});
