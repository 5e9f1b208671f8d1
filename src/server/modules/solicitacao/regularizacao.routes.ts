import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import { MENSAGENS_SOLICITACAO_API, regularizacaoCorpo, solicitacaoDetalheSchema } from '../../../shared/schemas/solicitacao-api';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { SolicitacaoService } from './solicitacao.service';
import { exigirCorpoValido } from '../../lib/validacao';
import { ESQUEMA_BASE } from './rotas';

/** Regularisation of a suspended registry (type 10): docs/decisions/0009-regularizacao.md. */
export const regularizacaoRoutes: FastifyPluginAsyncZod<{ solicitacao: SolicitacaoService }> = async (app, { solicitacao }) => {
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
    const r = await solicitacao.solicitarRegularizacao(atorDe(req), req.body);
    return ok(r.detalhe, r.mensagem);
  });
};
