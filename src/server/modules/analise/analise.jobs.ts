import { z } from 'zod';
import { definirJob, type ContextoJob } from '../../jobs/job';

/** What the analysis jobs call: of AnaliseService, `buildApp`'s instance. */
export interface ServicosJobsAnalise {
  analise: { finalizarVencidas(): Promise<number> };
  prazoAnalise: { escalarAtrasadas(): Promise<number>; avisarGestor(idUsuarioMapa: number, solicitacoes: number[]): Promise<number> };
}

/** Daily at 03:00 (São Paulo): requests left in updating past the deadline become FINALIZADA. */
export const finalizarVencidasJob = definirJob({
  nome: 'finalizar-solicitacoes-em-atualizacao-vencidas',
  payload: z.object({}),
  agenda: '0 3 * * *',
  async executar(_payload, { servicos, log }: ContextoJob<ServicosJobsAnalise>) {
    const finalizadas = await servicos.analise.finalizarVencidas();
    log.info({ job: finalizarVencidasJob.nome, finalizadas }, 'job done');
    return { finalizadas };
  },
});

/** Hourly: late analyses go to the GESTOR (Decreto 10.178/2019 art. 15 §2, decision 0152). */
export const escalarAtrasadasJob = definirJob({
  nome: 'escalar-analises-atrasadas',
  payload: z.object({}),
  agenda: '5 * * * *',
  async executar(_payload, { servicos, log }: ContextoJob<ServicosJobsAnalise>) {
    const escaladas = await servicos.prazoAnalise.escalarAtrasadas();
    log.info({ job: escalarAtrasadasJob.nome, escaladas }, 'job done');
    return { escaladas };
  },
});

/**
 * One GESTOR told by e-mail of the analyses escalated to them (decision 0154). Enqueued in the escalation's
 * transaction, so once per escalation; retried with backoff when the e-mail fails (at least once, like the outbox).
 */
export const avisarGestorEscaladasJob = definirJob({
  nome: 'avisar-gestor-analises-escaladas',
  payload: z.object({ idUsuarioMapa: z.number().int().positive(), solicitacoes: z.array(z.number().int().positive()).min(1).max(500) }),
  tentativas: 8,
  esperaEntreTentativas: 60,
  async executar(payload, { servicos, log }: ContextoJob<ServicosJobsAnalise>) {
    const analises = await servicos.prazoAnalise.avisarGestor(payload.idUsuarioMapa, payload.solicitacoes);
    log.info({ job: avisarGestorEscaladasJob.nome, analises }, 'job done');
    return { analises };
  },
});
