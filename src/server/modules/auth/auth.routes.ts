import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/auth';
import { AppError } from '../../lib/errors';
import { bearerOf, ehTokenDeCliente, MENSAGEM_CLIENTE_SEM_PERMISSAO } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import { COOKIE_VINCULO_LOGIN, LINK_TTL_SECONDS, type AuthService } from './auth.service';

const limiteAuth = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export const authRoutes: FastifyPluginAsync<{ auth: AuthService; secure: boolean }> = async (app, { auth, secure }) => {
  // The browser binding of a sign-in (decision 0068): HttpOnly (no script reads it), SameSite=Lax, sent only to
  // /api/auth, Secure when the public address is https, and as short-lived as the link it binds.
  const cookie = { path: '/api/auth', httpOnly: true, sameSite: 'lax', secure } as const;
  rota(app, c.link, async (req, reply) => {
    const { url, vinculo } = await auth.criarLink(req.params.chave);
    reply.setCookie(COOKIE_VINCULO_LOGIN, vinculo, { ...cookie, maxAge: LINK_TTL_SECONDS });
    return ok({ url });
  }, { config: limiteAuth });
  rota(app, c.login, async (req, reply) => {
    const sessao = await auth.login(req.body.code, req.body.state, req.ip, req.cookies[COOKIE_VINCULO_LOGIN]);
    // A binding serves one sign-in: gone once it has.
    reply.clearCookie(COOKIE_VINCULO_LOGIN, cookie);
    return ok(sessao, 'Login realizado com sucesso');
  }, { config: limiteAuth });
  // `renovar` reads the token itself (an expired one still renews its session) and refuses with 401 whoever has no
  // open session. Before the body is read, a caller with no token at all is refused the same way, audited as the
  // handler would (decision 0067).
  rota(app, c.renovar, async (req) => ok({ token: await auth.renovar(bearerOf(req), req.ip) }), {
    guardaPropria: {
      motivo: 'renovar lê o token, expirado inclusive, e recusa quem não tem sessão aberta',
      preValidation: async (req) => {
        if (ehTokenDeCliente(bearerOf(req))) throw AppError.forbidden(MENSAGEM_CLIENTE_SEM_PERMISSAO);
        if (!bearerOf(req)) await auth.renovar(undefined, req.ip);
      },
    },
    config: limiteAuth,
  });
  rota(app, c.logout, async (req) => ok({ url: await auth.logout(bearerOf(req), req.ip) }, 'Sessão encerrada'));
};
