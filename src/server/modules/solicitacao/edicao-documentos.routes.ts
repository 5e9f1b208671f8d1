import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import { idParam } from '../../../shared/schemas/primitivos';
import { envioEdicaoDocumentosCorpo, solicitacaoDetalheSchema } from '../../../shared/schemas/solicitacao-api';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { exigirCorpoValido } from '../../lib/validacao';
import { ESQUEMA_BASE } from './rotas';
import type { SolicitacaoService } from './solicitacao.service';

/**
 * Documents edit (type 9, EDICAO_DOCUMENTOS): the specification names the request type and its analysis endpoint
 * but no path to file it. docs/decisions/0013-edicao-documentos.md.
 */
export const edicaoDocumentosRoutes: FastifyPluginAsyncZod<{ solicitacao: SolicitacaoService }> = async (app, { solicitacao }) => {
  app.post('/api/solicitacao-edicao-documentos', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: {
      ...ESQUEMA_BASE,
      summary: 'Abre uma edição de documentos (rascunho) para o pescador com registro ativo',
      response: { 200: envelopeOf(solicitacaoDetalheSchema) },
    },
  }, async (req) => {
    const r = await solicitacao.iniciarEdicaoDocumentos(atorDe(req));
    return ok(r.detalhe, r.mensagem);
  });

  app.post('/api/solicitacao-edicao-documentos/:id/enviar', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: {
      ...ESQUEMA_BASE,
      summary: 'Envia a edição de documentos para análise (com a declaração do passo 5: declaraCiencia)',
      description: 'Exige pelo menos um documento novo e declaraCiencia verdadeiro (decisão 0033).',
      params: idParam,
      body: envioEdicaoDocumentosCorpo,
      response: { 200: envelopeOf(solicitacaoDetalheSchema) },
    },
    attachValidation: true,
  }, async (req) => {
    exigirCorpoValido(req);
    const r = await solicitacao.enviarEdicaoDocumentos(atorDe(req), req.params.id, req.body ?? {});
    return ok(r.detalhe, r.mensagem);
  });
};
