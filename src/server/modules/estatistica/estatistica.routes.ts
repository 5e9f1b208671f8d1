import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import { estatisticasQuery, estatisticasSchema } from '../../../shared/schemas/estatistica';
import { ok } from '../../plugins/envelope';
import type { EstatisticaService } from './estatistica.service';

/** Page loads per client address and minute (a state chosen is one more call). */
export const LIMITE_ESTATISTICAS_POR_MINUTO = 120;
/** CSV downloads per client address and minute. */
export const LIMITE_CSV_POR_MINUTO = 10;

/** The open statistics: public, no sign-in, rate-limited like the public lookups (aggregates need no captcha). */
export const estatisticaRoutes: FastifyPluginAsyncZod<{ estatistica: EstatisticaService }> = async (app, { estatistica }) => {
  app.get('/api/estatisticas', {
    config: { rateLimit: { max: LIMITE_ESTATISTICAS_POR_MINUTO, timeWindow: '1 minute' } },
    schema: {
      tags: ['estatisticas'],
      summary: 'Estatísticas abertas do registro: pescadores por UF, município, categoria, sexo, faixa etária e atuação; solicitações por situação e mês',
      description: 'Público, sem login. Contagens menores que 5 vêm como null (exibidas como "< 5"); os números vêm de '
        + 'totais mantidos pelo banco. Com uf, inclui os municípios da UF.',
      querystring: estatisticasQuery,
      response: { 200: envelopeOf(estatisticasSchema) },
    },
  }, async (req, reply) => {
    // Aggregates of the whole registry: a browser or a proxy may keep them for a minute.
    reply.header('cache-control', 'public, max-age=60');
    return ok(await estatistica.consultar(req.query.uf ?? null));
  });

  app.get('/api/estatisticas/csv', {
    config: { rateLimit: { max: LIMITE_CSV_POR_MINUTO, timeWindow: '1 minute' } },
    schema: {
      tags: ['estatisticas'],
      summary: 'Os mesmos números das estatísticas abertas em CSV (UTF-8 com BOM, separado por ";"), com os municípios de todas as UFs',
      produces: ['text/csv'],
      response: { 200: z.string().describe('CSV (text/csv)') },
    },
  }, async (_req, reply) => {
    const csv = await estatistica.csv();
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="estatisticas-rgp.csv"')
      .header('cache-control', 'public, max-age=60')
      .send(csv);
  });
};
