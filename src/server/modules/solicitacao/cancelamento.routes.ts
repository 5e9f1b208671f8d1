import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/solicitacao';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { SolicitacaoService } from './solicitacao.service';
import { exigirCorpoValido } from '../../lib/validacao';

/** Cancellation of the registry (type 5). */
export const cancelamentoRoutes: FastifyPluginAsync<{ solicitacao: SolicitacaoService }> = async (app, { solicitacao }) => {
  rota(app, c.solicitarCancelamento, async (req) => {
    exigirCorpoValido(req);
    const r = await solicitacao.solicitarCancelamento(atorDe(req), req.body);
    return ok(r.detalhe, r.mensagem);
  }, { attachValidation: true });

  rota(app, c.cancelamentoAberto, async (req) => ok(await solicitacao.cancelamentoAberto(atorDe(req), req.params.id)));
};
