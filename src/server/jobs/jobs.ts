import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { finalizarVencidasJob, type ServicosJobsAnalise } from '../modules/analise/analise.jobs';
import { apagarArquivoJob, conciliarArquivosJob, expurgarEnviosJob, type ServicosJobsDocumento } from '../modules/documento/documento.jobs';
import { emailLoteJob, encerrarSuspensoesJob, processarLoteJob, retomarLotesJob, type ServicosJobsLote } from '../modules/lote/lote.jobs';
import {
  avisarInadimplentesJob, emailAvisoReapJob, retomarReapJob, verificarInadimplenciaJob, type ServicosJobsInadimplencia,
} from '../modules/reap/inadimplencia.jobs';
import { abrirPrazosReapJob, gerarObrigacoesAnoJob, gerarObrigacoesPescadorJob, type ServicosJobsReap } from '../modules/reap/reap.jobs';
import { gerarRelatorioJob, limparRelatoriosJob, type ServicosJobsRelatorio } from '../modules/relatorio/relatorio.jobs';
import { expurgarChavesIdempotenciaJob, type ServicosJobsIdempotencia } from '../plugins/idempotencia.jobs';
import { FilaDeJobs, opcoesDeEnvio, type ContextoJob, type DefinicaoJob } from './job';

/** What each module's jobs declare they call, joined; `app.servicos` is one, so no job imports the app. */
export type ServicosDosJobs = ServicosJobsAnalise & ServicosJobsDocumento & ServicosJobsLote & ServicosJobsReap
  & ServicosJobsInadimplencia & ServicosJobsRelatorio & ServicosJobsIdempotencia;

export type JobDoProduto = DefinicaoJob<z.ZodType, ServicosDosJobs>;

export const DEFINICOES_JOBS: readonly JobDoProduto[] = [finalizarVencidasJob, apagarArquivoJob, conciliarArquivosJob,
  processarLoteJob, emailLoteJob, retomarLotesJob, encerrarSuspensoesJob, gerarRelatorioJob, limparRelatoriosJob,
  gerarObrigacoesAnoJob, gerarObrigacoesPescadorJob, abrirPrazosReapJob, verificarInadimplenciaJob, avisarInadimplentesJob,
  emailAvisoReapJob, retomarReapJob, expurgarChavesIdempotenciaJob, expurgarEnviosJob];

const FUSO = 'America/Sao_Paulo';

export interface Jobs {
  boss: PgBoss;
  fila: FilaDeJobs;
  /** Until then queued jobs wait in the database, as they do across a restart. */
  trabalhar(servicos: ServicosDosJobs): Promise<void>;
  stop(): Promise<void>;
}

/** A payload that fails its schema fails the job. */
export async function executarJob(
  def: JobDoProduto, dados: unknown, ctx: ContextoJob<ServicosDosJobs>,
): Promise<unknown> {
  return def.executar(def.payload.parse(dados), ctx);
}

/**
 * Starts pg-boss and creates every queue, so services can enqueue from the start; `trabalhar` then adds schedules and
 * workers. The schedule lives in the database, so instances share it.
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
