import type { EnviadorEmail } from '../../adapters/email/email';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { DocumentoService } from '../documento/documento.service';
import { definirModulo } from '../modulo';
import type { ReapGeracaoService } from '../reap/reap.service';
import type { AndamentoService, PortaAnalise } from '../solicitacao/solicitacao.service';
import { PRAZO_ANALISE_PADRAO_DIAS } from '../../../shared/schemas/prazo-analise';
import { avisarGestorEscaladasJob, escalarAtrasadasJob, finalizarVencidasJob } from './analise.jobs';
import { AnaliseRepository } from './analise.repository';
import { analiseRoutes } from './analise.routes';
import { AnaliseService } from './analise.service';
import { parecerRoutes } from './parecer.routes';
import { PrazoRepository } from './prazo.repository';
import { prazoAnaliseRoutes } from './prazo.routes';
import { PrazoAnaliseService } from './prazo.service';
import { SinaisRepository } from './sinais.repository';
import { SinaisService } from './sinais.service';

/**
 * The staff's analysis of the sent requests and its opinions. Built after the requests, it plugs itself into their
 * port (`portaAnalise`): a submission opens an analysis, a decision changes the request.
 */
export const analiseModulo = definirModulo({
  nome: 'analise',
  servicos({ config, db, fila, substitutos, jwtSecret }, s: {
    auditoria: AuditoriaService; documento: DocumentoService; andamento: AndamentoService; portaAnalise: PortaAnalise; reap: ReapGeracaoService;
    email: EnviadorEmail;
  }) {
    const repo = new AnaliseRepository(db);
    const prazos = new PrazoRepository(db);
    const agora = substitutos.now ? { now: substitutos.now } : {};
    const sinais = new SinaisService(db, new SinaisRepository(db), repo, s.auditoria, jwtSecret, substitutos.now);
    const analise = new AnaliseService(db, repo, s.auditoria, s.documento, s.andamento, {
      ...config.analise,
      prazos,
      prazoPadraoDias: PRAZO_ANALISE_PADRAO_DIAS,
      aoAbrir: async (nova, tx) => {
        if (nova.envio) await sinais.calcular(nova.solicitacaoId, nova.entidade ?? null, nova.envio, tx);
      },
      // A registry made active owes the REAPs of the open years: their creation is enqueued with the decision.
      aoAtivarRegistro: (pescadorId, tx) => s.reap.agendarObrigacoesDoPescador(pescadorId, tx),
      ...agora,
    });
    s.portaAnalise.ligar(analise);
    const prazoAnalise = new PrazoAnaliseService(db, repo, prazos, s.auditoria, s.andamento, {
      email: s.email,
      urlPublica: config.publicUrl,
      enfileirar: async (tx, idUsuarioMapa, solicitacoes) => {
        await fila.enfileirar(tx, avisarGestorEscaladasJob, { idUsuarioMapa, solicitacoes });
      },
    }, agora);
    return { analise, prazoAnalise, sinais };
  },
  async rotas(app, { analise, prazoAnalise, sinais }) {
    await app.register(analiseRoutes, { analise, sinais });
    await app.register(parecerRoutes, { analise });
    await app.register(prazoAnaliseRoutes, { prazoAnalise });
  },
  jobs: [finalizarVencidasJob, escalarAtrasadasJob, avisarGestorEscaladasJob],
});
