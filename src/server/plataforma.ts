import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { CodigoErro } from '../shared/codigos-erro';
import type { IdentityProvider } from './adapters/identity/identity-provider';
import type { FileStorage } from './adapters/storage/storage';
import type { Config } from './config';
import type { Database } from './db/client';
import type { FilaDeJobs } from './jobs/job';
import { chaveTokenCarteira } from './modules/carteira/carteira-token';
import { montarModulos, type Contexto, type QualquerModulo } from './modules/modulo';
import { cacheApiPlugin } from './plugins/cache-api';
import { comprimirRespostas } from './plugins/compressao';
import { aceitarCorpoJsonVazio } from './plugins/corpo-json';
import { envelopePlugin, erroDoRoteador } from './plugins/envelope';
import { idRequisicaoPlugin, opcoesDeIdDeRequisicao } from './plugins/id-requisicao';
import { metricasPlugin } from './plugins/metricas';
import { opcoesOpenApi } from './plugins/openapi';
import { erroLimiteExcedido, storeLimitesPostgres } from './plugins/rate-limit-store';
import { opcoesDeLog } from './plugins/redact';
import { securityPlugin } from './plugins/security';
import { sobrecargaPlugin } from './plugins/sobrecarga';
import { opcoesDaWeb } from './plugins/web-estatica';
import { xsrfPlugin } from './plugins/xsrf';
import { drenarCorpoAposRespostaAntecipada, erroDoCliente } from './erro-do-cliente';

export interface AppDeps {
  config: Config;
  db: Database;
  /** Reports, statistics, audit; `db` when absent. */
  dbLeitura?: Database;
  /** The job queue's pool, shown in the metrics beside the others. */
  poolJobs?: pg.Pool;
  /** Readiness's own connection (POOL_PRONTIDAO_MAX), so a saturated request pool does not fail it; `db` when absent. */
  poolProntidao?: pg.Pool;
  jwtSecret: Uint8Array;
  identityProvider?: IdentityProvider;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  storage?: FileStorage;
  fila: FilaDeJobs;
}

export async function montarApp(deps: AppDeps, modulos: readonly QualquerModulo[]): Promise<FastifyInstance> {
  const { config, db } = deps;
  const https = config.publicUrl.startsWith('https://');
  const app = Fastify({
    logger: deps.logger ?? opcoesDeLog(config.logLevel),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: erroDoRoteador,
    // A request Node's parser refuses gets the envelope, and its connection is not reset under the answer.
    clientErrorHandler: erroDoCliente,
    ...opcoesDeIdDeRequisicao,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // An empty JSON body is no body, so that authorisation answers before parsing could (decision 0046).
  aceitarCorpoJsonVazio(app);
  // An answer sent before its body was read (413, 401, 503…) drains the body rather than resetting the connection.
  drenarCorpoAposRespostaAntecipada(app);

  await app.register(envelopePlugin, { verificarCodigosDosContratos: config.env === 'test' });
  // Request id, metrics and load shedding (decision 0048): first, so a shed request costs no more than this.
  await app.register(idRequisicaoPlugin);
  await app.register(metricasPlugin, { pool: db.$client, poolLeitura: deps.dbLeitura?.$client, poolJobs: deps.poolJobs, poolProntidao: deps.poolProntidao, ...config.metricas });
  await app.register(securityPlugin, { https, hcaptcha: Boolean(config.captcha.hcaptchaSecret) });
  // Before the routes, so that a route's own onSend (reference lists: public) comes after it (decision 0067).
  await app.register(cacheApiPlugin);
  await app.register(sobrecargaPlugin, config.sobrecarga);
  await app.register(xsrfPlugin, { secure: https });
  await app.register(rateLimit, {
    global: false,
    // Counted in PostgreSQL, shared by every instance (decision 0041), unless RATE_LIMIT_STORE=memoria.
    ...(config.rateLimitStore === 'postgres'
      ? { store: storeLimitesPostgres(db, (err) => app.log.warn({ err }, 'limite_requisicao purge failed')) }
      : {}),
    errorResponseBuilder: (_req, ctx) => erroLimiteExcedido(ctx.ttl),
  });

  await app.register(swagger, opcoesOpenApi());
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const ctx: Contexto = {
    app, config, db, dbLeitura: deps.dbLeitura ?? db, prontidao: deps.poolProntidao ?? db.$client, fila: deps.fila, jwtSecret: deps.jwtSecret,
    chaveImpressos: chaveTokenCarteira(config.carteira.tokenSecret, deps.jwtSecret), agora: deps.now ?? (() => new Date()),
    substitutos: { identityProvider: deps.identityProvider, storage: deps.storage, now: deps.now },
  };
  await montarModulos(ctx, modulos);
  await registerWeb(app, config.webDistDir);
  return app;
}

/** A GET outside /api that is not a file answers index.html, for the browser's router. */
async function registerWeb(app: FastifyInstance, dir: string) {
  const index = path.join(dir, 'index.html');
  const built = fs.existsSync(index);
  const paginas = paginasPrecarregadas(dir);
  if (built) {
    await app.register(fastifyStatic, opcoesDaWeb(dir));
  }
  comprimirRespostas(app);
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    // A hashed file that is not there (an old release's, asked by a page left open) is a 404, not index.html.
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/assets/') || req.method !== 'GET') {
      return reply.status(404).send({
        codigo: 404, mensagem: 'Recurso não encontrado.', erros: ['Recurso não encontrado.'], codigoErro: CodigoErro.NAO_ENCONTRADO,
      });
    }
    if (!built) {
      return reply.status(503).type('text/plain; charset=utf-8')
        .send('A interface web ainda não foi construída. Rode "npm run build" (o "npm start" faz isso) e recarregue.');
    }
    return reply.sendFile(paginas.get(url.length > 1 ? url.replace(/\/+$/, '') : url) ?? 'index.html');
  });
}

/** Decision 0065. */
function paginasPrecarregadas(dir: string): Map<string, string> {
  const pasta = path.join(dir, 'paginas');
  if (!fs.existsSync(pasta)) return new Map();
  // `paginas/index.html` is the landing page rendered at build time (decision 0066): `/` only.
  const endereco = (nome: string) => (nome === 'index' ? '/' : `/${nome}`);
  return new Map(fs.readdirSync(pasta).filter((f) => f.endsWith('.html')).map((f) => [endereco(f.slice(0, -'.html'.length)), `paginas/${f}`]));
}
