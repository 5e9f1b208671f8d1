import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/pescador';
import { MENSAGENS_PESCADOR } from '../../../shared/schemas/pescador';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import { enviarPdf } from '../../lib/arquivos-http';
import type { PescadorService } from './pescador.service';


// Who reads: the permission table (src/shared/permissoes.ts; CONSULTA_EXTERNO reads no fisher record).

/** Fisher record (spec point 7 "Fisher", product guide's GET /api/pescador/cpf/{cpf}). */
export const pescadorRoutes: FastifyPluginAsync<{ pescador: PescadorService }> = async (app, { pescador }) => {
  // Personal data: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });

  rota(app, c.obterPorCpf, async (req) => ok(await pescador.obterPorCpf(atorDe(req), req.params.cpf)));

  rota(app, c.legado, async (req) => ok(await pescador.legado(atorDe(req), req.params.id)));

  rota(app, c.obter, async (req) => ok(await pescador.obter(atorDe(req), req.params.id)));

  rota(app, c.endereco, async (req) => ok(await pescador.endereco(atorDe(req), req.params.id)));

  rota(
    app, c.atualizarEndereco,
    async (req) => ok(await pescador.atualizarEndereco(atorDe(req), req.params.id, req.body), MENSAGENS_PESCADOR.enderecoAtualizado),
    {
      // After authentication, so that the limit is per fisher, not per address (10 a minute).
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req) => (req.auth?.idPescador ? `pescador:${req.auth.idPescador}` : req.ip),
        },
      },
    },
  );

  rota(app, c.imprimirProtocolo, async (req, reply) => {
    const { numeroProtocolo, pdf } = await pescador.imprimirProtocolo(atorDe(req), req.params.id, req.query.idSolicitacao);
    return enviarPdf(reply, pdf, `protocolo-${numeroProtocolo}.pdf`);
  });
};
