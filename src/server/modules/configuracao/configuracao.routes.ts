import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hojeSaoPaulo } from '../../../shared/datas';
import { envelopeOf } from '../../../shared/envelope';
import { configuracaoPublicaSchema, type ConfiguracaoPublica } from '../../../shared/regras/cin';
import { ok } from '../../plugins/envelope';

/**
 * GET /api/configuracao-publica (no sign-in): the settings the web must know and never hard-codes, today the date
 * from which the CIN is required (CIN_OBRIGATORIA_DESDE, decision 0053), with today's date on the server's clock.
 * It changes at midnight and at each deploy: cached a few minutes at most.
 */
export const configuracaoRoutes: FastifyPluginAsyncZod<{
  regras: { cinObrigatoriaDesde: string | null };
  now: () => Date;
}> = async (app, { regras, now }) => {
  app.get('/api/configuracao-publica', {
    schema: {
      tags: ['configuracao'],
      summary: 'Configurações públicas que a interface usa (data a partir da qual a CIN é exigida)',
      response: { 200: envelopeOf(configuracaoPublicaSchema) },
    },
  }, async (_req, reply) => {
    // Private: a first visit's answer also sets the XSRF cookie, which no shared cache may keep.
    reply.header('cache-control', 'private, max-age=300');
    const dados: ConfiguracaoPublica = { cinObrigatoriaDesde: regras.cinObrigatoriaDesde, hoje: hojeSaoPaulo(now()) };
    return ok(dados);
  });
};
