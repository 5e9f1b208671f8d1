import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/solicitacao';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { PedidoService } from './pedido.service';
import { exigirCorpoValido } from '../../lib/validacao';

/** Cancellation of the registry (type 5). */
export const cancelamentoRoutes: FastifyPluginAsync<{ pedidos: PedidoService }> = async (app, { pedidos }) => {
  rota(app, c.solicitarCancelamento, async (req) => {
    exigirCorpoValido(req);
    const r = await pedidos.solicitarCancelamento(atorDe(req), req.body);
    return ok(r.detalhe, r.mensagem);
  }, { attachValidation: true });

  rota(app, c.cancelamentoAberto, async (req) => ok(await pedidos.cancelamentoAberto(atorDe(req), req.params.id)));
};
