import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { decodeProtectedHeader } from 'jose';
import type { Perfil } from '../../shared/enums';
import type { EscopoCliente } from '../../shared/permissoes';
import { AppError } from '../lib/errors';
import { doAtor, type AuditoriaService } from '../modules/auditoria/auditoria.service';
import type { AuthContext, AuthService } from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /**
     * The one authorisation hook of every route. A contract's route runs it before the body is read (decision 0067),
     * so an unauthorised caller learns nothing from the parsing of what they sent.
     */
    autorizar(...perfis: Perfil[]): preValidationAsyncHookHandler;
    /** The guard of a route only machine clients call: a valid token whose client holds the scope (decision 0120). */
    autorizarCliente(escopo: EscopoCliente): preValidationAsyncHookHandler;
  }
}

export function bearerOf(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const [scheme, token] = h.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export const MENSAGEM_PERFIL_SEM_PERMISSAO = 'Seu perfil não tem permissão para esta operação.';
export const MENSAGEM_CLIENTE_SEM_PERMISSAO = 'Clientes de integração não têm acesso a esta operação.';
/** The `typ` of a machine client's access token (RFC 9068). */
export const TIPO_TOKEN_CLIENTE = 'at+jwt';

/** A client's token on a people's route is a known caller without the permission: 403, like a profile without it. */
export function ehTokenDeCliente(token: string | undefined): boolean {
  if (!token) return false;
  try {
    return decodeProtectedHeader(token).typ === TIPO_TOKEN_CLIENTE;
  } catch {
    return false;
  }
}

/** The OpenAPI document reads it. */
const PERFIS_DO_GANCHO = Symbol('perfis do gancho autorizar');

export function comPerfisDoGancho<T extends object>(gancho: T, perfis: readonly Perfil[]): T {
  return Object.assign(gancho, { [PERFIS_DO_GANCHO]: Object.freeze([...perfis]) });
}

/** Empty: any signed-in caller; null when the route has no such hook. */
export function perfisDoGancho(hooks: unknown): readonly Perfil[] | null {
  for (const h of [hooks].flat()) {
    if (typeof h === 'function' && PERFIS_DO_GANCHO in h) return (h as unknown as Record<symbol, readonly Perfil[]>)[PERFIS_DO_GANCHO]!;
  }
  return null;
}

/** The signed-in caller; only call after `autorizar`. */
export function atorDe(req: FastifyRequest): AuthContext {
  if (!req.auth) throw AppError.unauthorized('Token de acesso inválido ou ausente.');
  return req.auth;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { auth: AuthService; auditoria: AuditoriaService }) => {
  app.decorateRequest('auth', null);
  app.decorate('autorizar', (...perfis: Perfil[]) => {
    const gancho = async (req: FastifyRequest, _reply: FastifyReply) => {
      const token = bearerOf(req);
      if (ehTokenDeCliente(token)) throw AppError.forbidden(MENSAGEM_CLIENTE_SEM_PERMISSAO);
      req.auth = await opts.auth.autenticar(token, req.ip);
      if (perfis.length > 0 && !perfis.includes(req.auth.perfil)) {
        await opts.auditoria.tentarRegistrar({
          acao: 'AUTORIZACAO_RECUSADA',
          ...doAtor(req.auth),
          recurso: req.routeOptions.url ?? null,
          sucesso: false,
          detalhes: { motivo: 'perfil', metodo: req.method },
        });
        throw AppError.forbidden(MENSAGEM_PERFIL_SEM_PERMISSAO);
      }
    };
    return comPerfisDoGancho(gancho, perfis);
  });
});
