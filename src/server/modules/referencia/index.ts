import { definirModulo } from '../modulo';
import { referenciaRoutes } from './referencia.routes';
import { ReferenciaService } from './referencia.service';

/** The reference lists (states, towns, agencies, kinds of fishing…). */
export const referenciaModulo = definirModulo({
  nome: 'referencia',
  rotas: async (app, _s, { db }) => { await app.register(referenciaRoutes, { referencia: new ReferenciaService(db) }); },
});
