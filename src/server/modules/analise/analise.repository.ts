import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { SituacaoAnalise as A } from '../../../shared/enums';
import type { TotalizadoresServidor } from '../../../shared/schemas/totalizadores';

export class AnaliseRepository {
  constructor(private readonly db: Database) {}

  /** Counters over analyses, limited to some states when given (index analise_situacao_uf_idx). */
  async totalizadores(ufs: string[] | null): Promise<TotalizadoresServidor> {
    const filtroUf = ufs === null ? sql`true` : sql`uf_pescador = ANY(${sql.param(ufs)}::text[])`;
    const { rows } = await this.db.execute<TotalizadoresServidor>(sql`
      SELECT
        count(*) FILTER (WHERE situacao_analise = ${A.AGUARDANDO_ANALISE})::int AS "aguardandoAnalise",
        count(*) FILTER (WHERE situacao_analise IN (${A.DEFERIDA}, ${A.INDEFERIDA}))::int AS analisadas,
        count(*) FILTER (WHERE situacao_analise = ${A.EM_ANALISE})::int AS "emAnalise"
      FROM analise_solicitacao
      WHERE ${filtroUf}`);
    return rows[0]!;
  }
}
