import { z } from 'zod';
import { definirJob, type ContextoJob } from '../../jobs/job';

/** What the analysis jobs call: of AnaliseService, `buildApp`'s instance. */
export interface ServicosJobsAnalise {
  analise: { finalizarVencidas(): Promise<number> };
  prazoAnalise: { escalarAtrasadas(): Promise<number> };
}

/** Daily at 03:00 (São Paulo): requests left in updating past the deadline become FINALIZADA. */
export const finalizarVencidasJob = definirJob({
  nome: 'finalizar-solicitacoes-em-atualizacao-vencidas',
  payload: z.object({}),
  agenda: '0 3 * * *',
  async executar(_payload, { servicos, log }: ContextoJob<ServicosJobsAnalise>) {
    const finalizadas = await servicos.analise.finalizarVencidas();
    log.info({ job: finalizarVencidasJob.nome, finalizadas }, 'job done');
    return { finalizadas };
  },
});

/** Hourly: late analyses go to the GESTOR (Decreto 10.178/2019 art. 15 §2, decision 0152). */
export const escalarAtrasadasJob = definirJob({
  nome: 'escalar-analises-atrasadas',
  payload: z.object({}),
  agenda: '5 * * * *',
  async executar(_payload, { servicos, log }: ContextoJob<ServicosJobsAnalise>) {
    const escaladas = await servicos.prazoAnalise.escalarAtrasadas();
    log.info({ job: escalarAtrasadasJob.nome, escaladas }, 'job done');
    return { escaladas };
  },
});
