import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import {
  ativaDesativaCorpo, filtrosForcaTarefa, filtrosServidores, forcaTarefaCorpo, forcaTarefaEdicao, forcaTarefaSchema, listaForcasTarefaSchema,
  listaServidoresSchema, MENSAGENS_FORCA_TAREFA, removerServidorCorpo, removerUfCorpo,
} from '../../../shared/schemas/forca-tarefa';
import { idParam } from '../../../shared/schemas/primitivos';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { GERENCIAM_ADMINISTRACAO, LEEM_ADMINISTRACAO } from '../escopo';
import type { ForcaTarefaService } from './forca-tarefa.service';

const seguranca = [{ bearer: [] }];

/** Product guide, "Who may do what": GESTOR and ADMIN manage task forces; CONSULTA_INTERNO reads them. */
export const forcaTarefaRoutes: FastifyPluginAsyncZod<{ forcaTarefa: ForcaTarefaService }> = async (app, { forcaTarefa }) => {
  app.get('/api/forca-tarefa/consultar/filtro', {
    preValidation: app.autorizar(...LEEM_ADMINISTRACAO),
    schema: {
      tags: ['forca-tarefa'], summary: 'Forças-tarefa, com filtros e paginação', security: seguranca,
      querystring: filtrosForcaTarefa, response: { 200: envelopeOf(listaForcasTarefaSchema) },
    },
  }, async (req) => ok(await forcaTarefa.listar(atorDe(req), req.query)));

  // Decision 0031: the servers a task force may include, for the form's picker (read-only; map users are the
  // users module's).
  app.get('/api/forca-tarefa/servidores', {
    preValidation: app.autorizar(...GERENCIAM_ADMINISTRACAO),
    schema: {
      tags: ['forca-tarefa'], summary: 'Servidores que podem integrar uma força-tarefa (SFPA, não bloqueados)', security: seguranca,
      querystring: filtrosServidores, response: { 200: envelopeOf(listaServidoresSchema) },
    },
  }, async (req) => ok(await forcaTarefa.candidatos(req.query)));

  app.post('/api/forca-tarefa', {
    preValidation: app.autorizar(...GERENCIAM_ADMINISTRACAO),
    schema: {
      tags: ['forca-tarefa'], summary: 'Cria uma força-tarefa', security: seguranca,
      body: forcaTarefaCorpo, response: { 200: envelopeOf(forcaTarefaSchema) },
    },
  }, async (req) => {
    const r = await forcaTarefa.salvar(atorDe(req), req.body);
    return ok(r.forcaTarefa, r.criada ? MENSAGENS_FORCA_TAREFA.criada : MENSAGENS_FORCA_TAREFA.atualizada);
  });

  app.put('/api/forca-tarefa', {
    preValidation: app.autorizar(...GERENCIAM_ADMINISTRACAO),
    schema: {
      tags: ['forca-tarefa'], summary: 'Atualiza uma força-tarefa', security: seguranca,
      body: forcaTarefaEdicao, response: { 200: envelopeOf(forcaTarefaSchema) },
    },
  }, async (req) => ok((await forcaTarefa.salvar(atorDe(req), req.body)).forcaTarefa, MENSAGENS_FORCA_TAREFA.atualizada));

  app.delete('/api/forca-tarefa/remover/:id', {
    preValidation: app.autorizar(...GERENCIAM_ADMINISTRACAO),
    schema: {
      tags: ['forca-tarefa'], summary: 'Exclui uma força-tarefa', security: seguranca,
      params: idParam, response: { 200: envelopeOf(z.null()) },
    },
  }, async (req) => {
    await forcaTarefa.excluir(atorDe(req), req.params.id);
    return ok(null, MENSAGENS_FORCA_TAREFA.removida);
  });

  app.post('/api/forca-tarefa/remover-servidor', {
    preValidation: app.autorizar(...GERENCIAM_ADMINISTRACAO),
    schema: {
      tags: ['forca-tarefa'], summary: 'Remove servidores de uma força-tarefa', security: seguranca,
      body: removerServidorCorpo, response: { 200: envelopeOf(forcaTarefaSchema) },
    },
  }, async (req) => {
    const n = await forcaTarefa.removerServidores(atorDe(req), req.body.id, req.body.servidores);
    return ok(await forcaTarefa.obter(atorDe(req), req.body.id), n > 1 ? MENSAGENS_FORCA_TAREFA.servidoresRemovidos : MENSAGENS_FORCA_TAREFA.servidorRemovido);
  });

  app.post('/api/forca-tarefa/remover-uf', {
    preValidation: app.autorizar(...GERENCIAM_ADMINISTRACAO),
    schema: {
      tags: ['forca-tarefa'], summary: 'Deixa de atender uma UF', security: seguranca,
      body: removerUfCorpo, response: { 200: envelopeOf(forcaTarefaSchema) },
    },
  }, async (req) => {
    await forcaTarefa.removerUf(atorDe(req), req.body.id, req.body.uf);
    return ok(await forcaTarefa.obter(atorDe(req), req.body.id), MENSAGENS_FORCA_TAREFA.removida);
  });

  app.put('/api/forca-tarefa/ativa-desativa', {
    preValidation: app.autorizar(...GERENCIAM_ADMINISTRACAO),
    schema: {
      tags: ['forca-tarefa'], summary: 'Ativa ou desativa uma força-tarefa', security: seguranca,
      body: ativaDesativaCorpo, response: { 200: envelopeOf(forcaTarefaSchema) },
    },
  }, async (req) => ok(await forcaTarefa.ativarDesativar(atorDe(req), req.body.id, req.body.ativa), MENSAGENS_FORCA_TAREFA.atualizada));

  app.get('/api/forca-tarefa/:id', {
    preValidation: app.autorizar(...LEEM_ADMINISTRACAO),
    schema: {
      tags: ['forca-tarefa'], summary: 'Força-tarefa por id, com UFs e servidores', security: seguranca,
      params: idParam, response: { 200: envelopeOf(forcaTarefaSchema) },
    },
  }, async (req) => ok(await forcaTarefa.obter(atorDe(req), req.params.id)));
};
