import { z } from 'zod';
import { definirJob, type ContextoJob } from '../../jobs/job';

export interface ServicosJobsReap {
  reap: {
    gerarObrigacoesDoAno(ano: number): Promise<{ aberto: boolean; criadas: number }>;
    gerarObrigacoesDoPescador(pescadorId: number): Promise<{ criadas: number }>;
    abrirPrazos(): Promise<number[]>;
  };
}

/** A year's window opened: its obligations for every fisher (decision 0051); a killed run resumes after its last block. */
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

/** Daily, and once when workers start, so a fresh install does not wait for the next midnight (decision 0071). */
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
