import { and, desc, eq, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Cursor from 'pg-cursor';
import type { FiltrosRelatorio } from '../../../shared/schemas/relatorio';
import type { Database, Executor } from '../../db/client';
import { relatorioExecucao } from '../../db/schema';

export interface ConsultaRelatorio extends FiltrosRelatorio {
  /** 'YYYY-MM-DD' in São Paulo: ages are whole years on this day. */
  hoje: string;
}

export interface LinhaPescador {
  id: number;
  cpf: string;
  nome: string;
  dataNascimento: string | null;
  idade: number | null;
  sexo: number | null;
  escolaridade: number | null;
  etnia: number | null;
  alfabetizacao: boolean | null;
  nacionalidadeBrasileira: boolean | null;
  uf: string | null;
  municipio: string | null;
  categoria: number | null;
  formaAtuacao: number | null;
  propriedadeEmbarcacao: number | null;
  tie: string | null;
  cnpjEntidadeRepresentante: string | null;
  recebeuAjuda: boolean | null;
  ambientes: number[] | null;
  grupos: number[] | null;
  numeroRgp: string | null;
  situacaoRegistro: number | null;
  dataEmissaoCarteira: string | null;
  dataPrimeiroRgp: string | null;
}

export type ExecucaoRow = typeof relatorioExecucao.$inferSelect;

const dialeto = new PgDialect();

/** A name is matched as typed, as a prefix. */
function prefixoLike(v: string): string {
  return `${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Each filter is one indexable condition; lists are EXISTS, which the planner may turn into hash joins. */
export function condicoes(c: ConsultaRelatorio, ufs: readonly string[] | null): SQL[] {
  const w: SQL[] = [];
  if (ufs !== null) w.push(ufs.length === 1 ? sql`p.uf = ${ufs[0]}` : sql`p.uf = ANY(${sql.param(ufs)}::bpchar[])`);
  if (c.nome) w.push(sql`p.nome LIKE ${prefixoLike(c.nome)}`);
  if (c.cpfPescador) w.push(sql`p.cpf = ${c.cpfPescador}`);
  if (c.numeroRGP) w.push(sql`p.numero_rgp = ${c.numeroRGP}`);
  if (c.uf) w.push(sql`p.uf = ${c.uf}`);
  if (c.municipio) w.push(sql`p.municipio_id = ${c.municipio}`);
  if (c.tieTiem) w.push(sql`p.tie = ${c.tieTiem}`);
  if (c.situacao) w.push(sql`p.situacao_registro = ${c.situacao}`);
  if (c.sexo) w.push(sql`p.sexo = ${c.sexo}`);
  if (c.propriedadeEmbarcacao) w.push(sql`p.propriedade_embarcacao = ${c.propriedadeEmbarcacao}`);
  if (c.categoria) w.push(sql`p.categoria = ${c.categoria}`);
  if (c.formaAtuacao) w.push(sql`p.forma_atuacao = ${c.formaAtuacao}`);
  if (c.recebeuAjuda !== undefined) w.push(sql`p.recebeu_ajuda = ${c.recebeuAjuda}`);
  if (c.escolaridade) w.push(sql`p.escolaridade = ${c.escolaridade}`);
  if (c.alfabetizacao !== undefined) w.push(sql`p.alfabetizacao = ${c.alfabetizacao}`);
  if (c.etnia) w.push(sql`p.etnia = ${c.etnia}`);
  if (c.cnpjEntidadeRepresentante) w.push(sql`p.cnpj_entidade_representante = ${c.cnpjEntidadeRepresentante}`);
  if (c.nacionalidadeBrasileira !== undefined) w.push(sql`p.nacionalidade_brasileira = ${c.nacionalidadeBrasileira}`);
  if (c.emissaoCarteiraDe) w.push(sql`p.data_emissao_carteira >= ${c.emissaoCarteiraDe}::timestamptz`);
  if (c.emissaoCarteiraAte) w.push(sql`p.data_emissao_carteira <= ${c.emissaoCarteiraAte}::timestamptz`);
  // Age in whole years on `hoje`: at least `idadeInicial` (born on or before hoje − i years) and at most
  // `idadeFinal` (born after hoje − (f + 1) years).
  if (c.idadeInicial !== undefined) {
    w.push(sql`p.data_nascimento <= (${c.hoje}::date - make_interval(years => ${c.idadeInicial}::int))::date`);
  }
  if (c.idadeFinal !== undefined) {
    w.push(sql`p.data_nascimento > (${c.hoje}::date - make_interval(years => ${c.idadeFinal + 1}::int))::date`);
  }
  if (c.solicitacaoDe || c.solicitacaoAte) {
    w.push(sql`EXISTS (SELECT 1 FROM solicitacao s WHERE s.pescador_id = p.id
      ${c.solicitacaoDe ? sql`AND s.enviada_em >= ${c.solicitacaoDe}::timestamptz` : sql``}
      ${c.solicitacaoAte ? sql`AND s.enviada_em <= ${c.solicitacaoAte}::timestamptz` : sql``})`);
  }
  if (c.tipoAmbientePesca) {
    w.push(sql`EXISTS (SELECT 1 FROM pescador_ambiente_pesca a WHERE a.pescador_id = p.id AND a.ambiente_pesca = ${c.tipoAmbientePesca})`);
  }
  if (c.grupoAlvoPesca?.length) {
    w.push(sql`EXISTS (SELECT 1 FROM pescador_grupo_alvo g WHERE g.pescador_id = p.id
      AND g.grupo_alvo = ANY(${sql.param(c.grupoAlvoPesca)}::smallint[]))`);
  }
  return w;
}

function where(c: ConsultaRelatorio, ufs: readonly string[] | null): SQL {
  const w = condicoes(c, ufs);
  return w.length ? sql`WHERE ${sql.join(w, sql` AND `)}` : sql``;
}

function colunas(hoje: string): SQL {
  return sql`p.id, p.cpf, p.nome,
    to_char(p.data_nascimento, 'YYYY-MM-DD') AS "dataNascimento",
    date_part('year', age(${hoje}::date, p.data_nascimento))::int AS idade,
    p.sexo, p.escolaridade, p.etnia, p.alfabetizacao, p.nacionalidade_brasileira AS "nacionalidadeBrasileira",
    p.uf, m.nome AS municipio, p.categoria, p.forma_atuacao AS "formaAtuacao",
    p.propriedade_embarcacao AS "propriedadeEmbarcacao", p.tie,
    p.cnpj_entidade_representante AS "cnpjEntidadeRepresentante", p.recebeu_ajuda AS "recebeuAjuda",
    ARRAY(SELECT a.ambiente_pesca FROM pescador_ambiente_pesca a WHERE a.pescador_id = p.id ORDER BY 1) AS ambientes,
    ARRAY(SELECT g.grupo_alvo FROM pescador_grupo_alvo g WHERE g.pescador_id = p.id ORDER BY 1) AS grupos,
    p.numero_rgp AS "numeroRgp", p.situacao_registro AS "situacaoRegistro",
    to_char(p.data_emissao_carteira AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS "dataEmissaoCarteira",
    to_char(p.data_primeiro_rgp, 'YYYY-MM-DD') AS "dataPrimeiroRgp"`;
}

/** Then by id, for a stable order. */
export function consultaLinhas(c: ConsultaRelatorio, ufs: readonly string[] | null, limite?: number): SQL {
  return sql`SELECT ${colunas(c.hoje)} FROM pescador p LEFT JOIN municipio m ON m.id = p.municipio_id
    ${where(c, ufs)} ORDER BY p.nome, p.id ${limite ? sql`LIMIT ${limite}` : sql``}`;
}

export function textoConsultaLinhas(c: ConsultaRelatorio, ufs: readonly string[] | null): { sql: string; params: unknown[] } {
  return dialeto.sqlToQuery(consultaLinhas(c, ufs));
}

export class RelatorioRepository {
  constructor(
    private readonly db: Database,
    /** Decision 0050. */
    private readonly leitura: Database = db,
  ) {}

  async contar(c: ConsultaRelatorio, ufs: readonly string[] | null, ex: Executor = this.leitura): Promise<number> {
    const r = await ex.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM pescador p ${where(c, ufs)}`);
    return r.rows[0]?.total ?? 0;
  }

  async primeiraPagina(c: ConsultaRelatorio, ufs: readonly string[] | null, tamanho: number, ex: Executor = this.leitura): Promise<LinhaPescador[]> {
    const r = await ex.execute<LinhaPescador & Record<string, unknown>>(consultaLinhas(c, ufs, tamanho));
    return r.rows;
  }

  /** A server-side cursor in a read-only snapshot (decision 0036): memory stays bounded whatever the count. */
  async *percorrer(c: ConsultaRelatorio, ufs: readonly string[] | null, lote = 2000): AsyncGenerator<LinhaPescador[]> {
    const q = textoConsultaLinhas(c, ufs);
    const client = await this.leitura.$client.connect();
    let cursor: Cursor<LinhaPescador> | undefined;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      cursor = client.query(new Cursor<LinhaPescador>(q.sql, q.params as unknown[]));
      for (;;) {
        const linhas = await cursor.read(lote);
        if (linhas.length === 0) break;
        yield linhas;
      }
    } finally {
      try {
        await cursor?.close();
        await client.query('COMMIT');
        client.release();
      } catch (err) {
        client.release(err as Error);
      }
    }
  }

  async criarExecucao(v: typeof relatorioExecucao.$inferInsert, ex: Executor = this.db): Promise<ExecucaoRow> {
    const [r] = await ex.insert(relatorioExecucao).values(v).returning();
    return r!;
  }

  async buscarExecucao(id: number, ex: Executor = this.db): Promise<ExecucaoRow | null> {
    const [r] = await ex.select().from(relatorioExecucao).where(eq(relatorioExecucao.id, id));
    return r ?? null;
  }

  async atualizarExecucao(id: number, v: Partial<typeof relatorioExecucao.$inferInsert>, ex: Executor = this.db): Promise<void> {
    await ex.update(relatorioExecucao).set(v).where(eq(relatorioExecucao.id, id));
  }

  async comArquivoAntesDe(antes: Date, limite = 500, ex: Executor = this.db): Promise<Pick<ExecucaoRow, 'id' | 'chaveArquivo'>[]> {
    return ex.select({ id: relatorioExecucao.id, chaveArquivo: relatorioExecucao.chaveArquivo }).from(relatorioExecucao)
      .where(and(isNotNull(relatorioExecucao.chaveArquivo), lt(relatorioExecucao.criadoEm, antes)))
      .orderBy(desc(relatorioExecucao.criadoEm)).limit(limite);
  }
}
