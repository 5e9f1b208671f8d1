import fs from 'node:fs';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { onlyDigits } from '../src/shared/cpf';
import { hojeSaoPaulo } from '../src/shared/datas';
import { MENSAGENS_LEMBRETE_REAP } from '../src/shared/mensagens/lembrete-reap';
import { somarDias } from '../src/shared/prazo-recurso';
import { MENSAGENS_PRAZO_ANALISE } from '../src/shared/schemas/prazo-analise';
import { novoCpf, novoNome } from './dados';
import { expect, test } from './fixtures';
import { enviarRegistroInicialPelaApi } from './pescador';
import { ANO, consultarBanco, darRegistroAtivo, gerarPendentes } from './reap-dados';
import { CONTAS, entrar, semRolagemHorizontal, semViolacoes } from './support';

// Issue 39's journey (decisions 0150–0153): a fisher with a mobile number is reminded of the REAP by SMS and e-mail
// (the local sinks, files in the data folder) and opens the link; an analysis passes its deadline, goes to the GESTOR,
// who assigns it to an analyst on the manager's page, and the page shows it. The product's own jobs run, sent to
// their queue as its scheduler would; the data only says what time would (a window closing soon, a deadline passed).

test.use({ actionTimeout: 15_000 });

const PASTA_DADOS = `.test-data/e2e-${process.env.E2E_PORT ?? 3100}`;
const PG_PORT = Number(process.env.E2E_PG_PORT ?? 5499);

/** One run of a product job now, as its schedule would send it (the server's own worker runs it). */
async function rodarJob(nome: string): Promise<void> {
  const boss = new PgBoss({
    connectionString: `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp`, schema: 'pgboss', supervise: false, schedule: false, migrate: false,
  });
  await boss.start();
  try {
    expect(await boss.send(nome, {})).not.toBeNull();
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

/** Every file of a local sink (a folder under the data folder), as text. */
function mensagensEm(pasta: string): string[] {
  const dir = path.join(PASTA_DADOS, pasta);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => !f.endsWith('.tmp')).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}

/** An .eml's text body, quoted-printable decoded (soft line breaks joined). */
function corpoDoEmail(eml: string): string {
  const corpo = eml.slice(eml.search(/\r?\n\r?\n/));
  return Buffer.from(corpo.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1')
    .toString('utf8');
}

test("a fisher is reminded of the REAP by SMS and e-mail; a late analysis goes to the GESTOR, who assigns it on the manager's page", async ({ page, outraPessoa }) => {
  // Two fishers, a registration sent through the API, and three jobs picked up by the server's own polling.
  test.setTimeout(240_000);
  const cpf = novoCpf();
  const celular = `919${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const email = `pescador.${onlyDigits(cpf)}@rgp.local`;

  await test.step('a fisher with an active registry, an e-mail and a mobile number owes the REAP', async () => {
    await entrar(page, cpf, novoNome('Pescador Lembrete'));
    await darRegistroAtivo(cpf, { categoria: 2, dataPrimeiroRgp: '2024-05-10' });
    await consultarBanco('UPDATE pescador SET email = $2, telefone = $3 WHERE cpf = $1', [onlyDigits(cpf), email, celular]);
    await page.reload();
    await gerarPendentes(page, true);
  });

  await test.step('with the window closing in 20 days, the reminder reaches the SMS and e-mail sinks', async () => {
    const { rows: [janela] } = await consultarBanco<{ inicio: string; fim: string }>(
      'SELECT inicio_preenchimento::text AS inicio, fim_preenchimento::text AS fim FROM reap_prazo WHERE ano_referencia = $1', [ANO]);
    const hoje = hojeSaoPaulo();
    const paraCelular = (m: string) => (JSON.parse(m) as { destino: string }).destino === `+55${celular}`;
    const fim = somarDias(hoje, 20);
    // The window of the journeys' year closes in 20 days while the job runs, then is put back as it was.
    await consultarBanco('UPDATE reap_prazo SET inicio_preenchimento = LEAST(inicio_preenchimento, $2::date), fim_preenchimento = $3 WHERE ano_referencia = $1',
      [ANO, hoje, fim]);
    try {
      await rodarJob('lembretes-reap');
      await expect.poll(() => mensagensEm('sms-saida').filter(paraCelular).length,
        { timeout: 60_000 }).toBe(1);
    } finally {
      await consultarBanco('UPDATE reap_prazo SET inicio_preenchimento = $2, fim_preenchimento = $3 WHERE ano_referencia = $1', [ANO, janela!.inicio, janela!.fim]);
    }
    const sms = JSON.parse(mensagensEm('sms-saida').find(paraCelular)!) as { texto: string };
    expect(sms.texto.length).toBeLessThanOrEqual(160);
    expect(sms.texto).not.toContain(onlyDigits(cpf));
    const baseUrl = test.info().project.use.baseURL!;
    expect(sms.texto).toContain(`${baseUrl}/reap`);

    await expect.poll(() => mensagensEm('email-saida').filter((m) => new RegExp(`^To: ${email.replace(/\./g, '\\.')}$`, 'm').test(m)).length,
      { timeout: 30_000 }).toBe(1);
    const corpo = corpoDoEmail(mensagensEm('email-saida').find((m) => m.includes(`To: ${email}`))!);
    // Of 30, 7 and 1 days before the end, the nearest reached is sent (decision 0151): 30.
    expect(corpo).toContain(MENSAGENS_LEMBRETE_REAP.fim(ANO, fim, 30));
    const link = /https?:\/\/\S+/.exec(corpo)![0];
    expect(link).toBe(`${baseUrl}/reap`);

    await test.step('the fisher opens the link and lands on the REAP still to send', async () => {
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: /REAP – Relatório de Exercício/ })).toBeVisible();
      await expect(page.getByRole('link', { name: `Preencher a REAP ${ANO}` })).toBeVisible();
      await semViolacoes(page);
      await semRolagemHorizontal(page);
    });
  });

  const requerente = await outraPessoa();
  const idSolicitacao = await test.step('another fisher sends a registration: its analysis starts its clock', async () => {
    const cpfRequerente = novoCpf();
    const nome = novoNome('Pescador Analise Atrasada');
    await entrar(requerente, cpfRequerente, nome);
    return enviarRegistroInicialPelaApi(requerente, cpfRequerente);
  });

  await test.step('the deadline passes and the hourly job sends the analysis to the GESTOR', async () => {
    const r = await consultarBanco(
      "UPDATE analise_prazo SET vence_em = now() - interval '36 hours' WHERE solicitacao_id = $1 AND vence_em IS NOT NULL AND decidida_em IS NULL",
      [idSolicitacao]);
    expect(r.rowCount).toBe(1);
    await rodarJob('escalar-analises-atrasadas');
    await expect.poll(async () => (await consultarBanco('SELECT 1 FROM analise_prazo WHERE solicitacao_id = $1 AND escalada_em IS NOT NULL', [idSolicitacao])).rowCount,
      { timeout: 60_000 }).toBe(1);
  });

  const { rows: [solicitacao] } = await consultarBanco<{ protocolo: string }>('SELECT numero_protocolo AS protocolo FROM solicitacao WHERE id = $1', [idSolicitacao]);
  const protocolo = solicitacao!.protocolo;
  const gestor = await outraPessoa();

  await test.step("the GESTOR finds it among the late analyses on the manager's page and assigns it to the state's analyst", async () => {
    await entrar(gestor, CONTAS.gestor.cpf);
    await gestor.getByRole('link', { name: 'Painel de análises' }).click();
    await expect(gestor.getByRole('heading', { level: 1, name: 'Painel de análises' })).toBeVisible();
    await expect(gestor.getByText('Tempo médio para decidir (publicado)')).toBeVisible();
    for (const titulo of ['Análises atrasadas', 'Recebidas e decididas por semana', 'Estoque por idade', 'Tempo para decidir', 'Decisões por servidor']) {
      await expect(gestor.getByRole('heading', { level: 2, name: titulo })).toBeVisible();
    }
    await expect(gestor.getByRole('table', { name: 'Estoque por idade' })).toBeAttached();
    const atrasadas = gestor.getByRole('table', { name: 'Análises atrasadas encaminhadas ao gestor' });
    const linha = atrasadas.getByRole('row').filter({ has: gestor.getByRole('rowheader').filter({ hasText: protocolo }) });
    await expect(linha).toHaveCount(1);
    await expect(linha.locator('td[data-rotulo="Atraso"]')).toContainText('2 dias');
    await semViolacoes(gestor);
    await semRolagemHorizontal(gestor);

    await linha.locator('summary').click();
    const servidor = linha.getByLabel('Servidor');
    const opcao = servidor.locator('option', { hasText: CONTAS.sfpa.nome });
    await expect(opcao).toHaveCount(1);
    await servidor.selectOption({ label: (await opcao.textContent())! });
    await linha.getByRole('button', { name: 'Atribuir', exact: true }).click();
    await expect(linha.getByRole('alert')).toHaveText(MENSAGENS_PRAZO_ANALISE.reatribuida);
    await expect(linha.locator('td[data-rotulo="Atribuída a"]')).toHaveText(CONTAS.sfpa.nome);
    await semViolacoes(gestor);
    await semRolagemHorizontal(gestor);
  });

  await test.step('the GESTOR was also told by e-mail, with the protocol and the link to the page (decision 0154)', async () => {
    const doGestor = () => mensagensEm('email-saida').filter((m) => /^To: demo\.1@rgp\.local$/m.test(m) && corpoDoEmail(m).includes(`Protocolo ${protocolo}:`));
    await expect.poll(() => doGestor().length, { timeout: 45_000 }).toBe(1);
    const corpo = corpoDoEmail(doGestor()[0]!);
    expect(corpo).toContain(`${test.info().project.use.baseURL!}/analise/painel`);
    expect(corpo).not.toContain('Pescador Analise Atrasada');
  });
});
