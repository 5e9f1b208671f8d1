import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import {
  analiseDetalheSchema, bloqueioRespostaSchema, decisaoAnaliseCorpo, decisaoRespostaSchema, filtrosAnalise, idAnaliseCorpo,
  indeferimentoSchema, listaAnalisesSchema, MENSAGENS_ANALISE, ufsEscopoSchema,
} from '../../../shared/schemas/analise';
import { idParam } from '../../../shared/schemas/primitivos';
import { totalizadoresServidor } from '../../../shared/schemas/totalizadores';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { SERVIDORES_LEITORES as LEITORES } from '../escopo';
import type { AnaliseService } from './analise.service';

const seguranca = [{ bearer: [] }];

// Who may read analyses: LEITORES (escopo.ts, staff who read fishers; CONSULTA_EXTERNO never). Who may act on
// them: ANALISTAS, then the service checks profile, scope, instance and lock.
const ANALISTAS = [Perfil.GESTOR, Perfil.MPA, Perfil.SFPA, Perfil.ADMIN] as const;

export const analiseRoutes: FastifyPluginAsyncZod<{ analise: AnaliseService }> = async (app, { analise }) => {
  app.get('/api/analise-solicitacao/totalizadores', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      tags: ['analise'], summary: 'Totalizadores das análises visíveis ao servidor', security: seguranca,
      response: { 200: envelopeOf(totalizadoresServidor) },
    },
  }, async (req) => ok(await analise.totalizadores(atorDe(req))));

  app.get('/api/analise-solicitacao/ufs-escopo', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      tags: ['analise'], summary: 'UFs cujas análises o servidor vê (UF do órgão e das forças-tarefa em vigor)', security: seguranca,
      response: { 200: envelopeOf(ufsEscopoSchema) },
    },
  }, async (req) => ok(analise.ufsEmEscopo(atorDe(req))));

  app.get('/api/analise-solicitacao', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      tags: ['analise'], summary: 'Acompanhamento das análises (mais antigas primeiro), com filtros e paginação', security: seguranca,
      querystring: filtrosAnalise,
      response: { 200: envelopeOf(listaAnalisesSchema) },
    },
  }, async (req) => ok(await analise.listar(atorDe(req), req.query)));

  app.get('/api/analise-solicitacao/solicitacao/:id', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      tags: ['analise'], summary: 'Análise atual de uma solicitação', security: seguranca,
      params: idParam, response: { 200: envelopeOf(analiseDetalheSchema) },
    },
  }, async (req) => ok(await analise.daSolicitacao(atorDe(req), req.params.id)));

  app.get('/api/analise-solicitacao/indeferimento/:id', {
    preValidation: app.autorizar(Perfil.INTERESSADO, ...LEITORES),
    schema: {
      tags: ['analise'], summary: 'Registro de indeferimento de uma solicitação (id da solicitação)', security: seguranca,
      params: idParam, response: { 200: envelopeOf(indeferimentoSchema) },
    },
  }, async (req) => ok(await analise.indeferimento(atorDe(req), req.params.id)));

  app.get('/api/analise-solicitacao/:id', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      tags: ['analise'], summary: 'Análise por id, com a solicitação, os documentos e o estado do bloqueio', security: seguranca,
      params: idParam, response: { 200: envelopeOf(analiseDetalheSchema) },
    },
  }, async (req) => ok(await analise.detalhar(atorDe(req), req.params.id)));

  app.post('/api/analise-solicitacao/bloquear', {
    preValidation: app.autorizar(...ANALISTAS),
    schema: {
      tags: ['analise'], summary: 'Inicia a análise (bloqueia para o servidor)', security: seguranca,
      body: idAnaliseCorpo, response: { 200: envelopeOf(bloqueioRespostaSchema) },
    },
  }, async (req) => ok(await analise.bloquear(atorDe(req), req.body.idAnaliseSolicitacao), MENSAGENS_ANALISE.iniciada));

  app.post('/api/analise-solicitacao/desbloquear', {
    preValidation: app.autorizar(...ANALISTAS),
    schema: {
      tags: ['analise'], summary: 'Cancela o início da análise', security: seguranca,
      body: idAnaliseCorpo, response: { 200: envelopeOf(z.null()) },
    },
  }, async (req) => {
    await analise.desbloquear(atorDe(req), req.body.idAnaliseSolicitacao);
    return ok(null, MENSAGENS_ANALISE.cancelada);
  });

  app.post('/api/analise-solicitacao/atualizar-analise-solicitacao', {
    preValidation: app.autorizar(...ANALISTAS),
    schema: {
      tags: ['analise'], summary: 'Registra o checklist e conclui a análise (DEFERIDA ou INDEFERIDA)', security: seguranca,
      body: decisaoAnaliseCorpo, response: { 200: envelopeOf(decisaoRespostaSchema) },
    },
  }, async (req) => {
    const r = await analise.concluir(atorDe(req), req.body);
    return ok(r.dados, r.mensagem);
  });

  app.post('/api/analise-solicitacao-edicao-documento', {
    preValidation: app.autorizar(...ANALISTAS),
    schema: {
      tags: ['analise'], summary: 'Conclui a análise de uma solicitação de edição de documentos', security: seguranca,
      body: decisaoAnaliseCorpo, response: { 200: envelopeOf(decisaoRespostaSchema) },
    },
  }, async (req) => {
    const r = await analise.concluirEdicaoDocumentos(atorDe(req), req.body);
    return ok(r.dados, r.mensagem);
  });
};
