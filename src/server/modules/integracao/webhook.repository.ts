import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { Perfil } from '../../../shared/enums';
import { EstadoEntregaWebhook } from '../../../shared/schemas/integracao';
import type { Database } from '../../db/client';
import { assinaturaWebhook, clienteIntegracao, entregaWebhook, eventoIntegracao, usuarioMapa } from '../../db/schema';
import type { LinhaEvento } from './integracao.repository';

export type AssinaturaWebhookRow = typeof assinaturaWebhook.$inferSelect;

export type LinhaAssinatura = AssinaturaWebhookRow & {
  cliente: string; orgao: string; clientIdentificador: string; clienteRevogadoEm: Date | null; clienteValidoAte: Date;
  pendentes: number; entregues: number; estacionadas: number;
};

/** A delivery taken for an attempt, with the feed event it carries. */
export type EntregaDevida = LinhaEvento & { entrega_id: string; tentativas: number; inicio_em: string };

export type LinhaEntrega = typeof entregaWebhook.$inferSelect & { tipo: string };

/** How long a taken delivery is hidden from another runner while its attempt is under way. */
const RESERVA = '2 minutes';

/**
 * Webhook subscriptions and their deliveries (decision 0122). Each subscription keeps its own cursor in the outbox,
 * read in the feed's commit-safe order, so a slow or dead endpoint delays nobody else.
 */
export class WebhookRepository {
  constructor(private readonly db: Database) {}

  /** It starts at the feed's present horizon: what happened before the subscription is read from the feed. */
  async criar(nova: Omit<typeof assinaturaWebhook.$inferInsert, 'cursorXid'>): Promise<AssinaturaWebhookRow> {
    const [row] = await this.db.insert(assinaturaWebhook)
      .values({ ...nova, cursorXid: sql`pg_snapshot_xmin(pg_current_snapshot())` })
      .returning();
    return row!;
  }

  async listar(id?: number): Promise<LinhaAssinatura[]> {
    const contagem = (estado: string) => sql<number>`(SELECT count(*)::int FROM ${entregaWebhook} d
      WHERE d.assinatura_id = ${assinaturaWebhook.id} AND d.estado = ${estado})`;
    return this.db.select({
      ...getTableColumns(assinaturaWebhook),
      cliente: clienteIntegracao.nome, orgao: clienteIntegracao.orgao, clientIdentificador: clienteIntegracao.identificador,
      clienteRevogadoEm: clienteIntegracao.revogadoEm, clienteValidoAte: clienteIntegracao.validoAte,
      pendentes: contagem(EstadoEntregaWebhook.PENDENTE), entregues: contagem(EstadoEntregaWebhook.ENTREGUE),
      estacionadas: contagem(EstadoEntregaWebhook.ESTACIONADA),
    }).from(assinaturaWebhook)
      .innerJoin(clienteIntegracao, eq(clienteIntegracao.id, assinaturaWebhook.clienteId))
      .where(id === undefined ? undefined : eq(assinaturaWebhook.id, id))
      .orderBy(desc(assinaturaWebhook.id));
  }

  async desativar(id: number, motivo: string): Promise<boolean> {
    const r = await this.db.update(assinaturaWebhook).set({ desativadaEm: sql`now()`, motivoDesativacao: motivo })
      .where(and(eq(assinaturaWebhook.id, id), sql`${assinaturaWebhook.desativadaEm} IS NULL`)).returning({ id: assinaturaWebhook.id });
    return r.length > 0;
  }

  /** Its pending deliveries are due again at once. */
  async reativar(id: number, agora: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(assinaturaWebhook).set({ desativadaEm: null, motivoDesativacao: null, falhasSeguidas: 0 }).where(eq(assinaturaWebhook.id, id));
      await tx.update(entregaWebhook).set({ proximaTentativaEm: agora })
        .where(and(eq(entregaWebhook.assinaturaId, id), eq(entregaWebhook.estado, EstadoEntregaWebhook.PENDENTE)));
    });
  }

  /**
   * Turns up to `limite` outbox events past the cursor into deliveries of the kinds wanted, and moves the cursor past
   * every event read (wanted or not), in one statement: an event is never fanned out twice nor skipped.
   */
  async distribuir(id: number, agora: Date, limite: number): Promise<{ lidos: number; criadas: number }> {
    const { rows } = await this.db.execute<{ lidos: number; criadas: number }>(sql`
      WITH a AS (SELECT id, tipos, cursor_xid, cursor_id FROM assinatura_webhook WHERE id = ${id} FOR UPDATE),
      lidos AS (
        SELECT e.id, e.xid, e.tipo FROM evento_integracao e, a
        WHERE (e.xid, e.id) > (a.cursor_xid, a.cursor_id) AND e.xid < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY e.xid, e.id LIMIT ${limite}),
      criadas AS (
        INSERT INTO entrega_webhook (assinatura_id, evento_id, proxima_tentativa_em, inicio_em)
        SELECT ${id}, l.id, ${agora}, ${agora} FROM lidos l, a WHERE l.tipo = ANY(a.tipos)
        ON CONFLICT DO NOTHING RETURNING 1),
      ultimo AS (SELECT xid, id FROM lidos ORDER BY xid DESC, id DESC LIMIT 1),
      movido AS (UPDATE assinatura_webhook s SET cursor_xid = u.xid, cursor_id = u.id FROM ultimo u WHERE s.id = ${id} RETURNING 1)
      SELECT (SELECT count(*)::int FROM lidos) AS lidos, (SELECT count(*)::int FROM criadas) AS criadas, (SELECT count(*) FROM movido) AS m`);
    return rows[0] ?? { lidos: 0, criadas: 0 };
  }

  /** Takes the due deliveries, hiding them from another runner for a while (a crashed attempt is retried after it). */
  async tomarDevidas(id: number, agora: Date, limite: number): Promise<EntregaDevida[]> {
    const { rows } = await this.db.execute<EntregaDevida>(sql`
      WITH s AS (
        SELECT d.id FROM entrega_webhook d
        WHERE d.assinatura_id = ${id} AND d.estado = ${EstadoEntregaWebhook.PENDENTE} AND d.proxima_tentativa_em <= ${agora}
        ORDER BY d.proxima_tentativa_em, d.id LIMIT ${limite} FOR UPDATE SKIP LOCKED),
      t AS (
        UPDATE entrega_webhook d SET proxima_tentativa_em = ${agora}::timestamptz + ${RESERVA}::interval FROM s WHERE d.id = s.id
        RETURNING d.id, d.evento_id, d.tentativas, d.inicio_em)
      SELECT t.id::text AS entrega_id, t.tentativas, t.inicio_em, e.id::text, e.xid::text, e.tipo, e.pescador_id, p.cpf,
        e.situacao_anterior, e.situacao_nova, e.dados, e.criado_em
      FROM t JOIN evento_integracao e ON e.id = t.evento_id JOIN pescador p ON p.id = e.pescador_id
      ORDER BY e.xid, e.id`);
    return rows;
  }

  /** Taken deliveries not attempted after all: due again at once instead of after the hold. */
  async devolver(assinaturaId: number, ids: readonly number[], agora: Date): Promise<void> {
    await this.db.execute(sql`UPDATE entrega_webhook SET proxima_tentativa_em = ${agora}
      WHERE assinatura_id = ${assinaturaId} AND id = ANY(${sql.param(ids)}::bigint[]) AND estado = ${EstadoEntregaWebhook.PENDENTE}`);
  }

  /**
   * A batch of outcomes and their records in one statement (decisions 0128, 0240): each delivery's state, one attempt row
   * each, and the subscription's run of failures — reset to the failures after the round's last success, if any, else
   * grown by the round's failures.
   */
  async registrarTentativas(
    assinaturaId: number, agora: Date,
    rs: readonly { entregaId: number; statusHttp: number | null; erro: string | null; duracaoMs: number; estado: string; proxima: Date | null }[],
    falhas: { aposUltimoSucesso: number | null; total: number },
  ): Promise<{ falhasSeguidas: number }> {
    const col = <T>(f: (r: (typeof rs)[number]) => T) => sql.param(rs.map(f));
    const { rows } = await this.db.execute<{ falhas_seguidas: number }>(sql`
      WITH r AS (
        SELECT * FROM unnest(${col((r) => r.entregaId)}::bigint[], ${col((r) => r.statusHttp)}::smallint[], ${col((r) => r.erro)}::varchar[],
          ${col((r) => r.duracaoMs)}::integer[], ${col((r) => r.estado)}::varchar[], ${col((r) => r.proxima?.toISOString() ?? null)}::timestamptz[])
          AS r(id, status_http, erro, duracao_ms, estado, proxima)),
      feitas AS (
        UPDATE entrega_webhook d SET estado = r.estado, tentativas = d.tentativas + 1, ultimo_status = r.status_http, ultimo_erro = r.erro,
          proxima_tentativa_em = COALESCE(r.proxima, d.proxima_tentativa_em),
          entregue_em = CASE WHEN r.estado = ${EstadoEntregaWebhook.ENTREGUE} THEN ${agora}::timestamptz ELSE d.entregue_em END
        FROM r WHERE d.id = r.id AND d.assinatura_id = ${assinaturaId} RETURNING 1),
      registradas AS (
        INSERT INTO tentativa_entrega_webhook (entrega_id, status_http, erro, duracao_ms, criado_em)
        SELECT r.id, r.status_http, r.erro, r.duracao_ms, ${agora}::timestamptz FROM r RETURNING 1)
      UPDATE assinatura_webhook SET falhas_seguidas = COALESCE(${falhas.aposUltimoSucesso}::integer, falhas_seguidas + ${falhas.total}::integer)
      WHERE id = ${assinaturaId}
      RETURNING falhas_seguidas`);
    return { falhasSeguidas: rows[0]?.falhas_seguidas ?? 0 };
  }

  async entregas(assinaturaId: number, limite = 50, entregaId?: number): Promise<LinhaEntrega[]> {
    return this.db.select({ ...getTableColumns(entregaWebhook), tipo: eventoIntegracao.tipo }).from(entregaWebhook)
      .innerJoin(eventoIntegracao, eq(eventoIntegracao.id, entregaWebhook.eventoId))
      .where(and(eq(entregaWebhook.assinaturaId, assinaturaId), entregaId === undefined ? undefined : eq(entregaWebhook.id, entregaId)))
      .orderBy(desc(entregaWebhook.id)).limit(limite);
  }

  /** A new round of a day's retries, starting now, under the same webhook-id. */
  async reenviar(assinaturaId: number, entregaId: number, agora: Date): Promise<LinhaEntrega | undefined> {
    const [row] = await this.db.update(entregaWebhook)
      .set({ estado: EstadoEntregaWebhook.PENDENTE, proximaTentativaEm: agora, inicioEm: agora })
      .where(and(eq(entregaWebhook.id, entregaId), eq(entregaWebhook.assinaturaId, assinaturaId)))
      .returning({ id: entregaWebhook.id });
    if (!row) return undefined;
    return (await this.entregas(assinaturaId, 1, entregaId))[0];
  }

  async emailsDosAdmins(): Promise<string[]> {
    const rows = await this.db.selectDistinct({ email: usuarioMapa.email }).from(usuarioMapa)
      .where(and(eq(usuarioMapa.tipoUsuario, Perfil.ADMIN), sql`${usuarioMapa.email} IS NOT NULL`));
    return rows.map((r) => r.email!);
  }
}
