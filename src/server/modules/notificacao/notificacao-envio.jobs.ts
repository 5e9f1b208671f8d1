import { z } from 'zod';
import { definirJob, type ContextoJob } from '../../jobs/job';

export interface ServicosJobsEnvio {
  envios: { drenar(opcoes: { emThread: boolean }): Promise<Record<string, { enviadas: number; falhas: number; canceladas: number }>> };
}

/**
 * Drains the notices' outbox (decision 0150): every minute, at start (what a crash left claimed is retried once its
 * lease ends) and right after each write, in a worker thread with a capped heap (decision 0245). Runs may overlap: a
 * claimed row is leased, so none is sent twice by them.
 */
export const drenarNotificacoesJob = definirJob({
  nome: 'drenar-notificacoes',
  payload: z.object({}),
  agenda: '* * * * *',
  executarAoIniciar: true,
  intervaloConsulta: 2,
  tentativas: 0,
  duracaoMaxima: 3600,
  async executar(_payload, { servicos, log }: ContextoJob<ServicosJobsEnvio>) {
    const r = await servicos.envios.drenar({ emThread: true });
    if (Object.values(r).some((c) => c.enviadas + c.falhas + c.canceladas > 0)) log.info({ job: drenarNotificacoesJob.nome, ...r }, 'job done');
    return r;
  },
});
