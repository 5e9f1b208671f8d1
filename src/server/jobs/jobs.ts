import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Servicos } from '../app';

/**
 * Background work as pg-boss jobs (architecture rule 7): a name, a handler that calls services. The worker
 * runs in the server process; the schedule lives in the database, so several instances share it.
 */
export const JOBS = {
  /** Daily: requests left in updating past the deadline become FINALIZADA. */
  finalizarVencidas: 'finalizar-solicitacoes-em-atualizacao-vencidas',
} as const;

export interface Jobs {
  boss: PgBoss;
  stop(): Promise<void>;
}

export async function iniciarJobs(opts: {
  connectionString: string;
  servicos: Servicos;
  log: FastifyBaseLogger;
  pollingIntervalSeconds?: number;
}): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: opts.connectionString, schema: 'pgboss', application_name: 'rgp-jobs' });
  boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
  await boss.start();

  await boss.createQueue(JOBS.finalizarVencidas);
  await boss.schedule(JOBS.finalizarVencidas, '0 3 * * *', {}, { tz: 'America/Sao_Paulo' });
  await boss.work(JOBS.finalizarVencidas, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 30 }, async () => {
    const n = await opts.servicos.analise.finalizarVencidas();
    opts.log.info({ job: JOBS.finalizarVencidas, finalizadas: n }, 'job done');
    return { finalizadas: n };
  });

  return { boss, stop: () => boss.stop({ graceful: true, timeout: 10_000 }) };
}
