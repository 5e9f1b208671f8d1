import type { FastifyInstance } from 'fastify';
import { injectFetch, registerDevIdp } from '../../adapters/identity/dev-idp';
import { OidcIdentityProvider, type IdentityProvider } from '../../adapters/identity/identity-provider';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { authPlugin } from '../../plugins/auth';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import { definirModulo } from '../modulo';
import type { PescadorService } from '../pescador/pescador.service';
import { AuthRepository } from './auth.repository';
import { authRoutes } from './auth.routes';
import { AuthService, chaveIdCelular } from './auth.service';

/** The sign-in through gov.br (or the development provider), the session, and the check of every request's token. */
export const authModulo = definirModulo({
  nome: 'auth',
  async servicos({ app, config, db, jwtSecret, substitutos }, s: { auditoria: AuditoriaService; pescador: PescadorService }) {
    const identity = substitutos.identityProvider ?? await provedorDeIdentidade(app, config, db);
    const auth = new AuthService(new AuthRepository(db), identity, s.auditoria, s.pescador, {
      jwtSecret,
      chaveIdCelular: chaveIdCelular(config.auth.phoneIdSecret, jwtSecret),
      tokenTtlSeconds: config.auth.tokenTtlSeconds,
      sessionTtlHours: config.auth.sessionTtlHours,
      janelaPadrao: config.workday,
      publicUrl: config.publicUrl,
      ...(substitutos.now ? { now: substitutos.now } : {}),
    });
    return { auth };
  },
  antesDasRotas: async (app, { auth, auditoria }) => { await app.register(authPlugin, { auth, auditoria }); },
  rotas: async (app, { auth }, { config }) => { await app.register(authRoutes, { auth, secure: config.publicUrl.startsWith('https://') }); },
});

/** The configured OpenID provider (gov.br), else the development one served by this app. */
async function provedorDeIdentidade(app: FastifyInstance, config: Config, db: Database): Promise<IdentityProvider> {
  const enderecos = { redirectUri: `${config.publicUrl}/login`, postLogoutRedirectUri: `${config.publicUrl}/` };
  if (config.oidc) return new OidcIdentityProvider({ ...config.oidc, ...enderecos });
  const repo = new AuthRepository(db);
  const devIdp = await registerDevIdp(app, { publicUrl: config.publicUrl, findName: (cpf) => repo.findNomeByCpf(cpf) });
  return new OidcIdentityProvider({
    issuer: devIdp.issuer, clientId: devIdp.clientId, clientSecret: devIdp.clientSecret, ...enderecos, fetch: injectFetch(app, config.publicUrl),
  });
}
