import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { MODULOS, type Servicos } from '../app';
import { jobsDosModulos } from '../modules/modulo';
import { FilaDeJobs, opcoesDeEnvio, type ContextoJob, type DefinicaoJob } from './job';

/** The services the workers are handed: the app's (`app.servicos`), among which each job finds the ones it declares. */
export type ServicosDosJobs = Servicos;

/** A job the workers can run: the services it calls are among the app's. */
export type JobDoProduto = DefinicaoJob<z.ZodType, ServicosDosJobs>;

/** Every job of the product: each module declares its own (its `index.ts`, from its `<domain>.jobs.ts`). */
export const DEFINICOES_JOBS: readonly JobDoProduto[] = jobsDosModulos(MODULOS);

const FUSO = 'America/Sao_Paulo';

export interface Jobs {
  boss: PgBoss;
  /** Enqueues inside a transaction; usable as soon as `iniciarJobs` answers, before any worker runs. */
  fila: FilaDeJobs;
  /**
   * Keeps each schedule and starts each worker in this process, calling these services (the ones `buildApp`
   * built with `fila`). Until then queued jobs wait in the database, as they do across a restart.
   */
  trabalhar(servicos: ServicosDosJobs): Promise<void>;
  stop(): Promise<void>;
}

/** Runs one job's handler on a payload as pg-boss handed it: a payload that fails its schema fails the job. */
export async function executarJob(
  def: JobDoProduto, dados: unknown, ctx: ContextoJob<ServicosDosJobs>,
): Promise<unknown> {
  return def.executar(def.payload.parse(dados), ctx);
}

/**
 * Starts pg-boss on the product's database (schema `pgboss`, created on the first start) and creates every
 * job's queue, so that services can enqueue from the start (`fila`); `trabalhar` then adds the schedules and the
 * workers. Boot order (main.ts): `iniciarJobs` → `buildApp({ fila })` → `jobs.trabalhar(app.servicos)`. The
 * schedule lives in the database, so several instances share it.
 */
export async function iniciarJobs(opts: {
  connectionString: string;
  log: FastifyBaseLogger;
  pollingIntervalSeconds?: number;
  definicoes?: readonly JobDoProduto[];
  /** pg-boss's own pool (10 by default). */
  conexoes?: number;
}): Promise<Jobs> {
  const definicoes = opts.definicoes ?? DEFINICOES_JOBS;
  const boss = new PgBoss({
    connectionString: opts.connectionString, schema: 'pgboss', application_name: 'rgp-jobs',
    ...(opts.conexoes ? { max: opts.conexoes } : {}),
  });
  boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
  await boss.start();
  for (const def of definicoes) await boss.createQueue(def.nome);

  let trabalhando = false;
  return {
    boss,
    fila: new FilaDeJobs(boss),
    async trabalhar(servicos) {
      if (trabalhando) return;
      trabalhando = true;
      for (const def of definicoes) {
        if (def.agenda) await boss.schedule(def.nome, def.agenda, {}, { ...opcoesDeEnvio(def), tz: FUSO });
        // One run now (one queued at a time across instances), so a restart resumes at once what a crash left.
        if (def.executarAoIniciar) await boss.send(def.nome, {}, { ...opcoesDeEnvio(def), singletonKey: `${def.nome}-ao-iniciar` });
        const intervalo = Math.min(def.intervaloConsulta ?? Infinity, opts.pollingIntervalSeconds ?? 30);
        await boss.work(def.nome, { pollingIntervalSeconds: intervalo }, async ([job]) => {
          if (!job) return undefined;
          return executarJob(def, job.data, { servicos, log: opts.log });
        });
      }
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
