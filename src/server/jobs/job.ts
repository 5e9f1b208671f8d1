import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Executor } from '../db/client';

/**
 * A background job as data (architecture rule 7): its queue name, the zod schema of its payload, an optional
 * schedule, and a handler that only calls services. Each module keeps its jobs in `<domain>.jobs.ts` and lists them
 * in its `index.ts`; `jobs.ts` registers those of every module. Example: src/server/modules/analise/analise.jobs.ts.
 *
 * `D` is what the handler receives as `servicos`: each jobs file declares the few service methods its jobs call
 * (a port its module's service satisfies), so a job never imports the app nor the service it calls; the module's
 * declaration checks that the services it needs and offers satisfy it (decision 0084).
 */
export interface DefinicaoJob<S extends z.ZodType = z.ZodType, D = unknown> {
  /** The pg-boss queue name (kebab-case, never renamed once deployed: queued jobs keep it). */
  nome: string;
  payload: S;
  /** Cron in São Paulo time, for jobs that run on a schedule (the schedule lives in the database). */
  agenda?: string;
  /** Retries before the job fails for good (pg-boss's retryLimit); 2 by default. */
  tentativas?: number;
  /** Seconds before the first retry, doubling at each one (pg-boss's retryDelay with retryBackoff); none by default. */
  esperaEntreTentativas?: number;
  /** Seconds a run may take before pg-boss counts it as failed (expireInSeconds); 15 minutes by default. */
  duracaoMaxima?: number;
  /**
   * Seconds between the worker's looks for new jobs of this queue (pg-boss's pollingIntervalSeconds, at least 0.5),
   * for a job someone waits for (e.g. an automatic batch); the shared interval (30 s) by default.
   */
  intervaloConsulta?: number;
  /**
   * A scheduled job that also runs once when a process starts its workers: the resumes of work a killed process
   * left half-done start at once after a restart instead of at the next tick of their schedule.
   */
  executarAoIniciar?: boolean;
  executar(payload: z.output<S>, ctx: ContextoJob<D>): Promise<unknown>;
}

/** What a job's handler receives beside its payload: the services it calls (`D`) and the log. */
export interface ContextoJob<D> {
  servicos: D;
  log: FastifyBaseLogger;
}

/**
 * Declares a job with its payload type inferred from the schema and its services from the handler's annotated
 * context (`{ servicos, log }: ContextoJob<ServicosJobsAnalise>`).
 */
export function definirJob<S extends z.ZodType, D = unknown>(def: DefinicaoJob<S, D>): DefinicaoJob<S, D> {
  return def;
}

/** The pg-boss options of every job of this definition, enqueued or sent by its schedule. */
export function opcoesDeEnvio(job: DefinicaoJob): PgBoss.SendOptions {
  return {
    retryLimit: job.tentativas ?? 2,
    ...(job.esperaEntreTentativas ? { retryDelay: job.esperaEntreTentativas, retryBackoff: true } : {}),
    ...(job.duracaoMaxima ? { expireInSeconds: job.duracaoMaxima } : {}),
  };
}

/**
 * pg-boss runs its SQL through `executeSql(text, values)`; this runs it on a Drizzle executor, so a job is
 * written by the caller's own transaction and exists only if that transaction commits.
 */
function executorPgBoss(executor: Executor): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const partes = text.split(/\$(\d+)/);
      const pedacos: SQL[] = partes.map((p, i) => (i % 2 === 0 ? sql.raw(p) : sql`${values[Number(p) - 1] ?? null}`));
      const r = await executor.execute(sql.join(pedacos, sql.raw('')));
      return { rows: r.rows };
    },
  };
}

/**
 * The one way to enqueue a job: validated payload, written inside the caller's transaction. Its queue must exist
 * (`iniciarJobs` creates every queue before the services are built); a job that cannot be written fails the
 * caller's transaction instead of being dropped.
 */
export class FilaDeJobs {
  constructor(private readonly boss: PgBoss) {}

  async enfileirar<S extends z.ZodType>(
    executor: Executor,
    job: DefinicaoJob<S>,
    payload: z.input<S>,
    opts: { chaveUnica?: string; iniciarApos?: Date } = {},
  ): Promise<string | null> {
    const dados = job.payload.parse(payload) as object;
    const id = await this.boss.send(job.nome, dados, {
      ...opcoesDeEnvio(job),
      db: executorPgBoss(executor),
      ...(opts.chaveUnica ? { singletonKey: opts.chaveUnica } : {}),
      ...(opts.iniciarApos ? { startAfter: opts.iniciarApos } : {}),
    });
    // pg-boss writes nothing, silently, for a queue that does not exist; with a unique key, null is a duplicate.
    if (id === null && !opts.chaveUnica) throw new Error(`job queue ${job.nome} does not exist: the job was not written`);
    return id;
  }
}
