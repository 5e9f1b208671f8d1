import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfComDigitos } from '../../../shared/cpf';
import type { AssinaturaWebhookCriada, EntregaWebhook, EventoIntegracao } from '../../../shared/schemas/integracao';
import { iniciarSmtpDeTeste, type EmailRecebido } from '../../test/smtp-de-teste';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { cpfAdmin, novoClienteDeTeste, type ClienteDeTeste } from './integracao.fixtures';
import { ClienteIntegracaoRepository } from './cliente.repository';
import { WebhookRepository } from './webhook.repository';
import { WebhookService } from './webhook.service';

/** A real HTTP receiver: it verifies each delivery's signature with the same library a consumer would use. */
interface Receptor {
  url: string;
  recebidos: { id: string; corpo: string; valido: boolean; evento: EventoIntegracao | null }[];
  responder: (n: number) => number | 'pendurar';
  segredo: string;
  /** Answers the requests held so far with `status`. */
  soltar(status: number): void;
  fechar(): Promise<void>;
}

async function receptor(responder: Receptor['responder'] = () => 200): Promise<Receptor> {
  const pendurados: http.ServerResponse[] = [];
  const r: Receptor = {
    url: '', recebidos: [], responder, segredo: '', fechar: async () => undefined,
    soltar: (status) => { for (const p of pendurados.splice(0)) p.writeHead(status).end(); },
  };
  const servidor = http.createServer((req, res) => {
    let corpo = '';
    req.on('data', (c: Buffer) => { corpo += c.toString('utf8'); });
    req.on('end', () => {
      let evento: EventoIntegracao | null = null;
      try {
        evento = (new Webhook(r.segredo).verify(corpo, req.headers as Record<string, string>) as { data: EventoIntegracao }).data;
      } catch {
        evento = null;
      }
      r.recebidos.push({ id: String(req.headers['webhook-id']), corpo, valido: evento !== null, evento });
      const resposta = r.responder(r.recebidos.length);
      if (resposta === 'pendurar') {
        pendurados.push(res);
        return;
      }
      res.writeHead(resposta).end();
    });
  });
  await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
  r.url = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}/rgp`;
  r.fechar = async () => {
    for (const p of pendurados) p.destroy();
    await new Promise<void>((ok) => servidor.close(() => ok()));
  };
  return r;
}

const segredoServidor = crypto.randomBytes(32);
let t: TestApp;
let agora = new Date();
let admin: Sessao;
let cliente: ClienteDeTeste;
let smtp: Awaited<ReturnType<typeof iniciarSmtpDeTeste>>;
let emails: EmailRecebido[];
const receptores: Receptor[] = [];

beforeAll(async () => {
  smtp = await iniciarSmtpDeTeste();
  emails = smtp.recebidos;
  t = await createTestApp({
    now: () => agora,
    jwtSecret: segredoServidor,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.porta), SMTP_TLS: 'false' },
  });
  admin = await entrarComo(t.app, cpfAdmin());
  cliente = await novoClienteDeTeste(t.app, ['integracao.eventos'], {}, admin);
  await t.db.execute(sql`UPDATE usuario_mapa SET email = 'admin-rgp@example.gov.br'
    WHERE usuario_id = (SELECT id FROM usuario WHERE cpf = ${cpfAdmin()})`);
}, 60_000);
afterAll(async () => {
  for (const r of receptores) await r.fechar();
  await t?.close();
  await smtp?.fechar();
});

/** Back to the present, ADMIN signed in again (a session signed before a jump of the clock has expired). */
async function presente(): Promise<void> {
  agora = new Date();
  admin = await entrarComo(t.app, cpfAdmin());
}

function gestao(method: 'GET' | 'POST', url: string, payload?: object) {
  return admin.navegador.request({
    method, url, headers: { authorization: `Bearer ${admin.token}`, 'x-xsrf-token': admin.navegador.xsrf }, ...(payload ? { payload } : {}),
  });
}

async function assinar(r: Receptor, tipos: string[] = ['registro.suspenso']): Promise<AssinaturaWebhookCriada> {
  const res = await gestao('POST', '/api/integracao/webhooks', { clienteId: cliente.credencial.cliente.id, url: r.url, tipos });
  expect(res.statusCode, res.body).toBe(200);
  const criada = res.json().dados as AssinaturaWebhookCriada;
  r.segredo = criada.segredo;
  return criada;
}

async function entregas(id: number): Promise<EntregaWebhook[]> {
  return (await gestao('GET', `/api/integracao/webhooks/${id}/entregas`)).json().dados.itens as EntregaWebhook[];
}

let proximo = 881_000_000;
/** A fisher active in the registry, then suspended: one `registro.suspenso` event, committed. */
async function suspenso(): Promise<{ id: number; cpf: string }> {
  const cpf = cpfComDigitos(proximo++);
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO pescador (cpf, nome, uf, municipio_id, categoria, forma_atuacao, situacao_registro, data_primeiro_rgp)
    VALUES (${cpf}, 'Pescadora do Webhook', 'PA', 1501402, 2, 1, 1, '2015-03-10') RETURNING id`);
  await t.db.execute(sql`UPDATE pescador SET situacao_registro = 6 WHERE id = ${rows[0]!.id}`);
  return { id: rows[0]!.id, cpf };
}

async function desativar(id: number): Promise<void> {
  expect((await gestao('POST', `/api/integracao/webhooks/${id}/desativacao`)).statusCode).toBe(200);
}

describe('webhooks', () => {
  it('signs each event per Standard Webhooks, carrying only what the feed carries, and audits the delivery', async () => {
    await presente();
    const r = await receptor();
    receptores.push(r);
    const { assinatura, segredo } = await assinar(r);
    expect(segredo).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const lista = await gestao('GET', '/api/integracao/webhooks');
    expect(lista.body).not.toContain(segredo);
    expect(JSON.stringify(await t.db.execute(sql`SELECT * FROM assinatura_webhook`))).not.toContain(segredo.slice(6));

    const p = await suspenso();
    await t.app.servicos.webhooks.executar();
    const meus = r.recebidos.filter((x) => x.evento?.cpf === p.cpf);
    expect(meus).toHaveLength(1);
    expect(meus[0]!.valido).toBe(true);
    expect(meus[0]!.id).toBe(`msg_${meus[0]!.evento!.id}`);
    expect(meus[0]!.evento).toMatchObject({ tipo: 'registro.suspenso', situacaoAnterior: 1, situacaoNova: 6 });
    expect(meus[0]!.corpo).not.toContain('Pescadora do Webhook');
    // The activation was not subscribed to.
    expect(r.recebidos.every((x) => x.evento?.tipo === 'registro.suspenso')).toBe(true);
    const [e] = (await entregas(assinatura.id)).filter((x) => x.eventoId === meus[0]!.evento!.id);
    expect(e).toMatchObject({ estado: 'entregue', tentativas: 1, ultimoStatus: 200 });
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM auditoria a
      JOIN auditoria_pescadores ap ON ap.auditoria_id = a.id
      WHERE a.recurso = 'integracao-webhook' AND ap.pescador_ids @> ARRAY[${p.id}]::integer[]
        AND a.recurso_id = ${String(cliente.credencial.cliente.id)}`);
    expect(rows[0]!.n).toBe(1);
    // A second run sends nothing again.
    await t.app.servicos.webhooks.executar();
    expect(r.recebidos.filter((x) => x.evento?.cpf === p.cpf)).toHaveLength(1);
    await desativar(assinatura.id);
  });

  it('retries with backoff under the same webhook-id, parks after a day, and replays on request', async () => {
    await presente();
    const r = await receptor((n) => (n <= 2 ? 500 : 200));
    receptores.push(r);
    const { assinatura } = await assinar(r);
    const p = await suspenso();
    await t.app.servicos.webhooks.executar();
    let [e] = await entregas(assinatura.id);
    expect(e).toMatchObject({ estado: 'pendente', tentativas: 1, ultimoStatus: 500, ultimoErro: 'HTTP 500' });
    expect(new Date(e!.proximaTentativaEm!).getTime() - agora.getTime()).toBe(30_000);
    // Not yet due: nothing is sent.
    agora = new Date(agora.getTime() + 29_000);
    await t.app.servicos.webhooks.executar();
    expect(r.recebidos).toHaveLength(1);
    agora = new Date(agora.getTime() + 2_000);
    await t.app.servicos.webhooks.executar();
    [e] = await entregas(assinatura.id);
    expect(e).toMatchObject({ estado: 'pendente', tentativas: 2 });
    expect(new Date(e!.proximaTentativaEm!).getTime() - agora.getTime()).toBe(60_000);
    agora = new Date(agora.getTime() + 60_000);
    await t.app.servicos.webhooks.executar();
    [e] = await entregas(assinatura.id);
    expect(e).toMatchObject({ estado: 'entregue', tentativas: 3, ultimoStatus: 200 });
    expect(new Set(r.recebidos.map((x) => x.id))).toEqual(new Set([`msg_${e!.eventoId}`]));
    expect(r.recebidos.every((x) => x.valido)).toBe(true);
    expect(r.recebidos.at(-1)!.evento!.cpf).toBe(p.cpf);

    // Now the receiver fails for a day: the delivery parks, then a replay delivers it.
    r.responder = () => 503;
    const p2 = await suspenso();
    const inicio = agora.getTime();
    await t.app.servicos.webhooks.executar();
    for (let passo = 0; agora.getTime() - inicio < 25 * 3600 * 1000; passo++) {
      agora = new Date(agora.getTime() + 6 * 3600 * 1000);
      await t.app.servicos.webhooks.executar();
    }
    await presente();
    const parada = (await entregas(assinatura.id)).find((x) => x.estado === 'estacionada');
    expect(parada).toBeDefined();
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM tentativa_entrega_webhook WHERE entrega_id = ${parada!.id}`);
    expect(rows[0]!.n).toBe(parada!.tentativas);
    expect((await gestao('GET', '/api/integracao/webhooks')).json().dados.itens.find((a: { id: number }) => a.id === assinatura.id))
      .toMatchObject({ estacionadas: 1, pendentes: 0, entregues: 1 });
    r.responder = () => 204;
    const reenvio = await gestao('POST', `/api/integracao/webhooks/${assinatura.id}/entregas/${parada!.id}/reenvio`);
    expect(reenvio.json().dados).toMatchObject({ estado: 'pendente' });
    await t.app.servicos.webhooks.executar();
    const feita = (await entregas(assinatura.id)).find((x) => x.id === parada!.id);
    expect(feita).toMatchObject({ estado: 'entregue', ultimoStatus: 204 });
    expect(r.recebidos.at(-1)).toMatchObject({ valido: true, id: `msg_${parada!.eventoId}` });
    expect(r.recebidos.at(-1)!.evento!.cpf).toBe(p2.cpf);
    await desativar(assinatura.id);
  });

  it('disables an endpoint after repeated failure, tells ADMIN, and a dead endpoint delays no other', async () => {
    await presente();
    const morto = await receptor(() => 'pendurar');
    const vivo = await receptor();
    receptores.push(morto, vivo);
    const a = await assinar(morto);
    const b = await assinar(vivo);
    // The app's own service, configured as production would be but with a low limit and a short timeout.
    const servico = new WebhookService(new WebhookRepository(t.db), new ClienteIntegracaoRepository(t.db), t.app.servicos.auditoria,
      t.app.servicos.email, { segredoServidor, agora: () => agora, permitirHttpLocal: true, limiteFalhasSeguidas: 3, tempoLimiteMs: 300 });
    const suspensos = [await suspenso(), await suspenso(), await suspenso(), await suspenso()];
    await servico.executar();
    // Every delivery of the live endpoint done in that run (by it, or by the app's own job running meanwhile).
    expect((await entregas(b.assinatura.id)).map((x) => x.estado)).toEqual(['entregue', 'entregue', 'entregue', 'entregue']);
    expect(new Set(vivo.recebidos.filter((x) => x.valido).map((x) => x.evento!.cpf))).toEqual(new Set(suspensos.map((p) => p.cpf)));
    const mortas = await entregas(a.assinatura.id);
    expect(mortas.filter((x) => x.ultimoErro === 'Tempo esgotado').length).toBeGreaterThanOrEqual(3);
    const lista = (await gestao('GET', '/api/integracao/webhooks')).json().dados.itens as { id: number; desativadaEm: string | null; motivoDesativacao: string }[];
    expect(lista.find((x) => x.id === a.assinatura.id)).toMatchObject({ motivoDesativacao: expect.stringContaining('falhas seguidas') });
    expect(lista.find((x) => x.id === b.assinatura.id)!.desativadaEm).toBeNull();
    const aviso = (m: EmailRecebido) => m.bruto.includes('webhook de Cliente de teste desativado');
    await expect.poll(() => emails.filter(aviso).length).toBe(1);
    expect(emails.find(aviso)!.para).toContain('admin-rgp@example.gov.br');
    // Disabled: the next run does not call it; its deliveries wait, pending, for a reactivation.
    const antes = morto.recebidos.length;
    agora = new Date(agora.getTime() + 3600 * 1000);
    await servico.executar();
    expect(morto.recebidos.length).toBe(antes);
    await presente();
    expect((await entregas(a.assinatura.id)).every((x) => x.estado === 'pendente')).toBe(true);
    morto.responder = () => 200;
    expect((await gestao('POST', `/api/integracao/webhooks/${a.assinatura.id}/reativacao`)).json().dados.desativadaEm).toBeNull();
    await servico.executar();
    expect((await entregas(a.assinatura.id)).every((x) => x.estado === 'entregue')).toBe(true);
    await desativar(a.assinatura.id);
    await desativar(b.assinatura.id);
  });

  it("keeps a slow endpoint's window full: the next delivery starts as one ends, not when the slowest of a round does", async () => {
    await presente();
    const n = 20;
    // The first request is held until every other has arrived: with rounds of 8, the 9th would never be sent meanwhile.
    const r = await receptor((k) => {
      if (k === 1) return 'pendurar';
      if (k === n) setImmediate(() => r.soltar(200));
      return 200;
    });
    receptores.push(r);
    const { assinatura } = await assinar(r);
    const servico = new WebhookService(new WebhookRepository(t.db), new ClienteIntegracaoRepository(t.db), t.app.servicos.auditoria,
      t.app.servicos.email, { segredoServidor, agora: () => agora, permitirHttpLocal: true, paralelismo: 8, tempoLimiteMs: 60_000 });
    const suspensos = [];
    for (let i = 0; i < n; i++) suspensos.push(await suspenso());
    await servico.executar();
    await expect.poll(async () => (await entregas(assinatura.id)).filter((x) => x.estado === 'entregue').length).toBe(n);
    expect((await entregas(assinatura.id)).every((x) => x.tentativas === 1 && x.ultimoStatus === 200)).toBe(true);
    // Each event once, none timed out and retried.
    expect(r.recebidos).toHaveLength(n);
    expect(new Set(r.recebidos.filter((x) => x.valido).map((x) => x.evento!.cpf))).toEqual(new Set(suspensos.map((p) => p.cpf)));
    await desativar(assinatura.id);
  });

  it('gives a dead endpoint one window of timeouts per run, and what it took but did not attempt is due again at once', async () => {
    await presente();
    const morto = await receptor(() => 'pendurar');
    receptores.push(morto);
    const { assinatura } = await assinar(morto);
    const servico = new WebhookService(new WebhookRepository(t.db), new ClienteIntegracaoRepository(t.db), t.app.servicos.auditoria,
      t.app.servicos.email, { segredoServidor, agora: () => agora, permitirHttpLocal: true, paralelismo: 8, tempoLimiteMs: 300 });
    for (let i = 0; i < 12; i++) await suspenso();
    await servico.executar();
    // Each timeout narrowed the window by one: 8 attempts, then none in flight and the run ended.
    expect(morto.recebidos).toHaveLength(8);
    let todas = await entregas(assinatura.id);
    expect(todas.filter((x) => x.tentativas === 1 && x.ultimoErro === 'Tempo esgotado')).toHaveLength(8);
    const intocadas = todas.filter((x) => x.tentativas === 0);
    expect(intocadas).toHaveLength(4);
    // Not hidden for the 2 minutes a taken delivery is held: the next run attempts them.
    expect(intocadas.every((x) => new Date(x.proximaTentativaEm!).getTime() <= agora.getTime())).toBe(true);
    await servico.executar();
    expect(morto.recebidos).toHaveLength(12);
    todas = await entregas(assinatura.id);
    expect(todas.every((x) => x.tentativas === 1 && x.estado === 'pendente')).toBe(true);
    await desativar(assinatura.id);
  });

  it('takes only HTTPS endpoints of a live client holding the feed scope', async () => {
    await presente();
    const base = { clienteId: cliente.credencial.cliente.id, tipos: ['registro.suspenso'] };
    for (const url of ['http://example.gov.br/hook', 'ftp://example.gov.br', 'https://user:pw@example.gov.br/hook', 'não é url']) {
      const res = await gestao('POST', '/api/integracao/webhooks', { ...base, url });
      expect(res.statusCode, url).toBe(400);
    }
    const soConsulta = await novoClienteDeTeste(t.app, ['integracao.consultar'], {}, admin);
    const semEscopo = await gestao('POST', '/api/integracao/webhooks', { ...base, clienteId: soConsulta.credencial.cliente.id, url: 'https://inss.gov.br/h' });
    expect(semEscopo.statusCode).toBe(400);
    expect(semEscopo.body).toContain('integracao.eventos');
    expect((await gestao('POST', '/api/integracao/webhooks', { ...base, url: 'https://inss.gov.br/h', tipos: ['nada'] })).statusCode).toBe(400);
    const ok = await gestao('POST', '/api/integracao/webhooks', { ...base, url: 'https://inss.gov.br/rgp/webhook' });
    expect(ok.statusCode).toBe(200);
    await desativar((ok.json().dados as AssinaturaWebhookCriada).assinatura.id);
    // A client's token cannot manage webhooks.
    const token = await cliente.token();
    expect((await cliente.api(token, { method: 'GET', url: '/api/integracao/webhooks' })).statusCode).toBe(403);
  });
});
