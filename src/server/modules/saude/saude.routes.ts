import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import * as c from '../../../shared/contratos/saude';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import { AppError } from '../../lib/errors';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';

export const saudeRoutes: FastifyPluginAsync<{ pool: pg.Pool; auditoria: AuditoriaService }> = async (app, { pool, auditoria }) => {
  // Liveness (deploy/kubernetes): the process answers, whatever the database does. An orchestrator restarts an
  // instance that fails it, so it must not touch PostgreSQL: a database outage would restart every instance at once.
  // Readiness is /api/health below, which takes an instance out of the balancer while its database does not answer.
  // It asks on its own connection (main.ts): requests queueing for the request pool under a peak are not a database
  // outage, and a readiness that waited behind them would take every busy instance out at once.
  rota(app, c.vivo, async () => ok({ status: 'ok' as const }));

  rota(app, c.pronto, async () => {
    const started = performance.now();
    try {
      await pool.query('SELECT 1');
    } catch (err) {
      throw new AppError(503, 'Banco de dados indisponível', { cause: err });
    }
    return ok({
      status: 'ok' as const, banco: 'ok' as const, latenciaBancoMs: Math.round(performance.now() - started), falhasAuditoria: auditoria.falhas,
    });
  });
};
