import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CanalNotificacao, SituacaoEnvio, TipoNotificacao } from '../../../shared/enums';
import type { CanalMensagem } from '../../adapters/mensagem/mensagem';
import type { EnviadorEmail } from '../../adapters/email/email';
import { createTestApp, entrarComo, type TestApp } from '../../test/helpers';
import { DrenagemNaThread } from './notificacao-envio.drenagem';
import { NotificacaoEnvioRepository } from './notificacao-envio.repository';
import { NotificacaoEnvioService } from './notificacao-envio.service';

/**
 * The job's drain in a worker thread with a capped heap (decision 0245): the thread, not the main thread, sends
 * (the main thread's channels here refuse everything), each row once, and the origin's listener, which lives in the
 * main thread, is told of each delivery.
 */
const CPF = '52998224725';
let t: TestApp;
// The application's clock is months behind the system's: the thread keeps it by its offset.
const agora = new Date('2026-05-04T12:00:00Z');
let pasta: string;
let idPescador = 0;
const avisados: { origemId: number; canal: number; pescadores: number[] }[] = [];
const drenagens: DrenagemNaThread[] = [];

const recusa = async () => { throw new Error('the main thread must not send'); };
const canaisRecusam: { email: EnviadorEmail; sms: CanalMensagem; govbr: CanalMensagem } = {
  email: { enviar: recusa, close: async () => undefined }, sms: { enviar: recusa }, govbr: { enviar: recusa },
};

function servico(opcoes: { atrasoMaximoMs: number; esperaMaximaMs?: number }): NotificacaoEnvioService {
  const thread = new DrenagemNaThread({
    url: String(t.db.$client.options.connectionString), email: t.config.email, canais: { sms: undefined, govbr: undefined },
    dataDir: pasta, publicUrl: 'https://rgp.example.gov.br',
  }, { heapMb: 64, prioridadeMenor: 5, ...opcoes });
  drenagens.push(thread);
  const s = new NotificacaoEnvioService(new NotificacaoEnvioRepository(t.db), canaisRecusam, 'https://rgp.example.gov.br', { now: () => agora, thread });
  s.aoEnviar('teste-origem', async (origemId, canal, pescadores) => {
    avisados.push({ origemId, canal, pescadores });
  });
  return s;
}

async function notificar(): Promise<void> {
  await t.db.transaction((tx) => t.app.servicos.notificacoes.criar({
    pescadorId: idPescador, tipo: TipoNotificacao.PENDENCIA, conteudo: 'Faltam 7 dias para o fim do prazo da REAP.', urlRedirecionamento: '/reap',
  }, tx, { origem: { nome: 'teste-origem', id: 7 } }));
}

async function situacoes(): Promise<number[]> {
  const { rows } = await t.db.execute<{ situacao: number }>(sql`SELECT situacao FROM notificacao_envio WHERE pescador_id = ${idPescador} ORDER BY id`);
  return rows.map((r) => r.situacao);
}

const arquivos = async (sub: string) => (await fs.readdir(path.join(pasta, sub)).catch(() => [] as string[])).filter((n) => !n.endsWith('.tmp'));

beforeAll(async () => {
  pasta = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-envio-thread-'));
  t = await createTestApp({ now: () => agora });
  const sessao = await entrarComo(t.app, CPF);
  idPescador = decodeJwt(sessao.token).idPescador as number;
  await t.db.execute(sql`UPDATE pescador SET email = 'pescador@example.com.br', telefone = '91987654321' WHERE id = ${idPescador}`);
}, 60_000);
afterAll(async () => {
  for (const d of drenagens) await d.fechar();
  await t?.close();
  await fs.rm(pasta, { recursive: true, force: true });
});

describe("the outbox's drain in a thread", () => {
  it('sends each channel once from the thread, and the main thread hears of each delivery', async () => {
    const envios = servico({ atrasoMaximoMs: 0 });
    await notificar();
    expect(await envios.drenar({ emThread: true })).toEqual({
      email: { enviadas: 1, falhas: 0, canceladas: 0 }, sms: { enviadas: 1, falhas: 0, canceladas: 0 }, govbr: { enviadas: 1, falhas: 0, canceladas: 0 },
    });
    expect(await situacoes()).toEqual([SituacaoEnvio.ENVIADA, SituacaoEnvio.ENVIADA, SituacaoEnvio.ENVIADA]);
    expect(await arquivos('email-saida')).toHaveLength(1);
    expect(await arquivos('sms-saida')).toHaveLength(1);
    expect(await arquivos('govbr-caixa')).toHaveLength(1);
    expect([...avisados].sort((a, b) => a.canal - b.canal)).toEqual([
      { origemId: 7, canal: CanalNotificacao.EMAIL, pescadores: [idPescador] },
      { origemId: 7, canal: CanalNotificacao.SMS, pescadores: [idPescador] },
      { origemId: 7, canal: CanalNotificacao.GOVBR, pescadores: [idPescador] },
    ]);
    // Drained again, by the same thread: nothing goes twice.
    expect(Object.values(await envios.drenar({ emThread: true })).every((c) => c.enviadas === 0)).toBe(true);
    expect(await arquivos('sms-saida')).toHaveLength(1);
  });

  it('a web whose event loop is always late slows the drain, never stops it', async () => {
    // The main thread's delay (about 10 ms at rest) is always over 1 ms: each block waits its longest, then goes.
    const envios = servico({ atrasoMaximoMs: 1, esperaMaximaMs: 100 });
    await notificar();
    expect(await envios.drenar({ emThread: true })).toMatchObject({ email: { enviadas: 1 }, sms: { enviadas: 1 }, govbr: { enviadas: 1 } });
    expect(await arquivos('sms-saida')).toHaveLength(2);
  });

  it('a closed thread is started again by the next drain; without `emThread` the service drains where it runs', async () => {
    const envios = servico({ atrasoMaximoMs: 0 });
    await envios.drenar({ emThread: true });
    await drenagens.at(-1)!.fechar();
    await notificar();
    expect(await envios.drenar({ emThread: true })).toMatchObject({ email: { enviadas: 1 }, sms: { enviadas: 1 }, govbr: { enviadas: 1 } });
    await notificar();
    // In this thread, through the channels that refuse: each row fails and waits its backoff.
    expect(await envios.drenar()).toMatchObject({ email: { falhas: 1 }, sms: { falhas: 1 }, govbr: { falhas: 1 } });
  });
});
