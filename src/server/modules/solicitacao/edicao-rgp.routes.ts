import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import { idParam } from '../../../shared/schemas/primitivos';
import { edicaoRgpCorpo, MENSAGENS_SOLICITACAO_API, solicitacaoDetalheSchema } from '../../../shared/schemas/solicitacao-api';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { exigirCorpoValido } from '../../lib/validacao';
import { ESQUEMA_BASE as base } from './rotas';
import type { SolicitacaoService } from './solicitacao.service';

/**
 * The fisher's first-RGP edit request (type 7, decision 0020): opened as a draft, sent with its proof; the registry
 * block itself is the fisher module's (rgp.routes.ts).
 */
export const edicaoRgpRoutes: FastifyPluginAsyncZod<{ solicitacao: SolicitacaoService }> = async (app, { solicitacao }) => {
  app.post('/api/solicitacao-edicao-rgp', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    attachValidation: true,
    schema: {
      ...base,
      summary: 'Abre (ou atualiza) a edição do número, data ou órgão do primeiro RGP, como rascunho',
      body: edicaoRgpCorpo,
      response: { 200: envelopeOf(solicitacaoDetalheSchema) },
    },
  }, async (req) => {
    exigirCorpoValido(req, [MENSAGENS_SOLICITACAO_API.dataFutura]);
    const r = await solicitacao.solicitarEdicaoRgp(atorDe(req), req.body);
    return ok(r.detalhe, r.mensagem);
  });

  app.post('/api/solicitacao-edicao-rgp/:id/enviar', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: {
      ...base,
      summary: 'Envia a edição do primeiro RGP para análise, com o comprovante do primeiro RGP',
      params: idParam,
      response: { 200: envelopeOf(solicitacaoDetalheSchema) },
    },
  }, async (req) => {
    const r = await solicitacao.enviarEdicaoRgp(atorDe(req), req.params.id);
    return ok(r.detalhe, r.mensagem);
  });
};
