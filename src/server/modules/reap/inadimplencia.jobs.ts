import { z } from 'zod';
import { definirJob, type ContextoJob } from '../../jobs/job';

/**
 * What the defaulters' jobs call: of InadimplenciaService and, for the resume, of ReapGeracaoService (`buildApp`'s
 * instances; the fields the log reads). Each job is handed the part it uses.
 */
export interface ServicosJobsInadimplencia {
  inadimplencia: {
    verificar(): Promise<{ avisos: number[]; lotes: number[] }>;
    avisar(idAviso: number): Promise<{ avisados: number }>;
    enviarEmailsAviso(idAviso: number, deId: number, ateId: number): Promise<{ enviados: number }>;
    retomarInterrompidos(): Promise<number[]>;
  };
  reap: { retomarGeracoesInterrompidas(): Promise<number[]> };
}
type SoInadimplencia = ContextoJob<Pick<ServicosJobsInadimplencia, 'inadimplencia'>>;

/** One check of the defaulters queued at a time (pg-boss singleton key). */
export const CHAVE_VERIFICACAO = 'reap-inadimplencia';

/**
 * The check of the REAP defaulters (decision 0055): daily at 00:15 (São Paulo), and enqueued when a window is saved
 * already closed, when a year's obligations are complete, and when a suspension is scheduled for today. Starts a
 * warning round for each window that closed without one, resumes interrupted rounds, and runs the suspensions due.
 */
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

/** One warning round to the end, a block of fishers per transaction; a killed run is retried and resumes. */
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

/** The warning e-mails of one block of a round (enqueued by the block, in its transaction). */
export const emailAvisoReapJob = definirJob({
  nome: 'email-aviso-reap',
  payload: z.object({ idAviso: z.number().int().positive(), deId: z.number().int().min(0), ateId: z.number().int().min(0) }),
  intervaloConsulta: 5,
  tentativas: 5,
  esperaEntreTentativas: 120,
  duracaoMaxima: 3600,
  async executar({ idAviso, deId, ateId }, { servicos, log }: SoInadimplencia) {
    const r = await servicos.inadimplencia.enviarEmailsAviso(idAviso, deId, ateId);
    log.info({ job: emailAvisoReapJob.nome, idAviso, deId, ateId, ...r }, 'job done');
    return r;
  },
});

/**
 * Every minute: the creations of obligations and the warning rounds left with no progress (their server died
 * mid-way; pg-boss would retry their job only when it expires, hours later) are resumed after their last committed
 * block. Blocks lock their progress row, so a resume racing a live run does no block twice.
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
