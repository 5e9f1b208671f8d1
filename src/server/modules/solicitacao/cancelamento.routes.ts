import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import { cancelamentoCorpo, idParam, solicitacaoDetalheSchema } from '../../../shared/schemas/solicitacao-api';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { PedidoService } from './pedido.service';
import { ESQUEMA_BASE as base, exigirCorpoValido, LEITORES } from './rotas';

/** Cancellation of the registry (type 5). */
export const cancelamentoRoutes: FastifyPluginAsyncZod<{ pedido: PedidoService }> = async (app, { pedido }) => {
  app.post('/api/solicitacao-cancelamento-pescador/motivoCancelamento', {
    preValidation: app.autorizar(Perfil.INTERESSADO, Perfil.GESTOR, Perfil.ADMIN),
    attachValidation: true,
    schema: {
      ...base,
      summary: 'Solicita o cancelamento do registro (justificativa obrigatória, exceto para o perfil Gestor)',
      body: cancelamentoCorpo,
      response: { 200: envelopeOf(solicitacaoDetalheSchema) },
    },
  }, async (req) => {
    exigirCorpoValido(req);
    const r = await pedido.solicitarCancelamento(atorDe(req), req.body);
    return ok(r.detalhe, r.mensagem);
  });

  app.get('/api/solicitacao-cancelamento-pescador/:id', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      ...base,
      summary: 'Solicitação de cancelamento em aberto de um pescador (ou null)',
      params: idParam,
      response: { 200: envelopeOf(solicitacaoDetalheSchema.nullable()) },
    },
  }, async (req) => ok(await pedido.cancelamentoAberto(atorDe(req), req.params.id)));
};
