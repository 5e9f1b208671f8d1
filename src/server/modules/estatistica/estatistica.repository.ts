import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export type LinhaDimensao = { dimensao: string; chave: string; total: number };
export type LinhaMunicipio = { id: number; nome: string; uf: string; total: number };
export type LinhaSolicitacao = { mes: string; situacao: number; total: number };

/** Reads only the kept totals of migration 0011 and the municipality names; never pescador or solicitacao. */
export class EstatisticaRepository {
  constructor(private readonly db: Database) {}

  async dimensoes(): Promise<LinhaDimensao[]> {
    const { rows } = await this.db.execute<LinhaDimensao>(sql`
      SELECT dimensao, chave, total FROM estatistica_pescador WHERE dimensao <> 'municipio' AND total <> 0`);
    return rows.map((r) => ({ ...r, total: Number(r.total) }));
  }

  /** Every municipality of the state with its count, zero included. */
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
   * Fishers by age band on a day: whole months from estatistica_nascimento_mes, and only the cut-off months day by day
   * from estatistica_nascimento. `limites` descend: 18 years ago, 25 years ago…
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

  async solicitacoes(desde: string): Promise<LinhaSolicitacao[]> {
    const { rows } = await this.db.execute<LinhaSolicitacao>(sql`
      SELECT mes, situacao, sum(total) AS total FROM estatistica_solicitacao
      WHERE mes >= ${desde} GROUP BY 1, 2 HAVING sum(total) <> 0 ORDER BY 1, 2`);
    return rows.map((r) => ({ ...r, total: Number(r.total) }));
  }
}
