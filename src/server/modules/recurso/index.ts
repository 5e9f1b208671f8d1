import type { Database } from '../../db/client';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import type { PescadorService } from '../pescador/pescador.service';
import type { SolicitacaoService } from '../solicitacao/solicitacao.service';
import type { AnaliseService } from '../analise/analise.service';
import { DecisaoRecursoService } from './decisao.service';
import { InterposicaoRecursoService } from './interposicao.service';
import { LeituraRecursoService } from './leitura.service';
import { RecursoRepository } from './recurso.repository';
import type { ServicosRecurso } from './recurso.routes';

export { recursoRoutes } from './recurso.routes';

/** The appeals module's services (decision 0088), built from the services it reads and changes through. */
export function servicosRecurso(d: {
  db: Database; solicitacoes: SolicitacaoService; pescadores: PescadorService; notificacoes: NotificacaoService;
  analises: Pick<AnaliseService, 'abrir'>; auditoria: AuditoriaService; now: () => Date; tempoBloqueioMinutos: number;
}): ServicosRecurso {
  const deps = { ...d, repo: new RecursoRepository(d.db) };
  return {
    interposicao: new InterposicaoRecursoService(deps),
    decisao: new DecisaoRecursoService(deps, { tempoBloqueioMinutos: d.tempoBloqueioMinutos }),
    leitura: new LeituraRecursoService(deps),
  };
}
