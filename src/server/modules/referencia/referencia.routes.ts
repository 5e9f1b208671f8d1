import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import {
  especieSchema, filtroMunicipiosSchema, itemReferenciaSchema, municipioSchema, NOMES_LISTAS_REFERENCIA, profissaoSchema,
} from '../../../shared/referencias';
import { texto } from '../../../shared/schemas/primitivos';
import { ok } from '../../plugins/envelope';
import type { ReferenciaService } from './referencia.service';

/** Reference data changes rarely (a new municipality every few years): browsers and proxies may keep it an hour. */
export const CACHE_REFERENCIA = 'public, max-age=3600';

/**
 * Public reference endpoints (no sign-in): municipalities, occupations, species and the forms' fixed lists.
 */
export const referenciaRoutes: FastifyPluginAsyncZod<{ referencia: ReferenciaService }> = async (app, { referencia }) => {
  // Scoped to this plugin's routes. An answer that also sets a cookie (the XSRF cookie of a first visit) is
  // kept out of shared caches, so one visitor's cookie is never served to another.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode === 200) {
      reply.header('cache-control', reply.hasHeader('set-cookie') ? 'private, max-age=3600' : CACHE_REFERENCIA);
    }
    return payload;
  });

  app.get('/api/municipios/uf/:uf', {
    schema: {
      tags: ['referencia'],
      summary: 'Municípios de uma UF, em ordem alfabética',
      params: z.object({ uf: texto().describe('Sigla da UF, por exemplo SP') }),
      response: { 200: envelopeOf(z.array(municipioSchema)) },
    },
  }, async (req) => ok(await referencia.municipiosPorUf(req.params.uf)));

  app.post('/api/municipios/filtro', {
    schema: {
      tags: ['referencia'],
      summary: 'Municípios pelos códigos IBGE informados (1 a 500)',
      body: filtroMunicipiosSchema,
      response: { 200: envelopeOf(z.array(municipioSchema)) },
    },
  }, async (req) => ok(await referencia.municipiosPorIds(req.body.ids)));

  app.get('/api/solicitacao/profissoes', {
    schema: {
      tags: ['referencia'],
      summary: 'Profissões para as outras fontes de renda do pescador',
      response: { 200: envelopeOf(z.array(profissaoSchema)) },
    },
  }, async () => ok(await referencia.profissoes()));

  app.get('/api/reap/especies', {
    schema: {
      tags: ['referencia'],
      summary: 'Espécies de pescado da REAP',
      response: { 200: envelopeOf(z.object({ especies: z.array(especieSchema) })) },
    },
  }, async () => ok({ especies: await referencia.especies() }));

  app.get('/api/referencia/:lista', {
    schema: {
      tags: ['referencia'],
      summary: 'Lista de referência dos formulários',
      description: `Listas: ${NOMES_LISTAS_REFERENCIA.join(', ')}.`,
      params: z.object({ lista: texto().describe('Nome da lista, por exemplo escolaridades') }),
      response: { 200: envelopeOf(z.array(itemReferenciaSchema)) },
    },
  }, async (req) => ok(await referencia.lista(req.params.lista)));
};
