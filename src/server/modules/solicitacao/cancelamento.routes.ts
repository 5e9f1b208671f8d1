import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import { cancelamentoCorpo, idParam, solicitacaoDetalheSchema } from '../../../shared/schemas/solicitacao-api';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { SolicitacaoService } from './solicitacao.service';
import { exigirCorpoValido } from '../../lib/validacao';
import { ESQUEMA_BASE as base, LEITORES } from './rotas';

/** Cancellation of the registry (type 5). */
export const cancelamentoRoutes: FastifyPluginAsyncZod<{ solicitacao: SolicitacaoService }> = async (app, { solicitacao }) => {
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
    const r = await solicitacao.solicitarCancelamento(atorDe(req), req.body);
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
  }, async (req) => ok(await solicitacao.cancelamentoAberto(atorDe(req), req.params.id)));
};
