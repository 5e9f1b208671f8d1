import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import { documentosResposta, envioDocumentoCampos, MENSAGENS_DOCUMENTO } from '../../../shared/schemas/documento';
import { idParam } from '../../../shared/schemas/primitivos';
import { lerEnvio, LIMITES_MULTIPART } from '../../lib/arquivos-http';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { PERFIS_LEITURA_DOCUMENTOS } from '../escopo';
import type { DocumentoService } from './documento.service';


/** Documents of requests (spec point 7, "Documents"). */
export const documentoRoutes: FastifyPluginAsyncZod<{ documento: DocumentoService }> = async (app, { documento }) => {
  // Multipart parsing belongs to this plugin's routes only.
  await app.register(multipart, { limits: LIMITES_MULTIPART, throwFileSizeLimit: true });

  app.post('/api/documentos', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: {
      tags: ['documento'],
      summary: 'Envia um documento da solicitação (multipart: idSolicitacao, tipo, arquivos)',
      description: 'Um arquivo por chamada, até 2048 KB; PDF, JPG ou PNG (a foto 3x4 só JPG ou PNG), conferidos pelo conteúdo. '
        + 'Um novo documento substitui o do mesmo tipo, exceto os adicionais (tipo 6), que se acumulam até 10.',
      security: [{ bearer: [] }],
      consumes: ['multipart/form-data'],
      formulario: { campos: envioDocumentoCampos },
      response: { 200: envelopeOf(documentosResposta) },
    },
  }, async (req) => {
    const { campos, arquivo } = await lerEnvio(req, envioDocumentoCampos);
    const documentos = await documento.enviar(atorDe(req), campos, arquivo);
    return ok({ documentos }, MENSAGENS_DOCUMENTO.salvo);
  });

  // The specification's "204 for document deletion" is the HTTP status: a 204 carries no body on the wire, so the
  // envelope's message ('Documento removido com sucesso') is for the web to show; nothing else is sent.
  app.delete('/api/documentos/:id', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    schema: {
      tags: ['documento'],
      summary: 'Remove um documento da solicitação (HTTP 204, sem corpo)',
      security: [{ bearer: [] }],
      params: idParam,
      response: { 204: z.null().describe('Documento removido com sucesso (sem corpo)') },
    },
  }, async (req, reply) => {
    await documento.remover(atorDe(req), req.params.id);
    return reply.status(204).send(null);
  });

  app.get('/api/documentos/solicitacao/:id', {
    preValidation: app.autorizar(...PERFIS_LEITURA_DOCUMENTOS),
    schema: {
      tags: ['documento'],
      summary: 'Documentos ativos de uma solicitação',
      security: [{ bearer: [] }],
      params: idParam,
      response: { 200: envelopeOf(documentosResposta) },
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok({ documentos: await documento.listarPorSolicitacao(atorDe(req), req.params.id) });
  });
};
