import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/notificacao';
import { MENSAGENS_NOTIFICACAO } from '../../../shared/schemas/notificacao';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { NotificacaoEnvioService } from './notificacao-envio.service';
import type { NotificacaoService } from './notificacao.service';

/** Notifications of the signed-in fisher (product guide: GET /api/notificacao, POST /api/notificacao/{id}/leitura). */
export const notificacaoRoutes: FastifyPluginAsync<{
  notificacao: NotificacaoService; envios: NotificacaoEnvioService; auditoria: AuditoriaService;
}> = async (app, { notificacao, envios, auditoria }) => {
  rota(app, c.naoLidas, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await notificacao.naoLidas(atorDe(req)));
  });

  rota(app, c.confirmarLeitura, async (req) => ok(await notificacao.confirmarLeitura(atorDe(req), req.params.id), MENSAGENS_NOTIFICACAO.lida));

  rota(app, c.preferencias, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await envios.preferencias(atorDe(req)));
  });
  rota(app, c.salvarPreferencias, async (req) => ok(await envios.salvarPreferencias(atorDe(req), req.body), MENSAGENS_NOTIFICACAO.preferenciasSalvas));
  rota(app, c.enviosDoPescador, async (req) => ok(await envios.doPescador(atorDe(req), req.params.id, auditoria)));
};
