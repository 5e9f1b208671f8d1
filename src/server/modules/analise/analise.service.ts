import type { TotalizadoresServidor } from '../../../shared/schemas/totalizadores';
import type { AuthContext } from '../auth/auth.service';
import { ufsDoEscopo } from '../escopo';
import type { AnaliseRepository } from './analise.repository';

export class AnaliseService {
  constructor(private readonly repo: AnaliseRepository) {}

  totalizadores(ator: AuthContext): Promise<TotalizadoresServidor> {
    return this.repo.totalizadores(ufsDoEscopo(ator));
  }
}
