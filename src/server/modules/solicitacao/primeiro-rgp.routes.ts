import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import {
  atualizarRgpCorpo, edicaoRgpCorpo, idParam, MENSAGENS_SOLICITACAO_API, rgpPescadorSchema, solicitacaoDetalheSchema,
} from '../../../shared/schemas/solicitacao-api';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { PedidoService } from './pedido.service';
import { ESQUEMA_BASE as base, exigirCorpoValido, LEITORES } from './rotas';

/** The fisher's registry block, its correction by staff, and the fisher's first-RGP edit request (type 7). */
export const primeiroRgpRoutes: FastifyPluginAsyncZod<{ pedido: PedidoService }> = async (app, { pedido }) => {
  app.post('/api/solicitacao-edicao-rgp', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    attachValidation: true,
    schema: {
      ...base,
      summary: 'Solicita a edição do número, data ou órgão do primeiro RGP',
      body: edicaoRgpCorpo,
      response: { 200: envelopeOf(solicitacaoDetalheSchema) },
    },
  }, async (req) => {
    exigirCorpoValido(req, [MENSAGENS_SOLICITACAO_API.dataFutura]);
    const r = await pedido.solicitarEdicaoRgp(atorDe(req), req.body);
    return ok(r.detalhe, r.mensagem);
  });

  app.get('/api/rgp/pescador/:id', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      ...base,
      summary: 'Dados do registro (RGP) de um pescador',
      params: idParam,
      response: { 200: envelopeOf(rgpPescadorSchema) },
    },
  }, async (req) => ok(await pedido.rgpDoPescador(atorDe(req), req.params.id)));

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
    return ok(await pedido.atualizarRgp(atorDe(req), req.params.id, req.body), MENSAGENS_SOLICITACAO_API.rgpAtualizado);
  });
};
