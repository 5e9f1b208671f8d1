import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { CanalNotificacao } from '../../../shared/enums';
import type { Database, Executor } from '../../db/client';
import { notificacao } from '../../db/schema';

export type NotificacaoRow = typeof notificacao.$inferSelect;

/** What the outbox rows of a write carry besides the notification (decision 0150). */
export interface OpcoesEnvio {
  /** The e-mail's subject; one by tipo otherwise. */
  assunto?: string;
  /** The writer, told of each delivery (NotificacaoEnvioService.aoEnviar). */
  origem?: { nome: string; id: number };
}

/** A Brazilian mobile number as the registry keeps it: DDD and nine digits starting with 9. */
export const CELULAR_SQL = '^[1-9][1-9]9[0-9]{8}$';

/**
 * The notifications inserted by `insercao` (RETURNING id, pescador_id) and, in the same statement, one outbox row per
 * channel the fisher has and did not turn off: e-mail when the registry has an address, SMS when it has a mobile
 * number, and the gov.br mailbox (every fisher signs in with gov.br). The screen is the notification itself.
 */
function comEnvios(insercao: SQL, criadaEm: Date, envio: OpcoesEnvio, resultado: SQL = sql`SELECT count(*)::int AS n FROM n`): SQL {
  const em = criadaEm.toISOString();
  return sql`
    WITH n AS (${insercao}),
    e AS (
      INSERT INTO notificacao_envio (notificacao_id, pescador_id, canal, proxima_em, criada_em, assunto, origem, origem_id)
      SELECT n.id, n.pescador_id, c.canal, ${em}::timestamptz, ${em}::timestamptz, ${envio.assunto ?? null},
        ${envio.origem?.nome ?? null}, ${envio.origem?.id ?? null}::int
      FROM n JOIN pescador p ON p.id = n.pescador_id
      LEFT JOIN notificacao_preferencia pf ON pf.pescador_id = n.pescador_id
      CROSS JOIN LATERAL (VALUES
        (${CanalNotificacao.EMAIL}::smallint, coalesce(p.email, '') <> '' AND coalesce(pf.email, true)),
        (${CanalNotificacao.SMS}::smallint, coalesce(p.telefone, '') ~ ${CELULAR_SQL} AND coalesce(pf.sms, true)),
        (${CanalNotificacao.GOVBR}::smallint, coalesce(pf.govbr, true))) AS c(canal, tem)
      WHERE c.tem)
    ${resultado}`;
}

function contar(r: { rows: { n: number }[] }): number {
  return r.rows[0]?.n ?? 0;
}

/** SQL of the notifications: the only writer of `notificacao`. */
export class NotificacaoRepository {
  constructor(private readonly db: Database) {}

  async inserir(
    valores: { pescadorId: number; tipo: number; conteudo: string; urlRedirecionamento: string | null; criadaEm: Date },
    envio: OpcoesEnvio = {},
    ex: Executor = this.db,
  ): Promise<{ id: number }> {
    const { rows } = await ex.execute<{ id: number }>(comEnvios(sql`
      INSERT INTO notificacao (pescador_id, tipo, conteudo, url_redirecionamento, criada_em)
      VALUES (${valores.pescadorId}, ${valores.tipo}, ${valores.conteudo}, ${valores.urlRedirecionamento}, ${valores.criadaEm.toISOString()}::timestamptz)
      RETURNING id, pescador_id`, valores.criadaEm, envio, sql`SELECT id FROM n`));
    return rows[0]!;
  }

  /** One row per fisher, in one statement (the ids as one array parameter). */
  async inserirVarios(
    pescadorIds: number[],
    v: { tipo: number; conteudo: string; urlRedirecionamento: string | null; criadaEm: Date },
    envio: OpcoesEnvio = {},
    ex: Executor = this.db,
  ): Promise<number> {
    if (pescadorIds.some((i) => !Number.isInteger(i))) throw new Error('inserirVarios: ids must be integers');
    return contar(await ex.execute<{ n: number }>(comEnvios(sql`
      INSERT INTO notificacao (pescador_id, tipo, conteudo, url_redirecionamento, criada_em)
      SELECT unnest(${`{${pescadorIds.join(',')}}`}::int[]), ${v.tipo}, ${v.conteudo}, ${v.urlRedirecionamento}, ${v.criadaEm.toISOString()}::timestamptz
      RETURNING id, pescador_id`, v.criadaEm, envio)));
  }

  /** Many notifications of one tipo, each its own fisher, text and address, in one statement. */
  async inserirLista(
    tipo: number, ns: { pescadorId: number; conteudo: string; urlRedirecionamento: string | null }[], criadaEm: Date,
    envio: OpcoesEnvio = {}, ex: Executor = this.db,
  ): Promise<number> {
    if (ns.length === 0) return 0;
    return contar(await ex.execute<{ n: number }>(comEnvios(sql`
      INSERT INTO notificacao (pescador_id, tipo, conteudo, url_redirecionamento, criada_em)
      SELECT u.p, ${tipo}, u.c, u.url, ${criadaEm.toISOString()}::timestamptz
      FROM unnest(${sql.param(ns.map((n) => n.pescadorId))}::int[], ${sql.param(ns.map((n) => n.conteudo))}::text[],
        ${sql.param(ns.map((n) => n.urlRedirecionamento))}::text[]) AS u(p, c, url)
      RETURNING id, pescador_id`, criadaEm, envio)));
  }

  /**
   * Takes the once-only keys of reminders (decision 0151): answers the indexes of those not taken before, whose
   * notices the caller writes in the same transaction.
   */
  async tomarLembretes(ls: { chave: string; pescadorId: number; prazo: string }[], ex: Executor = this.db): Promise<Set<string>> {
    if (ls.length === 0) return new Set();
    const { rows } = await ex.execute<{ chave: string; pescador_id: number }>(sql`
      INSERT INTO lembrete_enviado (chave, pescador_id, prazo)
      SELECT * FROM unnest(${sql.param(ls.map((l) => l.chave))}::text[], ${sql.param(ls.map((l) => l.pescadorId))}::int[],
        ${sql.param(ls.map((l) => l.prazo))}::date[])
      ON CONFLICT (chave, pescador_id) DO NOTHING
      RETURNING chave, pescador_id`);
    return new Set(rows.map((r) => `${r.chave}|${r.pescador_id}`));
  }

  /** Partial index notificacao_pescador_nao_lida_idx (pescador_id) WHERE lida_em IS NULL. */
  async naoLidas(pescadorId: number): Promise<NotificacaoRow[]> {
    return this.db.select().from(notificacao)
      .where(and(eq(notificacao.pescadorId, pescadorId), isNull(notificacao.lidaEm)))
      .orderBy(asc(notificacao.criadaEm), asc(notificacao.id));
  }

  /** Every notification of a fisher, read or not, oldest first (the fisher's data export). */
  async todas(pescadorId: number): Promise<NotificacaoRow[]> {
    return this.db.select().from(notificacao).where(eq(notificacao.pescadorId, pescadorId))
      .orderBy(asc(notificacao.criadaEm), asc(notificacao.id));
  }

  async findById(id: number): Promise<NotificacaoRow | undefined> {
    const [row] = await this.db.select().from(notificacao).where(eq(notificacao.id, id));
    return row;
  }

  /** Sets the reading time once; answers the (first) reading time. */
  async marcarLida(id: number, em: Date): Promise<Date> {
    const [row] = await this.db.update(notificacao)
      .set({ lidaEm: sql`coalesce(${notificacao.lidaEm}, ${em.toISOString()}::timestamptz)` })
      .where(eq(notificacao.id, id))
      .returning({ lidaEm: notificacao.lidaEm });
    return row!.lidaEm!;
  }
}
