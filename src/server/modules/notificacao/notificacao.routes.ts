import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import { leituraNotificacaoResposta, MENSAGENS_NOTIFICACAO, notificacoesResposta } from '../../../shared/schemas/notificacao';
import { idParam } from '../../../shared/schemas/primitivos';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { NotificacaoService } from './notificacao.service';

/** Notifications of the signed-in fisher (product guide: GET /api/notificacao, POST /api/notificacao/{id}/leitura). */
export const notificacaoRoutes: FastifyPluginAsyncZod<{ notificacao: NotificacaoService }> = async (app, { notificacao }) => {
  app.get('/api/notificacao', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: {
      tags: ['notificacao'],
      summary: 'Notificações não lidas do pescador autenticado',
      security: [{ bearer: [] }],
      response: { 200: envelopeOf(notificacoesResposta) },
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await notificacao.naoLidas(atorDe(req)));
  });

  app.post('/api/notificacao/:id/leitura', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: {
      tags: ['notificacao'],
      summary: 'Confirma a leitura de uma notificação do próprio pescador',
      security: [{ bearer: [] }],
      params: idParam,
      response: { 200: envelopeOf(leituraNotificacaoResposta) },
    },
  }, async (req) => ok(await notificacao.confirmarLeitura(atorDe(req), req.params.id), MENSAGENS_NOTIFICACAO.lida));
};
