import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/solicitacao';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import { exigirCorpoValido } from '../../lib/validacao';
import type { EdicaoService } from './edicao.service';

/**
 * Documents edit (type 9, EDICAO_DOCUMENTOS): the specification names the request type and its analysis endpoint
 * but no path to file it. docs/decisions/0013-edicao-documentos.md.
 */
export const edicaoDocumentosRoutes: FastifyPluginAsync<{ edicoes: EdicaoService }> = async (app, { edicoes }) => {
  rota(app, c.iniciarEdicaoDocumentos, async (req) => {
    const r = await edicoes.iniciarEdicaoDocumentos(atorDe(req));
    return ok(r.detalhe, r.mensagem);
  });

  rota(app, c.enviarEdicaoDocumentos, async (req) => {
    exigirCorpoValido(req);
    const r = await edicoes.enviarEdicaoDocumentos(atorDe(req), req.params.id, req.body ?? {});
    return ok(r.detalhe, r.mensagem);
  }, { attachValidation: true });
};
