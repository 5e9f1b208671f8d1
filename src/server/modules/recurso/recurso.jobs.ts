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
