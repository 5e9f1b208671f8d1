import { ChavesIdempotencia, idempotenciaPlugin } from '../../plugins/idempotencia';
import { expurgarChavesIdempotenciaJob } from '../../plugins/idempotencia.jobs';
import { definirModulo } from '../modulo';

/** The idempotency keys of the fishers' saves and sends (decision 0060), before the routes whose contracts ask for them. */
export const idempotenciaModulo = definirModulo({
  nome: 'idempotencia',
  servicos: ({ db, jwtSecret }) => ({ idempotencia: new ChavesIdempotencia(db, jwtSecret) }),
  antesDasRotas: async (app, { idempotencia }) => { await app.register(idempotenciaPlugin, { chaves: idempotencia }); },
  jobs: [expurgarChavesIdempotenciaJob],
});
