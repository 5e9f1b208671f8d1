import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import type { Database } from '../../db/client';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import { AppError } from '../../lib/errors';
import { ok } from '../../plugins/envelope';

export const saudeRoutes: FastifyPluginAsyncZod<{ db: Database; auditoria: AuditoriaService }> = async (app, { db, auditoria }) => {
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
