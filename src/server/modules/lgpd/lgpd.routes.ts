import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import {
  acessosAosMeusDadosSchema, exportacaoDadosSchema, filtrosAcessosSchema, NOME_ARQUIVO_EXPORTACAO,
} from '../../../shared/schemas/auditoria';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { LgpdService } from './lgpd.service';

/** The fisher's LGPD rights: who viewed their data, and their data as a file. Only the fisher, for themself. */
export const lgpdRoutes: FastifyPluginAsyncZod<{ lgpd: LgpdService }> = async (app, { lgpd }) => {
  app.get('/api/lgpd/acessos', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: {
      tags: ['lgpd'],
      summary: 'Quem acessou meus dados: visualizações e alterações feitas por servidores (órgão e perfil)',
      description: 'Do pescador autenticado, mais recentes primeiro; nunca o CPF ou o nome do servidor. '
        + 'Paginado pelo cursor `apos` (o `proximo` da página anterior).',
      security: [{ bearer: [] }],
      querystring: filtrosAcessosSchema,
      response: { 200: envelopeOf(acessosAosMeusDadosSchema) },
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await lgpd.acessos(atorDe(req), req.query.apos));
  });

  app.get('/api/lgpd/meus-dados', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: {
      tags: ['lgpd'],
      summary: 'Baixar meus dados (LGPD art. 18): cadastro, solicitações, REAPs, documentos (metadados), notificações e acessos',
      description: 'Só do pescador autenticado. Cada código de lista traz ao lado a descrição (`sexo: 2`, '
        + '`sexoDescricao: "Feminino"`). Em `acessos`, as visualizações e alterações feitas por servidores e os '
        + 'relatórios filtrados pelos dados do pescador: órgão, perfil e data, nunca o nome ou o CPF do servidor.',
      security: [{ bearer: [] }],
      response: { 200: envelopeOf(exportacaoDadosSchema) },
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    reply.header('content-disposition', `attachment; filename="${NOME_ARQUIVO_EXPORTACAO}"`);
    return ok(await lgpd.exportar(atorDe(req)));
  });
};
