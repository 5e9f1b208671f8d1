import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/pescador';
import { MENSAGENS_SOLICITACAO_API } from '../../../shared/schemas/solicitacao-api';
import { exigirCorpoValido } from '../../lib/validacao';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { PescadorService } from './pescador.service';
import type { SeguroDefesoService } from './seguro-defeso.service';

/** The fisher's registry block (RGP) and its correction by staff. */
export const rgpRoutes: FastifyPluginAsync<{ pescador: PescadorService; seguroDefeso: SeguroDefesoService }> = async (app, { pescador, seguroDefeso }) => {
  rota(app, c.rgp, async (req) => ok(await pescador.rgp(atorDe(req), req.params.id)));

  rota(app, c.seguroDefeso, async (req) => ok(await seguroDefeso.condicoes(atorDe(req), req.params.id)));

  rota(app, c.corrigirRgp, async (req) => {
    exigirCorpoValido(req, [MENSAGENS_SOLICITACAO_API.rgpNenhumCampo, MENSAGENS_SOLICITACAO_API.dataFutura]);
    return ok(await pescador.corrigirPrimeiroRgp(atorDe(req), req.params.id, req.body), MENSAGENS_SOLICITACAO_API.rgpAtualizado);
  }, { attachValidation: true });
};
