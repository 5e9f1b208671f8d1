import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import { totalizadoresServidor } from '../../../shared/schemas/totalizadores';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { AnaliseService } from './analise.service';

export const analiseRoutes: FastifyPluginAsyncZod<{ analise: AnaliseService }> = async (app, { analise }) => {
  app.get('/api/analise-solicitacao/totalizadores', {
    preHandler: app.autorizar(Perfil.GESTOR, Perfil.MPA, Perfil.SFPA, Perfil.ADMIN, Perfil.CONSULTA_INTERNO),
    schema: {
      tags: ['analise'],
      summary: 'Totalizadores das análises visíveis ao servidor',
      security: [{ bearer: [] }],
      response: { 200: envelopeOf(totalizadoresServidor) },
    },
  }, async (req) => ok(await analise.totalizadores(atorDe(req))));
};
