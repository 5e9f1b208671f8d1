import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../shared/envelope';
import { filtrosAuditoriaSchema, paginaAuditoriaSchema } from '../../../shared/schemas/auditoria';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { LEITORES_AUDITORIA, type AuditoriaService } from './auditoria.service';

/** Reading the audit trail: GESTOR and ADMIN only (product guide, "Who may do what"). */
export const auditoriaRoutes: FastifyPluginAsyncZod<{ auditoria: AuditoriaService }> = async (app, { auditoria }) => {
  app.get('/api/auditoria', {
    preValidation: app.autorizar(...LEITORES_AUDITORIA),
    schema: {
      tags: ['auditoria'],
      summary: 'Trilha de auditoria: quem fez o quê, em qual registro, quando e de onde',
      description: 'Filtros: CPF do servidor (cpfAtor), CPF do pescador a quem o evento diz respeito (cpfPescador), '
        + 'recurso e recursoId, ação, período (de/ate, datas de Brasília). Mais recentes primeiro, paginado pelo cursor '
        + '`apos` (o `proximo` da página anterior). A consulta é auditada.',
      security: [{ bearer: [] }],
      querystring: filtrosAuditoriaSchema,
      response: { 200: envelopeOf(paginaAuditoriaSchema) },
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await auditoria.listar(atorDe(req), req.query));
  });
};
