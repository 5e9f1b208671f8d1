import { sql, type SQL } from 'drizzle-orm';
import { TIMEZONE } from '../../../shared/datas';
import { Perfil } from '../../../shared/enums';
import type { Database } from '../../db/client';

export type LinhaAuditoria = {
  id: string;
  criado_em: Date;
  acao: string;
  cpf_ator: string | null;
  perfil_ator: number | null;
  orgao_ator: string | null;
  recurso: string | null;
  recurso_id: string | null;
  pescador_id: number | null;
  ip: string | null;
  sucesso: boolean;
  detalhes: unknown;
};

export type LinhaAcesso = {
  id: string;
  criado_em: Date;
  acao: string;
  recurso: string | null;
  /** Null for a machine client's read (decision 0120). */
  perfil_ator: number | null;
  orgao_ator: string | null;
  nome_orgao: string | null;
  /** An agent's rows: the entity's name, and the request's method. */
  entidade?: string | null;
  metodo?: string | null;
};

/** What an entity's agent does for a fisher, audited under the agent's own profile. */
export const ACOES_DE_AGENTE = ['ATUACAO_REPRESENTANTE', 'MESA_AGENTE_LIDA'] as const;

export interface FiltrosSql {
  cpfAtor?: string | undefined;
  cpfPescador?: string | undefined;
  recurso?: string | undefined;
  recursoId?: string | undefined;
  acao?: string | undefined;
  de?: string | undefined;
  ate?: string | undefined;
  apos?: string | undefined;
}

/** The cursor's instant is read by primary key, so microseconds are never lost in a round trip. */
function depoisDe(apos: string): SQL {
  return sql`(a.criado_em, a.id) < (SELECT c.criado_em, c.id FROM auditoria c WHERE c.id = ${apos}::bigint)`;
}

/**
 * The rows about one fisher, for their access log: their own `pescador_id`, or a client's read naming them among many
 * (decision 0127). The second arm is an array computed once, so both arms are index scans (a bitmap OR), never a scan
 * of the whole table.
 */
function doPescador(id: SQL): SQL {
  return sql`(a.pescador_id = ${id} OR a.id = ANY(ARRAY(
    SELECT ap.auditoria_id FROM auditoria_pescadores ap WHERE ap.pescador_ids @> ARRAY[${id}]::integer[])))`;
}

/** A machine client's reads (decision 0120): no profile, but the fisher is told of them like a staff view. */
export const RECURSOS_DE_CLIENTE = ['integracao-consulta', 'integracao-eventos', 'integracao-webhook'] as const;

export function condicoes(f: FiltrosSql): SQL[] {
  const c: SQL[] = [];
  if (f.cpfAtor) c.push(sql`a.cpf_ator = ${f.cpfAtor}`);
  // The fisher's own rows, in the keyset's index order; a client's read naming many fishers is the page's second arm.
  if (f.cpfPescador) c.push(sql`a.pescador_id = ${idPorCpf(f.cpfPescador)}`);
  if (f.recurso) c.push(sql`a.recurso = ${f.recurso}`);
  if (f.recursoId) c.push(sql`a.recurso_id = ${f.recursoId}`);
  if (f.acao) c.push(sql`a.acao = ${f.acao}`);
  // Dates of São Paulo: from the start of `de` to the end of `ate`, both included.
  if (f.de) c.push(sql`a.criado_em >= (${f.de}::date::timestamp AT TIME ZONE ${TIMEZONE})`);
  if (f.ate) c.push(sql`a.criado_em < ((${f.ate}::date + 1)::timestamp AT TIME ZONE ${TIMEZONE})`);
  if (f.apos) c.push(depoisDe(f.apos));
  return c;
}

function idPorCpf(cpf: string): SQL {
  return sql`(SELECT p.id FROM pescador p WHERE p.cpf = ${cpf})`;
}

const COLUNAS_PAGINA = sql`a.id::text AS id, a.criado_em, a.acao, a.cpf_ator, a.perfil_ator, a.orgao_ator, a.recurso, a.recurso_id,
           a.pescador_id, host(a.ip) AS ip, a.sucesso, a.detalhes`;

export function consultaPagina(f: FiltrosSql, limite: number): SQL {
  const c = condicoes(f);
  const onde = c.length > 0 ? sql`WHERE ${sql.join(c, sql` AND `)}` : sql``;
  const pagina = sql`SELECT ${COLUNAS_PAGINA} FROM auditoria a ${onde} ORDER BY a.criado_em DESC, a.id DESC LIMIT ${limite}`;
  if (!f.cpfPescador) return pagina;
  // A client's read names its fishers in auditoria_pescadores, not in pescador_id (decision 0127): the same filters
  // over those rows, fetched by primary key from the GIN index (a few per fisher), then both arms merged in order.
  const outras = condicoes({ ...f, cpfPescador: undefined });
  const id = idPorCpf(f.cpfPescador);
  const deCliente = sql`SELECT ${COLUNAS_PAGINA} FROM auditoria a
    WHERE a.id = ANY(ARRAY(SELECT ap.auditoria_id FROM auditoria_pescadores ap WHERE ap.pescador_ids @> ARRAY[${id}]::integer[]))
      AND a.pescador_id IS NULL ${outras.length > 0 ? sql`AND ${sql.join(outras, sql` AND `)}` : sql``}
    ORDER BY a.criado_em DESC, a.id DESC LIMIT ${limite}`;
  return sql`SELECT * FROM ((${pagina}) UNION ALL (${deCliente})) u ORDER BY u.criado_em DESC, u.id::bigint DESC LIMIT ${limite}`;
}

export interface IdentificacaoPescador {
  cpf: string;
  /** Normalised ('PAPA00000000042'), or null without an RGP number. */
  numeroRgp: string | null;
  nome: string;
}

export type LinhaRelatorioNomeando = Omit<LinhaAcesso, 'recurso'>;

export class AuditoriaRepository {
  constructor(
    private readonly db: Database,
    /** A standby when configured. */
    private readonly leitura: Database = db,
  ) {}

  /** One row more than asked, so the caller knows whether a next page exists. */
  async pagina(f: FiltrosSql, tamanho: number): Promise<LinhaAuditoria[]> {
    const { rows } = await this.leitura.execute<LinhaAuditoria>(consultaPagina(f, tamanho + 1));
    return rows.map((r) => ({ ...r, criado_em: new Date(r.criado_em) }));
  }

  async acessosAoPescador(pescadorId: number, apos: string | undefined, tamanho: number): Promise<LinhaAcesso[]> {
    const keyset = apos ? sql`AND ${depoisDe(apos)}` : sql``;
    const { rows } = await this.db.execute<LinhaAcesso>(sql`
      SELECT a.id::text AS id, a.criado_em, a.acao, a.recurso, a.perfil_ator, a.orgao_ator, o.nome AS nome_orgao,
             a.detalhes ->> 'entidade' AS entidade, a.detalhes ->> 'metodo' AS metodo
      FROM auditoria a LEFT JOIN orgao o ON o.sigla = a.orgao_ator
      WHERE ${doPescador(sql`${pescadorId}::integer`)}
        AND ((a.perfil_ator IS NOT NULL
          -- The fisher's own actions are not accesses; an entity's agent acting for them is (decision 0110).
          AND (a.perfil_ator <> ${Perfil.INTERESSADO} OR a.acao IN (${sql.join(ACOES_DE_AGENTE.map((x) => sql`${x}`), sql`, `)})))
          OR a.recurso IN (${sql.join(RECURSOS_DE_CLIENTE.map((x) => sql`${x}`), sql`, `)})) ${keyset}
      ORDER BY a.criado_em DESC, a.id DESC
      LIMIT ${tamanho + 1}`);
    return rows.map((r) => ({ ...r, criado_em: new Date(r.criado_em) }));
  }

  /** Staff reports whose filters named the fisher: one that merely counted them is not found. LGPD export only. */
  async relatoriosQueNomeiam(p: IdentificacaoPescador, acoes: readonly string[]): Promise<LinhaRelatorioNomeando[]> {
    const filtro = sql`a.detalhes -> 'filtros'`;
    const { rows } = await this.db.execute<LinhaRelatorioNomeando>(sql`
      SELECT a.id::text AS id, a.criado_em, a.acao, a.perfil_ator, COALESCE(a.orgao_ator, m.sigla_orgao) AS orgao_ator,
             o.nome AS nome_orgao
      FROM auditoria a
      -- Report events written without the actor's agency: the agency the staff member has now (a read).
      LEFT JOIN usuario u ON a.orgao_ator IS NULL AND u.cpf = a.cpf_ator
      LEFT JOIN usuario_mapa m ON m.usuario_id = u.id
      LEFT JOIN orgao o ON o.sigla = COALESCE(a.orgao_ator, m.sigla_orgao)
      WHERE a.acao IN (${sql.join(acoes.map((x) => sql`${x}`), sql`, `)})
        AND a.perfil_ator IS NOT NULL AND a.perfil_ator <> ${Perfil.INTERESSADO}
        AND (${filtro} ->> 'cpfPescador' = ${p.cpf}
          OR (${p.numeroRgp}::text IS NOT NULL AND ${filtro} ->> 'numeroRGP' = ${p.numeroRgp})
          OR ${filtro} ->> 'nome' = ${p.nome})
      ORDER BY a.criado_em DESC, a.id DESC`);
    return rows.map((r) => ({ ...r, criado_em: new Date(r.criado_em) }));
  }
}
