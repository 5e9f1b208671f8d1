import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import { consultaEdicaoRegistroSchema, idParam, solicitacaoDetalheSchema } from '../../../shared/schemas/solicitacao-api';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { SolicitacaoService } from './solicitacao.service';
import { ESQUEMA_BASE as base, LEITORES } from './rotas';

/** Registry edit (type 8) by cloning: from a deferred request, or from the registry of an active fisher. */
export const edicaoRegistroRoutes: FastifyPluginAsyncZod<{ solicitacao: SolicitacaoService }> = async (app, { solicitacao }) => {
  app.post('/api/solicitacao-edicao-registro/editar-solicitacao/:id', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: {
      ...base,
      summary: 'Inicia a edição do registro copiando uma solicitação deferida do pescador',
      params: idParam,
      response: { 200: envelopeOf(solicitacaoDetalheSchema) },
    },
  }, async (req) => {
    const r = await solicitacao.editarAPartirDe(atorDe(req), req.params.id);
    return ok(r.detalhe, r.mensagem);
  });

  // The app ignores trailing slashes: this one registration answers with and without the final '/'.
  app.post('/api/solicitacao-pescador-ativo-edicao-registro', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: {
      ...base,
      summary: 'Inicia a edição do registro de um pescador ativo sem solicitação deferida (migrado)',
      response: { 200: envelopeOf(solicitacaoDetalheSchema) },
    },
  }, async (req) => {
    const r = await solicitacao.editarRegistroAtivo(atorDe(req));
    return ok(r.detalhe, r.mensagem);
  });

  app.get('/api/solicitacao-pescador-ativo-edicao-registro/consultar/:id', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      ...base,
      summary: 'Diz se o pescador pode editar o registro e a partir de qual solicitação deferida',
      params: idParam,
      response: { 200: envelopeOf(consultaEdicaoRegistroSchema) },
    },
  }, async (req) => ok(await solicitacao.consultarEdicao(atorDe(req), req.params.id)));
};
