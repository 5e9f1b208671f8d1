import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import {
  filtroLotesSchema, loteAceitoSchema, loteAutomaticoCampos, loteManualCorpo, lotesRespostaSchema, MENSAGENS_LOTE,
  resultadoLoteManualSchema, TAMANHO_MAXIMO_ARQUIVO_LOTE_BYTES, type ItemLoteManual, type LoteResumo,
} from '../../../shared/schemas/lote';
import { idParam } from '../../../shared/schemas/primitivos';
import { contentDispositionInline, lerEnvio, type OpcoesEnvio } from '../../lib/arquivos-http';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { LoteService } from './lote.service';

/** Batch processing: GESTOR and ADMIN only (product guide, "Who may do what"). */
const PERFIS_LOTE = [Perfil.GESTOR, Perfil.ADMIN] as const;

/** The parser stops a file one byte above 70 KB (never held whole), and refuses a second file. */
const LIMITES_LOTE = { fileSize: TAMANHO_MAXIMO_ARQUIVO_LOTE_BYTES + 1, files: 1, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 50 };

/** 100,000 masked CPFs and the other fields. */
const LIMITE_CORPO_MANUAL = 3 * 1024 * 1024;

/** The multipart of an automatic batch: its fields and its one file (`arquivos`, or `arquivo`), with the specification's messages. */
const ENVIO_LOTE: OpcoesEnvio = {
  limites: LIMITES_LOTE,
  camposArquivo: ['arquivos', 'arquivo'],
  mensagens: {
    naoMultipart: 'Envie o lote como multipart/form-data.',
    ilegivel: 'Não foi possível ler o envio do lote. Tente novamente.',
    tamanho: MENSAGENS_LOTE.tamanho,
    umArquivo: MENSAGENS_LOTE.umArquivo,
    arquivoObrigatorio: MENSAGENS_LOTE.arquivoObrigatorio,
  },
  erroNoCampo: true,
  arquivoAntesDosCampos: false,
};

/**
 * The manual batch's answer, `ok(resultado, MENSAGENS_LOTE.concluido)` as JSON, written in pieces: the envelope and
 * the summary, then each page of outcomes as it is read, so memory stays bounded whatever the batch's size.
 */
async function* respostaManual(resumo: LoteResumo, paginas: AsyncGenerator<ItemLoteManual[]>): AsyncGenerator<string> {
  const inicio = JSON.stringify(ok({ lote: resumo, itens: [] }, MENSAGENS_LOTE.concluido));
  const corte = inicio.lastIndexOf('[]');
  yield inicio.slice(0, corte + 1);
  let primeira = true;
  for await (const pagina of paginas) {
    if (pagina.length === 0) continue;
    const json = JSON.stringify(pagina);
    yield `${primeira ? '' : ','}${json.slice(1, -1)}`;
    primeira = false;
  }
  yield inicio.slice(corte + 1);
}

/** An answer written while it is produced (the serializer is skipped; the route's schema documents the shape). */
function enviarEmPartes(reply: FastifyReply, tipo: string, partes: AsyncIterable<string>) {
  return reply
    .header('content-type', tipo)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Readable.from(partes));
}

/** Batch processing of fishers (spec point 7 "Batch"; GET /api/pescador/lote/todos from "Fisher"). Shapes: decision 0035. */
export const loteRoutes: FastifyPluginAsyncZod<{ lote: LoteService }> = async (app, { lote }) => {
  await app.register(multipart, { limits: LIMITES_LOTE, throwFileSizeLimit: true });

  app.post('/api/lote-pescador/manual', {
    preValidation: app.autorizar(...PERFIS_LOTE),
    bodyLimit: LIMITE_CORPO_MANUAL,
    schema: {
      tags: ['lote'],
      summary: 'Processa um lote manual (lista de CPFs) e responde o resultado de cada CPF',
      description: 'tipo 1 cancela, 2 suspende até dataLimiteSuspensao (obrigatória), 3 reativa. Até 100.000 CPFs, com ou sem máscara.',
      security: [{ bearer: [] }],
      body: loteManualCorpo,
      response: { 200: envelopeOf(resultadoLoteManualSchema) },
    },
  }, async (req, reply) => {
    const { listaCpfPescador, ...dados } = req.body;
    const resumo = await lote.criarManual(atorDe(req), dados, listaCpfPescador);
    // The envelope of resultadoLoteManualSchema, its `itens` written while they are read (decision 0035).
    return enviarEmPartes(reply, 'application/json; charset=utf-8', respostaManual(resumo, lote.itensManual(resumo.id)));
  });

  app.post('/api/lote-pescador/automatico', {
    preValidation: app.autorizar(...PERFIS_LOTE),
    schema: {
      tags: ['lote'],
      summary: 'Recebe um lote por arquivo (multipart: atoNormativo, tipo, orgaoSolicitante, justificativa, dataLimiteSuspensao, arquivos)',
      description: 'Um arquivo TXT ou CSV de até 70 KB, um CPF por linha. Aceito na hora e processado em segundo plano; '
        + 'o usuário recebe o resultado por e-mail.',
      security: [{ bearer: [] }],
      consumes: ['multipart/form-data'],
      formulario: { campos: loteAutomaticoCampos },
      response: { 200: envelopeOf(loteAceitoSchema) },
    },
  }, async (req) => {
    const { campos, arquivo } = await lerEnvio(req, loteAutomaticoCampos, ENVIO_LOTE);
    const { formaProcessamento: _f, ...dados } = campos;
    return ok({ lote: await lote.criarAutomatico(atorDe(req), dados, arquivo) }, MENSAGENS_LOTE.emProcessamento);
  });

  app.get('/api/pescador/lote/todos', {
    preValidation: app.autorizar(...PERFIS_LOTE),
    schema: {
      tags: ['lote'],
      summary: 'Lotes processados (filtros tipo, situacao, idLote) e, com idLote, os CPFs do lote (filtros resultado, cpf)',
      security: [{ bearer: [] }],
      querystring: filtroLotesSchema,
      response: { 200: envelopeOf(lotesRespostaSchema) },
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await lote.listar(atorDe(req), req.query));
  });

  app.get('/api/pescador/lote/:id/resultado', {
    preValidation: app.autorizar(...PERFIS_LOTE),
    schema: {
      tags: ['lote'],
      summary: 'Resultado de cada CPF do lote, em CSV',
      security: [{ bearer: [] }],
      params: idParam,
      produces: ['text/csv'],
      response: { 200: z.string().describe('text/csv') },
    },
  }, async (req, reply) => {
    const { nome, linhas } = await lote.resultadoCsv(atorDe(req), req.params.id);
    reply.header('content-disposition', contentDispositionInline(nome).replace(/^inline/, 'attachment'));
    return enviarEmPartes(reply, 'text/csv; charset=utf-8', linhas);
  });
};
