import type { AuditoriaService } from '../auditoria/auditoria.service';
import { definirModulo } from '../modulo';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import type { PescadorService } from '../pescador/pescador.service';
import { AndamentoService } from './andamento.service';
import type { DependenciasSolicitacao } from './base';
import { cancelamentoRoutes } from './cancelamento.routes';
import { EdicaoService } from './edicao.service';
import { edicaoDocumentosRoutes } from './edicao-documentos.routes';
import { edicaoRegistroRoutes } from './edicao-registro.routes';
import { edicaoRgpRoutes } from './edicao-rgp.routes';
import { PedidoService } from './pedido.service';
import { PortaAnalise } from './porta-analise';
import { regularizacaoRoutes } from './regularizacao.routes';
import { SolicitacaoRepository } from './solicitacao.repository';
import { solicitacaoRoutes } from './solicitacao.routes';
import { SolicitacaoService } from './solicitacao.service';

/** The requests of every type (tipos/), one service per kind of action. */
export const solicitacaoModulo = definirModulo({
  nome: 'solicitacao',
  servicos({ config, db, agora }, s: { auditoria: AuditoriaService; pescador: PescadorService; notificacoes: NotificacaoService }) {
    const portaAnalise = new PortaAnalise();
    const deps: DependenciasSolicitacao = {
      db, repo: new SolicitacaoRepository(db), auditoria: s.auditoria, pescadores: s.pescador, notificacoes: s.notificacoes,
      analises: portaAnalise, now: agora, cinObrigatoriaDesde: config.regras.cinObrigatoriaDesde,
    };
    return {
      solicitacao: new SolicitacaoService(deps), edicoes: new EdicaoService(deps), pedidos: new PedidoService(deps),
      andamento: new AndamentoService(deps), portaAnalise,
    };
  },
  async rotas(app, { solicitacao, edicoes, pedidos }) {
    await app.register(solicitacaoRoutes, { solicitacao });
    await app.register(edicaoRegistroRoutes, { edicoes });
    await app.register(edicaoRgpRoutes, { edicoes });
    await app.register(cancelamentoRoutes, { pedidos });
    await app.register(regularizacaoRoutes, { pedidos });
    await app.register(edicaoDocumentosRoutes, { edicoes });
  },
});
