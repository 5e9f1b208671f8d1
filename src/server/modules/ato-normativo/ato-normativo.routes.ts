import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import {
  atoNormativoCriacao, atoNormativoEdicao, atoNormativoSchema, atoVigenteSchema, filtrosAtoNormativo, idAtoParam, listaAtosNormativosSchema,
  MENSAGENS_ATO_NORMATIVO,
} from '../../../shared/schemas/ato-normativo';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { GERENCIAM_ADMINISTRACAO, LEEM_ADMINISTRACAO } from '../escopo';
import type { AtoNormativoService } from './ato-normativo.service';

const seguranca = [{ bearer: [] }];

export const atoNormativoRoutes: FastifyPluginAsyncZod<{ atoNormativo: AtoNormativoService }> = async (app, { atoNormativo }) => {
  app.get('/api/ato-normativo', {
    preValidation: app.autorizar(...LEEM_ADMINISTRACAO),
    schema: {
      tags: ['ato-normativo'], summary: 'Ato normativo vigente hoje (null quando não há)', security: seguranca,
      response: { 200: envelopeOf(atoVigenteSchema) },
    },
  }, async () => {
    const vigente = await atoNormativo.vigente();
    return ok(vigente, vigente ? undefined : MENSAGENS_ATO_NORMATIVO.semVigente);
  });

  app.get('/api/ato-normativo/listar', {
    preValidation: app.autorizar(...LEEM_ADMINISTRACAO),
    schema: {
      tags: ['ato-normativo'], summary: 'Atos normativos, com filtros e paginação', security: seguranca,
      querystring: filtrosAtoNormativo, response: { 200: envelopeOf(listaAtosNormativosSchema) },
    },
  }, async (req) => ok(await atoNormativo.listar(req.query)));

  app.post('/api/ato-normativo', {
    preValidation: app.autorizar(...GERENCIAM_ADMINISTRACAO),
    schema: {
      tags: ['ato-normativo'], summary: 'Cadastra um ato normativo', security: seguranca,
      body: atoNormativoCriacao, response: { 200: envelopeOf(atoNormativoSchema) },
    },
  }, async (req) => ok(await atoNormativo.criar(atorDe(req), req.body), MENSAGENS_ATO_NORMATIVO.criado));

  app.put('/api/ato-normativo', {
    preValidation: app.autorizar(...GERENCIAM_ADMINISTRACAO),
    schema: {
      tags: ['ato-normativo'], summary: 'Atualiza um ato normativo', security: seguranca,
      body: atoNormativoEdicao, response: { 200: envelopeOf(atoNormativoSchema) },
    },
  }, async (req) => ok(await atoNormativo.atualizar(atorDe(req), req.body), MENSAGENS_ATO_NORMATIVO.atualizado));

  app.get('/api/ato-normativo/:id', {
    preValidation: app.autorizar(...LEEM_ADMINISTRACAO),
    schema: {
      tags: ['ato-normativo'], summary: 'Ato normativo por id', security: seguranca,
      params: idAtoParam, response: { 200: envelopeOf(atoNormativoSchema) },
    },
  }, async (req) => ok(await atoNormativo.obter(req.params.id)));

  app.delete('/api/ato-normativo/:id', {
    preValidation: app.autorizar(...GERENCIAM_ADMINISTRACAO),
    schema: {
      tags: ['ato-normativo'], summary: 'Exclui um ato normativo que nenhum registro cita (409 quando citado)', security: seguranca,
      params: idAtoParam, response: { 200: envelopeOf(z.null()) }, outrosErros: [409],
    },
  }, async (req) => {
    await atoNormativo.excluir(atorDe(req), req.params.id);
    return ok(null, MENSAGENS_ATO_NORMATIVO.removido);
  });
};
