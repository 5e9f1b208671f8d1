import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import { totalizadoresPescador } from '../../../shared/schemas/totalizadores';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { SolicitacaoService } from './solicitacao.service';

const idParam = z.object({ id: z.coerce.number().int().positive() });

export const solicitacaoRoutes: FastifyPluginAsyncZod<{ solicitacao: SolicitacaoService }> = async (app, { solicitacao }) => {
  app.get('/api/solicitacao/totalizadores/:id', {
    preHandler: app.autorizar(Perfil.INTERESSADO, Perfil.GESTOR, Perfil.MPA, Perfil.SFPA, Perfil.ADMIN, Perfil.CONSULTA_INTERNO),
    schema: {
      tags: ['solicitacao'],
      summary: 'Totalizadores das solicitações de um pescador',
      security: [{ bearer: [] }],
      params: idParam,
      response: { 200: envelopeOf(totalizadoresPescador) },
    },
  }, async (req) => ok(await solicitacao.totalizadores(atorDe(req), req.params.id)));
};
