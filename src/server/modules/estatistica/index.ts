import { definirModulo } from '../modulo';
import { EstatisticaRepository } from './estatistica.repository';
import { estatisticaRoutes } from './estatistica.routes';
import { EstatisticaService } from './estatistica.service';

/** The open statistics, read from the standby when there is one. */
export const estatisticaModulo = definirModulo({
  nome: 'estatistica',
  rotas: async (app, _s, { dbLeitura, agora }) => {
    await app.register(estatisticaRoutes, { estatistica: new EstatisticaService(new EstatisticaRepository(dbLeitura), { now: agora }) });
  },
});
