import { definirModulo } from '../modulo';
import { configuracaoRoutes } from './configuracao.routes';

/** The product's rules the web reads (dates from which a rule applies). */
export const configuracaoModulo = definirModulo({
  nome: 'configuracao',
  rotas: async (app, _s, { config, agora }) => { await app.register(configuracaoRoutes, { regras: config.regras, now: agora }); },
});
