import type { ChavesIdempotencia } from '../../plugins/idempotencia';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { DocumentoService } from '../documento/documento.service';
import { definirModulo } from '../modulo';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import type { PescadorService } from '../pescador/pescador.service';
import type { ReapService } from '../reap/reap.service';
import type { SolicitacaoService } from '../solicitacao/solicitacao.service';
import { lgpdRoutes } from './lgpd.routes';
import { LgpdService, type CanaisDoTitular, type DelegacoesDoTitular } from './lgpd.service';

/** The fisher's rights of the LGPD: who viewed their data, and all of it as a file (decisions 0032 and 0044). */
export const lgpdModulo = definirModulo({
  nome: 'lgpd',
  servicos: ({ agora }, s: {
    auditoria: AuditoriaService; pescador: PescadorService; solicitacao: SolicitacaoService; documento: DocumentoService;
    notificacoes: NotificacaoService; reapDoPescador: ReapService;
    idempotencia: ChavesIdempotencia; delegacoes: DelegacoesDoTitular; envios: CanaisDoTitular;
  }) => ({
    lgpd: new LgpdService(s.auditoria, s.pescador, s.solicitacao, s.documento, s.notificacoes, s.reapDoPescador,
      s.idempotencia, s.delegacoes, s.envios, agora),
  }),
  rotas: async (app, { lgpd }) => { await app.register(lgpdRoutes, { lgpd }); },
});
