import { z } from 'zod';
import { definirJob, type ContextoJob } from '../../jobs/job';

export interface ServicosJobsLote {
  lote: {
    processar(idLote: number): Promise<{ concluido: boolean }>;
    enviarEmailResultado(idLote: number): Promise<{ enviado: boolean }>;
    retomarInterrompidos(): Promise<number[]>;
    encerrarSuspensoesVencidas(): Promise<number>;
  };
}

/** Its worker looks every second, so a batch starts about a second after it is accepted. */
export const processarLoteJob = definirJob({
  nome: 'processar-lote-pescador',
  payload: z.object({ idLote: z.number().int().positive() }),
  intervaloConsulta: 1,
  tentativas: 3,
  esperaEntreTentativas: 30,
  duracaoMaxima: 3600,
  async executar({ idLote }, { servicos, log }: ContextoJob<ServicosJobsLote>) {
    const r = await servicos.lote.processar(idLote);
    log.info({ job: processarLoteJob.nome, idLote }, 'job done');
    return r;
  },
});

export const emailLoteJob = definirJob({
  nome: 'email-resultado-lote-pescador',
  payload: z.object({ idLote: z.number().int().positive() }),
  intervaloConsulta: 5,
  tentativas: 5,
  esperaEntreTentativas: 60,
  async executar({ idLote }, { servicos, log }: ContextoJob<ServicosJobsLote>) {
    const r = await servicos.lote.enviarEmailResultado(idLote);
    log.info({ job: emailLoteJob.nome, idLote, enviado: r.enviado }, 'job done');
    return r;
  },
});

/** Every minute: batches whose server died mid-batch resume; chunks lock their batch, so no work is done twice. */
export const retomarLotesJob = definirJob({
  nome: 'retomar-lotes-pescador-interrompidos',
  payload: z.object({}),
  agenda: '* * * * *',
  executarAoIniciar: true,
  intervaloConsulta: 5,
  duracaoMaxima: 3600,
  async executar(_payload, { servicos, log }: ContextoJob<ServicosJobsLote>) {
    const retomados = await servicos.lote.retomarInterrompidos();
    if (retomados.length > 0) log.info({ job: retomarLotesJob.nome, retomados }, 'job done');
    return { retomados };
  },
});

export const encerrarSuspensoesJob = definirJob({
  nome: 'encerrar-suspensoes-vencidas',
  payload: z.object({}),
  agenda: '10 0 * * *',
  async executar(_payload, { servicos, log }: ContextoJob<ServicosJobsLote>) {
    const encerradas = await servicos.lote.encerrarSuspensoesVencidas();
    log.info({ job: encerrarSuspensoesJob.nome, encerradas }, 'job done');
    return { encerradas };
  },
});
