import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { consultaNomeada, type Database, type Executor } from '../../db/client';
import { linhaDrizzle, TIPOS_COMO_DRIZZLE } from '../../db/linha-drizzle';
import { envioEntidade, pescador, solicitacao, solicitacaoHistorico } from '../../db/schema';
import { SituacaoSolicitacao as S, TipoSolicitacao } from '../../../shared/enums';
import type { TotalizadoresPescador } from '../../../shared/schemas/totalizadores';
import type { PescadorRow } from '../pescador/pescador.service';

export type SolicitacaoRow = typeof solicitacao.$inferSelect;

const SOLICITACAO = linhaDrizzle(solicitacao, 'u');
const MARCAR_ENVIADA = `WITH u AS (
    UPDATE solicitacao SET situacao = $2, declara_ciencia = true, uf_pescador = $3, enviada_em = now(), atualizado_em = now(),
      numero_protocolo = COALESCE(numero_protocolo, to_char(now() AT TIME ZONE 'America/Sao_Paulo', 'YYYY')
        || CASE WHEN id < 1000000000 THEN lpad(id::text, 9, '0') ELSE id::text END)
    WHERE id = $1 RETURNING *),
  h AS (
    INSERT INTO solicitacao_historico (solicitacao_id, situacao_anterior, situacao_nova, cpf_ator, perfil_ator, entidade_id, motivo)
    SELECT id, $4::smallint, situacao, $5::char(11), $6::smallint, $7::int, $8::text FROM u)
  SELECT ${SOLICITACAO.lista} FROM u`;
export type NovaSolicitacao = typeof solicitacao.$inferInsert;

export interface SolicitacaoComUf {
  solicitacao: SolicitacaoRow;
  ufCadastro: string | null;
  pescador: PescadorRow;
}

export type ResumoRow = {
  id: number;
  tipo: number;
  situacao: number;
  passo: number;
  dataCriacao: string;
  dataEnvio: string | null;
  numeroProtocolo: string | null;
  idPescador: number;
  nomePescador: string;
};

export interface FiltroLista {
  pescadorId?: number;
  situacoes?: number[];
  tipos?: number[];
  /** REAP requests have their own screens: left out unless `tipos` asks for them. */
  excluirReap: boolean;
  cpf?: string;
  nome?: string;
  ufs: string[] | null;
  limite: number;
  deslocamento: number;
}

const ISO = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The only writer of `solicitacao` and `solicitacao_historico`; no rules. `lock*` hold until the transaction ends. */
export class SolicitacaoRepository {
  constructor(private readonly db: Database) {}

  /** REAP has its own counters and excluded drafts count nowhere. */
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

  /** It serialises a fisher's openings, submissions and decisions (order: db/travas.ts). */
  async lockPescador(pescadorId: number, tx: Executor): Promise<PescadorRow> {
    const rows = await tx.select().from(pescador).where(eq(pescador.id, pescadorId)).for('update');
    return rows[0]!;
  }

  async findSolicitacao(id: number, ex: Executor = this.db): Promise<SolicitacaoRow | undefined> {
    const rows = await ex.select().from(solicitacao).where(eq(solicitacao.id, id));
    return rows[0];
  }

  /** Order: db/travas.ts. */
  async lockSolicitacao(id: number, tx: Executor): Promise<SolicitacaoRow> {
    const rows = await tx.select().from(solicitacao).where(eq(solicitacao.id, id)).for('update');
    return rows[0]!;
  }

  async findSolicitacaoComPescador(id: number): Promise<SolicitacaoComUf | undefined> {
    const rows = await this.db.select({ solicitacao, pescador })
      .from(solicitacao)
      .innerJoin(pescador, eq(pescador.id, solicitacao.pescadorId))
      .where(eq(solicitacao.id, id));
    const r = rows[0];
    return r ? { solicitacao: r.solicitacao, pescador: r.pescador, ufCadastro: r.pescador.uf } : undefined;
  }

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

  async countOutrasEmAndamento(pescadorId: number, situacoes: readonly number[], excetoId: number, ex: Executor = this.db): Promise<number> {
    const { rows } = await ex.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM solicitacao
      WHERE pescador_id = ${pescadorId} AND situacao = ANY(${sql.param([...situacoes])}::smallint[])
        AND tipo <> ${TipoSolicitacao.REAP} AND NOT inativa AND id <> ${excetoId}`);
    return rows[0]!.n;
  }

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
   * Sent, with its history row, in one named statement: the status, the fisher's state and the protocol (the year of
   * first submission in São Paulo and the id zero-padded to 9 digits; unique, sortable by year), then the history
   * row from what the update returned.
   */
  async marcarEnviada(
    id: number, set: { situacao: number; ufPescador: string | null },
    historico: { situacaoAnterior: number | null; cpfAtor: string | null; perfilAtor: number | null; entidadeId: number | null; motivo: string },
    ex: Executor = this.db,
  ): Promise<SolicitacaoRow> {
    const { rows: [r] } = await consultaNomeada<Record<string, unknown>>(ex, {
      name: 'solicitacao_marcar_enviada',
      text: MARCAR_ENVIADA,
      values: [id, set.situacao, set.ufPescador, historico.situacaoAnterior, historico.cpfAtor, historico.perfilAtor,
        historico.entidadeId, historico.motivo],
      types: TIPOS_COMO_DRIZZLE,
    });
    return SOLICITACAO.ler(r!);
  }

  async registrarEnvioEntidade(values: typeof envioEntidade.$inferInsert, ex: Executor = this.db): Promise<void> {
    await ex.insert(envioEntidade).values(values);
  }

  async insertHistorico(values: typeof solicitacaoHistorico.$inferInsert, ex: Executor = this.db): Promise<void> {
    await ex.insert(solicitacaoHistorico).values(values);
  }

  /** Many status changes with their history lines in two statements (a batch decision). */
  async mudarSituacoes(ms: { solicitacaoId: number; de: number | null; para: number; cpfAtor: string | null; perfilAtor: number | null; motivo: string }[],
    ex: Executor = this.db): Promise<void> {
    if (ms.length === 0) return;
    const col = <T>(f: (m: (typeof ms)[number]) => T) => sql.param(ms.map(f));
    await ex.execute(sql`
      UPDATE solicitacao s SET situacao = u.para, atualizado_em = now()
      FROM unnest(${col((m) => m.solicitacaoId)}::int[], ${col((m) => m.para)}::smallint[]) AS u(id, para) WHERE s.id = u.id`);
    await ex.execute(sql`
      INSERT INTO solicitacao_historico (solicitacao_id, situacao_anterior, situacao_nova, cpf_ator, perfil_ator, motivo)
      SELECT * FROM unnest(${col((m) => m.solicitacaoId)}::int[], ${col((m) => m.de)}::smallint[], ${col((m) => m.para)}::smallint[],
        ${col((m) => m.cpfAtor)}::char(11)[], ${col((m) => m.perfilAtor)}::smallint[], ${col((m) => m.motivo)}::text[])`);
  }

  /** A history line that keeps the status (an escalation, a reassignment): the request's current status on both sides. */
  async anotarHistorico(ids: number[], motivo: string, ator: { cpf: string; perfil: number } | null, ex: Executor = this.db): Promise<void> {
    if (ids.length === 0) return;
    await ex.execute(sql`
      INSERT INTO solicitacao_historico (solicitacao_id, situacao_anterior, situacao_nova, cpf_ator, perfil_ator, motivo)
      SELECT id, situacao, situacao, ${ator?.cpf ?? null}, ${ator?.perfil ?? null}, ${motivo}
      FROM solicitacao WHERE id = ANY(${sql.param(ids)}::int[])`);
  }

  /** Skipping rows another worker holds. */
  async vencidasEmAtualizacao(prazoDias: number, limite: number, tx: Executor): Promise<{ id: number; situacao: number }[]> {
    const { rows } = await tx.execute<{ id: number; situacao: number }>(sql`
      SELECT s.id, s.situacao FROM solicitacao s
      WHERE s.situacao IN (${S.ATUALIZACAO_SFPA}, ${S.ATUALIZACAO_MPA})
        AND (SELECT max(h.criado_em) FROM solicitacao_historico h
             WHERE h.solicitacao_id = s.id AND h.situacao_nova = s.situacao) < now() - make_interval(days => ${prazoDias})
      ORDER BY s.id LIMIT ${limite} FOR UPDATE OF s SKIP LOCKED`);
    return rows;
  }

  /** With `pescadorSemSolicitacao`, that fisher's migrated documents too. */
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

  async referenciasExistentes(pares: readonly { lista: string; id: number }[]): Promise<Set<string>> {
    if (pares.length === 0) return new Set();
    const { rows } = await this.db.execute<{ chave: string }>(sql`
      SELECT r.lista || ':' || r.id AS chave
      FROM unnest(${sql.param(pares.map((p) => p.lista))}::text[], ${sql.param(pares.map((p) => p.id))}::int[]) AS x(lista, id)
      JOIN referencia r ON r.lista = x.lista AND r.id = x.id`);
    return new Set(rows.map((r) => r.chave));
  }

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

  /** Newest first is `id DESC`, served by the primary key. */
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
