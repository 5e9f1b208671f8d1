import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { LIMIARES_SINAL, SituacaoSinal, SITUACOES_CPF_SINAL } from '../../../shared/schemas/sinal';
import { SituacaoAnalise } from '../../../shared/enums';

/** What a submission's signals need from the database, read (and the contacts kept) in one statement. */
export type Consulta = {
  arquivos: ArquivoRepetido[];
  contatos: ContatoRepetido[];
  situacaoCpf: number | null;
  cpfAtualizadoEm: string | null;
  populacaoAdulta: number | null;
  anoPopulacao: number | null;
  municipio: string | null;
  /** Filings of the last 24 hours of the entity and of the agent, when an agent sent it. */
  recentesEntidade: number | null;
  recentesAgente: number | null;
};

/** The other fishers' requests behind a repeated file: shown only to who may read that fisher, and then audited. */
export type OutroComArquivo = { protocolo: string; pescadorId: number; uf: string | null };
export type ArquivoRepetido = { tipoDocumento: number; outrosPescadores: number; protocolos: OutroComArquivo[] };
export type ContatoRepetido = { tipo: number; outrosPescadores: number };

export type SinalLinha = {
  id: number;
  solicitacaoId: number;
  tipo: number;
  detalhes: Record<string, unknown>;
  situacao: number;
  nomeMarcou: string | null;
  marcadoEm: Date | null;
  observacao: string | null;
  criadoEm: Date;
};

/** A municipality id as the request declared it, when it is one (the wizard's schema checks it; SQL never trusts it). */
const selectSinal = (fonte: SQL) => sql`
  SELECT id, solicitacao_id AS "solicitacaoId", tipo, detalhes, situacao, nome_marcou AS "nomeMarcou",
         marcado_em AS "marcadoEm", observacao, criado_em AS "criadoEm"
  FROM ${fonte}`;

export class SinaisRepository {
  constructor(private readonly db: Database) {}

  /**
   * One round trip per submission: the request's documents whose exact bytes another fisher's active document has;
   * the fisher's contacts kept (HMACs) and, for each, how many other fishers have it (counted up to the threshold's
   * order only, so a value shared by thousands costs no more than one shared by a few); the CPF's situation; the
   * municipality's adult population; the entity's and agent's filings of the last 24 hours.
   */
  async consultar(a: {
    solicitacaoId: number; pescadorId: number; cpf: string; contatos: { tipo: number; valor: Buffer }[];
    municipioId: number | null; entidade: { id: number; cpfAgente: string } | null;
  }, ex: Executor): Promise<Consulta> {
    const teto = LIMIARES_SINAL.pescadoresPorContato * 20;
    const guardar = a.contatos.length === 0 ? sql`` : sql`
      guardados AS (
        INSERT INTO contato_pescador (pescador_id, tipo, valor)
        VALUES ${sql.join(a.contatos.map((c) => sql`(${a.pescadorId}::int, ${c.tipo}::smallint, ${c.valor}::bytea)`), sql`, `)}
        ON CONFLICT (pescador_id, tipo) DO UPDATE SET valor = EXCLUDED.valor WHERE contato_pescador.valor <> EXCLUDED.valor
        RETURNING 1),`;
    const contatos = a.contatos.length === 0 ? sql`'[]'::json` : sql`(SELECT json_agg(json_build_object('tipo', c.tipo, 'outrosPescadores', c.n)) FROM (
      ${sql.join(a.contatos.map((c) => sql`SELECT ${c.tipo}::int AS tipo, (SELECT count(*)::int FROM (
        SELECT 1 FROM contato_pescador WHERE tipo = ${c.tipo} AND valor = ${c.valor}::bytea AND pescador_id <> ${a.pescadorId} LIMIT ${teto}
      ) x) AS n`), sql` UNION ALL `)}) c)`;
    const recentes = (filtro: SQL) => a.entidade
      ? sql`(SELECT count(*)::int FROM envio_entidade WHERE ${filtro} AND enviado_em > now() - interval '24 hours')`
      : sql`NULL::int`;
    const { rows } = await ex.execute<Consulta>(sql`
      WITH ${guardar}
      arquivos AS (
        SELECT d.tipo_documento AS "tipoDocumento", count(DISTINCT o.pescador_id)::int AS "outrosPescadores",
               COALESCE((array_agg(DISTINCT jsonb_build_object('protocolo', os.numero_protocolo, 'pescadorId', o.pescador_id, 'uf', op.uf))
                 FILTER (WHERE os.numero_protocolo IS NOT NULL))[1:5], '{}') AS protocolos
        FROM documento d
        JOIN documento_hash h ON h.documento_id = d.id
        JOIN documento_hash o ON o.sha256 = h.sha256 AND o.pescador_id <> h.pescador_id
        JOIN documento od ON od.id = o.documento_id AND od.removido_em IS NULL
        LEFT JOIN solicitacao os ON os.id = od.solicitacao_id
        LEFT JOIN pescador op ON op.id = o.pescador_id
        WHERE d.solicitacao_id = ${a.solicitacaoId} AND d.removido_em IS NULL
        GROUP BY d.tipo_documento)
      SELECT COALESCE((SELECT json_agg(arquivos ORDER BY "tipoDocumento") FROM arquivos), '[]'::json) AS arquivos,
             COALESCE(${contatos}, '[]'::json) AS contatos,
             r.situacao AS "situacaoCpf", r.atualizado_em::text AS "cpfAtualizadoEm",
             mp.populacao_adulta AS "populacaoAdulta", mp.ano AS "anoPopulacao", mu.nome || '/' || mu.uf AS municipio,
             ${recentes(sql`entidade_id = ${a.entidade?.id ?? 0}`)} AS "recentesEntidade",
             ${recentes(sql`cpf_agente = ${a.entidade?.cpfAgente ?? ''}`)} AS "recentesAgente"
      FROM (SELECT 1) um
      LEFT JOIN cpf_situacao_receita r ON r.cpf = ${a.cpf} AND r.situacao IN (${sql.join(SITUACOES_CPF_SINAL.map((x) => sql`${x}`), sql`, `)})
      LEFT JOIN municipio_populacao mp ON mp.municipio_id = ${a.municipioId}
      LEFT JOIN municipio mu ON mu.id = ${a.municipioId}`);
    return rows[0]!;
  }

  /**
   * Filings of an entity and of one of its agents, either of the last 24 hours (`recentes`) or of the 30 days before
   * them (the baseline, which the service keeps for a while: it moves slowly and is the larger count).
   */
  async volumes(entidadeId: number, cpfAgente: string, janela: 'recentes' | 'anteriores', ex: Executor): Promise<{ entidade: number; agente: number }> {
    const periodo = janela === 'recentes'
      ? sql`enviado_em > now() - interval '24 hours'`
      : sql`enviado_em <= now() - interval '24 hours' AND enviado_em > now() - interval '31 days'`;
    const { rows } = await ex.execute<{ entidade: number; agente: number }>(sql`
      SELECT (SELECT count(*)::int FROM envio_entidade WHERE entidade_id = ${entidadeId} AND ${periodo}) AS entidade,
             (SELECT count(*)::int FROM envio_entidade WHERE cpf_agente = ${cpfAgente} AND ${periodo}) AS agente`);
    return rows[0] ?? { entidade: 0, agente: 0 };
  }

  /** The fishers' states now (scope is decided on today's state, not the one kept with the signal). */
  async ufsAtuais(ids: number[], ex: Executor = this.db): Promise<Map<number, string | null>> {
    if (ids.length === 0) return new Map();
    const { rows } = await ex.execute<{ id: number; uf: string | null }>(sql`SELECT id, uf FROM pescador WHERE id = ANY(${sql.param(ids)}::int[])`);
    return new Map(rows.map((r) => [r.id, r.uf]));
  }

  async pescadoresNoMunicipio(municipioId: number, ex: Executor = this.db): Promise<number> {
    const { rows } = await ex.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pescador WHERE municipio_id = ${municipioId}`);
    return rows[0]?.n ?? 0;
  }

  /** A signal raised again on a resubmission keeps its marking and gets the new explanation. */
  async gravar(solicitacaoId: number, entidadeId: number | null, sinais: { tipo: number; detalhes: Record<string, unknown> }[], ex: Executor): Promise<void> {
    if (sinais.length === 0) return;
    const valores = sql.join(sinais.map((s) => sql`(${solicitacaoId}, ${s.tipo}, ${JSON.stringify(s.detalhes)}::jsonb, ${entidadeId})`), sql`, `);
    await ex.execute(sql`
      INSERT INTO sinal_solicitacao (solicitacao_id, tipo, detalhes, entidade_id) VALUES ${valores}
      ON CONFLICT (solicitacao_id, tipo) DO UPDATE SET detalhes = EXCLUDED.detalhes, entidade_id = COALESCE(EXCLUDED.entidade_id, sinal_solicitacao.entidade_id)`);
  }

  async daSolicitacao(solicitacaoId: number): Promise<SinalLinha[]> {
    const { rows } = await this.db.execute<SinalLinha>(sql`
      ${selectSinal(sql`sinal_solicitacao`)} WHERE solicitacao_id = ${solicitacaoId} ORDER BY tipo`);
    return rows;
  }

  async marcar(
    solicitacaoId: number, idSinal: number, m: { situacao: number; cpf: string; nome: string; observacao: string | null }, ex: Executor,
  ): Promise<SinalLinha | undefined> {
    const { rows } = await ex.execute<SinalLinha>(sql`
      WITH m AS (
        UPDATE sinal_solicitacao SET situacao = ${m.situacao}, cpf_marcou = ${m.cpf}, nome_marcou = ${m.nome},
               marcado_em = now(), observacao = ${m.observacao}
        WHERE id = ${idSinal} AND solicitacao_id = ${solicitacaoId}
        RETURNING *)
      ${selectSinal(sql`m`)}`);
    return rows[0];
  }

  async entidadeExiste(entidadeId: number): Promise<boolean> {
    const { rows } = await this.db.execute(sql`SELECT 1 FROM entidade_representativa WHERE id = ${entidadeId}`);
    return rows.length > 0;
  }

  /** The last 12 months of an entity: its filings, the refusals among them, and the signals confirmed. */
  async indicadores(entidadeId: number): Promise<{ mes: string; envios: number; indeferimentos: number; sinaisConfirmados: number }[]> {
    const { rows } = await this.db.execute<{ mes: string; envios: number; indeferimentos: number; sinaisConfirmados: number }>(sql`
      WITH meses AS (
        SELECT generate_series(date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo') - interval '11 months',
                               date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo'), interval '1 month') AS mes
      ),
      envios AS (
        SELECT date_trunc('month', e.enviado_em AT TIME ZONE 'America/Sao_Paulo') AS mes, count(*)::int AS envios,
               count(*) FILTER (WHERE EXISTS (
                 SELECT 1 FROM analise_solicitacao a WHERE a.solicitacao_id = e.solicitacao_id AND a.situacao_analise = ${SituacaoAnalise.INDEFERIDA}
               ))::int AS indeferimentos
        FROM envio_entidade e
        WHERE e.entidade_id = ${entidadeId} AND e.enviado_em >= now() - interval '13 months'
        GROUP BY 1
      ),
      sinais AS (
        SELECT date_trunc('month', criado_em AT TIME ZONE 'America/Sao_Paulo') AS mes, count(*)::int AS confirmados
        FROM sinal_solicitacao
        WHERE entidade_id = ${entidadeId} AND situacao = ${SituacaoSinal.CONFIRMADO} AND criado_em >= now() - interval '13 months'
        GROUP BY 1
      )
      SELECT to_char(m.mes, 'YYYY-MM') AS mes, COALESCE(e.envios, 0) AS envios, COALESCE(e.indeferimentos, 0) AS indeferimentos,
             COALESCE(s.confirmados, 0) AS "sinaisConfirmados"
      FROM meses m LEFT JOIN envios e ON e.mes = m.mes LEFT JOIN sinais s ON s.mes = m.mes
      ORDER BY m.mes DESC`);
    return rows;
  }
}

