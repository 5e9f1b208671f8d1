import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import { idParam } from '../../../shared/schemas/primitivos';
import { cpfSchema } from '../../../shared/schemas/solicitacao';
import {
  atualizacaoEnderecoCorpo, enderecoPescadorSchema, imprimirProtocoloQuery, MENSAGENS_PESCADOR, pescadorSchema,
  registroLegadoSchema,
} from '../../../shared/schemas/pescador';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { enviarArquivo } from '../../lib/arquivos-http';
import { LEITORES, SERVIDORES_LEITORES } from '../escopo';
import type { PescadorService } from './pescador.service';


// Who reads: escopo.ts, the product guide's table (CONSULTA_EXTERNO reads no fisher record).

/** Fisher record (spec point 7 "Fisher", product guide's GET /api/pescador/cpf/{cpf}). */
export const pescadorRoutes: FastifyPluginAsyncZod<{ pescador: PescadorService }> = async (app, { pescador }) => {
  // Personal data: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get('/api/pescador/cpf/:cpf', {
    preValidation: app.autorizar(...SERVIDORES_LEITORES),
    schema: {
      tags: ['pescador'],
      summary: 'Pescador pelo CPF (servidores; SFPA só da sua UF)',
      security: [{ bearer: [] }],
      params: z.object({ cpf: cpfSchema }),
      response: { 200: envelopeOf(pescadorSchema) },
    },
  }, async (req) => ok(await pescador.obterPorCpf(atorDe(req), req.params.cpf)));

  app.get('/api/pescador/legado/:id', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      tags: ['pescador'],
      summary: 'Registro do pescador migrado do sistema legado, com os documentos migrados',
      security: [{ bearer: [] }],
      params: idParam,
      response: { 200: envelopeOf(registroLegadoSchema) },
    },
  }, async (req) => ok(await pescador.legado(atorDe(req), req.params.id)));

  app.get('/api/pescador/:id', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      tags: ['pescador'],
      summary: 'Cadastro do pescador (o próprio; servidores no seu escopo, auditado)',
      security: [{ bearer: [] }],
      params: idParam,
      response: { 200: envelopeOf(pescadorSchema) },
    },
  }, async (req) => ok(await pescador.obter(atorDe(req), req.params.id)));

  app.get('/api/pescador/:id/endereco', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      tags: ['pescador'],
      summary: 'Endereço do pescador',
      security: [{ bearer: [] }],
      params: idParam,
      response: { 200: envelopeOf(enderecoPescadorSchema) },
    },
  }, async (req) => ok(await pescador.endereco(atorDe(req), req.params.id)));

  app.put('/api/pescador/:id/atualizacao-endereco', {
    preValidation: app.autorizar(Perfil.INTERESSADO),
    // After authentication, so that the limit is per fisher, not per address (10 a minute).
    config: {
      rateLimit: {
        max: 10,
        timeWindow: '1 minute',
        hook: 'preHandler',
        keyGenerator: (req) => (req.auth?.idPescador ? `pescador:${req.auth.idPescador}` : req.ip),
      },
    },
    schema: {
      tags: ['pescador'],
      summary: 'Atualiza o endereço do próprio pescador',
      security: [{ bearer: [] }],
      params: idParam,
      body: atualizacaoEnderecoCorpo,
      response: { 200: envelopeOf(enderecoPescadorSchema) },
    },
  }, async (req) => ok(await pescador.atualizarEndereco(atorDe(req), req.params.id, req.body), MENSAGENS_PESCADOR.enderecoAtualizado));

  app.get('/api/pescador/:id/imprimir-protocolo', {
    preValidation: app.autorizar(...LEITORES),
    schema: {
      tags: ['pescador'],
      summary: 'Comprovante (PDF) do protocolo de uma solicitação enviada',
      description: 'idSolicitacao escolhe a solicitação; sem ele, a última enviada pelo pescador.',
      security: [{ bearer: [] }],
      params: idParam,
      querystring: imprimirProtocoloQuery,
      produces: ['application/pdf'],
      response: { 200: z.string().describe('PDF (application/pdf)') },
    },
  }, async (req, reply) => {
    const { numeroProtocolo, pdf } = await pescador.imprimirProtocolo(atorDe(req), req.params.id, req.query.idSolicitacao);
    const nome = `protocolo-${numeroProtocolo.replace(/[^A-Za-z0-9._-]/g, '-')}.pdf`;
    return enviarArquivo(reply, { bytes: pdf, mime: 'application/pdf', nomeArquivo: nome }, `inline; filename="${nome}"`);
  });
};
