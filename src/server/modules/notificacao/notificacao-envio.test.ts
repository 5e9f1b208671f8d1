import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CanalNotificacao, SituacaoEnvio, TipoNotificacao } from '../../../shared/enums';
import { MENSAGENS_CANAIS, TAMANHO_MAXIMO_SMS } from '../../../shared/mensagens/notificacao-canais';
import { CaixaDeSaidaLocal } from '../../adapters/email/caixa-local';
import { GatewayHttp, PastaDeMensagens } from '../../adapters/mensagem/mensagem';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { portaLivre } from '../../test/porta-livre';
import { NotificacaoEnvioRepository } from './notificacao-envio.repository';
import { NotificacaoEnvioService } from './notificacao-envio.service';

/**
 * The outbox of notices (issue 39 point 1, decision 0150): each notice reaches each channel the fisher has once;
 * a channel whose gateway is down is retried with backoff while the others deliver; an opt-out is honoured.
 * Real local channels (files) and a real HTTP gateway on a local port, which answers 503 while "down".
 */
const CPF = '52998224725';
let t: TestApp;
let agora = new Date('2026-05-04T12:00:00Z');
let pasta: string;
let gateway: http.Server;
let gatewayFora = false;
const smsRecebidos: { para: string; texto: string }[] = [];
let envios: NotificacaoEnvioService;
let idPescador = 0;
let sessao: Sessao;

const arquivos = async (sub: string) => (await fs.readdir(path.join(pasta, sub)).catch(() => [] as string[])).filter((n) => !n.endsWith('.tmp'));

async function situacoes(): Promise<{ canal: number; situacao: number; tentativas: number }[]> {
  const { rows } = await t.db.execute<{ canal: number; situacao: number; tentativas: number }>(sql`
    SELECT canal, situacao, tentativas FROM notificacao_envio WHERE pescador_id = ${idPescador} ORDER BY id`);
  return rows;
}

async function notificar(conteudo: string): Promise<number> {
  const { id } = await t.db.transaction((tx) => t.app.servicos.notificacoes.criar({
    pescadorId: idPescador, tipo: TipoNotificacao.INDEFERIMENTO, conteudo, urlRedirecionamento: '/home',
  }, tx));
  return id;
}

beforeAll(async () => {
  pasta = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-envio-'));
  const porta = await portaLivre();
  gateway = http.createServer((req, res) => {
    let corpo = '';
    req.on('data', (c: Buffer) => { corpo += c.toString('utf8'); });
    req.on('end', () => {
      if (gatewayFora || req.headers.authorization !== 'Bearer segredo') { res.writeHead(503).end(); return; }
      smsRecebidos.push(JSON.parse(corpo) as { para: string; texto: string });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => gateway.listen(porta, '127.0.0.1', resolve));
  t = await createTestApp({ now: () => agora });
  sessao = await entrarComo(t.app, CPF);
  idPescador = decodeJwt(sessao.token).idPescador as number;
  await t.db.execute(sql`UPDATE pescador SET email = 'pescador@example.com.br', telefone = '91987654321' WHERE id = ${idPescador}`);
  envios = new NotificacaoEnvioService(new NotificacaoEnvioRepository(t.db), {
    email: new CaixaDeSaidaLocal(path.join(pasta, 'email'), 'RGP <nao-responda@rgp.local>'),
    sms: new GatewayHttp(`http://127.0.0.1:${porta}/sms`, 'segredo', (m) => ({ para: m.destino, texto: m.texto })),
    govbr: new PastaDeMensagens(path.join(pasta, 'govbr')),
  }, 'https://rgp.example.gov.br', { now: () => agora, esperaSegundos: 60 });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
  await fs.rm(pasta, { recursive: true, force: true });
});

describe('the outbox of notices', () => {
  it('writes one row per channel with the notification, and delivers each once', async () => {
    await notificar('Sua solicitação foi indeferida: falta o comprovante de residência.');
    expect(await situacoes()).toEqual([
      { canal: CanalNotificacao.EMAIL, situacao: SituacaoEnvio.PENDENTE, tentativas: 0 },
      { canal: CanalNotificacao.SMS, situacao: SituacaoEnvio.PENDENTE, tentativas: 0 },
      { canal: CanalNotificacao.GOVBR, situacao: SituacaoEnvio.PENDENTE, tentativas: 0 },
    ]);
    expect(await envios.drenar()).toEqual({
      email: { enviadas: 1, falhas: 0, canceladas: 0 }, sms: { enviadas: 1, falhas: 0, canceladas: 0 }, govbr: { enviadas: 1, falhas: 0, canceladas: 0 },
    });
    // Drained again: nothing goes twice.
    expect(Object.values(await envios.drenar()).every((c) => c.enviadas === 0)).toBe(true);
    expect(await arquivos('email')).toHaveLength(1);
    expect(await arquivos('govbr')).toHaveLength(1);
    expect(smsRecebidos).toEqual([{ para: '+5591987654321', texto: MENSAGENS_CANAIS.sms(TipoNotificacao.INDEFERIMENTO, 'https://rgp.example.gov.br/home') }]);
    const eml = await fs.readFile(path.join(pasta, 'email', (await arquivos('email'))[0]!), 'utf8');
    expect(eml).toContain('To: pescador@example.com.br');
    const govbr = JSON.parse(await fs.readFile(path.join(pasta, 'govbr', (await arquivos('govbr'))[0]!), 'utf8')) as { destino: string; texto: string };
    expect(govbr.destino).toBe(CPF);
    expect(govbr.texto).toContain('falta o comprovante de residência');
    expect((await situacoes()).map((s) => s.situacao)).toEqual([SituacaoEnvio.ENVIADA, SituacaoEnvio.ENVIADA, SituacaoEnvio.ENVIADA]);
  });

  it('an SMS fits 160 characters, says where to look and never carries the CPF or the notice', () => {
    for (const tipo of Object.values(TipoNotificacao)) {
      for (const link of ['https://rgp.example.gov.br/home', `https://${'x'.repeat(120)}.gov.br/reap`]) {
        const sms = MENSAGENS_CANAIS.sms(tipo, link);
        expect(sms.length).toBeLessThanOrEqual(TAMANHO_MAXIMO_SMS);
        expect(sms).toMatch(/gov\.br/);
        expect(sms).not.toMatch(/\d{11}/);
        expect(sms).toMatch(/^[\x20-\x7e]+$/);
      }
    }
  });

  it('a channel that is down is retried with backoff while the others deliver, then delivers once', async () => {
    gatewayFora = true;
    const antes = (await situacoes()).length;
    await notificar('Seu recurso foi recebido.');
    expect(await envios.drenar()).toMatchObject({
      email: { enviadas: 1 }, govbr: { enviadas: 1 }, sms: { enviadas: 0, falhas: 1 },
    });
    const sms = async () => (await t.db.execute<{ situacao: number; tentativas: number; proxima: string; erro: string | null }>(sql`
      SELECT situacao, tentativas, proxima_em AS proxima, ultimo_erro AS erro FROM notificacao_envio
      WHERE pescador_id = ${idPescador} AND canal = ${CanalNotificacao.SMS} ORDER BY id DESC LIMIT 1`)).rows[0]!;
    expect(await sms()).toMatchObject({ situacao: SituacaoEnvio.PENDENTE, tentativas: 1, erro: 'gateway respondeu HTTP 503' });
    expect(new Date((await sms()).proxima).getTime()).toBe(agora.getTime() + 60_000);
    // Not due yet: untouched. Due and still down: the wait doubles.
    expect((await envios.drenar()).sms).toEqual({ enviadas: 0, falhas: 0, canceladas: 0 });
    agora = new Date(agora.getTime() + 61_000);
    expect((await envios.drenar()).sms).toEqual({ enviadas: 0, falhas: 1, canceladas: 0 });
    expect(new Date((await sms()).proxima).getTime()).toBe(agora.getTime() + 120_000);
    gatewayFora = false;
    agora = new Date(agora.getTime() + 121_000);
    expect((await envios.drenar()).sms).toEqual({ enviadas: 1, falhas: 0, canceladas: 0 });
    expect(await sms()).toMatchObject({ situacao: SituacaoEnvio.ENVIADA, tentativas: 3 });
    expect(smsRecebidos).toHaveLength(2);
    expect(await arquivos('email')).toHaveLength(2);
    expect((await situacoes()).slice(antes).map((s) => s.situacao)).toEqual([SituacaoEnvio.ENVIADA, SituacaoEnvio.ENVIADA, SituacaoEnvio.ENVIADA]);
  });

  it('gives a row up once its tries are spent, without touching the others', async () => {
    const curto = new NotificacaoEnvioService(new NotificacaoEnvioRepository(t.db), {
      email: new CaixaDeSaidaLocal(path.join(pasta, 'email'), 'RGP <nao-responda@rgp.local>'),
      sms: { enviar: () => Promise.reject(new Error('recusado por 91987654321 <pescador@example.com.br>')) },
      govbr: new PastaDeMensagens(path.join(pasta, 'govbr')),
    }, 'https://rgp.example.gov.br', { now: () => agora, maximoTentativas: 1 });
    await notificar('Seu registro foi suspenso.');
    expect(await curto.drenar()).toMatchObject({ email: { enviadas: 1 }, govbr: { enviadas: 1 }, sms: { falhas: 1 } });
    const { rows } = await t.db.execute<{ situacao: number; erro: string }>(sql`
      SELECT situacao, ultimo_erro AS erro FROM notificacao_envio WHERE pescador_id = ${idPescador} AND canal = ${CanalNotificacao.SMS} ORDER BY id DESC LIMIT 1`);
    // Given up, and the reason kept without the number or the address.
    expect(rows[0]).toEqual({ situacao: SituacaoEnvio.FALHOU, erro: 'recusado por [número] <[e-mail]>' });
  });

  it('honours an opt-out: no row for a channel turned off, and a pending one is cancelled', async () => {
    await notificar('Aviso antes da escolha.');
    await t.db.execute(sql`INSERT INTO notificacao_preferencia (pescador_id, email, sms, govbr) VALUES (${idPescador}, true, false, true)`);
    await notificar('Aviso depois da escolha.');
    const { rows } = await t.db.execute<{ conteudo: string; canais: number[] }>(sql`
      SELECT n.conteudo, array_agg(e.canal ORDER BY e.canal) AS canais FROM notificacao n JOIN notificacao_envio e ON e.notificacao_id = n.id
      WHERE n.conteudo LIKE 'Aviso %' GROUP BY n.id, n.conteudo ORDER BY n.id`);
    expect(rows).toEqual([
      { conteudo: 'Aviso antes da escolha.', canais: [1, 2, 3] },
      { conteudo: 'Aviso depois da escolha.', canais: [1, 3] },
    ]);
    const sms = smsRecebidos.length;
    expect(await envios.drenar()).toMatchObject({ email: { enviadas: 2 }, govbr: { enviadas: 2 }, sms: { enviadas: 0, canceladas: 1 } });
    expect(smsRecebidos).toHaveLength(sms);
  });
});

describe('the fisher chooses the channels, and staff see the deliveries', () => {
  it('the fisher reads and sets the choices; the next notice follows them', async () => {
    const antes = await sessao.api({ method: 'GET', url: '/api/notificacao/preferencias' });
    expect(antes.statusCode).toBe(200);
    expect(antes.json().dados).toEqual({ email: true, sms: false, govbr: true, temEmail: true, temCelular: true });
    const salvo = await sessao.api({ method: 'PUT', url: '/api/notificacao/preferencias', payload: { email: false, sms: true, govbr: true } });
    expect(salvo.statusCode).toBe(200);
    expect(salvo.json()).toMatchObject({ mensagem: 'Preferências de avisos salvas.', dados: { email: false, sms: true, govbr: true } });
    const ruim = await sessao.api({ method: 'PUT', url: '/api/notificacao/preferencias', payload: { email: 'nao', sms: true, govbr: true } });
    expect(ruim.statusCode).toBe(400);
    const id = await notificar('Aviso com e-mail desligado.');
    const { rows } = await t.db.execute<{ canal: number }>(sql`SELECT canal FROM notificacao_envio WHERE notificacao_id = ${id} ORDER BY canal`);
    expect(rows.map((r) => r.canal)).toEqual([CanalNotificacao.SMS, CanalNotificacao.GOVBR]);
  });

  it("staff see each delivery's state on the fisher's page, audited; another fisher may not", async () => {
    const gestor = await entrarComo(t.app, '10000000108');
    const res = await gestor.api({ method: 'GET', url: `/api/pescador/${idPescador}/envios-notificacao` });
    expect(res.statusCode).toBe(200);
    const envios = res.json().dados as { canal: number; situacao: number; ultimoErro: string | null; proximaTentativaEm: string | null }[];
    expect(envios[0]).toMatchObject({ canal: CanalNotificacao.GOVBR, situacao: SituacaoEnvio.PENDENTE, proximaTentativaEm: expect.any(String) });
    expect(envios).toContainEqual(expect.objectContaining({ canal: CanalNotificacao.SMS, situacao: SituacaoEnvio.FALHOU, ultimoErro: 'recusado por [número] <[e-mail]>' }));
    expect(JSON.stringify(envios)).not.toContain(CPF);
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM auditoria WHERE recurso = 'notificacao-envio'`);
    expect(rows[0]!.n).toBe(1);
    const outro = await entrarComo(t.app, '11144477735');
    expect((await outro.api({ method: 'GET', url: `/api/pescador/${idPescador}/envios-notificacao` })).statusCode).toBe(403);
  });
});
