import { z } from 'zod';
import { definirJob, type ContextoJob } from '../../jobs/job';

export interface ServicosJobsWebhook {
  webhooks: { executar(): Promise<{ entregues: number; falhas: number }> };
}

/** Every minute, and at start: fans the outbox out to each endpoint and attempts what is due (decision 0122). */
export const entregarWebhooksJob = definirJob({
  nome: 'entregar-webhooks',
  payload: z.object({}),
  agenda: '* * * * *',
  executarAoIniciar: true,
  intervaloConsulta: 5,
  duracaoMaxima: 300,
  async executar(_payload, { servicos, log }: ContextoJob<ServicosJobsWebhook>) {
    const r = await servicos.webhooks.executar();
    if (r.entregues + r.falhas > 0) log.info({ job: entregarWebhooksJob.nome, ...r }, 'job done');
    return r;
  },
});
