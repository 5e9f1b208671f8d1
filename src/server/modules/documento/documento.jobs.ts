import { z } from 'zod';
import { CHAVE_ARQUIVO_VALIDA } from '../../adapters/storage/storage';
import { definirJob, type ContextoJob } from '../../jobs/job';

export interface ServicosJobsDocumento {
  documento: {
    apagarArquivoDeRemovido(chave: string): Promise<{ apagado: boolean }>;
    conciliarArquivos(): Promise<{ orfaos: { recusados: boolean }; ausentes: { total: number } }>;
  };
  /** Of EnvioEmPartesService. */
  enviosDocumento: {
    expurgar(): Promise<number>;
  };
}

/** Enqueued in the transaction that removes the row, so it exists exactly when the removal committed. A file already gone is success. */
export const apagarArquivoJob = definirJob({
  nome: 'apagar-arquivo-de-documento-removido',
  payload: z.object({ chave: z.string().regex(CHAVE_ARQUIVO_VALIDA) }),
  tentativas: 5,
  esperaEntreTentativas: 30,
  async executar({ chave }, { servicos }: ContextoJob<ServicosJobsDocumento>) {
    return servicos.documento.apagarArquivoDeRemovido(chave);
  },
});

/**
 * Daily: deletes the stored files no active document points to (older than an hour, so an upload in flight is never
 * touched) and reports active documents whose file is missing. Logs keys and ids only.
 */
export const conciliarArquivosJob = definirJob({
  nome: 'conciliar-arquivos-e-documentos',
  payload: z.object({}),
  agenda: '30 4 * * *',
  tentativas: 0,
  // A walk of a few million keys of a bucket takes minutes, not the 15 a job gets by default.
  duracaoMaxima: 4 * 3600,
  async executar(_payload, { servicos, log }: ContextoJob<ServicosJobsDocumento>) {
    const r = await servicos.documento.conciliarArquivos();
    if (r.ausentes.total > 0) {
      log.error({ job: conciliarArquivosJob.nome, ausentes: r.ausentes }, 'active documents whose stored file is missing');
    }
    if (r.orfaos.recusados) {
      log.error({ job: conciliarArquivosJob.nome, orfaos: r.orfaos }, 'orphan files left in place: too many of the files listed have no document');
    }
    log.info({ job: conciliarArquivosJob.nome, ...r, ausentes: { total: r.ausentes.total } }, 'job done');
    return r;
  },
});

/** Hourly (decision 0064): a phone that comes back later finds its upload gone and starts it again. */
export const expurgarEnviosJob = definirJob({
  nome: 'documento-expurgar-envios-em-partes',
  payload: z.object({}),
  agenda: '23 * * * *',
  async executar(_payload, { servicos, log }: ContextoJob<ServicosJobsDocumento>) {
    const removidos = await servicos.enviosDocumento.expurgar();
    log.info({ job: expurgarEnviosJob.nome, removidos }, 'job done');
    return { removidos };
  },
});
