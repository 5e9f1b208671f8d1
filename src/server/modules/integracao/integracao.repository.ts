import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { INICIO_DO_REGISTRO } from '../../db/inicio-do-registro';
import { AMBIENTES_PESCA, AREAS_PESCA, GRUPOS_ALVO, REAP_ANOS_ENVIADOS, SITUACAO_DESDE } from '../../db/registro-atividade';

export type LinhaConsulta = {
  id: number;
  cpf: string;
  situacao: number | null;
  numero_rgp: string | null;
  data_primeiro_rgp: string | null;
  categoria: number | null;
  forma_atuacao: number | null;
  uf: string | null;
  municipio_id: number | null;
  municipio: string | null;
  areas: unknown;
  ambientes: number[] | null;
  grupos: number[] | null;
  desde: string | null;
  enviados: number[] | null;
  /** When the registry began: REAP years are owed from its year on. */
  inicio: string | null;
};

export type LinhaEvento = {
  id: string;
  xid: string;
  tipo: string;
  pescador_id: number;
  cpf: string;
  situacao_anterior: number | null;
  situacao_nova: number | null;
  dados: Record<string, unknown>;
  criado_em: string;
};

/**
 * The machine clients' reads: the registry of a batch of CPFs, and the outbox (`evento_integracao`, written only by
 * its triggers) in commit-safe order (decision 0121).
 */
export class IntegracaoRepository {
  constructor(private readonly db: Database) {}

  /** The registry of each CPF; "since" as `SITUACAO_DESDE` says. */
  async consultar(cpfs: readonly string[]): Promise<LinhaConsulta[]> {
    const { rows } = await this.db.execute<LinhaConsulta>(sql`
      SELECT p.id, p.cpf, p.situacao_registro AS situacao, p.numero_rgp, p.data_primeiro_rgp::text, p.categoria, p.forma_atuacao,
        p.uf, p.municipio_id, m.nome AS municipio,
        ${AREAS_PESCA} AS areas, ${AMBIENTES_PESCA} AS ambientes, ${GRUPOS_ALVO} AS grupos,
        ${SITUACAO_DESDE} AS desde, ${REAP_ANOS_ENVIADOS} AS enviados,
        ${INICIO_DO_REGISTRO} AS inicio
      FROM pescador p LEFT JOIN municipio m ON m.id = p.municipio_id
      WHERE p.cpf = ANY(${`{${cpfs.join(',')}}`}::char(11)[])`);
    return rows;
  }

  /**
   * After the cursor `(xid, id)`, only events of transactions older than every one still running: a transaction
   * still open can commit only events above that horizon, so nothing ever appears behind a cursor already handed out.
   */
  async eventos(depoisDe: { xid: string; id: string }, limite: number): Promise<LinhaEvento[]> {
    const { rows } = await this.db.execute<LinhaEvento>(sql`
      SELECT e.id::text, e.xid::text, e.tipo, e.pescador_id, p.cpf, e.situacao_anterior, e.situacao_nova, e.dados, e.criado_em
      FROM evento_integracao e JOIN pescador p ON p.id = e.pescador_id
      WHERE (e.xid, e.id) > (${depoisDe.xid}::xid8, ${depoisDe.id}::bigint)
        AND e.xid < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY e.xid, e.id
      LIMIT ${limite}`);
    return rows;
  }
}
