import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/entidade';
import { identidadeTermoCampos, MENSAGENS_ENTIDADE, termoCampos } from '../../../shared/schemas/entidade';
import { lerEnvio, LIMITES_MULTIPART } from '../../lib/arquivos-http';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { SinaisService } from '../analise/analise.service';
import type { DelegacaoService } from './delegacao.service';
import type { EntidadeService } from './entidade.service';
import type { MesaService } from './mesa.service';

/** Representative entities, their agents, the fishers' delegations and the agent's desk (docs/decisions/0110). */
export const entidadeRoutes: FastifyPluginAsync<{
  entidades: EntidadeService; delegacoes: DelegacaoService; mesa: MesaService; sinais: SinaisService;
}> = async (app, { entidades, delegacoes, mesa, sinais }) => {
  await app.register(multipart, { limits: LIMITES_MULTIPART, throwFileSizeLimit: true });

  rota(app, c.listar, async () => ok(await entidades.listar()));
  rota(app, c.criar, async (req) => ok(await entidades.criar(atorDe(req), req.body), MENSAGENS_ENTIDADE.salva));
  rota(app, c.atualizar, async (req) => ok(await entidades.atualizar(atorDe(req), req.params.id, req.body), MENSAGENS_ENTIDADE.salva));
  rota(app, c.suspender, async (req) => ok(await entidades.suspender(atorDe(req), req.params.id, req.body.motivo), MENSAGENS_ENTIDADE.suspensa));
  rota(app, c.reativar, async (req) => ok(await entidades.reativar(atorDe(req), req.params.id), MENSAGENS_ENTIDADE.reativada));
  rota(app, c.agentes, async (req) => ok(await entidades.agentes(req.params.id)));
  // Filings, refusals and confirmed signals per month (decision 0112).
  rota(app, c.indicadores, async (req) => ok(await sinais.indicadores(req.params.id)));
  rota(app, c.vincularAgente, async (req) => ok(await entidades.vincularAgente(atorDe(req), req.params.id, req.body), MENSAGENS_ENTIDADE.agenteSalvo));
  rota(app, c.desligarAgente, async (req) => ok(
    await entidades.desligarAgente(atorDe(req), req.params.id, req.params.idAgente), MENSAGENS_ENTIDADE.agenteDesligado,
  ));

  rota(app, c.disponiveis, async (req) => ok(await delegacoes.disponiveis(atorDe(req))));
  rota(app, c.minhas, async (req) => ok(await delegacoes.minhas(atorDe(req))));
  rota(app, c.conceder, async (req) => ok(await delegacoes.conceder(atorDe(req), req.body), MENSAGENS_ENTIDADE.delegacaoConcedida));
  rota(app, c.revogar, async (req) => ok(await delegacoes.revogar(atorDe(req), req.params.id), MENSAGENS_ENTIDADE.delegacaoRevogada));

  rota(app, c.registrarTermo, async (req) => {
    const { campos, arquivo } = await lerEnvio(req, termoCampos);
    return ok(await delegacoes.registrarTermo(atorDe(req), campos, arquivo), MENSAGENS_ENTIDADE.termoRegistrado);
  });
  rota(app, c.anexarIdentidade, async (req) => {
    const { arquivo } = await lerEnvio(req, identidadeTermoCampos);
    return ok(await delegacoes.anexarIdentidade(atorDe(req), req.params.id, arquivo), MENSAGENS_ENTIDADE.documentoAnexado);
  });
  rota(app, c.termosPendentes, async (req) => ok(await delegacoes.termosPendentes(atorDe(req))));
  rota(app, c.validarTermo, async (req) => {
    const d = await delegacoes.validarTermo(atorDe(req), req.params.id, req.body);
    return ok(d, req.body.aprovado ? MENSAGENS_ENTIDADE.termoValidado : MENSAGENS_ENTIDADE.termoRecusado);
  });
  rota(app, c.mesa, async (req) => ok(await mesa.pagina(atorDe(req), req.query)));
  rota(app, c.mesaCsv, async (req, reply) => reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="pescadores-representados.csv"')
    .header('cache-control', 'private, no-store')
    .send(Readable.from(mesa.csv(atorDe(req), req.query))));
};
