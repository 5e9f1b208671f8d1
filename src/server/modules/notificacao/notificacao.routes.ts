import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/notificacao';
import { MENSAGENS_NOTIFICACAO } from '../../../shared/schemas/notificacao';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { NotificacaoService } from './notificacao.service';

/** Notifications of the signed-in fisher (product guide: GET /api/notificacao, POST /api/notificacao/{id}/leitura). */
export const notificacaoRoutes: FastifyPluginAsync<{ notificacao: NotificacaoService }> = async (app, { notificacao }) => {
  rota(app, c.naoLidas, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await notificacao.naoLidas(atorDe(req)));
  });

  rota(app, c.confirmarLeitura, async (req) => ok(await notificacao.confirmarLeitura(atorDe(req), req.params.id), MENSAGENS_NOTIFICACAO.lida));
};
