import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/lgpd';
import { NOME_ARQUIVO_EXPORTACAO, NOME_ARQUIVO_EXPORTACAO_PDF } from '../../../shared/schemas/auditoria';
import { enviarArquivo } from '../../lib/arquivos-http';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { LgpdService } from './lgpd.service';

/** The fisher's LGPD rights: who viewed their data, and their data as a file. Only the fisher, for themself. */
export const lgpdRoutes: FastifyPluginAsync<{ lgpd: LgpdService }> = async (app, { lgpd }) => {
  rota(app, c.acessos, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await lgpd.acessos(atorDe(req), req.query.apos));
  });

  rota(app, c.meusDados, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    reply.header('content-disposition', `attachment; filename="${NOME_ARQUIVO_EXPORTACAO}"`);
    return ok(await lgpd.exportar(atorDe(req)));
  });

  // A download (attachment), as the JSON is: a phone saves it where the fisher finds it again.
  rota(app, c.meusDadosPdf, async (req, reply) => {
    const pdf = await lgpd.exportarPdf(atorDe(req));
    return enviarArquivo(reply, { bytes: pdf, mime: 'application/pdf', nomeArquivo: NOME_ARQUIVO_EXPORTACAO_PDF },
      `attachment; filename="${NOME_ARQUIVO_EXPORTACAO_PDF}"`);
  });
};
