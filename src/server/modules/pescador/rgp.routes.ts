import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import { atualizarRgpCorpo, idParam, MENSAGENS_SOLICITACAO_API, rgpPescadorSchema } from '../../../shared/schemas/solicitacao-api';
import { exigirCorpoValido } from '../../lib/validacao';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { LEITORES } from '../escopo';
import type { PescadorService } from './pescador.service';

/** As the requests' routes declare them (the spec lists these addresses with the requests). */
const base = { tags: ['solicitacao'], security: [{ bearer: [] }] };

/** The fisher's registry block (RGP) and its correction by staff. */
export const rgpRoutes: FastifyPluginAsyncZod<{ pescador: PescadorService }> = async (app, { pescador }) => {
  app.get('/api/rgp/pescador/:id', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      ...base,
      summary: 'Dados do registro (RGP) de um pescador',
      params: idParam,
      response: { 200: envelopeOf(rgpPescadorSchema) },
    },
  }, async (req) => ok(await pescador.rgp(atorDe(req), req.params.id)));

  app.put('/api/rgp/pescador/:id', {
    preValidation: app.autorizar(Perfil.GESTOR, Perfil.ADMIN, Perfil.MPA),
    attachValidation: true,
    schema: {
      ...base,
      summary: 'Corrige o número, a data ou o órgão do primeiro RGP de um pescador (notifica o pescador)',
      params: idParam,
      body: atualizarRgpCorpo,
      response: { 200: envelopeOf(rgpPescadorSchema) },
    },
  }, async (req) => {
    exigirCorpoValido(req, [MENSAGENS_SOLICITACAO_API.rgpNenhumCampo, MENSAGENS_SOLICITACAO_API.dataFutura]);
    return ok(await pescador.corrigirPrimeiroRgp(atorDe(req), req.params.id, req.body), MENSAGENS_SOLICITACAO_API.rgpAtualizado);
  });
};
