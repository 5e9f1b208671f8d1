import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { notificacao } from '../../db/schema';

export type NotificacaoRow = typeof notificacao.$inferSelect;

/** SQL of the notifications: the only writer of `notificacao`. */
export class NotificacaoRepository {
  constructor(private readonly db: Database) {}

  async inserir(
    valores: { pescadorId: number; tipo: number; conteudo: string; urlRedirecionamento: string | null; criadaEm: Date },
    ex: Executor = this.db,
  ): Promise<{ id: number }> {
    const [row] = await ex.insert(notificacao).values(valores).returning({ id: notificacao.id });
    return row!;
  }

  /** One row per fisher, in one statement (the ids as one array parameter). */
  async inserirVarios(
    pescadorIds: number[],
    v: { tipo: number; conteudo: string; urlRedirecionamento: string | null; criadaEm: Date },
    ex: Executor = this.db,
  ): Promise<number> {
    if (pescadorIds.some((i) => !Number.isInteger(i))) throw new Error('inserirVarios: ids must be integers');
    const r = await ex.execute(sql`
      INSERT INTO notificacao (pescador_id, tipo, conteudo, url_redirecionamento, criada_em)
      SELECT unnest(${`{${pescadorIds.join(',')}}`}::int[]), ${v.tipo}, ${v.conteudo}, ${v.urlRedirecionamento}, ${v.criadaEm.toISOString()}::timestamptz`);
    return r.rowCount ?? 0;
  }

  /** Many notifications of one tipo, each its own fisher, text and address, in one statement. */
  async inserirLista(
    tipo: number, ns: { pescadorId: number; conteudo: string; urlRedirecionamento: string | null }[], criadaEm: Date, ex: Executor = this.db,
  ): Promise<number> {
    if (ns.length === 0) return 0;
    const r = await ex.execute(sql`
      INSERT INTO notificacao (pescador_id, tipo, conteudo, url_redirecionamento, criada_em)
      SELECT u.p, ${tipo}, u.c, u.url, ${criadaEm.toISOString()}::timestamptz
      FROM unnest(${sql.param(ns.map((n) => n.pescadorId))}::int[], ${sql.param(ns.map((n) => n.conteudo))}::text[],
        ${sql.param(ns.map((n) => n.urlRedirecionamento))}::text[]) AS u(p, c, url)`);
    return r.rowCount ?? 0;
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
