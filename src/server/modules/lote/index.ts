import type { EnviadorEmail } from '../../adapters/email/email';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import { definirModulo } from '../modulo';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import type { PescadorService } from '../pescador/pescador.service';
import { emailLoteJob, encerrarSuspensoesJob, processarLoteJob, retomarLotesJob } from './lote.jobs';
import { LoteRepository } from './lote.repository';
import { loteRoutes } from './lote.routes';
import { LoteService } from './lote.service';

/** Batches of fishers (suspensions, cancellations…), processed by jobs, their result sent by e-mail. */
export const loteModulo = definirModulo({
  nome: 'lote',
  servicos: ({ config, db, fila, agora }, s: {
    pescador: PescadorService; notificacoes: NotificacaoService; auditoria: AuditoriaService; email: EnviadorEmail;
  }) => ({
    lote: new LoteService(db, new LoteRepository(db), s.pescador, s.notificacoes, s.auditoria, fila, s.email, { ...config.lote, now: agora }),
  }),
  rotas: async (app, { lote }) => { await app.register(loteRoutes, { lote }); },
  jobs: [processarLoteJob, emailLoteJob, retomarLotesJob, encerrarSuspensoesJob],
});
