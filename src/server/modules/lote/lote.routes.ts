import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import * as c from '../../../shared/contratos/lote';
import {
  loteAutomaticoCampos, MENSAGENS_LOTE, TAMANHO_MAXIMO_ARQUIVO_LOTE_BYTES, type ItemLoteManual, type LoteResumo,
} from '../../../shared/schemas/lote';
import { contentDispositionInline, lerEnvio, type OpcoesEnvio } from '../../lib/arquivos-http';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { LoteService } from './lote.service';

/** The parser stops a file one byte above 70 KB (never held whole), and refuses a second file. */
const LIMITES_LOTE = { fileSize: TAMANHO_MAXIMO_ARQUIVO_LOTE_BYTES + 1, files: 1, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 50 };

/** 100,000 masked CPFs and the other fields. */
const LIMITE_CORPO_MANUAL = 3 * 1024 * 1024;

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

/** Written in pieces, each page of outcomes as it is read, so memory stays bounded whatever the batch's size. */
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

/** The serializer is skipped; the route's schema documents the shape. */
function enviarEmPartes(reply: FastifyReply, tipo: string, partes: AsyncIterable<string>) {
  return reply
    .header('content-type', tipo)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Readable.from(partes));
}

/** Batch processing of fishers (decision 0035). */
export const loteRoutes: FastifyPluginAsync<{ lote: LoteService }> = async (app, { lote }) => {
  await app.register(multipart, { limits: LIMITES_LOTE, throwFileSizeLimit: true });

  rota(app, c.manual, async (req, reply) => {
    const { listaCpfPescador, ...dados } = req.body;
    const resumo = await lote.criarManual(atorDe(req), dados, listaCpfPescador);
    return enviarEmPartes(reply, 'application/json; charset=utf-8', respostaManual(resumo, lote.itensManual(resumo.id)));
  }, { bodyLimit: LIMITE_CORPO_MANUAL });

  rota(app, c.automatico, async (req) => {
    // The contract's form: its text fields and the one file.
    const { campos, arquivo } = await lerEnvio(req, loteAutomaticoCampos, ENVIO_LOTE);
    const { formaProcessamento: _f, ...dados } = campos;
    return ok({ lote: await lote.criarAutomatico(atorDe(req), dados, arquivo) }, MENSAGENS_LOTE.emProcessamento);
  });

  rota(app, c.listar, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await lote.listar(atorDe(req), req.query));
  });

  rota(app, c.resultadoCsv, async (req, reply) => {
    const { nome, linhas } = await lote.resultadoCsv(atorDe(req), req.params.id);
    reply.header('content-disposition', contentDispositionInline(nome).replace(/^inline/, 'attachment'));
    return enviarEmPartes(reply, 'text/csv; charset=utf-8', linhas);
  });
};
