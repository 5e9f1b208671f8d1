import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/auditoria';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { AuditoriaService } from './auditoria.service';

/** Reading the audit trail: GESTOR and ADMIN only (product guide, "Who may do what"). */
export const auditoriaRoutes: FastifyPluginAsync<{ auditoria: AuditoriaService }> = async (app, { auditoria }) => {
  rota(app, c.listar, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await auditoria.listar(atorDe(req), req.query));
  });
};
