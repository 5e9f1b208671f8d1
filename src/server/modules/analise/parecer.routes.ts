import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/analise';
import { idAnaliseCorpo } from '../../../shared/schemas/analise';
import { MENSAGENS_DOCUMENTO } from '../../../shared/schemas/documento';
import { lerEnvio, LIMITES_MULTIPART } from '../../lib/arquivos-http';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { AnaliseService } from './analise.service';

/** The analysis's opinion document (parecer), under the documents' addresses of the specification. */
export const parecerRoutes: FastifyPluginAsync<{ analise: AnaliseService }> = async (app, { analise }) => {
  // Multipart parsing belongs to this plugin's routes only.
  await app.register(multipart, { limits: LIMITES_MULTIPART, throwFileSizeLimit: true });

  rota(app, c.enviarParecer, async (req) => {
    // The contract's form: idAnaliseSolicitacao and the file in `arquivos`.
    const { campos, arquivo } = await lerEnvio(req, idAnaliseCorpo);
    const doc = await analise.anexarParecer(atorDe(req), campos.idAnaliseSolicitacao, arquivo);
    return ok({ documentos: [doc] }, MENSAGENS_DOCUMENTO.salvo);
  });

  rota(app, c.removerParecer, async (req, reply) => {
    await analise.removerParecer(atorDe(req), req.params.id);
    return reply.status(204).send(null);
  });
};
