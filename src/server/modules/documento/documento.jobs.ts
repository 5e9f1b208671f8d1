import { z } from 'zod';
import { CHAVE_ARQUIVO_VALIDA } from '../../adapters/storage/storage';
import { definirJob, type ContextoJob } from '../../jobs/job';

/** What the document jobs call: of DocumentoService, `buildApp`'s instance (the fields the log reads). */
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

/**
 * Deletes the stored file of a replaced or removed document. Enqueued by the document service in the transaction
 * that removes the row, so it exists exactly when the removal was committed and survives a crash or a restart
 * between the commit and the deletion. A file already gone is success; an error of the storage is retried.
 */
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
 * Daily at 04:30 (São Paulo): walks the stored files beside the document rows, deletes the files no active
 * document points to (written more than an hour ago, so an upload in flight is never touched) and reports the
 * active documents whose file is missing. Logs keys and ids only; the service audits the counts.
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

/**
 * Hourly: the uploads in parts untouched for a day are deleted with their bytes (decision 0064). A phone that comes
 * back later finds its upload gone (404) and starts it again from the file it keeps.
 */
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
