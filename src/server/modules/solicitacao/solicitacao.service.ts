import type { TotalizadoresPescador } from '../../../shared/schemas/totalizadores';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';
import { exigirLeituraPescador } from '../escopo';
import type { SolicitacaoRepository } from './solicitacao.repository';

export class SolicitacaoService {
  constructor(private readonly repo: SolicitacaoRepository) {}

  async totalizadores(ator: AuthContext, pescadorId: number): Promise<TotalizadoresPescador> {
    const pescador = await this.repo.findPescadorUf(pescadorId);
    exigirLeituraPescador(ator, pescadorId, pescador?.uf ?? null);
    if (!pescador) throw AppError.notFound('Pescador não encontrado.');
    return this.repo.totalizadores(pescadorId);
  }
}
