import { z } from 'zod';
import { definirJob, type ContextoJob } from '../../jobs/job';

export interface ServicosJobsInadimplencia {
  inadimplencia: {
    verificar(): Promise<{ avisos: number[]; lotes: number[] }>;
    avisar(idAviso: number): Promise<{ avisados: number }>;
    retomarInterrompidos(): Promise<number[]>;
  };
  reap: { retomarGeracoesInterrompidas(): Promise<number[]> };
}
type SoInadimplencia = ContextoJob<Pick<ServicosJobsInadimplencia, 'inadimplencia'>>;

export const CHAVE_VERIFICACAO = 'reap-inadimplencia';

/** The check of the REAP defaulters (decision 0055): daily, and enqueued whenever a window or year may have closed. */
export const verificarInadimplenciaJob = definirJob({
  nome: 'verificar-inadimplencia-reap',
  payload: z.object({}),
  agenda: '15 0 * * *',
  intervaloConsulta: 2,
  tentativas: 5,
  esperaEntreTentativas: 60,
  async executar(_payload, { servicos, log }: SoInadimplencia) {
    const r = await servicos.inadimplencia.verificar();
    log.info({ job: verificarInadimplenciaJob.nome, ...r }, 'job done');
    return r;
  },
});

/** A killed run is retried and resumes. */
export const avisarInadimplentesJob = definirJob({
  nome: 'avisar-inadimplentes-reap',
  payload: z.object({ idAviso: z.number().int().positive() }),
  intervaloConsulta: 2,
  tentativas: 5,
  esperaEntreTentativas: 60,
  duracaoMaxima: 4 * 3600,
  async executar({ idAviso }, { servicos, log }: SoInadimplencia) {
    const r = await servicos.inadimplencia.avisar(idAviso);
    log.info({ job: avisarInadimplentesJob.nome, idAviso, ...r }, 'job done');
    return r;
  },
});

/**
 * Every minute: work whose server died mid-way is resumed after its last committed block (pg-boss would retry only
 * hours later). Blocks lock their progress row, so a resume racing a live run does no block twice.
 */
export const retomarReapJob = definirJob({
  nome: 'retomar-reap-interrompidos',
  payload: z.object({}),
  agenda: '* * * * *',
  executarAoIniciar: true,
  intervaloConsulta: 5,
  duracaoMaxima: 4 * 3600,
  async executar(_payload, { servicos, log }: ContextoJob<ServicosJobsInadimplencia>) {
    const anos = await servicos.reap.retomarGeracoesInterrompidas();
    const avisos = await servicos.inadimplencia.retomarInterrompidos();
    if (anos.length + avisos.length > 0) log.info({ job: retomarReapJob.nome, anos, avisos }, 'job done');
    return { anos, avisos };
  },
});
