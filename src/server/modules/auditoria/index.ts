import { definirModulo } from '../modulo';
import { auditoriaRoutes } from './auditoria.routes';
import { AuditoriaService } from './auditoria.service';

/** The audit trail every module writes to, and its reading by the auditors. */
export const auditoriaModulo = definirModulo({
  nome: 'auditoria',
  servicos({ app, db, dbLeitura }) {
    const auditoria = new AuditoriaService(db, (err, acao) => app.log.error({ err, acao }, 'audit write failed'), dbLeitura);
    // Audit writes are grouped (decision 0040): none in flight is cut short by a shutdown.
    app.addHook('onClose', async () => auditoria.esvaziar());
    return { auditoria };
  },
  rotas: async (app, { auditoria }) => { await app.register(auditoriaRoutes, { auditoria }); },
});
