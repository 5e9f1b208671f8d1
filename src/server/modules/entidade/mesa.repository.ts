import { type SQL, sql } from 'drizzle-orm';
import { TipoSolicitacao } from '../../../shared/enums';
import { SituacaoDelegacao, type FiltroCsvMesa } from '../../../shared/schemas/entidade';
import type { Database, Executor } from '../../db/client';

/** The audit rows of a page, written by the page's statement from its CTE (auditoriaPorLinha). */
export type AuditarPagina = (de: SQL) => SQL;

/** A fisher on the desk, with the entity whose delegation lists them. */
export type LinhaMesa = {
  idPescador: number;
  idEntidade: number;
  nome: string;
  cpf: string;
  uf: string | null;
  situacaoPescador: number | null;
  numeroRgp: string | null;
  reapsDevidas: number | null;
  prazoReap: string | null;
  solicitacoesEmAndamento: number | null;
  recursosPendentes: number | null;
  idDelegacao: number;
  servicos: number[];
  fim: string;
  situacaoDelegacao: number;
};

// What each column and filter counts (decision 0118), written once for the filter and the page.
const REAP_DEVIDA = sql`q.pescador_id = d.pescador_id AND NOT q.enviada`;
/** Sent, in analysis or being updated; appeals (requests of type 11) have their own column. */
const EM_ANDAMENTO = sql`s.pescador_id = d.pescador_id AND s.situacao IN (2, 3, 6, 7) AND NOT s.inativa AND s.tipo <> ${TipoSolicitacao.RECURSO}`;
/** Sent (its instance's clock runs) and not decided. */
const RECURSO_PENDENTE = sql`r.pescador_id = d.pescador_id AND r.resultado IS NULL AND r.prazo_instancia IS NOT NULL`;

/**
 * A filter on the fisher's REAPs, requests or appeals, probed per delegation through the fisher's index (decision
 * 0215). `IS TRUE` keeps the planner from turning the EXISTS into a semi or anti join, which at 2 million fishers it
 * did by hashing the whole registry's REAPs (a scan of 2 million rows for an entity of 30,000): probed, the cost
 * follows the entity's size (deveReap=nao 290–330 ms against 560–630 ms, deveReap=sim 240 against 440 ms).
 */
const existe = (tabela: SQL, cond: SQL, sim: 'sim' | 'nao') => (sim === 'sim'
  ? sql`(EXISTS (SELECT 1 FROM ${tabela} WHERE ${cond})) IS TRUE`
  : sql`(NOT EXISTS (SELECT 1 FROM ${tabela} WHERE ${cond})) IS TRUE`);

/**
 * The desk's fishers: each fisher's open delegation (active or waiting for validation, not ended) to one of the
 * agent's entities, the latest when there are several, and the filter; `delegacao` filters the delegations (and
 * the REAPs, requests and appeals through their indexes on the fisher: reap_questionario_pescador_ano_key,
 * solicitacao_pescador_situacao_idx, recurso_pescador_objeto_key), `pescador` the fisher's own row.
 */
function condicoes(entidades: number[], f: FiltroCsvMesa, hoje: string): { delegacao: SQL; pescador: SQL | null } {
  const lista = sql`${sql.param(entidades)}::int[]`;
  const c: SQL[] = [sql`d.entidade_id = ANY (${lista})`, sql`d.situacao IN (1, 2)`, sql`d.fim >= ${hoje}::date`];
  // One open delegation per fisher and entity (delegacao_aberta_key): only an agent of several entities may see a fisher twice.
  if (entidades.length > 1) {
    c.push(sql`NOT EXISTS (SELECT 1 FROM delegacao o WHERE o.pescador_id = d.pescador_id AND o.entidade_id = ANY (${lista})
      AND o.situacao IN (1, 2) AND o.fim >= ${hoje}::date AND (o.criada_em, o.id) > (d.criada_em, d.id))`);
  }
  if (f.situacaoDelegacao) c.push(sql`d.situacao = ${f.situacaoDelegacao}`);
  // A filter on the registry's data finds active delegations only: a term still awaiting validation gives the entity
  // nothing of the fisher's registry, not even through what a filter lets through.
  if (f.deveReap || f.emAndamento || f.recursoPendente || f.situacaoRegistro) c.push(sql`d.situacao = ${SituacaoDelegacao.ATIVA}`);
  if (f.deveReap) c.push(existe(sql`reap_questionario q`, REAP_DEVIDA, f.deveReap));
  if (f.emAndamento) c.push(existe(sql`solicitacao s`, EM_ANDAMENTO, f.emAndamento));
  if (f.recursoPendente) c.push(existe(sql`recurso r`, RECURSO_PENDENTE, f.recursoPendente));
  const p: SQL[] = [];
  if (f.nome) p.push(sql`p.nome ILIKE ${`%${f.nome.replace(/[\\%_]/g, (x) => `\\${x}`)}%`}`);
  if (f.situacaoRegistro) p.push(sql`p.situacao_registro = ${f.situacaoRegistro}`);
  return { delegacao: sql.join(c, sql` AND `), pescador: p.length ? sql.join(p, sql` AND `) : null };
}

/**
 * Each delegation's fisher read by its key, one at a time (OFFSET 0 keeps the subquery apart): the cost follows the
 * entity's size, never the registry's. Joined plainly, the planner walked pescador_nome_idx over every fisher of the
 * country for a page filtered by registry situation, or hashed the whole table (decision 0118).
 */
const PESCADOR_DA_DELEGACAO = (onde: SQL | null, depois: SQL) => sql`JOIN LATERAL (
    SELECT p.id, p.nome, p.cpf, p.uf, p.situacao_registro, p.numero_rgp FROM pescador p
    WHERE p.id = d.pescador_id ${onde ? sql`AND ${onde}` : sql``} ${depois} OFFSET 0) p ON true`;

export class MesaRepository {
  constructor(private readonly db: Database) {}

  /** How many fishers the filter finds; the fisher's row is read only when a filter needs it. */
  async contar(entidades: number[], f: FiltroCsvMesa, hoje: string, ex: Executor = this.db): Promise<number> {
    if (entidades.length === 0) return 0;
    const { delegacao, pescador } = condicoes(entidades, f, hoje);
    const { rows } = await ex.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM delegacao d ${pescador ? PESCADOR_DA_DELEGACAO(pescador, sql``) : sql``} WHERE ${delegacao}`);
    return rows[0]?.n ?? 0;
  }

  /**
   * One page by name and id, after the fisher `apos` (keyset: the same cost at any depth). The cursor is a fisher's
   * id, never a name, so no name travels in a URL; it counts only if that fisher is one of the entities'. The counts
   * and the deadline are read for the page's rows only.
   */
  async pagina(
    entidades: number[], f: FiltroCsvMesa & { apos?: number | undefined }, tamanho: number, hoje: string, ex: Executor = this.db,
  ): Promise<LinhaMesa[]> {
    return (await this.#pagina(entidades, f, tamanho, hoje, false, ex)).map(({ total: _t, ...r }) => r);
  }

  /**
   * The first page and what the filter finds, in one statement (decision 0215): the page already reads and sorts
   * every row the filter finds, so the count is a window over them (`count(*) OVER ()`, taken before the LIMIT)
   * rather than a second statement reading the same rows again.
   */
  async primeiraPagina(
    entidades: number[], f: FiltroCsvMesa, tamanho: number, hoje: string, ex: Executor = this.db, auditar?: AuditarPagina,
  ): Promise<{ total: number; linhas: LinhaMesa[] }> {
    const linhas = await this.#pagina(entidades, f, tamanho, hoje, true, ex, auditar);
    return { total: linhas[0]?.total ?? 0, linhas: linhas.map(({ total: _t, ...r }) => r) };
  }

  async #pagina(
    entidades: number[], f: FiltroCsvMesa & { apos?: number | undefined }, tamanho: number, hoje: string, comTotal: boolean, ex: Executor,
    auditar?: AuditarPagina,
  ): Promise<(LinhaMesa & { total?: number })[]> {
    if (entidades.length === 0) return [];
    const { delegacao, pescador } = condicoes(entidades, f, hoje);
    const depois = f.apos === undefined ? sql`` : sql`AND (p.nome, p.id) > (SELECT x.nome, x.id FROM pescador x WHERE x.id = ${f.apos}
      AND EXISTS (SELECT 1 FROM delegacao y WHERE y.pescador_id = x.id AND y.entidade_id = ANY (${sql.param(entidades)}::int[])))`;
    const pagina = sql`
      SELECT g.*,
        (SELECT count(*)::int FROM reap_questionario q WHERE q.pescador_id = g."idPescador" AND NOT q.enviada) AS "reapsDevidas",
        (SELECT to_char(min(w.fim_preenchimento), 'YYYY-MM-DD') FROM reap_questionario q JOIN reap_prazo w ON w.ano_referencia = q.ano_referencia
           WHERE q.pescador_id = g."idPescador" AND NOT q.enviada) AS "prazoReap",
        (SELECT count(*)::int FROM solicitacao s WHERE s.pescador_id = g."idPescador" AND s.situacao IN (2, 3, 6, 7) AND NOT s.inativa
           AND s.tipo <> ${TipoSolicitacao.RECURSO}) AS "solicitacoesEmAndamento",
        (SELECT count(*)::int FROM recurso r WHERE r.pescador_id = g."idPescador" AND r.resultado IS NULL AND r.prazo_instancia IS NOT NULL) AS "recursosPendentes"
      FROM (
        SELECT p.id AS "idPescador", d.entidade_id AS "idEntidade", p.nome, p.cpf, p.uf, p.situacao_registro AS "situacaoPescador",
          p.numero_rgp AS "numeroRgp", d.id AS "idDelegacao", d.servicos::int[] AS servicos, to_char(d.fim, 'YYYY-MM-DD') AS fim,
          d.situacao AS "situacaoDelegacao"${comTotal ? sql`, count(*) OVER ()::int AS total` : sql``}
        FROM delegacao d ${PESCADOR_DA_DELEGACAO(pescador, depois)}
        WHERE ${delegacao}
        ORDER BY p.nome, p.id LIMIT ${tamanho}
      ) g
      ORDER BY g.nome, g."idPescador"`;
    // With its audit: the page as a CTE and one audit row per fisher on it, inserted by the same statement.
    const { rows } = await ex.execute<LinhaMesa & { total?: number }>(auditar
      ? sql`WITH pagina AS MATERIALIZED (${pagina}), auditada AS (${auditar(sql`pagina`)}) SELECT * FROM pagina ORDER BY nome, "idPescador"`
      : pagina);
    return rows;
  }
}
