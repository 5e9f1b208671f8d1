import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import { Perfil } from '../../../shared/enums';
import { idParam } from '../../../shared/schemas/primitivos';
import {
  arquivoRelatorioQuery, emissaoRelatorioQuery, execucaoRelatorioSchema, filtrosRelatorioQuery, previaRelatorioSchema,
} from '../../../shared/schemas/relatorio';
import { contentDispositionInline } from '../../lib/arquivos-http';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { SERVIDORES_LEITORES } from '../escopo';
import { MIME_RELATORIO } from './relatorio.arquivo';
import type { ArquivoRelatorio, RelatorioService } from './relatorio.service';

const seguranca = [{ bearer: [] }];

/** Who may emit the report (product guide): the staff who read fishers, and CONSULTA_EXTERNO (CPF masked). */
const PERFIS_RELATORIO = [...SERVIDORES_LEITORES, Perfil.CONSULTA_EXTERNO] as const;

/** The browser opens the file in a new tab, without headers: `?jwt=` stands for the bearer token. */
async function jwtDaQuery(req: FastifyRequest): Promise<void> {
  const jwt = (req.query as { jwt?: unknown } | undefined)?.jwt;
  if (typeof jwt === 'string' && jwt && !req.headers.authorization) req.headers.authorization = `Bearer ${jwt}`;
}

/** The fisher report by characteristics (spec point 7: GET /api/pescador/relatorio/pescadores?{filters} → dados.url). */
export const relatorioRoutes: FastifyPluginAsyncZod<{ relatorio: RelatorioService }> = async (app, { relatorio }) => {
  const autorizar = app.autorizar(...PERFIS_RELATORIO);

  app.get('/api/pescador/relatorio/pescadores', {
    preValidation: autorizar,
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: {
      tags: ['relatorio'], security: seguranca,
      summary: 'Emite o relatório de pescadores por características (CSV ou XLSX)',
      description: 'Até o limite síncrono o arquivo é gerado na hora e dados.url vem preenchido; acima, um job o gera e '
        + 'o andamento é consultado em /api/pescador/relatorio/execucao/{id}. O endereço é aberto com ?jwt=.',
      querystring: emissaoRelatorioQuery,
      response: { 200: envelopeOf(execucaoRelatorioSchema) },
    },
  }, async (req) => {
    const r = await relatorio.emitir(atorDe(req), req.query.formato, req.query.filtros);
    return ok(r.execucao, r.mensagem);
  });

  app.get('/api/pescador/relatorio/pescadores/previa', {
    preValidation: autorizar,
    schema: {
      tags: ['relatorio'], security: seguranca,
      summary: 'Quantos pescadores atendem aos filtros do relatório, e a primeira página deles',
      querystring: filtrosRelatorioQuery,
      response: { 200: envelopeOf(previaRelatorioSchema) },
    },
  }, async (req) => ok(await relatorio.previa(atorDe(req), req.query)));

  app.get('/api/pescador/relatorio/execucao/:id', {
    preValidation: autorizar,
    schema: {
      tags: ['relatorio'], security: seguranca,
      summary: 'Andamento de um relatório emitido (com dados.url quando pronto)',
      params: idParam,
      response: { 200: envelopeOf(execucaoRelatorioSchema) },
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    const e = await relatorio.execucao(atorDe(req), req.params.id);
    return ok(e, e.mensagem ?? 'Sucesso');
  });

  app.get('/api/pescador/relatorio/arquivo/:id', {
    preValidation: [jwtDaQuery, autorizar],
    schema: {
      tags: ['relatorio'], security: seguranca,
      summary: 'O arquivo do relatório (endereço assinado de curta duração, aberto com ?jwt=)',
      params: idParam,
      querystring: arquivoRelatorioQuery,
      produces: Object.values(MIME_RELATORIO).map((m) => m.split(';')[0]!),
      response: { 200: z.string().describe('O arquivo CSV ou XLSX') },
    },
  }, async (req, reply) => {
    return enviarRelatorio(reply, await relatorio.abrirArquivo(atorDe(req), req.params.id, req.query.expira, req.query.assinatura));
  });
};

/** The file as a download (never shown inline, never cached, never sniffed), streamed from the storage. */
function enviarRelatorio(reply: FastifyReply, a: ArquivoRelatorio) {
  return reply
    .header('content-type', a.mime)
    .header('content-length', String(a.tamanho))
    .header('content-disposition', contentDispositionInline(a.nomeArquivo).replace(/^inline/, 'attachment'))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(a.stream);
}
