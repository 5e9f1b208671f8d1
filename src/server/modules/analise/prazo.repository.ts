import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';

/** The week (its Monday) of an instant, in São Paulo. */
const semanaSp = (t: SQL) => sql`date_trunc('week', ${t} AT TIME ZONE 'America/Sao_Paulo')::date`;
const instante = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** A row of the backlog moves with its clock: one more when it runs, one less when it pauses or ends. */
const moverAbertas = (fonte: string, delta: 1 | -1) => sql.raw(`
  INSERT INTO painel_analise_abertas (dia, uf, tipo_solicitacao, total)
  SELECT (recebida_em AT TIME ZONE 'America/Sao_Paulo')::date, uf, tipo_solicitacao, ${delta} FROM ${fonte}
  ON CONFLICT (dia, uf, tipo_solicitacao) DO UPDATE SET total = painel_analise_abertas.total + ${delta}`);

export type PrazoLinha = {
  solicitacaoId: number; venceEm: Date | null; pausadaEm: Date | null; restanteSegundos: number | null;
  escaladaEm: Date | null; decididaEm: Date | null;
};

export type AtrasadaLinha = {
  analiseId: number; solicitacaoId: number; tipo: number; uf: string; numeroProtocolo: string | null; instancia: string;
  venceEm: Date; escaladaEm: Date; analista: string | null; designado: string | null;
};

/**
 * The only writer of `analise_prazo` and of the manager's page's kept totals (decision 0153): each clock change
 * and its totals in one statement, in the caller's transaction.
 */
export class PrazoRepository {
  constructor(private readonly db: Database) {}

  /** A first submission starts the clock (and counts as received); a resubmission resumes a paused one. */
  async iniciarOuRetomar(solicitacaoId: number, instancia: string, agora: Date, padraoDias: number, ex: Executor): Promise<void> {
    await ex.execute(sql`
      WITH retomada AS (
        UPDATE analise_prazo SET vence_em = ${instante(agora)} + make_interval(secs => restante_segundos),
          segundos_pausada = segundos_pausada + greatest(0, extract(epoch FROM ${instante(agora)} - pausada_em))::bigint,
          pausada_em = NULL, restante_segundos = NULL
        WHERE solicitacao_id = ${solicitacaoId} AND pausada_em IS NOT NULL AND decidida_em IS NULL
        RETURNING recebida_em, uf, tipo_solicitacao
      ), nova AS (
        INSERT INTO analise_prazo (solicitacao_id, tipo_solicitacao, uf, dias_prazo, recebida_em, vence_em)
        SELECT s.id, s.tipo, coalesce(s.uf_pescador, p.uf, ''), d.dias, ${instante(agora)}, ${instante(agora)} + make_interval(days => d.dias)
        FROM solicitacao s JOIN pescador p ON p.id = s.pescador_id
        CROSS JOIN LATERAL (SELECT coalesce((SELECT dias FROM prazo_analise_tipo WHERE tipo_solicitacao = s.tipo), ${padraoDias})::int AS dias) d
        WHERE s.id = ${solicitacaoId} AND NOT EXISTS (SELECT 1 FROM retomada)
        ON CONFLICT (solicitacao_id) DO NOTHING
        RETURNING recebida_em, uf, tipo_solicitacao
      ), recebida AS (
        INSERT INTO painel_analise_semana (semana, uf, instancia, tipo_solicitacao, recebidas)
        SELECT ${semanaSp(sql`recebida_em`)}, uf, ${instancia}, tipo_solicitacao, 1 FROM nova
        ON CONFLICT (semana, uf, instancia, tipo_solicitacao) DO UPDATE SET recebidas = painel_analise_semana.recebidas + 1
      ), correndo AS (SELECT * FROM nova UNION ALL SELECT * FROM retomada), abertas AS (${moverAbertas('correndo', 1)})
      SELECT 1`);
  }

  /** The request went back to the fisher: the time left is kept, and it leaves the backlog the state owes. */
  async pausar(solicitacaoId: number, agora: Date, ex: Executor): Promise<void> {
    await ex.execute(sql`
      WITH pausada AS (
        UPDATE analise_prazo SET restante_segundos = round(extract(epoch FROM vence_em - ${instante(agora)}))::int,
          pausada_em = ${instante(agora)}, vence_em = NULL
        WHERE solicitacao_id = ${solicitacaoId} AND vence_em IS NOT NULL
        RETURNING recebida_em, uf, tipo_solicitacao
      ), abertas AS (${moverAbertas('pausada', -1)})
      SELECT 1`);
  }

  /** A final decision: the clock stops; the week, the time to decide (pauses left out) and the analyst count it. */
  async encerrar(solicitacaoId: number, p: { agora: Date; instancia: string; usuarioMapaId: number }, ex: Executor): Promise<void> {
    await ex.execute(sql`
      WITH decidida AS (
        UPDATE analise_prazo SET decidida_em = ${instante(p.agora)}, vence_em = NULL
        WHERE solicitacao_id = ${solicitacaoId} AND vence_em IS NOT NULL
        RETURNING recebida_em, uf, tipo_solicitacao,
          greatest(0, floor((extract(epoch FROM ${instante(p.agora)} - recebida_em) - segundos_pausada) / 86400))::int AS dias
      ), abertas AS (${moverAbertas('decidida', -1)}
      ), semana AS (
        INSERT INTO painel_analise_semana (semana, uf, instancia, tipo_solicitacao, decididas)
        SELECT ${semanaSp(instante(p.agora))}, uf, ${p.instancia}, tipo_solicitacao, 1 FROM decidida
        ON CONFLICT (semana, uf, instancia, tipo_solicitacao) DO UPDATE SET decididas = painel_analise_semana.decididas + 1
      ), tempo AS (
        INSERT INTO painel_tempo_decisao (tipo_solicitacao, dias, total) SELECT tipo_solicitacao, dias, 1 FROM decidida
        ON CONFLICT (tipo_solicitacao, dias) DO UPDATE SET total = painel_tempo_decisao.total + 1
      ), analista AS (
        INSERT INTO painel_analista_semana (semana, usuario_mapa_id, decididas)
        SELECT ${semanaSp(instante(p.agora))}, ${p.usuarioMapaId}, 1 FROM decidida
        ON CONFLICT (semana, usuario_mapa_id) DO UPDATE SET decididas = painel_analista_semana.decididas + 1
      )
      SELECT 1`);
  }

  async daSolicitacao(solicitacaoIds: number[], ex: Executor = this.db): Promise<Map<number, PrazoLinha>> {
    if (solicitacaoIds.length === 0) return new Map();
    const { rows } = await ex.execute<PrazoLinha>(sql`
      SELECT solicitacao_id AS "solicitacaoId", vence_em AS "venceEm", pausada_em AS "pausadaEm",
        restante_segundos AS "restanteSegundos", escalada_em AS "escaladaEm", decidida_em AS "decididaEm"
      FROM analise_prazo WHERE solicitacao_id = ANY(${sql.param(solicitacaoIds)}::int[])`);
    return new Map(rows.map((r) => [r.solicitacaoId, {
      ...r, venceEm: data(r.venceEm), pausadaEm: data(r.pausadaEm), escaladaEm: data(r.escaladaEm), decididaEm: data(r.decididaEm),
    }]));
  }

  /** Running clocks past their deadline, not yet escalated; rows another worker holds are skipped. */
  async escalarVencidas(agora: Date, limite: number, tx: Executor): Promise<number[]> {
    const { rows } = await tx.execute<{ id: number }>(sql`
      UPDATE analise_prazo SET escalada_em = ${instante(agora)}
      WHERE solicitacao_id IN (
        SELECT solicitacao_id FROM analise_prazo
        WHERE vence_em IS NOT NULL AND escalada_em IS NULL AND vence_em <= ${instante(agora)}
        ORDER BY vence_em LIMIT ${limite} FOR UPDATE SKIP LOCKED)
      RETURNING solicitacao_id AS id`);
    return rows.map((r) => r.id);
  }

  /**
   * Who is told of these escalations (decision 0154): the GESTORs of the agency of the analysis's state, those with
   * an e-mail, not blocked and within their mapping's validity; a state without one goes to every such GESTOR (their
   * scope is national). One row per GESTOR with the requests that are theirs to hear of.
   */
  async gestoresAvisados(solicitacaoIds: number[], perfilGestor: number, tx: Executor): Promise<{ usuarioMapaId: number; solicitacoes: number[] }[]> {
    if (solicitacaoIds.length === 0) return [];
    const { rows } = await tx.execute<{ usuarioMapaId: number; solicitacoes: number[] }>(sql`
      WITH g AS (
        SELECT um.id, um.uf_orgao FROM usuario_mapa um JOIN usuario u ON u.id = um.usuario_id
        WHERE um.tipo_usuario = ${perfilGestor} AND um.email IS NOT NULL AND um.email <> '' AND NOT u.bloqueado
          AND (um.validade IS NULL OR um.validade >= (now() AT TIME ZONE 'America/Sao_Paulo')::date))
      SELECT g.id AS "usuarioMapaId", array_agg(pz.solicitacao_id ORDER BY pz.solicitacao_id) AS solicitacoes
      FROM analise_prazo pz JOIN g ON g.uf_orgao = pz.uf OR NOT EXISTS (SELECT 1 FROM g g2 WHERE g2.uf_orgao = pz.uf)
      WHERE pz.solicitacao_id = ANY(${sql.param(solicitacaoIds)}::int[])
      GROUP BY g.id ORDER BY g.id`);
    return rows;
  }

  /** A GESTOR's e-mail, if they are still one who is told (as in `gestoresAvisados`). */
  async emailDoGestor(usuarioMapaId: number, perfilGestor: number): Promise<string | null> {
    const { rows } = await this.db.execute<{ email: string }>(sql`
      SELECT um.email FROM usuario_mapa um JOIN usuario u ON u.id = um.usuario_id
      WHERE um.id = ${usuarioMapaId} AND um.tipo_usuario = ${perfilGestor} AND um.email IS NOT NULL AND um.email <> '' AND NOT u.bloqueado
        AND (um.validade IS NULL OR um.validade >= (now() AT TIME ZONE 'America/Sao_Paulo')::date)`);
    return rows[0]?.email ?? null;
  }

  /** Of these requests, those still late and undecided, as the late list shows them (nothing of the fisher). */
  async escaladasAbertas(solicitacaoIds: number[]): Promise<{ solicitacaoId: number; tipo: number; uf: string | null; numeroProtocolo: string | null; venceEm: Date }[]> {
    const { rows } = await this.db.execute<{ solicitacaoId: number; tipo: number; uf: string | null; numeroProtocolo: string | null; venceEm: Date }>(sql`
      SELECT pz.solicitacao_id AS "solicitacaoId", pz.tipo_solicitacao AS tipo, pz.uf, s.numero_protocolo AS "numeroProtocolo",
        pz.vence_em AS "venceEm"
      FROM analise_prazo pz JOIN solicitacao s ON s.id = pz.solicitacao_id
      WHERE pz.solicitacao_id = ANY(${sql.param(solicitacaoIds)}::int[])
        AND pz.escalada_em IS NOT NULL AND pz.decidida_em IS NULL AND pz.vence_em IS NOT NULL
      ORDER BY pz.vence_em, pz.solicitacao_id`);
    return rows.map((r) => ({ ...r, venceEm: data(r.venceEm)! }));
  }

  /** Escalated and running (a paused one waits for the fisher, not for the state), of the states in scope. */
  async atrasadas(ufs: string[] | null, limite: number): Promise<AtrasadaLinha[]> {
    const { rows } = await this.db.execute<AtrasadaLinha>(sql`
      SELECT a.id AS "analiseId", pz.solicitacao_id AS "solicitacaoId", pz.tipo_solicitacao AS tipo, pz.uf,
        s.numero_protocolo AS "numeroProtocolo", a.instancia, pz.vence_em AS "venceEm", pz.escalada_em AS "escaladaEm",
        ua.nome AS analista, ud.nome AS designado
      FROM analise_prazo pz
      JOIN solicitacao s ON s.id = pz.solicitacao_id
      JOIN LATERAL (SELECT * FROM analise_solicitacao x WHERE x.solicitacao_id = pz.solicitacao_id ORDER BY x.id DESC LIMIT 1) a ON true
      LEFT JOIN usuario_mapa uma ON uma.id = a.usuario_mapa_id LEFT JOIN usuario ua ON ua.id = uma.usuario_id
      LEFT JOIN usuario_mapa umd ON umd.id = pz.designado_usuario_mapa_id LEFT JOIN usuario ud ON ud.id = umd.usuario_id
      WHERE pz.escalada_em IS NOT NULL AND pz.decidida_em IS NULL AND pz.vence_em IS NOT NULL
        ${ufs === null ? sql`` : sql`AND pz.uf = ANY(${sql.param(ufs)}::bpchar[])`}
      ORDER BY pz.vence_em, pz.solicitacao_id LIMIT ${limite}`);
    return rows.map((r) => ({ ...r, venceEm: data(r.venceEm)!, escaladaEm: data(r.escaladaEm)! }));
  }

  async designar(solicitacaoId: number, usuarioMapaId: number, ex: Executor): Promise<void> {
    await ex.execute(sql`UPDATE analise_prazo SET designado_usuario_mapa_id = ${usuarioMapaId} WHERE solicitacao_id = ${solicitacaoId}`);
  }

  /** Staff who may analyse (profiles given), of the state given when SFPA. */
  async servidores(
    perfis: number[], uf: string | null, ids: number[] | null, ex: Executor = this.db,
  ): Promise<{ id: number; nome: string; perfil: number; orgao: string; ufOrgao: string }[]> {
    const { rows } = await ex.execute<{ id: number; nome: string; perfil: number; orgao: string; ufOrgao: string }>(sql`
      SELECT um.id, u.nome, um.tipo_usuario AS perfil, um.sigla_orgao AS orgao, um.uf_orgao AS "ufOrgao"
      FROM usuario_mapa um JOIN usuario u ON u.id = um.usuario_id
      WHERE um.tipo_usuario = ANY(${sql.param(perfis)}::smallint[]) AND (um.validade IS NULL OR um.validade >= current_date)
        ${uf === null ? sql`` : sql`AND (um.tipo_usuario <> 3 OR um.uf_orgao = ${uf})`}
        ${ids === null ? sql`` : sql`AND um.id = ANY(${sql.param(ids)}::int[])`}
      ORDER BY u.nome, um.id LIMIT 500`);
    return rows;
  }

  async prazos(): Promise<{ tipo: number; dias: number; atoId: number; atoNome: string }[]> {
    const { rows } = await this.db.execute<{ tipo: number; dias: number; atoId: number; atoNome: string }>(sql`
      SELECT p.tipo_solicitacao AS tipo, p.dias, a.id AS "atoId", a.nome AS "atoNome"
      FROM prazo_analise_tipo p JOIN ato_normativo a ON a.id = p.ato_normativo_id ORDER BY p.tipo_solicitacao`);
    return rows;
  }

  async atoExiste(id: number): Promise<boolean> {
    const { rows } = await this.db.execute(sql`SELECT 1 FROM ato_normativo WHERE id = ${id}`);
    return rows.length > 0;
  }

  async definirPrazo(tipo: number, dias: number, atoId: number, ex: Executor = this.db): Promise<void> {
    await ex.execute(sql`
      INSERT INTO prazo_analise_tipo (tipo_solicitacao, dias, ato_normativo_id) VALUES (${tipo}, ${dias}, ${atoId})
      ON CONFLICT (tipo_solicitacao) DO UPDATE SET dias = EXCLUDED.dias, ato_normativo_id = EXCLUDED.ato_normativo_id, atualizado_em = now()`);
  }

  // The manager's page: kept totals only.

  async semanas(desde: string, ufs: string[] | null) {
    const { rows } = await this.db.execute<{ semana: string; uf: string; instancia: string; recebidas: number; decididas: number }>(sql`
      SELECT to_char(semana, 'YYYY-MM-DD') AS semana, uf, instancia, sum(recebidas)::int AS recebidas, sum(decididas)::int AS decididas
      FROM painel_analise_semana WHERE semana >= ${desde}::date
        ${ufs === null ? sql`` : sql`AND uf = ANY(${sql.param(ufs)}::bpchar[])`}
      GROUP BY semana, uf, instancia ORDER BY semana, uf, instancia`);
    return rows;
  }

  /** Open requests by whole days since the first submission, in São Paulo. */
  async abertasPorIdade(hoje: string, ufs: string[] | null) {
    const { rows } = await this.db.execute<{ dias: number; total: number }>(sql`
      SELECT (${hoje}::date - dia)::int AS dias, sum(total)::int AS total FROM painel_analise_abertas
      WHERE total <> 0 ${ufs === null ? sql`` : sql`AND uf = ANY(${sql.param(ufs)}::bpchar[])`}
      GROUP BY dia`);
    return rows;
  }

  async histogramaDecisao() {
    const { rows } = await this.db.execute<{ tipo: number; dias: number; total: number }>(sql`
      SELECT tipo_solicitacao AS tipo, dias, total::int AS total FROM painel_tempo_decisao WHERE total > 0 ORDER BY tipo_solicitacao, dias`);
    return rows;
  }

  async analistas(desde: string) {
    const { rows } = await this.db.execute<{ idUsuarioMapa: number; nome: string; decididas: number }>(sql`
      SELECT t.usuario_mapa_id AS "idUsuarioMapa", coalesce(u.nome, 'Servidor ' || t.usuario_mapa_id) AS nome, t.decididas
      FROM (SELECT usuario_mapa_id, sum(decididas)::int AS decididas FROM painel_analista_semana
            WHERE semana >= ${desde}::date GROUP BY usuario_mapa_id) t
      LEFT JOIN usuario_mapa um ON um.id = t.usuario_mapa_id LEFT JOIN usuario u ON u.id = um.usuario_id
      ORDER BY t.decididas DESC, nome`);
    return rows;
  }

  async contarAtrasadas(ufs: string[] | null): Promise<number> {
    const { rows } = await this.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM analise_prazo
      WHERE escalada_em IS NOT NULL AND decidida_em IS NULL AND vence_em IS NOT NULL
        ${ufs === null ? sql`` : sql`AND uf = ANY(${sql.param(ufs)}::bpchar[])`}`);
    return rows[0]!.n;
  }
}

function data(v: unknown): Date | null {
  if (v === null || v === undefined) return null;
  return v instanceof Date ? v : new Date(String(v));
}
