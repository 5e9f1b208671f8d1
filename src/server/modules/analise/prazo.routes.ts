import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/analise';
import { tempoDecisao } from '../../../shared/contratos/estatistica';
import { MENSAGENS_PRAZO_ANALISE } from '../../../shared/schemas/prazo-analise';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { PrazoAnaliseService } from './prazo.service';

// The deadlines, the late analyses and their reassignment: the GESTOR (and ADMIN), 'analise.gerir'. The manager's
// page: 'analise.painel'. The published average time to decide: anyone.
export const prazoAnaliseRoutes: FastifyPluginAsync<{ prazoAnalise: PrazoAnaliseService }> = async (app, { prazoAnalise }) => {
  rota(app, c.prazos, async () => ok(await prazoAnalise.prazos()));
  rota(app, c.definirPrazo, async (req) => ok(await prazoAnalise.definirPrazo(atorDe(req), req.body), MENSAGENS_PRAZO_ANALISE.prazoSalvo));
  rota(app, c.atrasadas, async (req) => ok(await prazoAnalise.atrasadas(atorDe(req))));
  rota(app, c.designaveis, async (req) => ok(await prazoAnalise.designaveis(atorDe(req), req.params.id)));
  rota(app, c.reatribuir, async (req) => {
    await prazoAnalise.reatribuir(atorDe(req), req.params.id, req.body.idUsuarioMapa);
    return ok(null, MENSAGENS_PRAZO_ANALISE.reatribuida);
  });
  rota(app, c.painel, async (req) => ok(await prazoAnalise.painel(atorDe(req), req.query.semanas)));
  rota(app, tempoDecisao, async () => ok(await prazoAnalise.tempoDecisaoPublico()));
};
