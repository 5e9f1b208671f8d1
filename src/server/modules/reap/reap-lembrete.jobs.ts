import { z } from 'zod';
import { definirJob, type ContextoJob } from '../../jobs/job';

export interface ServicosJobsLembrete {
  reapLembretes: { lembrar(): Promise<{ chave: string; lembrados: number }[]> };
}

/**
 * The REAP reminders (decision 0151): each morning, and when workers start, so a run a crash killed resumes at
 * once; each fisher's key per deadline makes a rerun remind nobody twice.
 */
export const lembretesReapJob = definirJob({
  nome: 'lembretes-reap',
  payload: z.object({}),
  agenda: '0 8 * * *',
  executarAoIniciar: true,
  tentativas: 5,
  esperaEntreTentativas: 60,
  duracaoMaxima: 4 * 3600,
  async executar(_payload, { servicos, log }: ContextoJob<ServicosJobsLembrete>) {
    const r = await servicos.reapLembretes.lembrar();
    if (r.length > 0) log.info({ job: lembretesReapJob.nome, marcos: r }, 'job done');
    return { marcos: r };
  },
});
