import { sql } from 'drizzle-orm';
import type { FiltroDecisaoEmLote } from '../../../shared/schemas/recurso';
import type { Database, Executor } from '../../db/client';
import { condicoesFila } from './recurso.repository';

export type DecisaoLoteRow = {
  id: number; atoNormativoId: number; resultado: number; justificativa: string; ator: unknown; cpfAtor: string;
  total: number; decididos: number; recusados: number; concluidoEm: Date | null;
};

/** The SQL of batch decisions (decision 0103): the header with its counters and one item per appeal. */
export class DecisaoLoteRepository {
  constructor(private readonly db: Database) {}

  async criar(d: { ato: number; resultado: number; justificativa: string; filtro: FiltroDecisaoEmLote | null; ator: unknown; cpfAtor: string }, tx: Executor): Promise<number> {
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO recurso_decisao_lote (ato_normativo_id, resultado, justificativa, filtro, ator, cpf_ator, total)
      VALUES (${d.ato}, ${d.resultado}, ${d.justificativa}, ${d.filtro ? JSON.stringify(d.filtro) : null}::jsonb, ${JSON.stringify(d.ator)}::jsonb, ${d.cpfAtor}, 0)
      RETURNING id`);
    return rows[0]!.id;
  }

  /** The appeals chosen by id (any id: one that does not exist is refused by the job, by name). */
  async itensPorIds(id: number, ids: number[], tx: Executor): Promise<number> {
    const { rowCount } = await tx.execute(sql`
      INSERT INTO recurso_decisao_lote_item (decisao_lote_id, recurso_id)
      SELECT ${id}, u FROM unnest(${`{${ids.join(',')}}`}::int[]) u ON CONFLICT DO NOTHING`);
    return this.fixarTotal(id, rowCount ?? 0, tx);
  }

  /** Every pending appeal of `ato` the filter matches in the manager's scope, chosen in one statement. */
  async itensPorFiltro(id: number, ato: number, f: FiltroDecisaoEmLote, escopo: { ufs: string[] | null }, hoje: string, tx: Executor): Promise<number> {
    const conds = condicoesFila({ ...f, ato }, escopo, hoje);
    const { rowCount } = await tx.execute(sql`
      INSERT INTO recurso_decisao_lote_item (decisao_lote_id, recurso_id)
      SELECT ${id}, r.id FROM recurso r WHERE ${sql.join(conds, sql` AND `)}`);
    return this.fixarTotal(id, rowCount ?? 0, tx);
  }

  private async fixarTotal(id: number, total: number, tx: Executor): Promise<number> {
    await tx.execute(sql`UPDATE recurso_decisao_lote SET total = ${total} WHERE id = ${id}`);
    return total;
  }

  /** The header, locked: one job at a time works on a batch decision (a retried job waits for a stuck one). */
  async travar(id: number, tx: Executor): Promise<DecisaoLoteRow | undefined> {
    const { rows } = await tx.execute<DecisaoLoteRow>(sql`${SELECT_CABECALHO} WHERE id = ${id} FOR UPDATE`);
    return rows[0];
  }

  async ler(id: number, ex: Executor = this.db): Promise<DecisaoLoteRow | undefined> {
    const { rows } = await ex.execute<DecisaoLoteRow>(sql`${SELECT_CABECALHO} WHERE id = ${id}`);
    return rows[0];
  }

  /** The next `n` appeals not yet worked on, in id order. */
  async proximos(id: number, n: number, tx: Executor): Promise<number[]> {
    const { rows } = await tx.execute<{ r: number }>(sql`
      SELECT recurso_id AS r FROM recurso_decisao_lote_item WHERE decisao_lote_id = ${id} AND decidido IS NULL ORDER BY recurso_id LIMIT ${n}`);
    return rows.map((x) => x.r);
  }

  /** A chunk's outcome: the decided ones, the refused ones with their reasons, and the header's counters. */
  async registrar(id: number, decididos: number[], recusas: Map<number, string>, tx: Executor): Promise<void> {
    if (decididos.length > 0) {
      await tx.execute(sql`UPDATE recurso_decisao_lote_item SET decidido = true
        WHERE decisao_lote_id = ${id} AND recurso_id = ANY(${`{${decididos.join(',')}}`}::int[])`);
    }
    if (recusas.size > 0) {
      await tx.execute(sql`UPDATE recurso_decisao_lote_item i SET decidido = false, mensagem = u.m
        FROM jsonb_to_recordset(${JSON.stringify([...recusas].map(([r, m]) => ({ r, m })))}::jsonb) AS u(r int, m text)
        WHERE i.decisao_lote_id = ${id} AND i.recurso_id = u.r`);
    }
    await tx.execute(sql`UPDATE recurso_decisao_lote SET decididos = decididos + ${decididos.length}, recusados = recusados + ${recusas.size}
      WHERE id = ${id}`);
  }

  async concluir(id: number, tx: Executor): Promise<void> {
    await tx.execute(sql`UPDATE recurso_decisao_lote SET concluido_em = now() WHERE id = ${id} AND concluido_em IS NULL`);
  }

  /** A page of refusals after the appeal id `apos`. */
  async recusas(id: number, apos: number, n: number, ex: Executor = this.db): Promise<{ id: number; mensagem: string }[]> {
    const { rows } = await ex.execute<{ id: number; mensagem: string }>(sql`
      SELECT recurso_id AS id, mensagem FROM recurso_decisao_lote_item
      WHERE decisao_lote_id = ${id} AND decidido = false AND recurso_id > ${apos} ORDER BY recurso_id LIMIT ${n}`);
    return rows;
  }
}

const SELECT_CABECALHO = sql`
  SELECT id, ato_normativo_id AS "atoNormativoId", resultado, justificativa, ator, cpf_ator AS "cpfAtor", total, decididos, recusados,
    concluido_em AS "concluidoEm"
  FROM recurso_decisao_lote`;
