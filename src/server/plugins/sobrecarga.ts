import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { CodigoErro } from '../../shared/codigos-erro';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

export const MENSAGEM_SOBRECARREGADO = 'O serviço está sobrecarregado no momento. Tente novamente em alguns instantes.';

/**
 * Routes answered even under overload: the liveness probe (`/api/health/vivo`, which reads no database). An
 * orchestrator that saw it fail would restart an instance that is only busy, and the restart would add load.
 * Readiness (`/api/health`, which reads the database) is shed like the rest, so that the balancer sends the
 * instance less traffic until it recovers.
 */
export const ROTAS_SEMPRE_ATENDIDAS = new Set(['/api/health/vivo']);

/**
 * Load shedding (decision 0048) with @fastify/under-pressure: it samples the event-loop delay, its utilisation,
 * the heap and the RSS once a second; while one is over its threshold every request but the liveness probe is
 * answered at once with 503, `Retry-After` and the envelope `{codigo, mensagem, erros, codigoErro: SOBRECARREGADO}`
 * instead of queueing behind the work that overloads the server. A threshold of 0 is off.
 */
export const sobrecargaPlugin = fp<Config['sobrecarga'] & { intervaloAmostraMs?: number }>(async (app: FastifyInstance, opts) => {
  await app.register(underPressure, {
    maxEventLoopDelay: opts.atrasoMaximoMs,
    maxEventLoopUtilization: opts.utilizacaoMaxima,
    // The utilisation of the last sample, not the average since the start (the plugin's default).
    eventLoopUtilizationMode: 'interval',
    maxHeapUsedBytes: opts.heapMaximoBytes,
    maxRssBytes: opts.rssMaximoBytes,
    retryAfter: opts.retryAfterSegundos,
    ...(opts.intervaloAmostraMs ? { sampleInterval: opts.intervaloAmostraMs } : {}),
    // A promise: resolved, the request goes on; rejected, the error handler answers it in the envelope.
    pressureHandler: async (req: FastifyRequest, reply: FastifyReply, tipo: string) => {
      if (req.routeOptions.url && ROTAS_SEMPRE_ATENDIDAS.has(req.routeOptions.url)) return;
      if (app.hasDecorator('metricas')) app.metricas.recusadasPorSobrecarga.inc({ motivo: tipo });
      reply.header('retry-after', String(opts.retryAfterSegundos));
      throw new AppError(503, MENSAGEM_SOBRECARREGADO, { codigoErro: CodigoErro.SOBRECARREGADO });
    },
  });
}, { name: 'rgp-sobrecarga' });
