import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { onlyDigits } from '../src/shared/cpf';
import { hojeSaoPaulo } from '../src/shared/datas';
import { MENSAGENS_LOTE } from '../src/shared/schemas/lote';
import { ROTA_ADMIN_CLIENTES_INTEGRACAO, ROTA_ADMINISTRACAO } from '../src/shared/rotas-web';
import { novoCpf, novoNome } from './dados';
import { expect, test } from './fixtures';
import { chamarApi, marcar, toast } from './pescador';
import { criarPescadoresAtivos } from './reap-dados';
import { CONTAS, entrar, semViolacoes } from './support';

// Issue 37, "Done when": at 1280 px, ADMIN registers a machine client and subscribes a local HTTP receiver to
// suspensions; a GESTOR's batch suspends fishers; the signed deliveries appear on the screen and one is replayed.
// axe finds nothing on each screen.

interface Recebido { id: string; cpf: string | null; valido: boolean }

/** The agency's receiver: it checks each delivery's signature with the secret ADMIN was shown. */
async function receptor(): Promise<{ url: string; recebidos: Recebido[]; segredo: { valor: string }; fechar(): Promise<void> }> {
  const recebidos: Recebido[] = [];
  const segredo = { valor: '' };
  const servidor = http.createServer((req, res) => {
    let corpo = '';
    req.on('data', (c: Buffer) => { corpo += c.toString('utf8'); });
    req.on('end', () => {
      let cpf: string | null = null;
      try {
        cpf = (new Webhook(segredo.valor).verify(corpo, req.headers as Record<string, string>) as { data: { cpf: string } }).data.cpf;
      } catch {
        cpf = null;
      }
      recebidos.push({ id: String(req.headers['webhook-id']), cpf, valido: cpf !== null });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(servidor.address() as AddressInfo).port}/rgp`,
    recebidos,
    segredo,
    fechar: () => new Promise<void>((ok) => servidor.close(() => ok())),
  };
}

function diaMais(dias: number): string {
  const d = new Date(`${hojeSaoPaulo()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

test.describe('Machine clients and signed webhooks (issue 37)', () => {
  test.use({ actionTimeout: 15_000 });

  test('ADMIN registers a client and a webhook, a batch suspends fishers, the deliveries appear and one is replayed', async ({ page, outraPessoa }) => {
    test.setTimeout(300_000);
    const r = await receptor();
    try {
      const cpfs = [novoCpf(), novoCpf(), novoCpf()];
      await criarPescadoresAtivos(cpfs, 'PESCADOR WEBHOOK E2E');
      const nomeCliente = novoNome('Sistema INSS E2E');

      await entrar(page, CONTAS.admin.cpf);
      await test.step('ADMIN registers a client with the feed scope and sees its credential once', async () => {
        await page.goto(ROTA_ADMINISTRACAO);
        await page.getByRole('link', { name: 'Clientes de integração' }).click();
        await expect(page).toHaveURL(new RegExp(`${ROTA_ADMIN_CLIENTES_INTEGRACAO}$`));
        await semViolacoes(page);
        await page.getByLabel('Nome do sistema').fill(nomeCliente);
        await page.getByLabel('Órgão', { exact: true }).fill('INSS');
        await page.getByLabel('Contato responsável').fill('integracao@inss.gov.br');
        await marcar(page.getByRole('checkbox', { name: /\(integracao\.eventos\)/ }));
        await page.getByLabel('Válido até').fill(diaMais(365));
        await page.getByRole('button', { name: 'Cadastrar cliente' }).click();
        await expect(page.getByRole('heading', { name: `Credencial de ${nomeCliente}` })).toBeVisible();
        await semViolacoes(page);
        await page.getByRole('button', { name: 'Já guardei a credencial' }).click();
      });

      await test.step('ADMIN subscribes the local receiver to suspensions and keeps the secret', async () => {
        await page.getByLabel('Cliente de integração').selectOption({ label: `${nomeCliente} (INSS)` });
        await page.getByLabel('Endereço (https://)').fill(r.url);
        await marcar(page.getByRole('checkbox', { name: /\(registro\.suspenso\)/ }));
        await page.getByRole('button', { name: 'Assinar webhook' }).click();
        const segredo = page.getByTestId('segredo-webhook');
        await expect(segredo).toBeVisible();
        r.segredo.valor = (await segredo.textContent()) ?? '';
        expect(r.segredo.valor).toMatch(/^whsec_/);
        await semViolacoes(page);
        await page.getByRole('button', { name: 'Já guardei o segredo' }).click();
      });

      await test.step('a GESTOR suspends the fishers in a manual batch', async () => {
        const gestor = await outraPessoa();
        await entrar(gestor, CONTAS.gestor.cpf);
        const nomeAto = novoNome('Portaria Webhook E2E');
        const ato = await chamarApi(gestor, 'POST', '/api/ato-normativo', {
          nome: nomeAto, descricao: 'Suspende registros por fraude confirmada.', dataInicioVigencia: hojeSaoPaulo(),
        });
        expect(ato.status(), await ato.text()).toBe(200);
        await gestor.goto(ROTA_ADMINISTRACAO);
        await gestor.getByRole('link', { name: 'Processamento em lote' }).click();
        await gestor.getByLabel('Ato normativo').selectOption({ label: nomeAto });
        await gestor.getByLabel('Órgão solicitante').fill('INSS');
        await gestor.getByLabel('Justificativa').fill('Fraude no Seguro-Defeso confirmada.');
        await gestor.getByLabel('Suspender até').fill(diaMais(60));
        await marcar(gestor.getByRole('radio', { name: 'Manual (lista de CPFs)' }));
        await gestor.getByLabel('CPFs dos pescadores').fill(cpfs.join('\n'));
        await gestor.getByRole('button', { name: 'Processar lote' }).click();
        await expect(toast(gestor, MENSAGENS_LOTE.concluido)).toBeVisible({ timeout: 30_000 });
      });

      let eventoId = '';
      await test.step('the signed deliveries reach the receiver and appear on the screen', async () => {
        // The delivery job runs every minute.
        await expect.poll(() => new Set(r.recebidos.filter((x) => x.valido && cpfs.map(onlyDigits).includes(x.cpf!)).map((x) => x.cpf)).size,
          { timeout: 120_000 }).toBe(3);
        expect(r.recebidos.every((x) => x.valido)).toBe(true);
        await page.reload();
        await page.getByRole('button', { name: `Ver as entregas para ${r.url}` }).click();
        const tabela = page.getByRole('region', { name: `Entregas recentes para ${r.url}` });
        await expect(tabela.getByRole('row').filter({ hasText: 'msg_' })).toHaveCount(3);
        await semViolacoes(page);
        const primeira = r.recebidos[0]!;
        eventoId = primeira.id.replace(/^msg_/, '');
        await tabela.getByRole('button', { name: `Reenviar a entrega msg_${eventoId}` }).click();
        await expect(toast(page, 'Entrega posta na fila de novo.')).toBeVisible();
      });

      await test.step('the replay arrives again under the same webhook-id, signed', async () => {
        await expect.poll(() => r.recebidos.filter((x) => x.id === `msg_${eventoId}`).length, { timeout: 120_000 }).toBe(2);
        expect(r.recebidos.filter((x) => x.id === `msg_${eventoId}`).every((x) => x.valido)).toBe(true);
        await semViolacoes(page);
      });
    } finally {
      await r.fechar();
    }
  });
});
