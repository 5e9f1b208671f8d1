import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import { MENSAGENS_ARQUIVO, TAMANHO_MAXIMO_DOCUMENTO_BYTES } from '../../../shared/regras/arquivos';
import { documentosResposta, envioDocumentoCampos, MENSAGENS_DOCUMENTO } from '../../../shared/schemas/documento';
import { AppError } from '../../lib/errors';
import { atorDe } from '../../plugins/auth';
import { MENSAGEM_DADOS_INVALIDOS, ok } from '../../plugins/envelope';
import type { AnaliseService } from '../analise/analise.service';
import type { ArquivoEnviado, DocumentoService } from './documento.service';

const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Staff who may read documents (SFPA only in its scope); CONSULTA_EXTERNO reads no documents. */
export const PERFIS_LEITURA_DOCUMENTOS = [
  Perfil.INTERESSADO, Perfil.GESTOR, Perfil.MPA, Perfil.SFPA, Perfil.ADMIN, Perfil.CONSULTA_INTERNO,
] as const;

/**
 * The parser stops a file a little above the limit (so an oversized upload is never held whole in memory), and
 * the service checks the exact limit; both answer the specification's message.
 */
const LIMITES_MULTIPART = {
  fileSize: TAMANHO_MAXIMO_DOCUMENTO_BYTES + 1,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 12,
  headerPairs: 50,
};

interface EnvioMultipart {
  campos: Record<string, string>;
  arquivo: ArquivoEnviado | null;
}

/** Reads a multipart upload: text fields and one file in `arquivos`; maps the parser's limits to the spec's messages. */
async function lerEnvio(req: FastifyRequest): Promise<EnvioMultipart> {
  if (!req.isMultipart()) throw new AppError(415, 'Envie o documento como multipart/form-data.');
  const campos: Record<string, string> = {};
  let arquivo: ArquivoEnviado | null = null;
  let campoErrado = false;
  try {
    for await (const part of req.parts({ limits: LIMITES_MULTIPART })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'arquivos') {
          campoErrado = true;
          part.file.resume();
          continue;
        }
        arquivo = { bytes: await part.toBuffer(), nome: part.filename };
      } else if (typeof part.value === 'string') {
        campos[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.badRequest(MENSAGENS_ARQUIVO.tamanho);
    if (code === 'FST_FILES_LIMIT') throw AppError.badRequest(MENSAGENS_ARQUIVO.umArquivo);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw AppError.badRequest(MENSAGEM_DADOS_INVALIDOS);
    if (err instanceof AppError) throw err;
    // Malformed multipart (no boundary, truncated body…): the client's fault.
    throw AppError.badRequest('Não foi possível ler o envio do documento. Tente novamente.');
  }
  if (campoErrado && !arquivo) throw AppError.badRequest(MENSAGENS_ARQUIVO.arquivoObrigatorio);
  return { campos, arquivo };
}

/** Documents of requests (spec point 7, "Documents"). */
export const documentoRoutes: FastifyPluginAsyncZod<{ documento: DocumentoService; analise: AnaliseService }> = async (app, { documento, analise }) => {
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
      response: { 200: envelopeOf(documentosResposta) },
    },
  }, async (req) => {
    const envio = await lerEnvio(req);
    const campos = envioDocumentoCampos.safeParse(envio.campos);
    if (!campos.success) {
      throw AppError.badRequest(MENSAGEM_DADOS_INVALIDOS, campos.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
    }
    if (!envio.arquivo) throw AppError.badRequest(MENSAGENS_ARQUIVO.arquivoObrigatorio);
    const documentos = await documento.enviar(atorDe(req), campos.data, envio.arquivo);
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

  app.post('/api/documentos/parecer', {
    preValidation: app.autorizar(Perfil.GESTOR, Perfil.MPA, Perfil.SFPA, Perfil.ADMIN),
    schema: {
      tags: ['documento', 'analise'],
      summary: 'Anexa o documento de parecer da análise (multipart: idAnaliseSolicitacao, arquivos; PDF até 2048 KB)',
      security: [{ bearer: [] }],
      consumes: ['multipart/form-data'],
      response: { 200: envelopeOf(documentosResposta) },
    },
  }, async (req) => {
    const envio = await lerEnvio(req);
    const campos = z.object({ idAnaliseSolicitacao: z.coerce.number().int().positive() }).safeParse(envio.campos);
    if (!campos.success) {
      throw AppError.badRequest(MENSAGEM_DADOS_INVALIDOS, campos.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
    }
    if (!envio.arquivo) throw AppError.badRequest(MENSAGENS_ARQUIVO.arquivoObrigatorio);
    const doc = await analise.anexarParecer(atorDe(req), campos.data.idAnaliseSolicitacao, envio.arquivo);
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
