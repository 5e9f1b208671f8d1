import type { Obrigacao, Questionario } from '../../../shared/schemas/reap';
import type { AuthContext } from '../auth/auth.service';
import type { ReapPendenciasService } from './reap-pendencias.service';
import type { ReapQuestionarioService } from './reap-questionario.service';

export type { ReapGeracaoService } from './reap-geracao.service';

/**
 * REAP, the fisher's annual activity report, as other modules read it: the module's door (docs/architecture.md,
 * "Boundaries"), which only hands on. The module's own work is a service per concern, which its routes and jobs
 * use: one fisher's obligations (reap-pendencias), the questionnaire and its documents (reap-questionario), the
 * 2ª via (reap-comprovante) and its public check (reap-verificacao), the staff list (reap-servidor), the filling
 * windows (reap-prazo) and the creation of every fisher's obligations (reap-geracao).
 */
export class ReapService {
  constructor(
    private readonly pendencias: ReapPendenciasService,
    private readonly questionarios: ReapQuestionarioService,
  ) {}

  /** Every REAP of the fisher, newest year first, if `ator` may read them. */
  reapsDoPescador(ator: AuthContext, pescadorId: number): Promise<Obrigacao[]> {
    return this.pendencias.reapsDoPescador(ator, pescadorId);
  }

  /** A questionnaire with its documents, if `ator` may read it. */
  questionario(ator: AuthContext, id: number): Promise<Questionario> {
    return this.questionarios.questionario(ator, id);
  }
}
