import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Servicos } from '../app';
import { finalizarVencidasJob } from '../modules/analise/analise.jobs';
import { FilaDeJobs, type DefinicaoJob } from './job';

/** Every job of the product, each defined in its module's `<domain>.jobs.ts`. This file only registers them. */
export const DEFINICOES_JOBS: readonly DefinicaoJob[] = [finalizarVencidasJob];

const FUSO = 'America/Sao_Paulo';

export interface Jobs {
  boss: PgBoss;
  fila: FilaDeJobs;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on the product's database (schema `pgboss`), creates each job's queue, keeps each schedule
 * and runs the workers in this process: the schedule lives in the database, so several instances share it.
 * A payload that fails its schema fails the job (it is never handed to the service).
 */
export async function iniciarJobs(opts: {
  connectionString: string;
  servicos: Servicos;
  log: FastifyBaseLogger;
  pollingIntervalSeconds?: number;
  definicoes?: readonly DefinicaoJob[];
}): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: opts.connectionString, schema: 'pgboss', application_name: 'rgp-jobs' });
  boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
  await boss.start();

  for (const def of opts.definicoes ?? DEFINICOES_JOBS) {
    await boss.createQueue(def.nome);
    if (def.agenda) await boss.schedule(def.nome, def.agenda, {}, { tz: FUSO });
    await boss.work(def.nome, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 30 }, async ([job]) => {
      if (!job) return undefined;
      const payload = def.payload.parse(job.data);
      return def.executar(payload, { servicos: opts.servicos, log: opts.log });
    });
  }

  return { boss, fila: new FilaDeJobs(boss), stop: () => boss.stop({ graceful: true, timeout: 10_000 }) };
}
