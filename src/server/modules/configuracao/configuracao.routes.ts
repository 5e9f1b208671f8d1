import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/configuracao';
import { hojeSaoPaulo } from '../../../shared/datas';
import type { ConfiguracaoPublica } from '../../../shared/regras/cin';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';

/**
 * GET /api/configuracao-publica (no sign-in): the settings the web must know and never hard-codes, today the date
 * from which the CIN is required (CIN_OBRIGATORIA_DESDE, decision 0053), with today's date on the server's clock.
 * It changes at midnight and at each deploy: cached a few minutes at most.
 */
export const configuracaoRoutes: FastifyPluginAsync<{
  regras: { cinObrigatoriaDesde: string | null };
  now: () => Date;
}> = async (app, { regras, now }) => {
  rota(app, c.publica, async (_req, reply) => {
    // Private: a first visit's answer also sets the XSRF cookie, which no shared cache may keep.
    reply.header('cache-control', 'private, max-age=300');
    const dados: ConfiguracaoPublica = { cinObrigatoriaDesde: regras.cinObrigatoriaDesde, hoje: hojeSaoPaulo(now()) };
    return ok(dados);
  });
};
