import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/estatistica';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { EstatisticaService } from './estatistica.service';

/** Page loads per client address and minute (a state chosen is one more call). */
export const LIMITE_ESTATISTICAS_POR_MINUTO = 120;
/** CSV downloads per client address and minute. */
export const LIMITE_CSV_POR_MINUTO = 10;

/** The open statistics: public, no sign-in, rate-limited like the public lookups (aggregates need no captcha). */
export const estatisticaRoutes: FastifyPluginAsync<{ estatistica: EstatisticaService }> = async (app, { estatistica }) => {
  rota(app, c.consultar, async (req, reply) => {
    // Aggregates of the whole registry: a browser or a proxy may keep them for a minute.
    reply.header('cache-control', 'public, max-age=60');
    return ok(await estatistica.consultar(req.query.uf ?? null));
  }, { config: { rateLimit: { max: LIMITE_ESTATISTICAS_POR_MINUTO, timeWindow: '1 minute' } } });

  rota(app, c.csv, async (_req, reply) => {
    const csv = await estatistica.csv();
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="estatisticas-rgp.csv"')
      .header('cache-control', 'public, max-age=60')
      .send(csv);
  }, { config: { rateLimit: { max: LIMITE_CSV_POR_MINUTO, timeWindow: '1 minute' } } });
};
