import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import * as c from '../../../shared/contratos/relatorio';
import { perfisDe } from '../../../shared/permissoes';
import { contentDispositionInline, jwtDaQuery } from '../../lib/arquivos-http';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { ArquivoRelatorio, RelatorioService } from './relatorio.service';

/** The fisher report by characteristics (spec point 7: GET /api/pescador/relatorio/pescadores?{filters} → dados.url). */
export const relatorioRoutes: FastifyPluginAsync<{ relatorio: RelatorioService }> = async (app, { relatorio }) => {
  rota(app, c.emitir, async (req) => {
    const r = await relatorio.emitir(atorDe(req), req.query.formato, req.query.filtros);
    return ok(r.execucao, r.mensagem);
  }, { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } });

  rota(app, c.previa, async (req) => ok(await relatorio.previa(atorDe(req), req.query)));

  rota(app, c.execucao, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    const e = await relatorio.execucao(atorDe(req), req.params.id);
    return ok(e, e.mensagem ?? 'Sucesso');
  });

  rota(app, c.arquivo, async (req, reply) => {
    return enviarRelatorio(reply, await relatorio.abrirArquivo(atorDe(req), req.params.id, req.query.expira, req.query.assinatura));
  }, {
    guardaPropria: {
      motivo: 'o navegador abre o arquivo em nova aba, sem cabeçalhos: ?jwt= faz as vezes do token bearer',
      preValidation: [jwtDaQuery, app.autorizar(...perfisDe(c.arquivo.permissao))],
    },
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
