import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/analise';
import { MENSAGENS_ANALISE } from '../../../shared/schemas/analise';
import { MENSAGENS_SINAL, SituacaoSinal } from '../../../shared/schemas/sinal';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { AnaliseService } from './analise.service';
import type { SinaisService } from './sinais.service';

// Who may read analyses: 'servidor.ler' (staff who read fishers; CONSULTA_EXTERNO never). Who may act on them:
// 'analise.analisar', then the service checks profile, scope, instance and lock.
export const analiseRoutes: FastifyPluginAsync<{ analise: AnaliseService; sinais: SinaisService }> = async (app, { analise, sinais }) => {
  rota(app, c.totalizadores, async (req) => ok(await analise.totalizadores(atorDe(req))));
  rota(app, c.ufsEscopo, async (req) => ok(analise.ufsEmEscopo(atorDe(req))));
  rota(app, c.listar, async (req) => ok(await analise.listar(atorDe(req), req.query)));
  rota(app, c.daSolicitacao, async (req) => ok(await analise.daSolicitacao(atorDe(req), req.params.id)));
  rota(app, c.indeferimento, async (req) => ok(await analise.indeferimento(atorDe(req), req.params.id)));
  rota(app, c.detalhar, async (req) => ok(await analise.detalhar(atorDe(req), req.params.id)));
  rota(app, c.bloquear, async (req) => ok(await analise.bloquear(atorDe(req), req.body.idAnaliseSolicitacao), MENSAGENS_ANALISE.iniciada));
  rota(app, c.desbloquear, async (req) => {
    await analise.desbloquear(atorDe(req), req.body.idAnaliseSolicitacao);
    return ok(null, MENSAGENS_ANALISE.cancelada);
  });
  rota(app, c.concluir, async (req) => {
    const r = await analise.concluir(atorDe(req), req.body);
    return ok(r.dados, r.mensagem);
  });
  rota(app, c.concluirEdicaoDocumentos, async (req) => {
    const r = await analise.concluirEdicaoDocumentos(atorDe(req), req.body);
    return ok(r.dados, r.mensagem);
  });
  // Signals (decision 0112): read by staff who read the request, marked by an analyst of its state.
  rota(app, c.sinais, async (req) => ok(await sinais.listar(atorDe(req), req.params.id)));
  rota(app, c.marcarSinal, async (req) => {
    const s = await sinais.marcar(atorDe(req), req.params.id, req.params.idSinal, req.body);
    return ok(s, s.situacao === SituacaoSinal.CONFIRMADO ? MENSAGENS_SINAL.confirmado : MENSAGENS_SINAL.revisado);
  });
};
