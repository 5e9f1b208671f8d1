import { z } from 'zod';
import { definirJob, type ContextoJob } from '../jobs/job';

/** What the idempotency keys' job calls: of ChavesIdempotencia (plugins/idempotencia.ts), `buildApp`'s instance. */
export interface ServicosJobsIdempotencia {
  idempotencia: {
    expurgar(): Promise<number>;
  };
}

/**
 * Hourly: the idempotency keys older than their retention (24 hours, decision 0068) are deleted. They already count
 * as absent from then on; the job frees their rows. A replay of such a key later runs again, and the services' own
 * state checks answer it (decision 0060).
 */
export const expurgarChavesIdempotenciaJob = definirJob({
  nome: 'idempotencia-expurgar-chaves',
  payload: z.object({}),
  agenda: '41 * * * *',
  async executar(_payload, { servicos, log }: ContextoJob<ServicosJobsIdempotencia>) {
    const removidas = await servicos.idempotencia.expurgar();
    log.info({ job: expurgarChavesIdempotenciaJob.nome, removidas }, 'job done');
    return { removidas };
  },
});
