import { sql } from 'drizzle-orm';
import { SituacaoRegistro } from '../../../shared/enums';
import type { Database, Executor } from '../../db/client';

export type AvisoRow = { id: number; anoReferencia: number; fimPreenchimento: string; ultimoPescadorId: number; concluido: boolean };

export type SuspensaoRow = {
  anoReferencia: number;
  atoNormativoId: number;
  nomeAtoNormativo: string;
  dataSuspensao: string;
  cpfAtor: string;
  perfilAtor: number;
  loteId: number | null;
};

/** Decision 0055. */
export class InadimplenciaRepository {
  constructor(private readonly db: Database) {}

  /** Warning before the obligations exist for every fisher would miss those not created yet. */
  async prazosEncerradosSemAviso(hoje: string): Promise<{ anoReferencia: number; fimPreenchimento: string }[]> {
    const { rows } = await this.db.execute<{ anoReferencia: number; fimPreenchimento: string }>(sql`
      SELECT pr.ano_referencia AS "anoReferencia", pr.fim_preenchimento::text AS "fimPreenchimento"
      FROM reap_prazo pr
      JOIN reap_geracao_obrigacoes g ON g.ano_referencia = pr.ano_referencia AND g.concluida_em IS NOT NULL
      WHERE pr.fim_preenchimento < ${hoje}::date
        AND NOT EXISTS (SELECT 1 FROM reap_aviso a WHERE a.ano_referencia = pr.ano_referencia AND a.fim_preenchimento = pr.fim_preenchimento)
      ORDER BY pr.ano_referencia`);
    return rows;
  }

  /** So the screen and the warning agree (decision 0071). */
  async contarInadimplentes(ano: number, fim: string | null): Promise<{ inadimplentes: number; completas: boolean; avisado: boolean }> {
    const { rows } = await this.db.execute<{ inadimplentes: number; completas: boolean; avisado: boolean }>(sql`
      SELECT
        (SELECT count(*) FROM reap_questionario q JOIN pescador p ON p.id = q.pescador_id
          WHERE q.ano_referencia = ${ano} AND NOT q.enviada AND p.situacao_registro <> ${SituacaoRegistro.CANCELADO})::int AS inadimplentes,
        EXISTS (SELECT 1 FROM reap_geracao_obrigacoes WHERE ano_referencia = ${ano} AND concluida_em IS NOT NULL) AS completas,
        EXISTS (SELECT 1 FROM reap_aviso WHERE ano_referencia = ${ano} AND fim_preenchimento = ${fim}::date) AS avisado`);
    return rows[0]!;
  }

  async avisosInterrompidos(segundos: number): Promise<number[]> {
    const { rows } = await this.db.execute<{ id: number }>(sql`
      SELECT id FROM reap_aviso WHERE concluido_em IS NULL AND atualizado_em < now() - make_interval(secs => ${segundos}) ORDER BY id`);
    return rows.map((r) => r.id);
  }

  async criarAviso(ano: number, fim: string, tx: Executor): Promise<number> {
    const { rows } = await tx.execute<{ id: number }>(sql`
      WITH novo AS (
        INSERT INTO reap_aviso (ano_referencia, fim_preenchimento) VALUES (${ano}, ${fim}::date)
        ON CONFLICT (ano_referencia, fim_preenchimento) DO NOTHING RETURNING id)
      SELECT id FROM novo UNION ALL SELECT id FROM reap_aviso WHERE ano_referencia = ${ano} AND fim_preenchimento = ${fim}::date`);
    return rows[0]!.id;
  }

  /** One block of a round at a time, whoever runs it. */
  async travarAviso(id: number, tx: Executor): Promise<AvisoRow | undefined> {
    const { rows } = await tx.execute<AvisoRow>(sql`
      SELECT id, ano_referencia AS "anoReferencia", fim_preenchimento::text AS "fimPreenchimento",
        ultimo_pescador_id AS "ultimoPescadorId", concluido_em IS NOT NULL AS concluido
      FROM reap_aviso WHERE id = ${id} FOR UPDATE`);
    return rows[0];
  }

  async aviso(id: number): Promise<AvisoRow | undefined> {
    const { rows } = await this.db.execute<AvisoRow>(sql`
      SELECT id, ano_referencia AS "anoReferencia", fim_preenchimento::text AS "fimPreenchimento",
        ultimo_pescador_id AS "ultimoPescadorId", concluido_em IS NOT NULL AS concluido
      FROM reap_aviso WHERE id = ${id}`);
    return rows[0];
  }

  /** The primary key makes a block run twice warn nobody twice. */
  async registrarAvisados(avisoId: number, ano: number, deId: number, ateId: number, tx: Executor): Promise<number[]> {
    const { rows } = await tx.execute<{ pescadorId: number }>(sql`
      INSERT INTO reap_aviso_pescador (aviso_id, pescador_id)
      SELECT ${avisoId}, q.pescador_id FROM reap_questionario q JOIN pescador p ON p.id = q.pescador_id
      WHERE q.pescador_id > ${deId} AND q.pescador_id <= ${ateId} AND q.ano_referencia = ${ano} AND NOT q.enviada
        AND p.situacao_registro <> ${SituacaoRegistro.CANCELADO}
      ORDER BY q.pescador_id
      ON CONFLICT (aviso_id, pescador_id) DO NOTHING
      RETURNING pescador_id AS "pescadorId"`);
    return rows.map((r) => r.pescadorId);
  }

  async avancarAviso(id: number, ultimoPescadorId: number, avisados: number, concluido: boolean, tx: Executor): Promise<void> {
    await tx.execute(sql`
      UPDATE reap_aviso SET ultimo_pescador_id = ${ultimoPescadorId}, avisados = avisados + ${avisados}, atualizado_em = now(),
        concluido_em = CASE WHEN ${concluido} THEN now() ELSE NULL END
      WHERE id = ${id}`);
  }

  /** Marked once per fisher: a delivery repeated after a crash counts once. */
  async marcarEmailsEnviados(avisoId: number, pescadorIds: number[]): Promise<void> {
    await this.db.execute(sql`
      WITH marcado AS (
        UPDATE reap_aviso_pescador SET email_enviado_em = now()
        WHERE aviso_id = ${avisoId} AND pescador_id = ANY(${sql.param(pescadorIds)}::int[]) AND email_enviado_em IS NULL RETURNING 1)
      UPDATE reap_aviso SET emails_enviados = emails_enviados + (SELECT count(*) FROM marcado)::int WHERE id = ${avisoId}`);
  }

  async suspensao(ano: number, ex: Executor = this.db, travar = false): Promise<SuspensaoRow | undefined> {
    const { rows } = await ex.execute<SuspensaoRow>(sql`
      SELECT s.ano_referencia AS "anoReferencia", s.ato_normativo_id AS "atoNormativoId", a.nome AS "nomeAtoNormativo",
        s.data_suspensao::text AS "dataSuspensao", s.cpf_ator AS "cpfAtor", s.perfil_ator AS "perfilAtor", s.lote_id AS "loteId"
      FROM reap_suspensao s JOIN ato_normativo a ON a.id = s.ato_normativo_id
      WHERE s.ano_referencia = ${ano}
      ${travar ? sql`FOR UPDATE OF s` : sql``}`);
    return rows[0];
  }

  async salvarSuspensao(v: { ano: number; atoNormativoId: number; data: string; cpf: string; perfil: number }, tx: Executor): Promise<void> {
    await tx.execute(sql`
      INSERT INTO reap_suspensao (ano_referencia, ato_normativo_id, data_suspensao, cpf_ator, perfil_ator)
      VALUES (${v.ano}, ${v.atoNormativoId}, ${v.data}::date, ${v.cpf}, ${v.perfil})
      ON CONFLICT (ano_referencia) DO UPDATE SET ato_normativo_id = excluded.ato_normativo_id, data_suspensao = excluded.data_suspensao,
        cpf_ator = excluded.cpf_ator, perfil_ator = excluded.perfil_ator, atualizado_em = now()
      WHERE reap_suspensao.lote_id IS NULL`);
  }

  async excluirSuspensao(ano: number, tx: Executor): Promise<void> {
    await tx.execute(sql`DELETE FROM reap_suspensao WHERE ano_referencia = ${ano} AND lote_id IS NULL`);
  }

  /** Once the year's obligations exist for every fisher. */
  async suspensoesDevidas(hoje: string): Promise<number[]> {
    const { rows } = await this.db.execute<{ ano: number }>(sql`
      SELECT s.ano_referencia AS ano FROM reap_suspensao s
      JOIN reap_geracao_obrigacoes g ON g.ano_referencia = s.ano_referencia AND g.concluida_em IS NOT NULL
      WHERE s.lote_id IS NULL AND s.data_suspensao <= ${hoje}::date ORDER BY s.ano_referencia`);
    return rows.map((r) => r.ano);
  }

  async marcarLote(ano: number, loteId: number, tx: Executor): Promise<void> {
    await tx.execute(sql`UPDATE reap_suspensao SET lote_id = ${loteId}, atualizado_em = now() WHERE ano_referencia = ${ano}`);
  }

  async ato(id: number, ex: Executor = this.db): Promise<{ nome: string; inicio: string; fim: string | null } | undefined> {
    const { rows } = await ex.execute<{ nome: string; inicio: string; fim: string | null }>(sql`
      SELECT nome, data_inicio_vigencia::text AS inicio, data_termino_vigencia::text AS fim FROM ato_normativo WHERE id = ${id}`);
    return rows[0];
  }
}
