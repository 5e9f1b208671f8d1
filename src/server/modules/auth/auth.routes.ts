import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import { chaveLink, linkResposta, loginCorpo, loginResposta, refreshResposta } from '../../../shared/schemas/auth';
import { bearerOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { AuthService } from './auth.service';

const limiteAuth = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.get('/api/auth/link/:chave', {
    config: limiteAuth,
    schema: {
      tags: ['auth'],
      summary: 'Endereço de login do gov.br para a chave aleatória do cliente',
      params: z.object({ chave: chaveLink }),
      response: { 200: envelopeOf(linkResposta) },
    },
  }, async (req) => ok({ url: await auth.criarLink(req.params.chave) }));

  app.post('/api/auth/login', {
    config: limiteAuth,
    schema: {
      tags: ['auth'],
      summary: 'Troca o código do gov.br por um token de sessão',
      body: loginCorpo,
      response: { 200: envelopeOf(loginResposta) },
    },
  }, async (req) => ok(await auth.login(req.body.code, req.body.state, req.ip), 'Login realizado com sucesso'));

  app.post('/api/auth/refresh', {
    config: limiteAuth,
    schema: {
      tags: ['auth'],
      summary: 'Renova o token de uma sessão aberta',
      security: [{ bearer: [] }],
      response: { 200: envelopeOf(refreshResposta) },
    },
  }, async (req) => ok({ token: await auth.renovar(bearerOf(req), req.ip) }));

  app.get('/api/auth/logout', {
    schema: {
      tags: ['auth'],
      summary: 'Encerra a sessão e devolve o endereço de logout do gov.br',
      // The token is optional: with it the session ends; without it (or an invalid one) the answer is the same.
      security: [{ bearer: [] }, {}],
      response: { 200: envelopeOf(linkResposta) },
    },
  }, async (req) => ok({ url: await auth.logout(bearerOf(req), req.ip) }, 'Sessão encerrada'));
};
