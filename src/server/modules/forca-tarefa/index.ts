import type { AtoNormativoService } from '../ato-normativo/ato-normativo.service';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import { definirModulo } from '../modulo';
import { ForcaTarefaRepository } from './forca-tarefa.repository';
import { forcaTarefaRoutes } from './forca-tarefa.routes';
import { ForcaTarefaService } from './forca-tarefa.service';

/** Task forces, each under a normative act (decision 0031). */
export const forcaTarefaModulo = definirModulo({
  nome: 'forca-tarefa',
  servicos: ({ db, agora }, s: { atoNormativo: AtoNormativoService; auditoria: AuditoriaService }) => ({
    forcaTarefa: new ForcaTarefaService(db, new ForcaTarefaRepository(db), s.atoNormativo, s.auditoria, { now: agora }),
  }),
  rotas: async (app, { forcaTarefa }) => { await app.register(forcaTarefaRoutes, { forcaTarefa }); },
});
