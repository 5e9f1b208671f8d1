import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalizarVencidasJob } from '../modules/analise/analise.jobs';
import { createTestApp, type TestApp } from '../test/helpers';
import { definirJob } from './job';
import { DEFINICOES_JOBS, iniciarJobs, type Jobs } from './jobs';

let t: TestApp;
let jobs: Jobs;

/** What the test job saw, by its payload's `marca`. */
const recebidos: { marca: string; quantidade: number }[] = [];
const jobDeTeste = definirJob({
  nome: 'teste-enfileirar-na-transacao',
  payload: z.object({ marca: z.string().min(1), quantidade: z.number().int().positive() }),
  tentativas: 0,
  async executar(payload) {
    recebidos.push(payload);
    return { ok: true };
  },
});

beforeAll(async () => {
  t = await createTestApp();
  const url = t.pool.options.connectionString!;
  jobs = await iniciarJobs({
    connectionString: url, log: t.app.log, pollingIntervalSeconds: 0.5, definicoes: [...DEFINICOES_JOBS, jobDeTeste],
  });
  await jobs.trabalhar(t.app.servicos);
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
});

async function esperarEstado(nome: string, id: string, alvo: string): Promise<string> {
  let estado = '';
  for (let i = 0; i < 40 && estado !== alvo; i++) {
    await new Promise((r) => setTimeout(r, 250));
    estado = (await jobs.boss.getJobById(nome, id))?.state ?? '';
  }
  return estado;
}

describe('background jobs', () => {
  it('schedules the deadline job daily in São Paulo time and runs it through the worker', async () => {
    const schedules = await jobs.boss.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: finalizarVencidasJob.nome, cron: '0 3 * * *', timezone: 'America/Sao_Paulo' }));

    const { rows } = await t.db.execute<{ id: number }>(sql`
      WITH p AS (INSERT INTO pescador (cpf, nome) VALUES ('39053344705', 'PESCADOR VENCIDO') RETURNING id)
      INSERT INTO solicitacao (pescador_id, tipo, situacao, passo) SELECT id, 1, 3, 4 FROM p RETURNING id`);
    const id = rows[0]!.id;
    await t.db.execute(sql`
      INSERT INTO solicitacao_historico (solicitacao_id, situacao_anterior, situacao_nova, motivo, criado_em)
      VALUES (${id}, 7, 3, 'teste', now() - interval '40 days')`);

    const jobId = await jobs.boss.send(finalizarVencidasJob.nome, {});
    expect(jobId).toEqual(expect.any(String));
    expect(await esperarEstado(finalizarVencidasJob.nome, jobId!, 'completed')).toBe('completed');
    const { rows: s } = await t.db.execute<{ situacao: number }>(sql`SELECT situacao FROM solicitacao WHERE id = ${id}`);
    expect(s[0]!.situacao).toBe(5);
  });

  it('enqueues inside the caller\'s transaction: a rolled-back job never exists, a committed one runs with its payload', async () => {
    let desfeito: string | null = null;
    await expect(t.db.transaction(async (tx) => {
      desfeito = await jobs.fila.enfileirar(tx, jobDeTeste, { marca: 'desfeito', quantidade: 1 });
      throw new Error('rollback');
    })).rejects.toThrow('rollback');
    expect(desfeito).toEqual(expect.any(String));
    expect(await jobs.boss.getJobById(jobDeTeste.nome, desfeito!)).toBeNull();

    const id = await t.db.transaction((tx) => jobs.fila.enfileirar(tx, jobDeTeste, { marca: 'gravado', quantidade: 3 }));
    expect(await esperarEstado(jobDeTeste.nome, id!, 'completed')).toBe('completed');
    expect(recebidos).toEqual([{ marca: 'gravado', quantidade: 3 }]);
  });

  it('refuses a payload that does not match the job\'s schema before anything is written', async () => {
    await expect(t.db.transaction((tx) => jobs.fila.enfileirar(tx, jobDeTeste, { marca: '', quantidade: 0 }))).rejects.toThrow();
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${jobDeTeste.nome}`);
    expect(rows[0]!.n).toBe(1);
  });

  it('counts each run that ended in the metrics, by queue and result, so a failing job pages', async () => {
    const ruim = await jobs.boss.send(jobDeTeste.nome, { marca: '', quantidade: -1 }, { retryLimit: 0 });
    expect(await esperarEstado(jobDeTeste.nome, ruim!, 'failed')).toBe('failed');
    const texto = await t.app.metricas.texto();
    const valor = (resultado: string) => Number(new RegExp(`^rgp_jobs_execucoes_total\\{fila="${jobDeTeste.nome}",resultado="${resultado}"\\} (\\d+)$`, 'm').exec(texto)?.[1]);
    expect(valor('falhou')).toBe(1);
    expect(valor('concluido')).toBeGreaterThanOrEqual(1);
    expect(texto).toMatch(new RegExp(`^rgp_jobs_duracao_segundos_count\\{fila="${jobDeTeste.nome}"\\} \\d+$`, 'm'));
  });
});

describe('the job queue when its database goes away', () => {
  it('does not end the process when a job ends after the database went away, and says so in the log', async () => {
    // pg-boss completes a job without awaiting it: with the queue's pool gone by then, that rejection is logged, not
    // left unhandled (which would end the server; vitest fails a file on one).
    const linhas: { msg: string; codigo?: string; mensagem?: string }[] = [];
    const log = pino({ level: 'warn' }, new Writable({ write(c: Buffer, _e, cb) { linhas.push(JSON.parse(c.toString())); cb(); } }));
    let soltar!: () => void;
    const portao = new Promise<void>((r) => { soltar = r; });
    let comecou!: () => void;
    const emCurso = new Promise<void>((r) => { comecou = r; });
    const jobPreso = definirJob({
      nome: 'teste-banco-some', payload: z.object({}), tentativas: 0,
      async executar() { comecou(); await portao; return { ok: true }; },
    });
    const fila = await iniciarJobs({ connectionString: t.pool.options.connectionString!, log, pollingIntervalSeconds: 0.5, definicoes: [jobPreso] });
    await fila.trabalhar(t.app.servicos);
    await fila.boss.send(jobPreso.nome, {});
    await emCurso;
    await fila.pool.end();
    soltar();
    for (let i = 0; i < 100 && !linhas.some((l) => l.msg === 'job queue statement failed'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(linhas).toContainEqual(expect.objectContaining({ msg: 'job queue statement failed', mensagem: expect.stringMatching(/pool/) }));
    await fila.stop().catch(() => undefined);
  });
});
