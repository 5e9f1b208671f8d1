import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/referencia';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { ReferenciaService } from './referencia.service';

/** Reference data changes rarely (a new municipality every few years): browsers and proxies may keep it an hour. */
export const CACHE_REFERENCIA = 'public, max-age=3600';

/**
 * Public reference endpoints (no sign-in): municipalities, occupations, species and the forms' fixed lists.
 */
export const referenciaRoutes: FastifyPluginAsync<{ referencia: ReferenciaService }> = async (app, { referencia }) => {
  // Scoped to this plugin's routes. An answer that also sets a cookie (the XSRF cookie of a first visit) is
  // kept out of shared caches, so one visitor's cookie is never served to another.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode === 200) {
      reply.header('cache-control', reply.hasHeader('set-cookie') ? 'private, max-age=3600' : CACHE_REFERENCIA);
    }
    return payload;
  });

  rota(app, c.municipiosPorUf, async (req) => ok(await referencia.municipiosPorUf(req.params.uf)));
  rota(app, c.municipiosPorIds, async (req) => ok(await referencia.municipiosPorIds(req.body.ids)));
  rota(app, c.profissoes, async () => ok(await referencia.profissoes()));
  rota(app, c.especies, async () => ok({ especies: await referencia.especies() }));
  rota(app, c.lista, async (req) => ok(await referencia.lista(req.params.lista)));
};
