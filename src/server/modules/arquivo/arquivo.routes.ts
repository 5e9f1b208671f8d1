import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/arquivo';
import { perfisDe } from '../../../shared/permissoes';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import { enviarArquivo, jwtDaQuery } from '../../lib/arquivos-http';
import type { ArquivoService } from './arquivo.service';

/** Signed file addresses and the files themselves (spec point 7: GET /api/cloud-storage/{chave}?jwt=). */
export const arquivoRoutes: FastifyPluginAsync<{ arquivo: ArquivoService }> = async (app, { arquivo }) => {
  rota(app, c.endereco, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok({ url: await arquivo.enderecoAssinado(atorDe(req), req.params.chave) });
  }, {
    guardaPropria: {
      motivo: 'o token pode vir em jwt (uma nova aba não manda cabeçalhos): lido antes do guarda da permissão',
      preValidation: [jwtDaQuery, app.autorizar(...perfisDe(c.endereco.permissao))],
    },
  });

  // The signed-in callers of the file's permission: with `jwt`, the caller's session decides (as a bearer token);
  // otherwise the signature does (the anonymous caller).
  const autorizarComSessao = app.autorizar(...perfisDe(c.arquivo.permissao));
  rota(app, c.arquivo, async (req, reply) => {
    const { chave } = req.params;
    const conteudo = req.auth
      ? await arquivo.abrirComSessao(atorDe(req), chave)
      : await arquivo.abrirAssinado(chave, req.query.expira, req.query.assinatura);
    return enviarArquivo(reply, conteudo);
  }, {
    guardaPropria: {
      motivo: 'com jwt, a sessão decide (como um token bearer); sem ele, a assinatura do endereço (o anônimo)',
      preValidation: async function (req, reply) {
        if ((req.query as { jwt?: string }).jwt) {
          await jwtDaQuery(req);
          await autorizarComSessao.call(this, req, reply);
        }
      },
    },
  });
};
