import { z } from 'zod';
import { definirJob, type ContextoJob } from '../../jobs/job';

/** What the batch jobs call: of LoteService, `buildApp`'s instance. */
export interface ServicosJobsLote {
  lote: {
    processar(idLote: number): Promise<{ concluido: boolean }>;
    enviarEmailResultado(idLote: number): Promise<{ enviado: boolean }>;
    retomarInterrompidos(): Promise<number[]>;
    encerrarSuspensoesVencidas(): Promise<number>;
  };
}

/**
 * An automatic batch, processed to the end a chunk per transaction (enqueued with the batch, in its transaction).
 * Its worker looks for new batches every second, so a batch starts about a second after it is accepted.
 */
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

/** The result e-mail of an automatic batch (enqueued by the chunk that ends it, in its transaction). */
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

/**
 * Every minute: batches left processing with no progress (their server died mid-batch) are resumed where their
 * last committed chunk stopped. Chunks lock their batch, so a resume racing a live run does no work twice.
 */
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

/** Daily at 00:10 (São Paulo): suspensions whose last day was before today end, with their history line. */
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
