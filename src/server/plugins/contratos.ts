import type {
  FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, LogLevel, preHandlerAsyncHookHandler, preParsingAsyncHookHandler,
  preValidationAsyncHookHandler, RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type Contrato, ehRespostaArquivo, ehRespostaVazia, type Resposta,
} from '../../shared/contrato';
import { envelopeOf } from '../../shared/schemas/envelope';
import { ehPublica, PERFIS_TODOS, perfisDe } from '../../shared/permissoes';
import { comPerfisDoGancho, perfisDoGancho } from './auth';

/**
 * Registers a route from its contract (src/shared/contrato.ts, decision 0059): method, path, schemas, answer and
 * the guard of its permission (src/shared/permissoes.ts) come from the contract; the route adds only its handler
 * and what is the server's alone (a rate limit, a guard of another kind).
 */

type Saida<T> = T extends z.ZodType ? z.output<T> : undefined;

/** The request a contract's handler receives: params, query and body as its schemas parse them. */
export type RequisicaoDe<C> = C extends Contrato<infer P, infer Q, infer B, Resposta>
  ? FastifyRequest<{ Params: Saida<P>; Querystring: Saida<Q>; Body: Saida<B> }>
  : never;

/** What the server adds to a contract's route. */
export interface ExtrasDaRota {
  /**
   * A guard of another kind in place of the permission's (a token in the query, a session renewed with its expired
   * token), with why: the only way a route's guard is not the table's. It must still let in exactly the
   * permission's callers, which the authorisation matrix checks. Like the table's, it runs before the body is read
   * (`antesDoCorpo`), so it reads only the request line and headers.
   */
  guardaPropria?: { motivo: string; preValidation: preValidationAsyncHookHandler | preValidationAsyncHookHandler[] };
  config?: RouteShorthandOptions['config'];
  bodyLimit?: number;
  /**
   * The body's schema failures reach the handler (`req.validationError`) instead of the error handler: the routes
   * that answer them as a wizard step that fails (lib/validacao.ts, `exigirCorpoValido`).
   */
  attachValidation?: boolean;
  /** The route's log level: 'warn' keeps an address that names a person or a record out of the access log. */
  logLevel?: LogLevel;
}

/** Fastify's path of a contract's: `{id}` → `:id`. */
function urlFastify(caminho: string): string {
  return caminho.replace(/\{(\w+)\}/g, ':$1');
}

function respostaDe(r: Resposta): Pick<FastifySchema, 'response' | 'produces'> {
  if (ehRespostaArquivo(r)) return { response: { 200: z.string().describe(r.descricao) }, produces: r.arquivo };
  if (ehRespostaVazia(r)) return { response: { 204: z.null().describe(r.vazia) } };
  return { response: { 200: envelopeOf(r) } };
}

/** The route's Fastify schema: what validates and what the OpenAPI document prints (plugins/openapi.ts). */
function schemaDoContrato(c: Contrato): FastifySchema {
  const publica = ehPublica(c.permissao);
  return {
    tags: [c.tag].flat(),
    summary: c.resumo,
    ...(c.descricao ? { description: c.descricao } : {}),
    security: !publica ? [{ bearer: [] }] : c.tokenOpcional ? [{ bearer: [] }, {}] : [],
    ...(c.params ? { params: c.params } : {}),
    ...(c.query ? { querystring: c.query } : {}),
    ...(c.corpo ? { body: c.corpo } : {}),
    ...(c.cabecalhos ? { headers: c.cabecalhos } : {}),
    ...(c.formulario ? { consumes: ['multipart/form-data'], formulario: c.formulario } : {}),
    ...respostaDe(c.resposta),
    ...(c.outrosErros?.length ? { outrosErros: c.outrosErros } : {}),
    ...(c.codigos?.length ? { codigosErro: c.codigos } : {}),
    ...(c.idempotente ? { idempotente: true as const } : {}),
  };
}

/**
 * The guard of a permission: none for one that admits every caller, else `autorizar` with the profiles the table
 * names. A permission that admits the anonymous caller but not every profile cannot be a guard of the table's (a
 * caller without a token would pass): such a route must bring its own, or it is not registered.
 */
function guardaDe(app: FastifyInstance, c: Contrato): preValidationAsyncHookHandler | undefined {
  if (!ehPublica(c.permissao)) return app.autorizar(...perfisDe(c.permissao));
  if (perfisDe(c.permissao).length === PERFIS_TODOS.length) return undefined;
  throw new Error(`${c.metodo} ${c.caminho}: a permissão ${c.permissao} admite o anônimo mas não todos os perfis; a rota precisa de guardaPropria`);
}

/**
 * The guard as a preParsing hook (issue 33, decision 0067): it runs before the body is read, so a caller without a
 * valid token gets 401 (or 403 for a profile left out) whatever body it sent, broken or too large, and costs no
 * parsing. It keeps the profiles the guard names, which the OpenAPI document reads (plugins/openapi.ts).
 */
function antesDoCorpo(guarda: preValidationAsyncHookHandler | preValidationAsyncHookHandler[]): preParsingAsyncHookHandler {
  const ganchos = [guarda].flat();
  const gancho: preParsingAsyncHookHandler = async function (req, reply, payload) {
    for (const g of ganchos) {
      await g.call(this, req, reply);
      if (reply.sent) break;
    }
    return payload;
  };
  const perfis = perfisDoGancho(ganchos);
  return perfis ? comPerfisDoGancho(gancho, perfis) : gancho;
}

/**
 * The idempotency keys of a contract marked `idempotente` (plugins/idempotencia.ts, decision 0060): its preHandler,
 * after the guard and the schemas. Such a route must need a session (a key is kept per caller).
 */
function ganchoIdempotencia(app: FastifyInstance, c: Contrato): preHandlerAsyncHookHandler {
  if (ehPublica(c.permissao)) throw new Error(`${c.metodo} ${c.caminho}: uma rota idempotente precisa de sessão (a chave é guardada por usuário)`);
  if (!app.hasDecorator('idempotencia')) throw new Error(`${c.metodo} ${c.caminho}: registre o plugin de idempotência antes das rotas idempotentes`);
  const gancho = app.idempotencia;
  if (c.idempotente !== 'envios') return gancho;
  // A draft saves the whole form (repeating it is harmless): its key is neither kept nor counted (decision 0068).
  return async function (req, reply) {
    if ((req.body as { enviada?: unknown } | undefined)?.enviada === false) return;
    return gancho.call(this, req, reply);
  };
}

/** Registers the contract's route on `app` with `handler`. */
export function rota<C extends Contrato>(
  app: FastifyInstance,
  c: C,
  handler: (req: RequisicaoDe<C>, reply: FastifyReply) => Promise<unknown>,
  extras: ExtrasDaRota = {},
): void {
  const guarda = extras.guardaPropria ? extras.guardaPropria.preValidation : guardaDe(app, c);
  const preHandler = c.idempotente ? ganchoIdempotencia(app, c) : undefined;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: c.metodo,
    url: urlFastify(c.caminho),
    schema: schemaDoContrato(c),
    ...(guarda ? { preParsing: antesDoCorpo(guarda) } : {}),
    ...(preHandler ? { preHandler } : {}),
    ...(extras.config ? { config: extras.config } : {}),
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    ...(extras.attachValidation ? { attachValidation: true } : {}),
    ...(extras.logLevel ? { logLevel: extras.logLevel } : {}),
    handler: handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
