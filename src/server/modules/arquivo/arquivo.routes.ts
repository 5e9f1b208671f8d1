import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import { arquivoQuery, chaveArquivoSchema, cloudStorageQuery, enderecoArquivoResposta } from '../../../shared/schemas/documento';
import { texto } from '../../../shared/schemas/primitivos';
import { MimeDocumento } from '../../../shared/regras/arquivos';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { enviarArquivo } from '../../lib/arquivos-http';
import { PERFIS_LEITURA_DOCUMENTOS } from '../escopo';
import type { ArquivoService } from './arquivo.service';
import { jwtDaQuery } from './arquivo.http';

/** Signed file addresses and the files themselves (spec point 7: GET /api/cloud-storage/{chave}?jwt=). */
export const arquivoRoutes: FastifyPluginAsyncZod<{ arquivo: ArquivoService }> = async (app, { arquivo }) => {
  const autorizarLeitura = app.autorizar(...PERFIS_LEITURA_DOCUMENTOS);

  app.get('/api/cloud-storage/:chave', {
    preValidation: [jwtDaQuery, autorizarLeitura],
    schema: {
      tags: ['arquivo'],
      summary: 'Endereço assinado e de curta duração do arquivo de um documento',
      description: 'O token do usuário pode vir no parâmetro jwt (o navegador abre o arquivo em outra aba, sem cabeçalhos).',
      security: [{ bearer: [] }],
      params: z.object({ chave: chaveArquivoSchema }),
      querystring: cloudStorageQuery,
      response: { 200: envelopeOf(enderecoArquivoResposta) },
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok({ url: await arquivo.enderecoAssinado(atorDe(req), req.params.chave) });
  });

  app.get('/api/arquivos/:chave', {
    // With `jwt`, the caller's session decides (as a bearer token); otherwise the signature does.
    preValidation: async function (req, reply) {
      if (req.query.jwt) {
        await jwtDaQuery(req);
        await autorizarLeitura.call(this, req, reply);
      }
    },
    schema: {
      tags: ['arquivo'],
      summary: 'Conteúdo do arquivo de um documento (endereço assinado ou token no parâmetro jwt)',
      // No Authorization header: the signature in the address, or the session's token in `jwt`, lets the caller in.
      security: [],
      params: z.object({ chave: texto().max(100) }),
      querystring: arquivoQuery,
      produces: Object.values(MimeDocumento),
      response: { 200: z.string().describe('O arquivo (PDF ou JPEG), exibido no navegador') },
      outrosErros: [401, 403],
    },
  }, async (req, reply) => {
    const { chave } = req.params;
    const conteudo = req.auth
      ? await arquivo.abrirComSessao(atorDe(req), chave)
      : await arquivo.abrirAssinado(chave, req.query.expira, req.query.assinatura);
    return enviarArquivo(reply, conteudo);
  });
};
