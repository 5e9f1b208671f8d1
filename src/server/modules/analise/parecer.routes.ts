import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import { documentosResposta, MENSAGENS_DOCUMENTO } from '../../../shared/schemas/documento';
import { idCoagido, idParam } from '../../../shared/schemas/primitivos';
import { lerEnvio, LIMITES_MULTIPART } from '../../lib/arquivos-http';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { AnaliseService } from './analise.service';


/** The text field of the opinion's multipart form (its file in `arquivos`). */
const camposParecer = z.object({ idAnaliseSolicitacao: idCoagido() });

/** The analysis's opinion document (parecer), under the documents' addresses of the specification. */
export const parecerRoutes: FastifyPluginAsyncZod<{ analise: AnaliseService }> = async (app, { analise }) => {
  // Multipart parsing belongs to this plugin's routes only.
  await app.register(multipart, { limits: LIMITES_MULTIPART, throwFileSizeLimit: true });

  app.post('/api/documentos/parecer', {
    preValidation: app.autorizar(Perfil.GESTOR, Perfil.MPA, Perfil.SFPA, Perfil.ADMIN),
    schema: {
      tags: ['documento', 'analise'],
      summary: 'Anexa o documento de parecer da análise (multipart: idAnaliseSolicitacao, arquivos; PDF até 2048 KB)',
      security: [{ bearer: [] }],
      consumes: ['multipart/form-data'],
      formulario: { campos: camposParecer },
      response: { 200: envelopeOf(documentosResposta) },
    },
  }, async (req) => {
    const { campos, arquivo } = await lerEnvio(req, camposParecer);
    const doc = await analise.anexarParecer(atorDe(req), campos.idAnaliseSolicitacao, arquivo);
    return ok({ documentos: [doc] }, MENSAGENS_DOCUMENTO.salvo);
  });

  app.delete('/api/documentos/parecer/documento/:id', {
    preValidation: app.autorizar(Perfil.GESTOR, Perfil.MPA, Perfil.SFPA, Perfil.ADMIN),
    schema: {
      tags: ['documento', 'analise'],
      summary: 'Remove o documento de parecer da análise (HTTP 204, sem corpo)',
      security: [{ bearer: [] }],
      params: idParam,
      response: { 204: z.null().describe('Documento removido com sucesso (sem corpo)') },
    },
  }, async (req, reply) => {
    await analise.removerParecer(atorDe(req), req.params.id);
    return reply.status(204).send(null);
  });
};
