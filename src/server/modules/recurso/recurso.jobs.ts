import { z } from 'zod';
import { definirJob, type ContextoJob } from '../../jobs/job';

export interface ServicosJobsRecurso {
  decisaoEmLoteRecurso: { processar(id: number): Promise<{ concluida: boolean }> };
}

/**
 * A batch decision of appeals (decision 0103), in chunks; its worker looks every second, as the manager watches the
 * progress. A retry goes on from the last chunk committed.
 */
export const decidirRecursosEmLoteJob = definirJob({
  nome: 'decidir-recursos-em-lote',
  payload: z.object({ id: z.number().int().positive() }),
  intervaloConsulta: 1,
  tentativas: 3,
  esperaEntreTentativas: 30,
  duracaoMaxima: 3600,
  async executar({ id }, { servicos, log }: ContextoJob<ServicosJobsRecurso>) {
    const r = await servicos.decisaoEmLoteRecurso.processar(id);
    log.info({ job: decidirRecursosEmLoteJob.nome, id }, 'job done');
    return r;
  },
});

export interface ServicosJobsLembretePrazo {
  lembretesPrazo: { lembrar(): Promise<{ recursos: number; atualizacoes: number }> };
}

/**
 * The reminders of an appeal window's last days and of a refused request's update window (decision 0157): each
 * morning, and when workers start, so a run a crash killed resumes at once; the keys make a rerun remind nobody twice.
 */
export const lembretesPrazoJob = definirJob({
  nome: 'lembretes-prazo',
  payload: z.object({}),
  agenda: '5 8 * * *',
  executarAoIniciar: true,
  tentativas: 5,
  esperaEntreTentativas: 60,
  duracaoMaxima: 3600,
  async executar(_payload, { servicos, log }: ContextoJob<ServicosJobsLembretePrazo>) {
    const r = await servicos.lembretesPrazo.lembrar();
    log.info({ job: lembretesPrazoJob.nome, ...r }, 'job done');
    return r;
  },
});
