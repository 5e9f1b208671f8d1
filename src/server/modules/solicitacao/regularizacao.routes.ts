import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import { MENSAGENS_SOLICITACAO_API, regularizacaoCorpo, solicitacaoDetalheSchema } from '../../../shared/schemas/solicitacao-api';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { PedidoService } from './pedido.service';
import { ESQUEMA_BASE, exigirCorpoValido } from './rotas';

/** Regularisation of a suspended registry (type 10): docs/decisions/0009-regularizacao.md. */
export const regularizacaoRoutes: FastifyPluginAsyncZod<{ pedido: PedidoService }> = async (app, { pedido }) => {
  app.post('/api/solicitacao-regularizacao', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    attachValidation: true,
    schema: {
      ...ESQUEMA_BASE,
      summary: 'Solicita a regularização de um registro suspenso',
      body: regularizacaoCorpo,
      response: { 200: envelopeOf(solicitacaoDetalheSchema) },
    },
  }, async (req) => {
    exigirCorpoValido(req, [MENSAGENS_SOLICITACAO_API.justificativaRegularizacao]);
    const r = await pedido.solicitarRegularizacao(atorDe(req), req.body);
    return ok(r.detalhe, r.mensagem);
  });
};
