import type { AnaliseService } from '../analise/analise.service';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import { definirModulo } from '../modulo';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import type { PescadorService } from '../pescador/pescador.service';
import type { AndamentoService } from '../solicitacao/solicitacao.service';
import { AnexoAtoService } from './anexo.service';
import { DecisaoEmLoteRecursoService } from './decisao-lote.service';
import { DecisaoRecursoService } from './decisao.service';
import { InterposicaoRecursoService } from './interposicao.service';
import { LeituraRecursoService } from './leitura.service';
import { LembretePrazoService } from './lembrete-prazo.service';
import { decidirRecursosEmLoteJob, lembretesPrazoJob } from './recurso.jobs';
import { RecursoRepository } from './recurso.repository';
import { recursoRoutes } from './recurso.routes';

/** Appeals (decision 0088): requests of type 11 whose filing, instances and effects this module keeps. */
export const recursoModulo = definirModulo({
  nome: 'recurso',
  servicos({ config, db, fila, agora }, s: {
    auditoria: AuditoriaService; pescador: PescadorService; notificacoes: NotificacaoService; andamento: AndamentoService; analise: AnaliseService;
  }) {
    const deps = {
      db, repo: new RecursoRepository(db), solicitacoes: s.andamento, pescadores: s.pescador, notificacoes: s.notificacoes,
      analises: s.analise, auditoria: s.auditoria, now: agora,
    };
    return {
      interposicaoRecurso: new InterposicaoRecursoService(deps),
      decisaoRecurso: new DecisaoRecursoService(deps, { tempoBloqueioMinutos: config.analise.tempoBloqueioMinutos }),
      leituraRecurso: new LeituraRecursoService(deps),
      anexoAto: new AnexoAtoService(deps),
      lembretesPrazo: new LembretePrazoService(db, s.notificacoes, { prazoAtualizacaoDias: config.analise.prazoAtualizacaoDias, now: agora }),
      decisaoEmLoteRecurso: new DecisaoEmLoteRecursoService(deps, {
        tempoBloqueioMinutos: config.analise.tempoBloqueioMinutos,
        enfileirar: (tx, id) => fila.enfileirar(tx, decidirRecursosEmLoteJob, { id }),
      }),
    };
  },
  async rotas(app, s) {
    await app.register(recursoRoutes, {
      interposicao: s.interposicaoRecurso, decisao: s.decisaoRecurso, leitura: s.leituraRecurso, emLote: s.decisaoEmLoteRecurso, anexo: s.anexoAto,
    });
  },
  jobs: [decidirRecursosEmLoteJob, lembretesPrazoJob],
});
