import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Executor } from '../db/client';

/**
 * A background job as data: queue name, payload schema, optional schedule, and a handler that only calls services;
 * its module's `index.ts` lists it (decision 0084). `D` is the few service methods a module's jobs call, so a job
 * never imports the app nor the service.
 */
export interface DefinicaoJob<S extends z.ZodType = z.ZodType, D = unknown> {
  /** Never renamed once deployed: queued jobs keep it. */
  nome: string;
  payload: S;
  /** Cron in São Paulo time. */
  agenda?: string;
  tentativas?: number;
  /** Seconds, doubling at each retry. */
  esperaEntreTentativas?: number;
  /** Seconds; 15 minutes by default. */
  duracaoMaxima?: number;
  /** Seconds, for a job someone waits for; the shared interval (30 s) by default. */
  intervaloConsulta?: number;
  /** Also runs when workers start: work a killed process left half-done resumes at once. */
  executarAoIniciar?: boolean;
  executar(payload: z.output<S>, ctx: ContextoJob<D>): Promise<unknown>;
}

export interface ContextoJob<D> {
  servicos: D;
  log: FastifyBaseLogger;
}

export function definirJob<S extends z.ZodType, D = unknown>(def: DefinicaoJob<S, D>): DefinicaoJob<S, D> {
  return def;
}

export function opcoesDeEnvio(job: DefinicaoJob): PgBoss.SendOptions {
  return {
    retryLimit: job.tentativas ?? 2,
    ...(job.esperaEntreTentativas ? { retryDelay: job.esperaEntreTentativas, retryBackoff: true } : {}),
    ...(job.duracaoMaxima ? { expireInSeconds: job.duracaoMaxima } : {}),
  };
}

/** On a Drizzle executor, so a job exists only if the caller's transaction commits. */
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

/** A job that cannot be written fails the caller's transaction instead of being dropped. */
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
