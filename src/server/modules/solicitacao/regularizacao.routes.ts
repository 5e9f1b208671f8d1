import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/solicitacao';
import { MENSAGENS_SOLICITACAO_API } from '../../../shared/schemas/solicitacao-api';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { PedidoService } from './pedido.service';
import { exigirCorpoValido } from '../../lib/validacao';

/** Regularisation of a suspended registry (type 10): docs/decisions/0009-regularizacao.md. */
export const regularizacaoRoutes: FastifyPluginAsync<{ pedidos: PedidoService }> = async (app, { pedidos }) => {
  rota(app, c.solicitarRegularizacao, async (req) => {
    exigirCorpoValido(req, [MENSAGENS_SOLICITACAO_API.justificativaRegularizacao]);
    const r = await pedidos.solicitarRegularizacao(atorDe(req), req.body);
    return ok(r.detalhe, r.mensagem);
  }, { attachValidation: true });
};
