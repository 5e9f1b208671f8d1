import { sql, type SQL } from 'drizzle-orm';
import type { FiltroObrigacoesServidor } from '../../../shared/schemas/reap';
import { consultaNomeada, type Database, type Executor } from '../../db/client';
import { INICIO_DO_REGISTRO } from '../../db/inicio-do-registro';
import { reapPrazo, reapPrazoHistorico, reapQuestionario } from '../../db/schema';
import { SituacaoRegistro, SituacaoSolicitacao, TipoSolicitacao } from '../../../shared/enums';
import { ResultadoLote } from '../../../shared/schemas/lote';

const TIPO_REAP = TipoSolicitacao.REAP;
const SITUACAO_REAP_PENDENTE = SituacaoSolicitacao.REAP_PENDENTE;

export type PescadorReap = {
  id: number;
  cpf: string;
  nome: string;
  uf: string | null;
  numeroRgp: string | null;
  categoria: number | null;
  /** Decision 0026. */
  inicio: string | null;
};

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
  /** Suspended by this year's defaulters batch: sending late is the way to regularisation (decision 0055). */
  atrasoPermitido?: boolean;
};

export type ObrigacaoServidorRow = QuestionarioRow & {
  numeroRgp: string | null;
  idMunicipio: number | null;
  nomeMunicipio: string | null;
};

// The questionnaire's columns and its late permission, as text (the named statements below) and as SQL fragments.
const COLUNAS_TEXTO = `
  q.id, q.solicitacao_id AS "solicitacaoId", q.pescador_id AS "pescadorId", q.ano_referencia AS "anoReferencia",
  q.categoria, q.enviada, q.realizou_pesca AS "realizouPesca", q.tipo_prestacao_servico AS "tipoPrestacaoServico",
  q.total_dias_trabalhado_ano AS "totalDiasTrabalhadoAno", q.dados, q.codigo_verificacao AS "codigoVerificacao",
  q.enviada_em AS "enviadaEm", p.nome AS "nomePescador", p.cpf AS "cpfPescador", p.uf AS "ufPescador",
  pr.inicio_preenchimento AS "inicioPreenchimento", pr.fim_preenchimento AS "fimPreenchimento"`;

const ATRASO_TEXTO = `, (p.situacao_registro = ${Number(SituacaoRegistro.SUSPENSO)} AND NOT q.enviada AND EXISTS (
    SELECT 1 FROM lote_pescador_item i JOIN lote_pescador l ON l.id = i.lote_id
    WHERE i.pescador_id = q.pescador_id AND i.resultado = ${Number(ResultadoLote.PROCESSADO)} AND l.reap_ano_referencia = q.ano_referencia)) AS "atrasoPermitido"`;

const DE_QUESTIONARIO = `FROM reap_questionario q
  JOIN pescador p ON p.id = q.pescador_id
  LEFT JOIN reap_prazo pr ON pr.ano_referencia = q.ano_referencia`;

const COLUNAS = sql.raw(COLUNAS_TEXTO);
const ATRASO = sql.raw(ATRASO_TEXTO);

/** A save's or a send's written values and what the database set (`gravar`). */
export type Gravado = { enviada: boolean; enviadaEm: Date | null; codigoVerificacao: string | null };

export class ReapRepository {
  constructor(
    private readonly db: Database,
    /** A standby when configured (decision 0050). */
    private readonly leitura: Database = db,
  ) {}

  private async pescador(pescadorId: number, lock: boolean, ex: Executor): Promise<PescadorReap | undefined> {
    const { rows } = await ex.execute<PescadorReap>(sql`
      SELECT p.id, p.cpf, p.nome, p.uf, p.numero_rgp AS "numeroRgp", p.categoria,
        ${INICIO_DO_REGISTRO} AS inicio
      FROM pescador p WHERE p.id = ${pescadorId}
      ${lock ? sql`FOR UPDATE OF p` : sql``}`);
    return rows[0];
  }

  findPescador(pescadorId: number, ex: Executor = this.db): Promise<PescadorReap | undefined> {
    return this.pescador(pescadorId, false, ex);
  }

  /** One generation at a time per fisher (order: db/travas.ts). */
  lockPescador(pescadorId: number, tx: Executor): Promise<PescadorReap | undefined> {
    return this.pescador(pescadorId, true, tx);
  }

  async anosDoPescador(pescadorId: number, ex: Executor = this.db): Promise<{ anoReferencia: number; enviada: boolean }[]> {
    const { rows } = await ex.execute<{ anoReferencia: number; enviada: boolean }>(sql`
      SELECT ano_referencia AS "anoReferencia", enviada FROM reap_questionario WHERE pescador_id = ${pescadorId}`);
    return rows;
  }

  async inserir(v: typeof reapQuestionario.$inferInsert, ex: Executor = this.db): Promise<number | undefined> {
    const rows = await ex.insert(reapQuestionario).values(v)
      .onConflictDoNothing({ target: [reapQuestionario.pescadorId, reapQuestionario.anoReferencia] })
      .returning({ id: reapQuestionario.id });
    return rows[0]?.id;
  }

  async find(id: number, ex: Executor = this.db): Promise<QuestionarioRow | undefined> {
    const { rows } = await consultaNomeada<QuestionarioRow>(ex, {
      name: 'reap_questionario_ler', text: `SELECT ${COLUNAS_TEXTO}${ATRASO_TEXTO} ${DE_QUESTIONARIO} WHERE q.id = $1`, values: [id],
    });
    return rows[0];
  }

  /**
   * A save's reads before its transaction, in one round trip: the questionnaire (its owner is checked first), and
   * which of the body's species (with their names, for the answer) and municipalities exist.
   */
  async findComReferencias(id: number, especies: readonly number[], municipios: readonly number[]): Promise<{
    questionario: QuestionarioRow; especies: Map<number, { nome: string; nomeCientifico: string }>; municipios: Set<number>;
  } | undefined> {
    const { rows } = await consultaNomeada<QuestionarioRow & { refEspecies: [number, string, string][]; refMunicipios: number[] }>(this.db, {
      name: 'reap_questionario_ler_com_referencias',
      text: `SELECT ${COLUNAS_TEXTO}${ATRASO_TEXTO},
          (SELECT coalesce(json_agg(json_build_array(e.id, e.nome, e.nome_cientifico)), '[]') FROM especie e WHERE e.id = ANY($2::int[])) AS "refEspecies",
          (SELECT coalesce(array_agg(m.id), '{}') FROM municipio m WHERE m.id = ANY($3::int[])) AS "refMunicipios"
        ${DE_QUESTIONARIO} WHERE q.id = $1`,
      values: [id, [...new Set(especies)], [...new Set(municipios)]],
    });
    const row = rows[0];
    if (!row) return undefined;
    const { refEspecies, refMunicipios, ...questionario } = row;
    return {
      questionario,
      especies: new Map(refEspecies.map(([e, nome, nomeCientifico]) => [e, { nome, nomeCientifico }])),
      municipios: new Set(refMunicipios),
    };
  }

  /** Saves and the send of one REAP go one at a time (before the fisher, db/travas.ts). */
  async lock(id: number, tx: Executor): Promise<QuestionarioRow | undefined> {
    const { rows } = await consultaNomeada<QuestionarioRow>(tx, {
      name: 'reap_questionario_travar', text: `SELECT ${COLUNAS_TEXTO}${ATRASO_TEXTO} ${DE_QUESTIONARIO} WHERE q.id = $1 FOR UPDATE OF q`, values: [id],
    });
    return rows[0];
  }

  /**
   * A save, and with `codigoEnvio` the send too, in one update of a questionnaire not yet sent; undefined when it was.
   * Returns what the answer needs of the row, so that it is not read again.
   */
  async gravar(id: number, set: {
    dados: Record<string, unknown>; realizouPesca: boolean | null; tipoPrestacaoServico: number | null; totalDiasTrabalhadoAno: number | null;
  }, codigoEnvio: string | null, ex: Executor = this.db): Promise<Gravado | undefined> {
    const { rows } = await consultaNomeada<Gravado>(ex, {
      name: 'reap_questionario_gravar',
      text: `UPDATE reap_questionario SET dados = $2::jsonb, realizou_pesca = $3, tipo_prestacao_servico = $4, total_dias_trabalhado_ano = $5,
          enviada = $6::text IS NOT NULL, enviada_em = CASE WHEN $6::text IS NOT NULL THEN now() ELSE enviada_em END,
          codigo_verificacao = coalesce($6::text, codigo_verificacao), atualizado_em = now()
        WHERE id = $1 AND NOT enviada
        RETURNING enviada, enviada_em AS "enviadaEm", codigo_verificacao AS "codigoVerificacao"`,
      values: [id, JSON.stringify(set.dados), set.realizouPesca, set.tipoPrestacaoServico, set.totalDiasTrabalhadoAno, codigoEnvio],
    });
    return rows[0];
  }

  async listarDoPescador(pescadorId: number, f: { anoReferencia?: number; enviada?: boolean; pagina: number; tamanhoPagina: number }): Promise<{
    total: number; linhas: QuestionarioRow[];
  }> {
    const conds: SQL[] = [sql`q.pescador_id = ${pescadorId}`];
    if (f.anoReferencia !== undefined) conds.push(sql`q.ano_referencia = ${f.anoReferencia}`);
    if (f.enviada !== undefined) conds.push(sql`q.enviada = ${f.enviada}`);
    const where = sql.join(conds, sql` AND `);
    const { rows: total } = await this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM reap_questionario q WHERE ${where}`);
    const { rows } = await this.db.execute<QuestionarioRow>(sql`
      SELECT ${COLUNAS}${ATRASO} FROM reap_questionario q
      JOIN pescador p ON p.id = q.pescador_id
      LEFT JOIN reap_prazo pr ON pr.ano_referencia = q.ano_referencia
      WHERE ${where}
      ORDER BY q.ano_referencia DESC
      LIMIT ${f.tamanhoPagina} OFFSET ${(f.pagina - 1) * f.tamanhoPagina}`);
    return { total: total[0]!.n, linhas: rows };
  }

  /** Ids first, then their rows, so a far page skips its offset along the index (decision 0056). */
  async listarServidor(f: FiltroObrigacoesServidor, ufs: string[] | null): Promise<{ total: number; linhas: ObrigacaoServidorRow[] }> {
    const { where, lePescador } = this.filtros(f, ufs);
    const juntaPescador = lePescador ? sql`JOIN pescador p ON p.id = q.pescador_id` : sql``;
    const { rows: total } = await this.leitura.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM reap_questionario q ${juntaPescador}
      WHERE ${where}`);
    const { rows } = await this.leitura.execute<ObrigacaoServidorRow>(sql`
      SELECT ${COLUNAS}, p.numero_rgp AS "numeroRgp",
        p.municipio_id AS "idMunicipio", m.nome AS "nomeMunicipio"
      FROM (
        SELECT q.id FROM reap_questionario q ${juntaPescador}
        WHERE ${where}
        ORDER BY q.id DESC
        LIMIT ${f.tamanhoPagina} OFFSET ${(f.pagina - 1) * f.tamanhoPagina}
      ) pagina
      JOIN reap_questionario q ON q.id = pagina.id
      JOIN pescador p ON p.id = q.pescador_id
      LEFT JOIN reap_prazo pr ON pr.ano_referencia = q.ano_referencia
      LEFT JOIN municipio m ON m.id = p.municipio_id
      ORDER BY q.id DESC`);
    return { total: total[0]!.n, linhas: rows };
  }

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

  async protocolo(solicitacaoId: number): Promise<string | null> {
    const { rows } = await this.db.execute<{ numeroProtocolo: string | null }>(sql`
      SELECT numero_protocolo AS "numeroProtocolo" FROM solicitacao WHERE id = ${solicitacaoId}`);
    return rows[0]?.numeroProtocolo ?? null;
  }

  async especies(ids: readonly number[]): Promise<Map<number, { nome: string; nomeCientifico: string }>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.db.execute<{ id: number; nome: string; nomeCientifico: string }>(sql`
      SELECT id, nome, nome_cientifico AS "nomeCientifico" FROM especie WHERE id = ANY(${sql.param([...ids])}::int[])`);
    return new Map(rows.map((r) => [r.id, { nome: r.nome, nomeCientifico: r.nomeCientifico }]));
  }

  async prazos(ex: Executor = this.db, ano?: number): Promise<PrazoLinha[]> {
    const { rows } = await ex.execute<PrazoLinha>(sql`
      SELECT pr.ano_referencia AS "anoReferencia", pr.inicio_preenchimento::text AS "inicioPreenchimento",
        pr.fim_preenchimento::text AS "fimPreenchimento", a.id AS "idAtoNormativo", a.nome AS "nomeAtoNormativo",
        g.criadas AS "obrigacoesCriadas", g.concluida_em AS "obrigacoesConcluidasEm",
        av.fim_preenchimento::text AS "avisoFim", av.avisados, av.emails_enviados AS "avisoEmails",
        av.iniciado_em AS "avisoIniciadoEm", av.concluido_em AS "avisoConcluidoEm",
        s.data_suspensao::text AS "suspensaoData", s.ato_normativo_id AS "suspensaoIdAto", sa.nome AS "suspensaoNomeAto",
        l.id AS "loteId", l.situacao AS "loteSituacao", l.total AS "loteTotal",
        (l.qtd_processados + l.qtd_nao_encontrados + l.qtd_invalidos + l.qtd_ja_na_situacao + l.qtd_nao_permitidos + l.qtd_repetidos) AS "loteConcluidos"
      FROM reap_prazo pr
      LEFT JOIN ato_normativo a ON a.id = pr.ato_normativo_id
      LEFT JOIN reap_geracao_obrigacoes g ON g.ano_referencia = pr.ano_referencia
      LEFT JOIN LATERAL (
        SELECT * FROM reap_aviso x WHERE x.ano_referencia = pr.ano_referencia ORDER BY x.id DESC LIMIT 1) av ON true
      LEFT JOIN reap_suspensao s ON s.ano_referencia = pr.ano_referencia
      LEFT JOIN ato_normativo sa ON sa.id = s.ato_normativo_id
      LEFT JOIN lote_pescador l ON l.id = s.lote_id
      ${ano === undefined ? sql`` : sql`WHERE pr.ano_referencia = ${ano}`}
      ORDER BY pr.ano_referencia DESC`);
    return rows;
  }

  async fimDosPrazos(anos: readonly number[]): Promise<Map<number, string>> {
    if (anos.length === 0) return new Map();
    const { rows } = await this.db.execute<{ ano: number; fim: string }>(sql`
      SELECT ano_referencia AS ano, fim_preenchimento::text AS fim FROM reap_prazo
      WHERE ano_referencia = ANY(${sql.param([...anos])}::int[])`);
    return new Map(rows.map((r) => [r.ano, r.fim]));
  }

  async prazo(ano: number, ex: Executor = this.db): Promise<PrazoLinha | undefined> {
    return (await this.prazos(ex, ano))[0];
  }

  async salvarPrazo(
    v: { anoReferencia: number; inicio: string; fim: string; atoNormativoId: number | null; cpf: string }, ex: Executor,
  ): Promise<void> {
    await ex.insert(reapPrazo).values({
      anoReferencia: v.anoReferencia, inicioPreenchimento: v.inicio, fimPreenchimento: v.fim, atoNormativoId: v.atoNormativoId, cpfAtualizou: v.cpf,
    }).onConflictDoUpdate({
      target: reapPrazo.anoReferencia,
      set: { inicioPreenchimento: v.inicio, fimPreenchimento: v.fim, atoNormativoId: v.atoNormativoId, cpfAtualizou: v.cpf, atualizadoEm: sql`now()` },
    });
    await ex.insert(reapPrazoHistorico).values({
      anoReferencia: v.anoReferencia, inicioPreenchimento: v.inicio, fimPreenchimento: v.fim, atoNormativoId: v.atoNormativoId, cpfAtor: v.cpf,
    });
  }

  async historicoPrazos(): Promise<PrazoHistoricoLinha[]> {
    const { rows } = await this.db.execute<PrazoHistoricoLinha>(sql`
      SELECT h.id, h.ano_referencia AS "anoReferencia", h.inicio_preenchimento::text AS "inicioPreenchimento",
        h.fim_preenchimento::text AS "fimPreenchimento", a.id AS "idAtoNormativo", a.nome AS "nomeAtoNormativo",
        h.cpf_ator AS "cpfAtor", h.criado_em AS "criadoEm"
      FROM reap_prazo_historico h LEFT JOIN ato_normativo a ON a.id = h.ato_normativo_id
      ORDER BY h.ano_referencia DESC, h.id DESC`);
    return rows;
  }

  async anosDaSuspensao(pescadorId: number): Promise<number[]> {
    const { rows } = await this.db.execute<{ ano: number }>(sql`
      SELECT DISTINCT l.reap_ano_referencia AS ano
      FROM lote_pescador_item i JOIN lote_pescador l ON l.id = i.lote_id JOIN pescador p ON p.id = i.pescador_id
      WHERE i.pescador_id = ${pescadorId} AND i.resultado = ${ResultadoLote.PROCESSADO} AND l.reap_ano_referencia IS NOT NULL
        AND p.situacao_registro = ${SituacaoRegistro.SUSPENSO}
      ORDER BY ano`);
    return rows.map((r) => r.ano);
  }
  async atoExiste(id: number, ex: Executor = this.db): Promise<boolean> {
    const { rows } = await ex.execute<{ n: number }>(sql`SELECT 1 AS n FROM ato_normativo WHERE id = ${id}`);
    return rows.length > 0;
  }

  /** An advisory lock: two saves citing the same act cannot both pass, and a repeat reads the window the first left. */
  async bloquearPrazo(ano: number, tx: Executor): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('reap_prazo'), ${ano}::int)`);
  }

  async atoJaDefiniuPrazo(ano: number, atoId: number, tx: Executor): Promise<boolean> {
    const { rows } = await tx.execute<{ n: number }>(sql`
      SELECT 1 AS n FROM reap_prazo_historico WHERE ano_referencia = ${ano} AND ato_normativo_id = ${atoId}
      UNION ALL SELECT 1 FROM reap_prazo WHERE ano_referencia = ${ano} AND ato_normativo_id = ${atoId}
      LIMIT 1`);
    return rows.length > 0;
  }

  /** Decision 0051: closed years whose window has started, and the year filled outside any window. */
  async anosAbertos(hoje: string, ultimoAno: number, anoExcecao: number): Promise<number[]> {
    const { rows } = await this.db.execute<{ ano: number }>(sql`
      SELECT ano_referencia AS ano FROM reap_prazo WHERE inicio_preenchimento <= ${hoje}::date AND ano_referencia <= ${ultimoAno}
      UNION SELECT ${anoExcecao}::smallint WHERE ${anoExcecao} <= ${ultimoAno}
      ORDER BY ano`);
    return rows.map((r) => r.ano);
  }

  async anosSemGeracaoConcluida(anos: number[]): Promise<number[]> {
    if (anos.length === 0) return [];
    const { rows } = await this.db.execute<{ ano: number }>(sql`
      SELECT a.ano FROM unnest(${sql.param(anos)}::int[]) a(ano)
      WHERE NOT EXISTS (SELECT 1 FROM reap_geracao_obrigacoes g WHERE g.ano_referencia = a.ano AND g.concluida_em IS NOT NULL)
      ORDER BY a.ano`);
    return rows.map((r) => r.ano);
  }

  /** One block of a year at a time, whoever runs it; a completed creation is never started over (decision 0071). */
  async travarGeracao(ano: number, tx: Executor): Promise<{ ultimoPescadorId: number; concluida: boolean }> {
    await tx.execute(sql`INSERT INTO reap_geracao_obrigacoes (ano_referencia) VALUES (${ano}) ON CONFLICT (ano_referencia) DO NOTHING`);
    const { rows } = await tx.execute<{ ultimoPescadorId: number; concluida: boolean }>(sql`
      SELECT ultimo_pescador_id AS "ultimoPescadorId", concluida_em IS NOT NULL AS concluida
      FROM reap_geracao_obrigacoes WHERE ano_referencia = ${ano} FOR UPDATE`);
    return rows[0]!;
  }

  async geracoesInterrompidas(segundos: number): Promise<number[]> {
    const { rows } = await this.db.execute<{ ano: number }>(sql`
      SELECT ano_referencia AS ano FROM reap_geracao_obrigacoes
      WHERE concluida_em IS NULL AND atualizada_em < now() - make_interval(secs => ${segundos}) ORDER BY ano_referencia`);
    return rows.map((r) => r.ano);
  }

  async avancarGeracao(ano: number, ultimoPescadorId: number, criadas: number, concluida: boolean, tx: Executor): Promise<void> {
    await tx.execute(sql`
      UPDATE reap_geracao_obrigacoes SET ultimo_pescador_id = ${ultimoPescadorId}, criadas = criadas + ${criadas}, atualizada_em = now(),
        concluida_em = CASE WHEN ${concluida} THEN now() ELSE NULL END
      WHERE ano_referencia = ${ano}`);
  }

  async maiorPescadorId(ex: Executor = this.db): Promise<number> {
    const { rows } = await ex.execute<{ id: number }>(sql`SELECT coalesce(max(id), 0)::int AS id FROM pescador`);
    return rows[0]!.id;
  }

  /**
   * Fishers locked first, so a fisher's "Gerar" and this block serialise; the request is inserted only for the
   * questionnaires inserted, so none is left without one.
   */
  async criarObrigacoes(anos: number[], deId: number, ateId: number, motivo: string, tx: Executor): Promise<number> {
    if (anos.length === 0) return 0;
    await tx.execute(sql`
      SELECT count(*) FROM (SELECT 1 FROM pescador WHERE id > ${deId} AND id <= ${ateId} AND numero_rgp IS NOT NULL AND situacao_registro <> ${SituacaoRegistro.CANCELADO} FOR UPDATE) travados`);
    const { rows } = await tx.execute<{ n: number }>(sql`
      WITH devidos AS MATERIALIZED (
        SELECT p.id AS pescador_id, a.ano, coalesce(p.categoria, 2) AS categoria,
          nextval(pg_get_serial_sequence('solicitacao', 'id'))::int AS solicitacao_id
        FROM pescador p
        CROSS JOIN unnest(${sql.param(anos)}::int[]) a(ano)
        LEFT JOIN LATERAL (
          SELECT min(h.criado_em AT TIME ZONE 'America/Sao_Paulo')::date AS dia
          FROM solicitacao s JOIN solicitacao_historico h ON h.solicitacao_id = s.id
          WHERE p.data_primeiro_rgp IS NULL AND s.pescador_id = p.id AND h.situacao_nova = 4
        ) aprovacao ON true
        WHERE p.id > ${deId} AND p.id <= ${ateId} AND p.numero_rgp IS NOT NULL AND p.situacao_registro <> ${SituacaoRegistro.CANCELADO}
          AND extract(year FROM coalesce(p.data_primeiro_rgp, aprovacao.dia)) <= a.ano
          AND NOT EXISTS (SELECT 1 FROM reap_questionario q WHERE q.pescador_id = p.id AND q.ano_referencia = a.ano)
      ), questionarios AS (
        INSERT INTO reap_questionario (solicitacao_id, pescador_id, ano_referencia, categoria)
        SELECT solicitacao_id, pescador_id, ano, categoria FROM devidos
        ON CONFLICT (pescador_id, ano_referencia) DO NOTHING
        RETURNING solicitacao_id, pescador_id
      ), solicitacoes AS (
        INSERT INTO solicitacao (id, pescador_id, tipo, situacao)
        SELECT solicitacao_id, pescador_id, ${TIPO_REAP}, ${SITUACAO_REAP_PENDENTE} FROM questionarios
        RETURNING id
      ), historico AS (
        INSERT INTO solicitacao_historico (solicitacao_id, situacao_anterior, situacao_nova, motivo)
        SELECT solicitacao_id, NULL, ${SITUACAO_REAP_PENDENTE}, ${motivo} FROM questionarios
      )
      SELECT count(*)::int AS n FROM solicitacoes`);
    return rows[0]!.n;
  }
}

export type PrazoLinha = {
  anoReferencia: number;
  inicioPreenchimento: string;
  fimPreenchimento: string;
  idAtoNormativo: number | null;
  nomeAtoNormativo: string | null;
  obrigacoesCriadas: number | null;
  obrigacoesConcluidasEm: Date | string | null;
  avisoFim: string | null;
  avisados: number | null;
  avisoEmails: number | null;
  avisoIniciadoEm: Date | string | null;
  avisoConcluidoEm: Date | string | null;
  suspensaoData: string | null;
  suspensaoIdAto: number | null;
  suspensaoNomeAto: string | null;
  loteId: number | null;
  loteSituacao: number | null;
  loteTotal: number | null;
  loteConcluidos: number | null;
};

export type PrazoHistoricoLinha = {
  id: number;
  anoReferencia: number;
  inicioPreenchimento: string;
  fimPreenchimento: string;
  idAtoNormativo: number | null;
  nomeAtoNormativo: string | null;
  cpfAtor: string | null;
  criadoEm: Date | string;
};
