import { z } from 'zod';
import { definirJob, type ContextoJob } from '../../jobs/job';

/** What the obligations jobs call: of ReapGeracaoService, `buildApp`'s instance (the fields the log reads). */
export interface ServicosJobsReap {
  reap: {
    gerarObrigacoesDoAno(ano: number): Promise<{ aberto: boolean; criadas: number }>;
    gerarObrigacoesDoPescador(pescadorId: number): Promise<{ criadas: number }>;
    abrirPrazos(): Promise<number[]>;
  };
}

/**
 * A reference year's window opened: its obligations are created for every fisher with an RGP (decision 0051), a
 * block of fishers per transaction. Enqueued by the window's save (when it starts today or before) and by the daily
 * job; a run killed mid-way is retried and resumes after its last committed block.
 */
export const gerarObrigacoesAnoJob = definirJob({
  nome: 'gerar-obrigacoes-reap-ano',
  payload: z.object({ anoReferencia: z.number().int().min(1950).max(2100) }),
  // Looked for every 5 s: a window saved on screen starts its creation at once.
  intervaloConsulta: 5,
  tentativas: 5,
  esperaEntreTentativas: 60,
  duracaoMaxima: 4 * 3600,
  async executar({ anoReferencia }, { servicos, log }: ContextoJob<ServicosJobsReap>) {
    const r = await servicos.reap.gerarObrigacoesDoAno(anoReferencia);
    log.info({ job: gerarObrigacoesAnoJob.nome, anoReferencia, ...r }, 'job done');
    return r;
  },
});

/** A fisher's registry became active (an approved request left them an RGP): their obligations of the open years. */
export const gerarObrigacoesPescadorJob = definirJob({
  nome: 'gerar-obrigacoes-reap-pescador',
  payload: z.object({ idPescador: z.number().int().positive() }),
  intervaloConsulta: 5,
  tentativas: 5,
  esperaEntreTentativas: 30,
  async executar({ idPescador }, { servicos, log }: ContextoJob<ServicosJobsReap>) {
    const r = await servicos.reap.gerarObrigacoesDoPescador(idPescador);
    log.info({ job: gerarObrigacoesPescadorJob.nome, idPescador, ...r }, 'job done');
    return r;
  },
});

/**
 * Daily at 00:05 (São Paulo), and once when a process starts its workers (decision 0071: a fresh install, or a
 * server down at 00:05, does not wait for the next midnight): the years whose window opened (start reached) and
 * whose obligations are not all created get their job.
 */
export const abrirPrazosReapJob = definirJob({
  nome: 'abrir-prazos-reap',
  payload: z.object({}),
  agenda: '5 0 * * *',
  executarAoIniciar: true,
  async executar(_payload, { servicos, log }: ContextoJob<ServicosJobsReap>) {
    const anos = await servicos.reap.abrirPrazos();
    log.info({ job: abrirPrazosReapJob.nome, anos }, 'job done');
    return { anos };
  },
});
