import type { AuditoriaService } from '../auditoria/auditoria.service';
import { definirModulo } from '../modulo';
import { AtoNormativoRepository } from './ato-normativo.repository';
import { atoNormativoRoutes } from './ato-normativo.routes';
import { AtoNormativoService } from './ato-normativo.service';

/** Normative acts (decision 0030). */
export const atoNormativoModulo = definirModulo({
  nome: 'ato-normativo',
  servicos: ({ db, agora }, s: { auditoria: AuditoriaService }) => ({
    atoNormativo: new AtoNormativoService(db, new AtoNormativoRepository(db), s.auditoria, { now: agora }),
  }),
  rotas: async (app, { atoNormativo }) => { await app.register(atoNormativoRoutes, { atoNormativo }); },
});
