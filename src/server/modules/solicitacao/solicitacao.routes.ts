import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import { salvarPassoCorpo } from '../../../shared/schemas/solicitacao';
import {
  filtroSolicitacoesSchema, filtroUltimaSolicitacaoSchema, idParam, listaSolicitacoesSchema, paginacaoSchema, solicitacaoDetalheSchema,
} from '../../../shared/schemas/solicitacao-api';
import { totalizadoresPescador } from '../../../shared/schemas/totalizadores';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { exigirCorpoValido } from '../../lib/validacao';
import { ESQUEMA_BASE as base, LEITORES } from './rotas';
import type { SolicitacaoService } from './solicitacao.service';

export const solicitacaoRoutes: FastifyPluginAsyncZod<{ solicitacao: SolicitacaoService }> = async (app, { solicitacao }) => {
  app.get('/api/solicitacao/totalizadores/:id', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      ...base,
      summary: 'Totalizadores das solicitações de um pescador',
      params: idParam,
      response: { 200: envelopeOf(totalizadoresPescador) },
    },
  }, async (req) => ok(await solicitacao.totalizadores(atorDe(req), req.params.id)));

  app.post('/api/solicitacao', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    attachValidation: true,
    schema: {
      ...base,
      summary: 'Cria o rascunho de uma solicitação com o passo 1 (Dados Pessoais)',
      description: 'Corpo plano: tipo (1, 2, 3 ou 8), passo 1 e os campos do passo 1. Só o próprio pescador.',
      body: salvarPassoCorpo,
      response: { 200: envelopeOf(solicitacaoDetalheSchema) },
    },
  }, async (req) => {
    exigirCorpoValido(req);
    const r = await solicitacao.criar(atorDe(req), req.body);
    return ok(r.detalhe, r.mensagem);
  });

  app.put('/api/solicitacao', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    attachValidation: true,
    schema: {
      ...base,
      summary: 'Salva um passo (1 a 4) da solicitação ou a envia (passo 5, com declaraCiencia)',
      description: 'Corpo plano: id, tipo, passo e os campos do passo. Só o próprio pescador, em rascunho ou em atualização.',
      body: salvarPassoCorpo,
      response: { 200: envelopeOf(solicitacaoDetalheSchema) },
    },
  }, async (req) => {
    exigirCorpoValido(req);
    const r = await solicitacao.salvar(atorDe(req), req.body);
    return ok(r.detalhe, r.mensagem);
  });

  app.get('/api/solicitacao', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      ...base,
      summary: 'Lista paginada de solicitações (o pescador vê só as suas; o servidor, as do seu escopo)',
      querystring: filtroSolicitacoesSchema,
      response: { 200: envelopeOf(listaSolicitacoesSchema) },
    },
  }, async (req) => ok(await solicitacao.listar(atorDe(req), req.query)));

  app.get('/api/solicitacao/ultima/solicitacao', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: {
      ...base,
      summary: 'Última solicitação do pescador autenticado (opcionalmente de um tipo)',
      querystring: filtroUltimaSolicitacaoSchema,
      response: { 200: envelopeOf(solicitacaoDetalheSchema.nullable()) },
    },
  }, async (req) => ok(await solicitacao.ultima(atorDe(req), req.query.tipo)));

  app.get('/api/solicitacao/pescador/:id', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      ...base,
      summary: 'Solicitações de um pescador, paginadas',
      params: idParam,
      querystring: paginacaoSchema,
      response: { 200: envelopeOf(listaSolicitacoesSchema) },
    },
  }, async (req) => ok(await solicitacao.listarDoPescador(atorDe(req), req.params.id, req.query)));

  app.get('/api/solicitacao/:id', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      ...base,
      summary: 'Uma solicitação, com os campos dos passos salvos',
      params: idParam,
      response: { 200: envelopeOf(solicitacaoDetalheSchema) },
    },
  }, async (req) => ok(await solicitacao.detalhe(atorDe(req), req.params.id)));

  app.delete('/api/solicitacao/:id/embarcacao', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: {
      ...base,
      summary: 'Remove a embarcação dos dados da atividade (passo 2) da solicitação',
      params: idParam,
      response: { 200: envelopeOf(solicitacaoDetalheSchema) },
    },
  }, async (req) => {
    const r = await solicitacao.removerEmbarcacao(atorDe(req), req.params.id);
    return ok(r.detalhe, r.mensagem);
  });

  app.delete('/api/solicitacao/:id/inativar', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: {
      ...base,
      summary: 'Exclui (inativa) um rascunho: ele sai das listas e dos totalizadores',
      params: idParam,
      response: { 200: envelopeOf(solicitacaoDetalheSchema) },
    },
  }, async (req) => {
    const r = await solicitacao.inativar(atorDe(req), req.params.id);
    return ok(r.detalhe, r.mensagem);
  });
};
