import { z } from 'zod';
import { definirJob, type ContextoJob } from '../../jobs/job';
import { idCoagido } from '../../../shared/schemas/primitivos';

/** What the report jobs call: of RelatorioService, `buildApp`'s instance (the fields the log reads). */
export interface ServicosJobsRelatorio {
  relatorio: {
    gerar(id: number, opcoes: { emThread: boolean }): Promise<{ situacao: number; processados: number }>;
    limparArquivosAntigos(): Promise<number>;
  };
}

/**
 * Writes a large report's file (decision 0036) in a capped thread (decision 0050). No retry on failure: the run is
 * marked ERRO and the user emits it again.
 */
export const gerarRelatorioJob = definirJob({
  nome: 'relatorio-pescadores-gerar',
  payload: z.object({ id: idCoagido() }),
  tentativas: 0,
  duracaoMaxima: 3 * 3600,
  async executar({ id }, { servicos, log }: ContextoJob<ServicosJobsRelatorio>) {
    const r = await servicos.relatorio.gerar(id, { emThread: true });
    log.info({ job: gerarRelatorioJob.nome, id, situacao: r.situacao, linhas: r.processados }, 'job done');
    return { situacao: r.situacao, linhas: r.processados };
  },
});

/** Hourly: report files older than their retention (24 h) are removed; the runs stay, for the record. */
export const limparRelatoriosJob = definirJob({
  nome: 'relatorio-pescadores-limpar',
  payload: z.object({}),
  agenda: '23 * * * *',
  async executar(_payload, { servicos, log }: ContextoJob<ServicosJobsRelatorio>) {
    const removidos = await servicos.relatorio.limparArquivosAntigos();
    log.info({ job: limparRelatoriosJob.nome, removidos }, 'job done');
    return { removidos };
  },
});
