import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { SituacaoSolicitacao as S, TipoSolicitacao } from '../../../shared/enums';
import type { TotalizadoresPescador } from '../../../shared/schemas/totalizadores';

export class SolicitacaoRepository {
  constructor(private readonly db: Database) {}

  /** One pass over the fisher's requests (index solicitacao_pescador_situacao_idx); REAP has its own counters. */
  async totalizadores(pescadorId: number): Promise<TotalizadoresPescador> {
    const { rows } = await this.db.execute<TotalizadoresPescador>(sql`
      SELECT
        count(*) FILTER (WHERE situacao = ${S.RASCUNHO})::int AS rascunhos,
        count(*) FILTER (WHERE situacao = ${S.ENVIADA})::int AS enviadas,
        count(*) FILTER (WHERE situacao = ${S.DEFERIDA})::int AS deferidas,
        count(*) FILTER (WHERE situacao = ${S.FINALIZADA})::int AS finalizadas,
        count(*) FILTER (WHERE situacao = ${S.EM_ANALISE})::int AS "emAnalise",
        count(*) FILTER (WHERE situacao IN (${S.ATUALIZACAO_SFPA}, ${S.ATUALIZACAO_MPA}))::int AS "emAtualizacao",
        count(*)::int AS todas
      FROM solicitacao
      WHERE pescador_id = ${pescadorId} AND tipo <> ${TipoSolicitacao.REAP}`);
    return rows[0]!;
  }

  async findPescadorUf(pescadorId: number): Promise<{ uf: string | null } | undefined> {
    const { rows } = await this.db.execute<{ uf: string | null }>(sql`SELECT uf FROM pescador WHERE id = ${pescadorId}`);
    return rows[0];
  }
}
