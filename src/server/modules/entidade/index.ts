import type { SinaisService } from '../analise/analise.service';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { DocumentoService } from '../documento/documento.service';
import { definirModulo } from '../modulo';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import type { PescadorService } from '../pescador/pescador.service';
import { DelegacaoService } from './delegacao.service';
import { EntidadeRepository } from './entidade.repository';
import { entidadeRoutes } from './entidade.routes';
import { EntidadeService } from './entidade.service';
import { MesaRepository } from './mesa.repository';
import { MesaService } from './mesa.service';
import { registrarRepresentacao } from './representacao';

/** Representative entities, their agents and the fishers' delegations (docs/decisions/0110). */
export const entidadeModulo = definirModulo({
  nome: 'entidade',
  servicos({ db, agora }, s: {
    auditoria: AuditoriaService; documento: DocumentoService; pescador: PescadorService; notificacoes: NotificacaoService; sinais: SinaisService;
  }) {
    const deps = { db, repo: new EntidadeRepository(db), auditoria: s.auditoria, now: agora };
    return {
      entidades: new EntidadeService(deps),
      delegacoes: new DelegacaoService({ ...deps, documentos: s.documento, pescadores: s.pescador, notificacoes: s.notificacoes }),
      mesa: new MesaService({ ...deps, mesa: new MesaRepository(db) }),
      sinais: s.sinais,
    };
  },
  // Before any route is registered, so that the hooks apply to every route.
  antesDasRotas: async (app, { delegacoes }) => { registrarRepresentacao(app, delegacoes); },
  async rotas(app, s) {
    await app.register(entidadeRoutes, { entidades: s.entidades, delegacoes: s.delegacoes, mesa: s.mesa, sinais: s.sinais });
  },
});
