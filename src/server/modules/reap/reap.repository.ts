import { sql, type SQL } from 'drizzle-orm';
import type { FiltroObrigacoesServidor } from '../../../shared/schemas/reap';
import type { Database, Executor } from '../../db/client';
import { reapPrazo, reapQuestionario } from '../../db/schema';

/** The fisher as REAP needs them: who, where, which category, and since when they owe (null: no registry yet). */
export type PescadorReap = {
  id: number;
  cpf: string;
  nome: string;
  uf: string | null;
  numeroRgp: string | null;
  categoria: number | null;
  /** The first RGP date, else the day the registry was first approved (decision 0026); null without an RGP number. */
  inicio: string | null;
};

/** A questionnaire with what the answers about it need: its fisher's state and its year's window. */
export type QuestionarioRow = {
  id: number;
  solicitacaoId: number;
  pescadorId: number;
  anoReferencia: number;
  categoria: number;
  enviada: boolean;
  realizouPesca: boolean | null;
  tipoPrestacaoServico: number | null;
  totalDiasTrabalhadoAno: number | null;
  dados: Record<string, unknown> | null;
  codigoVerificacao: string | null;
  enviadaEm: Date | null;
  nomePescador: string;
  cpfPescador: string;
  ufPescador: string | null;
  inicioPreenchimento: string | null;
  fimPreenchimento: string | null;
};

export type ObrigacaoServidorRow = QuestionarioRow & {
  numeroRgp: string | null;
  idMunicipio: number | null;
  nomeMunicipio: string | null;
};

const COLUNAS = sql`
  q.id, q.solicitacao_id AS "solicitacaoId", q.pescador_id AS "pescadorId", q.ano_referencia AS "anoReferencia",
  q.categoria, q.enviada, q.realizou_pesca AS "realizouPesca", q.tipo_prestacao_servico AS "tipoPrestacaoServico",
  q.total_dias_trabalhado_ano AS "totalDiasTrabalhadoAno", q.dados, q.codigo_verificacao AS "codigoVerificacao",
  q.enviada_em AS "enviadaEm", p.nome AS "nomePescador", p.cpf AS "cpfPescador", p.uf AS "ufPescador",
  pr.inicio_preenchimento AS "inicioPreenchimento", pr.fim_preenchimento AS "fimPreenchimento"`;

/** SQL of REAP: the questionnaires and the filling windows (this module's tables); fishers and requests are read. */
export class ReapRepository {
  constructor(
    private readonly db: Database,
    /** The staff obligations list and its CSV, heavy reads over millions of rows: a standby when configured (decision 0050). */
    private readonly leitura: Database = db,
  ) {}

  private async pescador(pescadorId: number, lock: boolean, ex: Executor): Promise<PescadorReap | undefined> {
    const { rows } = await ex.execute<PescadorReap>(sql`
      SELECT p.id, p.cpf, p.nome, p.uf, p.numero_rgp AS "numeroRgp", p.categoria,
        CASE WHEN p.numero_rgp IS NULL THEN NULL ELSE COALESCE(p.data_primeiro_rgp::text, (
          SELECT min(h.criado_em AT TIME ZONE 'America/Sao_Paulo')::date::text
          FROM solicitacao s JOIN solicitacao_historico h ON h.solicitacao_id = s.id
          WHERE s.pescador_id = p.id AND h.situacao_nova = 4)) END AS inicio
      FROM pescador p WHERE p.id = ${pescadorId}
      ${lock ? sql`FOR UPDATE OF p` : sql``}`);
    return rows[0];
  }

  findPescador(pescadorId: number, ex: Executor = this.db): Promise<PescadorReap | undefined> {
    return this.pescador(pescadorId, false, ex);
  }

  /** The fisher's row locked until the transaction ends: one generation at a time per fisher. */
  lockPescador(pescadorId: number, tx: Executor): Promise<PescadorReap | undefined> {
    return this.pescador(pescadorId, true, tx);
  }

  /** The fisher's obligations by year (reap_questionario_pescador_ano_key). */
  async anosDoPescador(pescadorId: number, ex: Executor = this.db): Promise<{ anoReferencia: number; enviada: boolean }[]> {
    const { rows } = await ex.execute<{ anoReferencia: number; enviada: boolean }>(sql`
      SELECT ano_referencia AS "anoReferencia", enviada FROM reap_questionario WHERE pescador_id = ${pescadorId}`);
    return rows;
  }

  /** A new obligation; nothing (undefined) when the fisher already has that year's. */
  async inserir(v: typeof reapQuestionario.$inferInsert, ex: Executor = this.db): Promise<number | undefined> {
    const rows = await ex.insert(reapQuestionario).values(v)
      .onConflictDoNothing({ target: [reapQuestionario.pescadorId, reapQuestionario.anoReferencia] })
      .returning({ id: reapQuestionario.id });
    return rows[0]?.id;
  }

  async find(id: number, ex: Executor = this.db): Promise<QuestionarioRow | undefined> {
    const { rows } = await ex.execute<QuestionarioRow>(sql`
      SELECT ${COLUNAS} FROM reap_questionario q
      JOIN pescador p ON p.id = q.pescador_id
      LEFT JOIN reap_prazo pr ON pr.ano_referencia = q.ano_referencia
      WHERE q.id = ${id}`);
    return rows[0];
  }

  /** The questionnaire locked until the transaction ends: saves and the send of one REAP go one at a time. */
  async lock(id: number, tx: Executor): Promise<QuestionarioRow | undefined> {
    const { rows } = await tx.execute<QuestionarioRow>(sql`
      SELECT ${COLUNAS} FROM reap_questionario q
      JOIN pescador p ON p.id = q.pescador_id
      LEFT JOIN reap_prazo pr ON pr.ano_referencia = q.ano_referencia
      WHERE q.id = ${id}
      FOR UPDATE OF q`);
    return rows[0];
  }

  /** Saves the answers of a REAP not sent; answers false if it was sent meanwhile (the update is conditional). */
  async salvar(id: number, set: {
    dados: Record<string, unknown>; realizouPesca: boolean | null; tipoPrestacaoServico: number | null; totalDiasTrabalhadoAno: number | null;
  }, ex: Executor = this.db): Promise<boolean> {
    const { rowCount } = await ex.execute(sql`
      UPDATE reap_questionario SET dados = ${JSON.stringify(set.dados)}::jsonb, realizou_pesca = ${set.realizouPesca},
        tipo_prestacao_servico = ${set.tipoPrestacaoServico}, total_dias_trabalhado_ano = ${set.totalDiasTrabalhadoAno}, atualizado_em = now()
      WHERE id = ${id} AND NOT enviada`);
    return (rowCount ?? 0) === 1;
  }

  /** Marks it sent, with its verification code; false if it already was (the update is conditional). */
  async marcarEnviada(id: number, codigo: string, ex: Executor = this.db): Promise<boolean> {
    const { rowCount } = await ex.execute(sql`
      UPDATE reap_questionario SET enviada = true, enviada_em = now(), codigo_verificacao = ${codigo}, atualizado_em = now()
      WHERE id = ${id} AND NOT enviada`);
    return (rowCount ?? 0) === 1;
  }

  /** The fisher's obligations, newest year first (reap_questionario_pescador_ano_key), a page at a time. */
  async listarDoPescador(pescadorId: number, f: { anoReferencia?: number; enviada?: boolean; pagina: number; tamanhoPagina: number }): Promise<{
    total: number; linhas: QuestionarioRow[];
  }> {
    const conds: SQL[] = [sql`q.pescador_id = ${pescadorId}`];
    if (f.anoReferencia !== undefined) conds.push(sql`q.ano_referencia = ${f.anoReferencia}`);
    if (f.enviada !== undefined) conds.push(sql`q.enviada = ${f.enviada}`);
    const where = sql.join(conds, sql` AND `);
    const { rows: total } = await this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM reap_questionario q WHERE ${where}`);
    const { rows } = await this.db.execute<QuestionarioRow>(sql`
      SELECT ${COLUNAS} FROM reap_questionario q
      JOIN pescador p ON p.id = q.pescador_id
      LEFT JOIN reap_prazo pr ON pr.ano_referencia = q.ano_referencia
      WHERE ${where}
      ORDER BY q.ano_referencia DESC
      LIMIT ${f.tamanhoPagina} OFFSET ${(f.pagina - 1) * f.tamanhoPagina}`);
    return { total: total[0]!.n, linhas: rows };
  }

  /**
   * The staff obligations list. Year and sent/pending are served by reap_questionario_ano_enviada_idx (id order
   * within them); state and municipality by pescador_uf_municipio_idx, the CPF by the fisher's unique key, the
   * name by pescador_nome_trgm_idx. `ufs` (SFPA's scope) restricts to the fishers of those states. The count
   * joins the fisher only when a filter reads the fisher.
   */
  async listarServidor(f: FiltroObrigacoesServidor, ufs: string[] | null): Promise<{ total: number; linhas: ObrigacaoServidorRow[] }> {
    const { where, lePescador } = this.filtros(f, ufs);
    const { rows: total } = await this.leitura.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM reap_questionario q ${lePescador ? sql`JOIN pescador p ON p.id = q.pescador_id` : sql``}
      WHERE ${where}`);
    const { rows } = await this.leitura.execute<ObrigacaoServidorRow>(sql`
      SELECT ${COLUNAS}, p.numero_rgp AS "numeroRgp",
        p.municipio_id AS "idMunicipio", m.nome AS "nomeMunicipio"
      FROM reap_questionario q
      JOIN pescador p ON p.id = q.pescador_id
      LEFT JOIN reap_prazo pr ON pr.ano_referencia = q.ano_referencia
      LEFT JOIN municipio m ON m.id = p.municipio_id
      WHERE ${where}
      ORDER BY q.id DESC
      LIMIT ${f.tamanhoPagina} OFFSET ${(f.pagina - 1) * f.tamanhoPagina}`);
    return { total: total[0]!.n, linhas: rows };
  }

  /** The same list for the CSV, in pages of `lote` by id (keyset: id below the last one seen), never all at once. */
  async *percorrerServidor(f: FiltroObrigacoesServidor, ufs: string[] | null, lote = 5000): AsyncGenerator<ObrigacaoServidorRow[]> {
    const { where } = this.filtros(f, ufs);
    let ultimo: number | null = null;
    for (;;) {
      const { rows }: { rows: ObrigacaoServidorRow[] } = await this.leitura.execute<ObrigacaoServidorRow>(sql`
        SELECT ${COLUNAS}, p.numero_rgp AS "numeroRgp",
          p.municipio_id AS "idMunicipio", m.nome AS "nomeMunicipio"
        FROM reap_questionario q
        JOIN pescador p ON p.id = q.pescador_id
        LEFT JOIN reap_prazo pr ON pr.ano_referencia = q.ano_referencia
        LEFT JOIN municipio m ON m.id = p.municipio_id
        WHERE ${where} ${ultimo === null ? sql`` : sql`AND q.id < ${ultimo}`}
        ORDER BY q.id DESC LIMIT ${lote}`);
      if (rows.length === 0) return;
      yield rows;
      ultimo = rows[rows.length - 1]!.id;
      if (rows.length < lote) return;
    }
  }

  private filtros(f: FiltroObrigacoesServidor, ufs: string[] | null): { where: SQL; lePescador: boolean } {
    const conds: SQL[] = [sql`true`];
    let lePescador = false;
    if (f.anoReferencia !== undefined) conds.push(sql`q.ano_referencia = ${f.anoReferencia}`);
    if (f.enviada !== undefined) conds.push(sql`q.enviada = ${f.enviada}`);
    if (f.categoria !== undefined) conds.push(sql`q.categoria = ${f.categoria}`);
    if (ufs !== null) {
      lePescador = true;
      conds.push(sql`p.uf = ANY(${sql.param(ufs)}::char(2)[])`);
    }
    if (f.uf !== undefined) {
      lePescador = true;
      conds.push(sql`p.uf = ${f.uf}`);
    }
    if (f.idMunicipio !== undefined) {
      lePescador = true;
      conds.push(sql`p.municipio_id = ${f.idMunicipio}`);
    }
    if (f.cpf !== undefined) {
      lePescador = true;
      conds.push(sql`p.cpf = ${f.cpf}`);
    }
    if (f.nome !== undefined) {
      lePescador = true;
      conds.push(sql`p.nome ILIKE ${`%${f.nome.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
    }
    return { where: sql.join(conds, sql` AND `), lePescador };
  }

  /** The protocol number of the REAP request (read). */
  async protocolo(solicitacaoId: number): Promise<string | null> {
    const { rows } = await this.db.execute<{ numeroProtocolo: string | null }>(sql`
      SELECT numero_protocolo AS "numeroProtocolo" FROM solicitacao WHERE id = ${solicitacaoId}`);
    return rows[0]?.numeroProtocolo ?? null;
  }

  /** Which of these species ids exist. */
  async especiesExistentes(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const { rows } = await this.db.execute<{ id: number }>(sql`SELECT id FROM especie WHERE id = ANY(${sql.param([...ids])}::int[])`);
    return new Set(rows.map((r) => r.id));
  }

  /** Species names by id (for the answers and the receipt). */
  async especies(ids: readonly number[]): Promise<Map<number, { nome: string; nomeCientifico: string }>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.db.execute<{ id: number; nome: string; nomeCientifico: string }>(sql`
      SELECT id, nome, nome_cientifico AS "nomeCientifico" FROM especie WHERE id = ANY(${sql.param([...ids])}::int[])`);
    return new Map(rows.map((r) => [r.id, { nome: r.nome, nomeCientifico: r.nomeCientifico }]));
  }

  /** Which of these municipality ids exist. */
  async municipiosExistentes(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const { rows } = await this.db.execute<{ id: number }>(sql`SELECT id FROM municipio WHERE id = ANY(${sql.param([...ids])}::int[])`);
    return new Set(rows.map((r) => r.id));
  }

  // ---------------------------------------------------------------- filling windows

  async prazos(): Promise<{ anoReferencia: number; inicioPreenchimento: string; fimPreenchimento: string }[]> {
    return this.db.select({
      anoReferencia: reapPrazo.anoReferencia, inicioPreenchimento: reapPrazo.inicioPreenchimento, fimPreenchimento: reapPrazo.fimPreenchimento,
    }).from(reapPrazo).orderBy(sql`${reapPrazo.anoReferencia} DESC`);
  }

  async salvarPrazo(anoReferencia: number, inicio: string, fim: string, cpf: string): Promise<void> {
    await this.db.insert(reapPrazo).values({ anoReferencia, inicioPreenchimento: inicio, fimPreenchimento: fim, cpfAtualizou: cpf })
      .onConflictDoUpdate({
        target: reapPrazo.anoReferencia,
        set: { inicioPreenchimento: inicio, fimPreenchimento: fim, cpfAtualizou: cpf, atualizadoEm: sql`now()` },
      });
  }
}
