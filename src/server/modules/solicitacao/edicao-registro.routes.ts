import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/solicitacao';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { EdicaoService } from './edicao.service';

/** Registry edit (type 8) by cloning: from a deferred request, or from the registry of an active fisher. */
export const edicaoRegistroRoutes: FastifyPluginAsync<{ edicoes: EdicaoService }> = async (app, { edicoes }) => {
  rota(app, c.editarSolicitacao, async (req) => {
    const r = await edicoes.editarAPartirDe(atorDe(req), req.params.id);
    return ok(r.detalhe, r.mensagem);
  });

  // The app ignores trailing slashes: this one registration answers with and without the final '/'.
  rota(app, c.editarRegistroAtivo, async (req) => {
    const r = await edicoes.editarRegistroAtivo(atorDe(req));
    return ok(r.detalhe, r.mensagem);
  });

  rota(app, c.consultarEdicaoRegistro, async (req) => ok(await edicoes.consultarEdicao(atorDe(req), req.params.id)));
};
