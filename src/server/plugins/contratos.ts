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
import { ehDeCliente, ehPublica, PERFIS_TODOS, perfisDe, type EscopoCliente } from '../../shared/permissoes';
import { servicoDaRota } from '../../shared/representacao';
import { comPerfisDoGancho, perfisDoGancho } from './auth';

/** Decision 0059: the route adds only its handler and server-only options. */

/** The OpenAPI security scheme of machine clients (OAuth 2.0 client credentials). */
export const ESQUEMA_CLIENTE = 'clienteIntegracao';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The service (ServicoDelegado) an entity's agent may use this route for, if any. */
    servicoDelegavel?: number;
  }
}

type Saida<T> = T extends z.ZodType ? z.output<T> : undefined;

export type RequisicaoDe<C> = C extends Contrato<infer P, infer Q, infer B, Resposta>
  ? FastifyRequest<{ Params: Saida<P>; Querystring: Saida<Q>; Body: Saida<B> }>
  : never;

export interface ExtrasDaRota {
  /** A guard in place of the permission's, with why; it must admit exactly the permission's callers (checked). */
  guardaPropria?: { motivo: string; preValidation: preValidationAsyncHookHandler | preValidationAsyncHookHandler[] };
  config?: RouteShorthandOptions['config'];
  bodyLimit?: number;
  /** For routes that answer schema failures as a failed wizard step. */
  attachValidation?: boolean;
  /** 'warn' keeps an address that names a person or a record out of the access log. */
  logLevel?: LogLevel;
}

function urlFastify(caminho: string): string {
  return caminho.replace(/\{(\w+)\}/g, ':$1');
}

function respostaDe(r: Resposta): Pick<FastifySchema, 'response' | 'produces'> {
  if (ehRespostaArquivo(r)) return { response: { 200: z.string().describe(r.descricao) }, produces: r.arquivo };
  if (ehRespostaVazia(r)) return { response: { 204: z.null().describe(r.vazia) } };
  return { response: { 200: envelopeOf(r) } };
}

function schemaDoContrato(c: Contrato): FastifySchema {
  const publica = ehPublica(c.permissao);
  return {
    tags: [c.tag].flat(),
    summary: c.resumo,
    ...(c.descricao ? { description: c.descricao } : {}),
    security: ehDeCliente(c.permissao) ? [{ [ESQUEMA_CLIENTE]: [c.permissao] }]
      : !publica ? [{ bearer: [] }] : c.tokenOpcional ? [{ bearer: [] }, {}] : [],
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

/** One admitting the anonymous caller but not every profile cannot be enforced: such a route needs its own guard. */
function guardaDe(app: FastifyInstance, c: Contrato): preValidationAsyncHookHandler | undefined {
  if (ehDeCliente(c.permissao)) return app.autorizarCliente(c.permissao as EscopoCliente);
  if (!ehPublica(c.permissao)) return app.autorizar(...perfisDe(c.permissao));
  if (perfisDe(c.permissao).length === PERFIS_TODOS.length) return undefined;
  throw new Error(`${c.metodo} ${c.caminho}: a permissão ${c.permissao} admite o anônimo mas não todos os perfis; a rota precisa de guardaPropria`);
}

/** Decision 0067: a caller without a valid token gets 401/403 whatever body it sent, and costs no parsing. */
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

/** Decision 0060; keys are per caller, so the route must need a session. */
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

export function rota<C extends Contrato>(
  app: FastifyInstance,
  c: C,
  handler: (req: RequisicaoDe<C>, reply: FastifyReply) => Promise<unknown>,
  extras: ExtrasDaRota = {},
): void {
  const guarda = extras.guardaPropria ? extras.guardaPropria.preValidation : guardaDe(app, c);
  const preHandler = c.idempotente ? ganchoIdempotencia(app, c) : undefined;
  // What an entity's agent may do here for a fisher, read by the representation hook (docs/decisions/0110).
  const servicoDelegavel = servicoDaRota(c.tag, c.permissao);
  const config = servicoDelegavel !== null ? { ...extras.config, servicoDelegavel } : extras.config;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: c.metodo,
    url: urlFastify(c.caminho),
    schema: schemaDoContrato(c),
    ...(guarda ? { preParsing: antesDoCorpo(guarda) } : {}),
    ...(preHandler ? { preHandler } : {}),
    ...(config ? { config } : {}),
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    ...(extras.attachValidation ? { attachValidation: true } : {}),
    ...(extras.logLevel ? { logLevel: extras.logLevel } : {}),
    handler: handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
