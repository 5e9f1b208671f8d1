import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/auth';
import { bearerOf } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { AuthService } from './auth.service';

const limiteAuth = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export const authRoutes: FastifyPluginAsync<{ auth: AuthService }> = async (app, { auth }) => {
  rota(app, c.link, async (req) => ok({ url: await auth.criarLink(req.params.chave) }), { config: limiteAuth });
  rota(app, c.login, async (req) => ok(await auth.login(req.body.code, req.body.state, req.ip), 'Login realizado com sucesso'), { config: limiteAuth });
  // `renovar` reads the token itself (an expired one still renews its session) and refuses with 401 whoever has no
  // open session. Before the body is read, a caller with no token at all is refused the same way, audited as the
  // handler would (decision 0067).
  rota(app, c.renovar, async (req) => ok({ token: await auth.renovar(bearerOf(req), req.ip) }), {
    guardaPropria: {
      motivo: 'renovar lê o token, expirado inclusive, e recusa quem não tem sessão aberta',
      preValidation: async (req) => {
        if (!bearerOf(req)) await auth.renovar(undefined, req.ip);
      },
    },
    config: limiteAuth,
  });
  rota(app, c.logout, async (req) => ok({ url: await auth.logout(bearerOf(req), req.ip) }, 'Sessão encerrada'));
};
