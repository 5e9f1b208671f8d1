import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/solicitacao';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import { exigirCorpoValido } from '../../lib/validacao';
import type { SolicitacaoService } from './solicitacao.service';

export const solicitacaoRoutes: FastifyPluginAsync<{ solicitacao: SolicitacaoService }> = async (app, { solicitacao }) => {
  rota(app, c.totalizadores, async (req) => ok(await solicitacao.totalizadores(atorDe(req), req.params.id)));

  rota(app, c.criar, async (req) => {
    exigirCorpoValido(req);
    const r = await solicitacao.criar(atorDe(req), req.body);
    return ok(r.detalhe, r.mensagem);
  }, { attachValidation: true });

  rota(app, c.salvar, async (req) => {
    exigirCorpoValido(req);
    const r = await solicitacao.salvar(atorDe(req), req.body);
    return ok(r.detalhe, r.mensagem);
  }, { attachValidation: true });

  rota(app, c.listar, async (req) => ok(await solicitacao.listar(atorDe(req), req.query)));

  rota(app, c.ultima, async (req) => ok(await solicitacao.ultima(atorDe(req), req.query.tipo)));

  rota(app, c.doPescador, async (req) => ok(await solicitacao.listarDoPescador(atorDe(req), req.params.id, req.query)));

  rota(app, c.detalhe, async (req) => ok(await solicitacao.detalhe(atorDe(req), req.params.id)));

  rota(app, c.removerEmbarcacao, async (req) => {
    const r = await solicitacao.removerEmbarcacao(atorDe(req), req.params.id);
    return ok(r.detalhe, r.mensagem);
  });

  rota(app, c.inativar, async (req) => {
    const r = await solicitacao.inativar(atorDe(req), req.params.id);
    return ok(r.detalhe, r.mensagem);
  });
};
