import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { pescador, solicitacao, solicitacaoHistorico } from '../../db/schema';
import { SituacaoSolicitacao as S, TipoSolicitacao } from '../../../shared/enums';
import type { TotalizadoresPescador } from '../../../shared/schemas/totalizadores';
import type { PescadorRow } from '../pescador/pescador.service';

export type SolicitacaoRow = typeof solicitacao.$inferSelect;
export type NovaSolicitacao = typeof solicitacao.$inferInsert;

/** A request and the state of its fisher's address (for the reading scope). */
export interface SolicitacaoComUf {
  solicitacao: SolicitacaoRow;
  ufCadastro: string | null;
  pescador: PescadorRow;
}

/** A row of the request lists, as SQL answers it. */
export type ResumoRow = {
  id: number;
  tipo: number;
  situacao: number;
  passo: number;
  /** ISO 8601, UTC. */
  dataCriacao: string;
  dataEnvio: string | null;
  numeroProtocolo: string | null;
  idPescador: number;
  nomePescador: string;
};

/** The filters of a list, already reduced to the caller's scope by the service. */
export interface FiltroLista {
  pescadorId?: number;
  situacoes?: number[];
  tipos?: number[];
  /** REAP requests have their own screens: left out unless `tipos` asks for them. */
  excluirReap: boolean;
  cpf?: string;
  nome?: string;
  /** SFPA: only fishers (or requests) of these states. */
  ufs: string[] | null;
  limite: number;
  deslocamento: number;
}

/** to_char pattern of an ISO 8601 UTC instant, as Date.prototype.toISOString writes it. */
const ISO = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * SQL of the requests: the only writer of `solicitacao` and `solicitacao_historico`. The fisher, documents and
 * reference lists are read here, never written. No rules. Methods run on the pool or on the caller's transaction
 * (`ex`); `lock*` take the transaction whose end releases the lock.
 */
export class SolicitacaoRepository {
  constructor(private readonly db: Database) {}

  /**
   * One pass over the fisher's requests (index solicitacao_pescador_situacao_idx); REAP has its own counters and
   * excluded (inactivated) drafts count nowhere.
   */
  async totalizadores(pescadorId: number, ex: Executor = this.db): Promise<TotalizadoresPescador> {
    const { rows } = await ex.execute<TotalizadoresPescador>(sql`
      SELECT
        count(*) FILTER (WHERE situacao = ${S.RASCUNHO})::int AS rascunhos,
        count(*) FILTER (WHERE situacao = ${S.ENVIADA})::int AS enviadas,
        count(*) FILTER (WHERE situacao = ${S.DEFERIDA})::int AS deferidas,
        count(*) FILTER (WHERE situacao = ${S.FINALIZADA})::int AS finalizadas,
        count(*) FILTER (WHERE situacao = ${S.EM_ANALISE})::int AS "emAnalise",
        count(*) FILTER (WHERE situacao IN (${S.ATUALIZACAO_SFPA}, ${S.ATUALIZACAO_MPA}))::int AS "emAtualizacao",
        count(*)::int AS todas
      FROM solicitacao
      WHERE pescador_id = ${pescadorId} AND tipo <> ${TipoSolicitacao.REAP} AND NOT inativa`);
    return rows[0]!;
  }

  async findPescadorUf(pescadorId: number): Promise<{ uf: string | null } | undefined> {
    const { rows } = await this.db.execute<{ uf: string | null }>(sql`SELECT uf FROM pescador WHERE id = ${pescadorId}`);
    return rows[0];
  }

  async findPescador(pescadorId: number): Promise<PescadorRow | undefined> {
    const rows = await this.db.select().from(pescador).where(eq(pescador.id, pescadorId));
    return rows[0];
  }

  /** The fisher, locked until the transaction ends: it serialises a fisher's openings, submissions and decisions (order: db/travas.ts). */
  async lockPescador(pescadorId: number, tx: Executor): Promise<PescadorRow> {
    const rows = await tx.select().from(pescador).where(eq(pescador.id, pescadorId)).for('update');
    return rows[0]!;
  }

  async findSolicitacao(id: number, ex: Executor = this.db): Promise<SolicitacaoRow | undefined> {
    const rows = await ex.select().from(solicitacao).where(eq(solicitacao.id, id));
    return rows[0];
  }

  /** The request, locked until the transaction ends; its fisher, when locked too, first (db/travas.ts). */
  async lockSolicitacao(id: number, tx: Executor): Promise<SolicitacaoRow> {
    const rows = await tx.select().from(solicitacao).where(eq(solicitacao.id, id)).for('update');
    return rows[0]!;
  }

  /** The request with its fisher (primary keys). */
  async findSolicitacaoComPescador(id: number): Promise<SolicitacaoComUf | undefined> {
    const rows = await this.db.select({ solicitacao, pescador })
      .from(solicitacao)
      .innerJoin(pescador, eq(pescador.id, solicitacao.pescadorId))
      .where(eq(solicitacao.id, id));
    const r = rows[0];
    return r ? { solicitacao: r.solicitacao, pescador: r.pescador, ufCadastro: r.pescador.uf } : undefined;
  }

  /** The fisher's requests of these types in these statuses, excluded drafts left out (solicitacao_pescador_situacao_idx). */
  async findAbertas(
    pescadorId: number, tipos: readonly number[], situacoes: readonly number[], ex: Executor = this.db,
  ): Promise<SolicitacaoRow[]> {
    const conds: SQL[] = [
      eq(solicitacao.pescadorId, pescadorId),
      inArray(solicitacao.situacao, [...situacoes]),
      eq(solicitacao.inativa, false),
    ];
    if (tipos.length > 0) conds.push(inArray(solicitacao.tipo, [...tipos]));
    return ex.select().from(solicitacao).where(and(...conds)).orderBy(desc(solicitacao.id));
  }

  /** Requests of the fisher other than REAP in these statuses (any type). */
  async countOutrasEmAndamento(pescadorId: number, situacoes: readonly number[], excetoId: number, ex: Executor = this.db): Promise<number> {
    const { rows } = await ex.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM solicitacao
      WHERE pescador_id = ${pescadorId} AND situacao = ANY(${sql.param([...situacoes])}::smallint[])
        AND tipo <> ${TipoSolicitacao.REAP} AND NOT inativa AND id <> ${excetoId}`);
    return rows[0]!.n;
  }

  /** The fisher's latest request (optionally of one type), excluded drafts left out. */
  async findUltima(pescadorId: number, tipo?: number): Promise<SolicitacaoRow | undefined> {
    const conds: SQL[] = [eq(solicitacao.pescadorId, pescadorId), eq(solicitacao.inativa, false)];
    conds.push(tipo === undefined ? ne(solicitacao.tipo, TipoSolicitacao.REAP) : eq(solicitacao.tipo, tipo));
    const rows = await this.db.select().from(solicitacao).where(and(...conds)).orderBy(desc(solicitacao.id)).limit(1);
    return rows[0];
  }

  async insertSolicitacao(values: NovaSolicitacao, ex: Executor = this.db): Promise<SolicitacaoRow> {
    const rows = await ex.insert(solicitacao).values(values).returning();
    return rows[0]!;
  }

  async updateSolicitacao(id: number, set: Partial<NovaSolicitacao>, ex: Executor = this.db): Promise<SolicitacaoRow> {
    const rows = await ex.update(solicitacao).set({ ...set, atualizadoEm: sql`now()` }).where(eq(solicitacao.id, id)).returning();
    return rows[0]!;
  }

  /**
   * Sends a request: its sent status (`situacao`), sent now, the protocol number kept or issued. The number is the
   * year of the first submission in São Paulo followed by the request id, zero-padded to 9 digits
   * ('2026000000123'): unique because the id is, readable, and sortable by year.
   */
  async marcarEnviada(
    id: number, set: Partial<NovaSolicitacao> & { situacao: number }, ex: Executor = this.db,
  ): Promise<SolicitacaoRow> {
    const rows = await ex.update(solicitacao).set({
      ...set,
      enviadaEm: sql`now()`,
      atualizadoEm: sql`now()`,
      numeroProtocolo: sql`COALESCE(${solicitacao.numeroProtocolo},
        to_char(now() AT TIME ZONE 'America/Sao_Paulo', 'YYYY')
        || CASE WHEN ${solicitacao.id} < 1000000000 THEN lpad(${solicitacao.id}::text, 9, '0') ELSE ${solicitacao.id}::text END)`,
    }).where(eq(solicitacao.id, id)).returning();
    return rows[0]!;
  }

  async insertHistorico(values: typeof solicitacaoHistorico.$inferInsert, ex: Executor = this.db): Promise<void> {
    await ex.insert(solicitacaoHistorico).values(values);
  }

  /**
   * Requests left in updating (ATUALIZACAO_SFPA/MPA) longer than `prazoDias` since they entered it, locked and
   * skipping those another worker holds (the daily job).
   */
  async vencidasEmAtualizacao(prazoDias: number, limite: number, tx: Executor): Promise<{ id: number; situacao: number }[]> {
    const { rows } = await tx.execute<{ id: number; situacao: number }>(sql`
      SELECT s.id, s.situacao FROM solicitacao s
      WHERE s.situacao IN (${S.ATUALIZACAO_SFPA}, ${S.ATUALIZACAO_MPA})
        AND (SELECT max(h.criado_em) FROM solicitacao_historico h
             WHERE h.solicitacao_id = s.id AND h.situacao_nova = s.situacao) < now() - make_interval(days => ${prazoDias})
      ORDER BY s.id LIMIT ${limite} FOR UPDATE OF s SKIP LOCKED`);
    return rows;
  }

  /**
   * Types of the documents present (not removed) on these requests and, when `pescadorSemSolicitacao` is given,
   * that fisher's documents attached to no request (migrated). Index documento_solicitacao_idx.
   */
  async tiposDocumentoPresentes(solicitacaoIds: readonly number[], pescadorSemSolicitacao?: number, ex: Executor = this.db): Promise<number[]> {
    const semSolicitacao = pescadorSemSolicitacao === undefined
      ? sql`false`
      : sql`(pescador_id = ${pescadorSemSolicitacao} AND solicitacao_id IS NULL)`;
    const { rows } = await ex.execute<{ tipo: number }>(sql`
      SELECT DISTINCT tipo_documento AS tipo FROM documento
      WHERE removido_em IS NULL
        AND (solicitacao_id = ANY(${sql.param([...solicitacaoIds])}::int[]) OR ${semSolicitacao})`);
    return rows.map((r) => r.tipo);
  }

  /** The request and the ones it was cloned from, up the chain of `solicitacao_origem_id` (primary key). */
  async cadeiaDeOrigem(id: number, ex: Executor = this.db): Promise<number[]> {
    const { rows } = await ex.execute<{ id: number }>(sql`
      WITH RECURSIVE cadeia(id, origem, nivel) AS (
        SELECT id, solicitacao_origem_id, 0 FROM solicitacao WHERE id = ${id}
        UNION ALL
        SELECT s.id, s.solicitacao_origem_id, c.nivel + 1 FROM solicitacao s JOIN cadeia c ON s.id = c.origem WHERE c.nivel < 50
      )
      SELECT id FROM cadeia`);
    return rows.map((r) => r.id);
  }

  /** Which (list, id) pairs exist in the reference table (primary key), as 'lista:id'. */
  async referenciasExistentes(pares: readonly { lista: string; id: number }[]): Promise<Set<string>> {
    if (pares.length === 0) return new Set();
    const { rows } = await this.db.execute<{ chave: string }>(sql`
      SELECT r.lista || ':' || r.id AS chave
      FROM unnest(${sql.param(pares.map((p) => p.lista))}::text[], ${sql.param(pares.map((p) => p.id))}::int[]) AS x(lista, id)
      JOIN referencia r ON r.lista = x.lista AND r.id = x.id`);
    return new Set(rows.map((r) => r.chave));
  }

  /** The state of each known municipality among `ids` (primary key). */
  async ufsDosMunicipios(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.db.execute<{ id: number; uf: string }>(sql`
      SELECT id, uf FROM municipio WHERE id = ANY(${sql.param([...new Set(ids)])}::int[])`);
    return new Map(rows.map((r) => [r.id, r.uf]));
  }

  async profissoesExistentes(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const { rows } = await this.db.execute<{ id: number }>(sql`
      SELECT id FROM profissao WHERE id = ANY(${sql.param([...new Set(ids)])}::int[])`);
    return new Set(rows.map((r) => r.id));
  }

  /**
   * A page of requests, newest first, with the total. Newest first is `id DESC`, served by the primary key
   * (ids grow with creation); a fisher's list narrows first by solicitacao_pescador_situacao_idx.
   */
  async listar(f: FiltroLista): Promise<{ total: number; linhas: ResumoRow[] }> {
    const conds: SQL[] = [sql`NOT s.inativa`];
    if (f.pescadorId !== undefined) conds.push(sql`s.pescador_id = ${f.pescadorId}`);
    if (f.situacoes && f.situacoes.length > 0) conds.push(sql`s.situacao = ANY(${sql.param(f.situacoes)}::smallint[])`);
    if (f.tipos && f.tipos.length > 0) conds.push(sql`s.tipo = ANY(${sql.param(f.tipos)}::smallint[])`);
    else if (f.excluirReap) conds.push(sql`s.tipo <> ${TipoSolicitacao.REAP}`);
    if (f.cpf) conds.push(sql`p.cpf = ${f.cpf}`);
    if (f.nome) conds.push(sql`p.nome ILIKE ${`%${escapeLike(f.nome)}%`}`);
    if (f.ufs !== null) {
      conds.push(sql`(p.uf = ANY(${sql.param(f.ufs)}::bpchar[]) OR s.uf_pescador = ANY(${sql.param(f.ufs)}::bpchar[]))`);
    }
    const where = sql.join(conds, sql` AND `);
    const total = await this.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM solicitacao s JOIN pescador p ON p.id = s.pescador_id WHERE ${where}`);
    const { rows } = await this.db.execute<ResumoRow>(sql`
      SELECT s.id, s.tipo, s.situacao, s.passo,
        to_char(s.criado_em AT TIME ZONE 'UTC', ${ISO}) AS "dataCriacao",
        to_char(s.enviada_em AT TIME ZONE 'UTC', ${ISO}) AS "dataEnvio",
        s.numero_protocolo AS "numeroProtocolo", s.pescador_id AS "idPescador", p.nome AS "nomePescador"
      FROM solicitacao s JOIN pescador p ON p.id = s.pescador_id
      WHERE ${where}
      ORDER BY s.id DESC
      LIMIT ${f.limite} OFFSET ${f.deslocamento}`);
    return { total: total.rows[0]!.n, linhas: rows };
  }
}
