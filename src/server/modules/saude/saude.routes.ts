import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import type { Database } from '../../db/client';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import { AppError } from '../../lib/errors';
import { ok } from '../../plugins/envelope';

export const saudeRoutes: FastifyPluginAsyncZod<{ db: Database; auditoria: AuditoriaService }> = async (app, { db, auditoria }) => {
  // Liveness (deploy/kubernetes): the process answers, whatever the database does. An orchestrator restarts an
  // instance that fails it, so it must not touch PostgreSQL: a database outage would restart every instance at once.
  // Readiness is /api/health below, which takes an instance out of the balancer while its database does not answer.
  app.get('/api/health/vivo', {
    schema: {
      tags: ['saude'],
      summary: 'O processo responde (sem consultar o banco de dados)',
      response: { 200: envelopeOf(z.object({ status: z.literal('ok') })) },
    },
  }, async () => ok({ status: 'ok' as const }));

  app.get('/api/health', {
    schema: {
      tags: ['saude'],
      summary: 'Estado do serviço e do banco de dados',
      response: {
        200: envelopeOf(z.object({
          status: z.literal('ok'),
          banco: z.literal('ok'),
          latenciaBancoMs: z.number(),
          falhasAuditoria: z.number().int().describe('Registros de auditoria que não puderam ser gravados desde o início'),
        })),
      },
    },
  }, async () => {
    const started = performance.now();
    try {
      await db.execute(sql`SELECT 1`);
    } catch (err) {
      throw new AppError(503, 'Banco de dados indisponível', { cause: err });
    }
    return ok({
      status: 'ok' as const, banco: 'ok' as const, latenciaBancoMs: Math.round(performance.now() - started), falhasAuditoria: auditoria.falhas,
    });
  });
};
