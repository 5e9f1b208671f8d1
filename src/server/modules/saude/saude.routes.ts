import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import * as c from '../../../shared/contratos/saude';
import type { Database } from '../../db/client';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import { AppError } from '../../lib/errors';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';

export const saudeRoutes: FastifyPluginAsync<{ db: Database; auditoria: AuditoriaService }> = async (app, { db, auditoria }) => {
  // Liveness (deploy/kubernetes): the process answers, whatever the database does. An orchestrator restarts an
  // instance that fails it, so it must not touch PostgreSQL: a database outage would restart every instance at once.
  // Readiness is /api/health below, which takes an instance out of the balancer while its database does not answer.
  rota(app, c.vivo, async () => ok({ status: 'ok' as const }));

  rota(app, c.pronto, async () => {
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
