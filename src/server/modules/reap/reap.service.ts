import type { Obrigacao, Questionario } from '../../../shared/schemas/reap';
import type { AuthContext } from '../auth/auth.service';
import type { ReapPendenciasService } from './reap-pendencias.service';
import type { ReapQuestionarioService } from './reap-questionario.service';

export type { ReapGeracaoService } from './reap-geracao.service';

/**
 * REAP as other modules read it: the module's door, which only hands on. Its own work is a service per concern
 * (reap-*.service.ts).
 */
export class ReapService {
  constructor(
    private readonly pendencias: ReapPendenciasService,
    private readonly questionarios: ReapQuestionarioService,
  ) {}

  reapsDoPescador(ator: AuthContext, pescadorId: number): Promise<Obrigacao[]> {
    return this.pendencias.reapsDoPescador(ator, pescadorId);
  }

  /** A questionnaire with its documents, if `ator` may read it. */
  questionario(ator: AuthContext, id: number): Promise<Questionario> {
    return this.questionarios.questionario(ator, id);
  }
}
