import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { DocumentoService } from '../documento/documento.service';
import { definirModulo } from '../modulo';
import type { ReapGeracaoService } from '../reap/reap.service';
import type { AndamentoService, PortaAnalise } from '../solicitacao/solicitacao.service';
import { finalizarVencidasJob } from './analise.jobs';
import { AnaliseRepository } from './analise.repository';
import { analiseRoutes } from './analise.routes';
import { AnaliseService } from './analise.service';
import { parecerRoutes } from './parecer.routes';

/**
 * The staff's analysis of the sent requests and its opinions. Built after the requests, it plugs itself into their
 * port (`portaAnalise`): a submission opens an analysis, a decision changes the request.
 */
export const analiseModulo = definirModulo({
  nome: 'analise',
  servicos({ config, db, substitutos }, s: {
    auditoria: AuditoriaService; documento: DocumentoService; andamento: AndamentoService; portaAnalise: PortaAnalise; reap: ReapGeracaoService;
  }) {
    const analise = new AnaliseService(db, new AnaliseRepository(db), s.auditoria, s.documento, s.andamento, {
      ...config.analise,
      // A registry made active owes the REAPs of the open years: their creation is enqueued with the decision.
      aoAtivarRegistro: (pescadorId, tx) => s.reap.agendarObrigacoesDoPescador(pescadorId, tx),
      ...(substitutos.now ? { now: substitutos.now } : {}),
    });
    s.portaAnalise.ligar(analise);
    return { analise };
  },
  async rotas(app, { analise }) {
    await app.register(analiseRoutes, { analise });
    await app.register(parecerRoutes, { analise });
  },
  jobs: [finalizarVencidasJob],
});
