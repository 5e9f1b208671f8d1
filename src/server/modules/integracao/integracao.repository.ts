import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { INICIO_DO_REGISTRO } from '../../db/inicio-do-registro';

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

  /**
   * "Since": the last history line that set the present situation; without one (an approval, a migrated registry)
   * the card's first issue for ATIVO, the date of the sanction for the others, else the first RGP's date.
   */
  async consultar(cpfs: readonly string[]): Promise<LinhaConsulta[]> {
    const { rows } = await this.db.execute<LinhaConsulta>(sql`
      SELECT p.id, p.cpf, p.situacao_registro AS situacao, p.numero_rgp, p.data_primeiro_rgp::text, p.categoria, p.forma_atuacao,
        p.uf, p.municipio_id, m.nome AS municipio,
        p.dados #> '{dadosAtividadePesca,areaPretendidaPesca}' AS areas,
        (SELECT array_agg(a.ambiente_pesca ORDER BY a.ambiente_pesca) FROM pescador_ambiente_pesca a WHERE a.pescador_id = p.id) AS ambientes,
        (SELECT array_agg(g.grupo_alvo ORDER BY g.grupo_alvo) FROM pescador_grupo_alvo g WHERE g.pescador_id = p.id) AS grupos,
        COALESCE(
          (SELECT (h.criado_em AT TIME ZONE 'America/Sao_Paulo')::date FROM pescador_historico_situacao h
            WHERE h.pescador_id = p.id AND h.situacao_nova = p.situacao_registro ORDER BY h.id DESC LIMIT 1),
          CASE WHEN p.situacao_registro = 1 THEN (p.data_emissao_carteira AT TIME ZONE 'America/Sao_Paulo')::date
               ELSE p.data_suspenso_cancelado END,
          p.data_primeiro_rgp)::text AS desde,
        (SELECT array_agg(q.ano_referencia ORDER BY q.ano_referencia) FROM reap_questionario q
          WHERE q.pescador_id = p.id AND q.enviada) AS enviados,
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
