import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import { criarPool, type TemposDoPool } from '../db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { MODULOS, type Servicos } from '../app';
import { jobsDosModulos } from '../modules/modulo';
import { medirExecucaoDeJob } from '../plugins/metricas';
import { FilaDeJobs, opcoesDeEnvio, type ContextoJob, type DefinicaoJob } from './job';

export type ServicosDosJobs = Servicos;

export type JobDoProduto = DefinicaoJob<z.ZodType, ServicosDosJobs>;

export const DEFINICOES_JOBS: readonly JobDoProduto[] = jobsDosModulos(MODULOS);

const FUSO = 'America/Sao_Paulo';

export interface Jobs {
  boss: PgBoss;
  /** The queue's own connections, counted in the budget beside the request pool. */
  pool: pg.Pool;
  /** Usable before any worker runs. */
  fila: FilaDeJobs;
  trabalhar(servicos: ServicosDosJobs): Promise<void>;
  stop(): Promise<void>;
}

/** A payload that fails its schema fails the job. */
export async function executarJob(
  def: JobDoProduto, dados: unknown, ctx: ContextoJob<ServicosDosJobs>,
): Promise<unknown> {
  return def.executar(def.payload.parse(dados), ctx);
}

// pg-boss's own SQL for completing and failing jobs (no types: a file of the package, read for its text only).
const planos = createRequire(import.meta.url)('pg-boss/src/plans.js') as { completeJobs(s: string): string; failJobsById(s: string): string };
const ESQUEMA_FILA = 'pgboss';

/**
 * A statement of the queue's. pg-boss 10 completes or fails a job after its handler without awaiting it, so a database
 * gone at that moment (a failover, the end of a drill) was an unhandled rejection, and Node ends the process on one.
 * Those two statements' failures are logged and answered as "no job changed": the job stays active, expires and runs
 * again (every job here is resumable). Any other statement's failure reaches its caller as before.
 */
export function executorDaFila(pool: pg.Pool, log: FastifyBaseLogger): (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> {
  const desacompanhadas = new Set([planos.completeJobs(ESQUEMA_FILA), planos.failJobsById(ESQUEMA_FILA)]);
  return async (text, values) => {
    try {
      return await pool.query(text, values);
    } catch (err) {
      if (!desacompanhadas.has(text)) throw err;
      const { code, message } = err as { code?: string; message?: string };
      log.warn({ codigo: code, mensagem: message }, 'job queue statement failed');
      return { rows: [{ count: 0 }] };
    }
  };
}

/** Boot order (main.ts): `iniciarJobs` → `buildApp({ fila })` → `jobs.trabalhar(app.servicos)`. */
export async function iniciarJobs(opts: {
  connectionString: string;
  log: FastifyBaseLogger;
  pollingIntervalSeconds?: number;
  definicoes?: readonly JobDoProduto[];
  conexoes?: number;
  tempos?: TemposDoPool;
}): Promise<Jobs> {
  const definicoes = opts.definicoes ?? DEFINICOES_JOBS;
  // pg-boss on a pool of ours: the same timeouts and keepalive as the others, and its size in the metrics.
  const pool = criarPool(opts.connectionString, opts.conexoes ?? 4, 'rgp-jobs', opts.tempos ? { tempos: opts.tempos } : {});
  const boss = new PgBoss({ db: { executeSql: executorDaFila(pool, opts.log) }, schema: ESQUEMA_FILA });
  boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
  await boss.start();
  for (const def of definicoes) await boss.createQueue(def.nome);

  let trabalhando = false;
  let emCurso = 0;
  return {
    boss,
    pool,
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
          const fim = medirExecucaoDeJob(def.nome);
          emCurso++;
          try {
            const r = await executarJob(def, job.data, { servicos, log: opts.log });
            fim('concluido');
            return r;
          } catch (err) {
            fim('falhou');
            throw err;
          } finally {
            emCurso--;
          }
        });
      }
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
      // A handler still running past that timeout then completes its job on this pool: end the pool only once the
      // handlers are done and their last statements answered (at most a minute more), never under them.
      for (let i = 0; i < 1200 && (emCurso > 0 || pool.waitingCount > 0 || pool.totalCount > pool.idleCount); i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      if (!pool.ended) await pool.end();
    },
  };
}
