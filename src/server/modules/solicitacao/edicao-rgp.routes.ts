import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/solicitacao';
import { MENSAGENS_SOLICITACAO_API } from '../../../shared/schemas/solicitacao-api';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import { exigirCorpoValido } from '../../lib/validacao';
import type { EdicaoService } from './edicao.service';

/**
 * The fisher's first-RGP edit request (type 7, decision 0020): opened as a draft, sent with its proof; the registry
 * block itself is the fisher module's (rgp.routes.ts).
 */
export const edicaoRgpRoutes: FastifyPluginAsync<{ edicoes: EdicaoService }> = async (app, { edicoes }) => {
  rota(app, c.solicitarEdicaoRgp, async (req) => {
    exigirCorpoValido(req, [MENSAGENS_SOLICITACAO_API.dataFutura]);
    const r = await edicoes.solicitarEdicaoRgp(atorDe(req), req.body);
    return ok(r.detalhe, r.mensagem);
  }, { attachValidation: true });

  rota(app, c.enviarEdicaoRgp, async (req) => {
    const r = await edicoes.enviarEdicaoRgp(atorDe(req), req.params.id);
    return ok(r.detalhe, r.mensagem);
  });
};
