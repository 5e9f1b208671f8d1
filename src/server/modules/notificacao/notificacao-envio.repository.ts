import { sql } from 'drizzle-orm';
import { SituacaoEnvio } from '../../../shared/enums';
import type { Database } from '../../db/client';

/** A claimed outbox row with what its message needs (the address read now: a changed e-mail is honoured). */
export type EnvioReservado = {
  id: number;
  pescadorId: number;
  tentativas: number;
  assunto: string | null;
  origem: string | null;
  origemId: number | null;
  tipo: number;
  conteudo: string;
  url: string | null;
  email: string | null;
  telefone: string | null;
  cpf: string;
  /** False when the fisher turned the channel off after the row was written. */
  ativo: boolean;
};

export type PreferenciasRow = { email: boolean; sms: boolean; govbr: boolean };

export type EnvioDoPescadorRow = {
  id: number; canal: number; situacao: number; tentativas: number; tipo: number;
  ultimoErro: string | null; criadaEm: Date; enviadaEm: Date | null; proximaEm: Date;
};

/** SQL of the outbox (decision 0150); rows are written with their notification by NotificacaoRepository. */
export class NotificacaoEnvioRepository {
  constructor(private readonly db: Database) {}

  /**
   * Claims up to `limite` due rows of one channel (SKIP LOCKED: overlapping runs take different rows) and leases
   * them until `ate`: a run that dies leaves them to be tried again then, never lost.
   */
  async reservar(canal: number, limite: number, agora: Date, ate: Date): Promise<EnvioReservado[]> {
    const { rows } = await this.db.execute<EnvioReservado>(sql`
      WITH r AS (
        UPDATE notificacao_envio e SET proxima_em = ${ate.toISOString()}::timestamptz, tentativas = e.tentativas + 1
        WHERE e.id IN (
          SELECT id FROM notificacao_envio
          WHERE situacao = ${SituacaoEnvio.PENDENTE} AND canal = ${canal} AND proxima_em <= ${agora.toISOString()}::timestamptz
          ORDER BY proxima_em, id LIMIT ${limite} FOR UPDATE SKIP LOCKED)
        RETURNING e.id, e.pescador_id, e.notificacao_id, e.tentativas, e.assunto, e.origem, e.origem_id)
      SELECT r.id::int AS id, r.pescador_id AS "pescadorId", r.tentativas, r.assunto, r.origem, r.origem_id AS "origemId",
        n.tipo, n.conteudo, n.url_redirecionamento AS url, p.email, p.telefone, p.cpf,
        CASE ${canal}::int WHEN 1 THEN coalesce(pf.email, true) WHEN 2 THEN coalesce(pf.sms, true) ELSE coalesce(pf.govbr, true) END AS ativo
      FROM r JOIN notificacao n ON n.id = r.notificacao_id JOIN pescador p ON p.id = r.pescador_id
      LEFT JOIN notificacao_preferencia pf ON pf.pescador_id = r.pescador_id
      ORDER BY r.id`);
    return rows;
  }

  async marcarEnviadas(ids: number[], em: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.db.execute(sql`
      UPDATE notificacao_envio SET situacao = ${SituacaoEnvio.ENVIADA}, enviada_em = ${em.toISOString()}::timestamptz, ultimo_erro = NULL
      WHERE id = ANY(${sql.param(ids)}::bigint[])`);
  }

  async cancelar(ids: number[], motivo: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db.execute(sql`
      UPDATE notificacao_envio SET situacao = ${SituacaoEnvio.CANCELADA}, ultimo_erro = ${motivo} WHERE id = ANY(${sql.param(ids)}::bigint[])`);
  }

  /** A failure waits until `proximaEm`, or is final (null) once its tries are spent. */
  async marcarFalhas(falhas: { id: number; proximaEm: Date | null; erro: string }[]): Promise<void> {
    if (falhas.length === 0) return;
    await this.db.execute(sql`
      UPDATE notificacao_envio e SET
        situacao = CASE WHEN f.proxima IS NULL THEN ${SituacaoEnvio.FALHOU}::smallint ELSE ${SituacaoEnvio.PENDENTE}::smallint END,
        proxima_em = coalesce(f.proxima, e.proxima_em), ultimo_erro = left(f.erro, 300)
      FROM unnest(${sql.param(falhas.map((f) => f.id))}::bigint[], ${sql.param(falhas.map((f) => f.proximaEm?.toISOString() ?? null))}::timestamptz[],
        ${sql.param(falhas.map((f) => f.erro))}::text[]) AS f(id, proxima, erro)
      WHERE e.id = f.id`);
  }

  /** The fisher's addresses and state (scope), or undefined when there is no such fisher. */
  async contato(pescadorId: number): Promise<{ email: string | null; telefone: string | null; uf: string | null } | undefined> {
    const { rows } = await this.db.execute<{ email: string | null; telefone: string | null; uf: string | null }>(sql`
      SELECT email, telefone, uf FROM pescador WHERE id = ${pescadorId}`);
    return rows[0];
  }

  async preferencias(pescadorId: number): Promise<PreferenciasRow> {
    const { rows } = await this.db.execute<PreferenciasRow>(sql`
      SELECT email, sms, govbr FROM notificacao_preferencia WHERE pescador_id = ${pescadorId}`);
    return rows[0] ?? { email: true, sms: true, govbr: true };
  }

  async salvarPreferencias(pescadorId: number, p: PreferenciasRow): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO notificacao_preferencia (pescador_id, email, sms, govbr) VALUES (${pescadorId}, ${p.email}, ${p.sms}, ${p.govbr})
      ON CONFLICT (pescador_id) DO UPDATE SET email = excluded.email, sms = excluded.sms, govbr = excluded.govbr, atualizada_em = now()`);
  }

  /** The latest deliveries of a fisher, newest first (the staff's view of the fisher). */
  async doPescador(pescadorId: number, limite: number): Promise<EnvioDoPescadorRow[]> {
    const { rows } = await this.db.execute<EnvioDoPescadorRow>(sql`
      SELECT e.id::int AS id, e.canal, e.situacao, e.tentativas, n.tipo, e.ultimo_erro AS "ultimoErro",
        e.criada_em AS "criadaEm", e.enviada_em AS "enviadaEm", e.proxima_em AS "proximaEm"
      FROM notificacao_envio e JOIN notificacao n ON n.id = e.notificacao_id
      WHERE e.pescador_id = ${pescadorId} ORDER BY e.id DESC LIMIT ${limite}`);
    return rows.map((r) => ({ ...r, criadaEm: new Date(r.criadaEm), enviadaEm: r.enviadaEm ? new Date(r.enviadaEm) : null, proximaEm: new Date(r.proximaEm) }));
  }
}
