import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';
import { iniciarJobs, JOBS, type Jobs } from './jobs';

let t: TestApp;
let jobs: Jobs;

beforeAll(async () => {
  t = await createTestApp();
  const url = t.pool.options.connectionString!;
  jobs = await iniciarJobs({ connectionString: url, servicos: t.app.servicos, log: t.app.log, pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
});

describe('background jobs', () => {
  it('schedules the deadline job daily in São Paulo time and runs it through the worker', async () => {
    const schedules = await jobs.boss.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: JOBS.finalizarVencidas, cron: '0 3 * * *', timezone: 'America/Sao_Paulo' }));

    const { rows } = await t.db.execute<{ id: number }>(sql`
      WITH p AS (INSERT INTO pescador (cpf, nome) VALUES ('39053344705', 'PESCADOR VENCIDO') RETURNING id)
      INSERT INTO solicitacao (pescador_id, tipo, situacao, passo) SELECT id, 1, 3, 4 FROM p RETURNING id`);
    const id = rows[0]!.id;
    await t.db.execute(sql`
      INSERT INTO solicitacao_historico (solicitacao_id, situacao_anterior, situacao_nova, motivo, criado_em)
      VALUES (${id}, 7, 3, 'teste', now() - interval '40 days')`);

    const jobId = await jobs.boss.send(JOBS.finalizarVencidas, {});
    expect(jobId).toBeTruthy();
    let estado = '';
    for (let i = 0; i < 40 && estado !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      estado = (await jobs.boss.getJobById(JOBS.finalizarVencidas, jobId!))?.state ?? '';
    }
    expect(estado).toBe('completed');
    const { rows: s } = await t.db.execute<{ situacao: number }>(sql`SELECT situacao FROM solicitacao WHERE id = ${id}`);
    expect(s[0]!.situacao).toBe(5);
  });
});
