import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export type LinhaDimensao = { dimensao: string; chave: string; total: number };
export type LinhaMunicipio = { id: number; nome: string; uf: string; total: number };
export type LinhaSolicitacao = { mes: string; situacao: number; total: number };

/**
 * SQL of the open statistics. Reads only the kept totals of migration 0011 (estatistica_pescador,
 * estatistica_nascimento, estatistica_solicitacao: a few thousand rows at most, whatever the registry's size) and
 * the municipality names; never pescador or solicitacao. The totals are written by the triggers, not here.
 */
export class EstatisticaRepository {
  constructor(private readonly db: Database) {}

  /** Every characteristic but the municipality (primary key of estatistica_pescador, ~60 rows). */
  async dimensoes(): Promise<LinhaDimensao[]> {
    const { rows } = await this.db.execute<LinhaDimensao>(sql`
      SELECT dimensao, chave, total FROM estatistica_pescador WHERE dimensao <> 'municipio' AND total <> 0`);
    return rows.map((r) => ({ ...r, total: Number(r.total) }));
  }

  /**
   * Fishers by municipality, every municipality of the state (or of all states) with its count, zero included:
   * municipio_uf_nome_idx lists the state's municipalities in name order, each joined to its kept total by the
   * primary key of estatistica_pescador.
   */
  async municipios(uf: string | null): Promise<LinhaMunicipio[]> {
    const { rows } = await this.db.execute<LinhaMunicipio>(sql`
      SELECT m.id, m.nome, m.uf, coalesce(e.total, 0) AS total
      FROM municipio m
      LEFT JOIN estatistica_pescador e ON e.dimensao = 'municipio' AND e.chave = m.id::text
      ${uf === null ? sql`` : sql`WHERE m.uf = ${uf}`}
      ORDER BY m.uf, m.nome`);
    return rows.map((r) => ({ ...r, total: Number(r.total) }));
  }

  /**
   * Fishers by age band on a given day: `limites` are the birth dates that mark each band's lower age bound
   * (descending: 18 years ago, 25 years ago …); a fisher born after limites[0] is under the first bound. Band i
   * (0 = under the first bound) holds those born after limites[i] and on or before limites[i-1]. Whole months are
   * read from estatistica_nascimento_mes (~900 rows: a month other than a cut-off's month falls wholly on one
   * side of it); only the cut-off months are read day by day from estatistica_nascimento, by primary key ranges.
   */
  async faixasEtarias(limites: string[]): Promise<{ faixa: number; total: number }[]> {
    const meses = limites.map((d) => `${d.slice(0, 7)}-01`);
    const porMes = meses.map((m, i) => sql`WHEN mes > ${m}::date THEN ${i}`);
    const porDia = limites.map((d, i) => sql`WHEN data_nascimento > ${d}::date THEN ${i}`);
    const faixasDeDias = meses.map((m) => sql`(data_nascimento >= ${m}::date AND data_nascimento < ${m}::date + interval '1 month')`);
    const { rows } = await this.db.execute<{ faixa: number; total: number }>(sql`
      SELECT faixa, sum(total) AS total FROM (
        SELECT CASE ${sql.join(porMes, sql` `)} ELSE ${limites.length} END AS faixa, total
        FROM estatistica_nascimento_mes WHERE mes <> ALL(${`{${meses.join(',')}}`}::date[])
        UNION ALL
        SELECT CASE ${sql.join(porDia, sql` `)} ELSE ${limites.length} END, total
        FROM estatistica_nascimento WHERE ${sql.join(faixasDeDias, sql` OR `)}
      ) x GROUP BY 1`);
    return rows.map((r) => ({ faixa: Number(r.faixa), total: Number(r.total) }));
  }

  /** Sent requests by month (from `desde`, 'YYYY-MM') and situation, all types together (primary key range). */
  async solicitacoes(desde: string): Promise<LinhaSolicitacao[]> {
    const { rows } = await this.db.execute<LinhaSolicitacao>(sql`
      SELECT mes, situacao, sum(total) AS total FROM estatistica_solicitacao
      WHERE mes >= ${desde} GROUP BY 1, 2 HAVING sum(total) <> 0 ORDER BY 1, 2`);
    return rows.map((r) => ({ ...r, total: Number(r.total) }));
  }
}
