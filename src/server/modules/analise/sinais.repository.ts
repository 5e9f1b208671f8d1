import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { LIMIARES_SINAL, SituacaoSinal, SITUACOES_CPF_SINAL } from '../../../shared/schemas/sinal';
import { SituacaoAnalise } from '../../../shared/enums';

/** What a submission's signals are computed from, read in one statement. */
export type ContextoSinais = {
  pescadorId: number;
  email: string | null;
  telefone: string | null;
  cep: string | null;
  logradouro: string | null;
  numero: string | null;
  municipioId: number | null;
  municipio: string | null;
  /** Whether the fisher's record already counts in that municipality. */
  jaContado: boolean;
  populacaoAdulta: number | null;
  anoPopulacao: number | null;
  situacaoCpf: number | null;
  cpfAtualizadoEm: string | null;
};

export type ArquivoRepetido = { tipoDocumento: number; outrosPescadores: number; protocolos: string[] };
export type ContatoRepetido = { tipo: number; outrosPescadores: number };
export type Volume = { recentes: number; anteriores: number };

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

const MUNICIPIO_DECLARADO = sql`CASE WHEN s.dados->'endereco'->>'municipio' ~ '^[0-9]{1,9}$' THEN (s.dados->'endereco'->>'municipio')::int END`;

export class SinaisRepository {
  constructor(private readonly db: Database) {}

  async contexto(solicitacaoId: number, ex: Executor): Promise<ContextoSinais | undefined> {
    const { rows } = await ex.execute<ContextoSinais>(sql`
      SELECT s.pescador_id AS "pescadorId",
             COALESCE(s.dados->'contato'->>'email', p.email) AS email,
             COALESCE(s.dados->'contato'->>'telefone', p.telefone) AS telefone,
             COALESCE(s.dados->'endereco'->>'cep', p.cep) AS cep,
             COALESCE(s.dados->'endereco'->>'logradouro', p.logradouro) AS logradouro,
             COALESCE(s.dados->'endereco'->>'numeroLogradouro', p.numero_logradouro) AS numero,
             m.id AS "municipioId", mu.nome || '/' || mu.uf AS municipio, (p.municipio_id IS NOT DISTINCT FROM m.id) AS "jaContado",
             mp.populacao_adulta AS "populacaoAdulta", mp.ano AS "anoPopulacao",
             r.situacao AS "situacaoCpf", r.atualizado_em::text AS "cpfAtualizadoEm"
      FROM solicitacao s
      JOIN pescador p ON p.id = s.pescador_id
      LEFT JOIN LATERAL (SELECT COALESCE(${MUNICIPIO_DECLARADO}, p.municipio_id) AS id) m ON true
      LEFT JOIN municipio mu ON mu.id = m.id
      LEFT JOIN municipio_populacao mp ON mp.municipio_id = m.id
      LEFT JOIN cpf_situacao_receita r ON r.cpf = p.cpf AND r.situacao IN (${sql.join(SITUACOES_CPF_SINAL.map((x) => sql`${x}`), sql`, `)})
      WHERE s.id = ${solicitacaoId}`);
    return rows[0];
  }

  /** Each active document of the request whose exact bytes another fisher's active document has. */
  async arquivosRepetidos(solicitacaoId: number, ex: Executor): Promise<ArquivoRepetido[]> {
    const { rows } = await ex.execute<ArquivoRepetido>(sql`
      SELECT d.tipo_documento AS "tipoDocumento", count(DISTINCT o.pescador_id)::int AS "outrosPescadores",
             COALESCE((array_agg(DISTINCT os.numero_protocolo) FILTER (WHERE os.numero_protocolo IS NOT NULL))[1:5], '{}') AS protocolos
      FROM documento d
      JOIN documento_hash h ON h.documento_id = d.id
      JOIN documento_hash o ON o.sha256 = h.sha256 AND o.pescador_id <> h.pescador_id
      JOIN documento od ON od.id = o.documento_id AND od.removido_em IS NULL
      LEFT JOIN solicitacao os ON os.id = od.solicitacao_id
      WHERE d.solicitacao_id = ${solicitacaoId} AND d.removido_em IS NULL
      GROUP BY d.tipo_documento
      ORDER BY d.tipo_documento`);
    return rows;
  }

  /**
   * Keeps the fisher's contacts (HMACs) and answers, for each, how many other fishers have the same one; counted up
   * to the threshold's order only, so a value shared by thousands costs no more than one shared by a few.
   */
  async contatosRepetidos(pescadorId: number, contatos: { tipo: number; valor: Buffer }[], ex: Executor): Promise<ContatoRepetido[]> {
    if (contatos.length === 0) return [];
    const valores = sql.join(contatos.map((c) => sql`(${pescadorId}::int, ${c.tipo}::smallint, ${c.valor}::bytea)`), sql`, `);
    await ex.execute(sql`
      INSERT INTO contato_pescador (pescador_id, tipo, valor) VALUES ${valores}
      ON CONFLICT (pescador_id, tipo) DO UPDATE SET valor = EXCLUDED.valor WHERE contato_pescador.valor <> EXCLUDED.valor`);
    const teto = LIMIARES_SINAL.pescadoresPorContato * 20;
    const consultas: SQL[] = contatos.map((c) => sql`
      SELECT ${c.tipo}::int AS tipo, (SELECT count(*)::int FROM (
        SELECT 1 FROM contato_pescador WHERE tipo = ${c.tipo} AND valor = ${c.valor}::bytea AND pescador_id <> ${pescadorId} LIMIT ${teto}
      ) x) AS "outrosPescadores"`);
    const { rows } = await ex.execute<ContatoRepetido>(sql.join(consultas, sql` UNION ALL `));
    return rows;
  }

  /** Filings of the last 24 hours and of the 30 days before, of an entity and of one of its agents. */
  async volumes(entidadeId: number, cpfAgente: string, ex: Executor): Promise<{ entidade: Volume; agente: Volume }> {
    const contar = (filtro: SQL) => sql`
      SELECT count(*) FILTER (WHERE enviado_em > now() - interval '24 hours')::int AS recentes,
             count(*) FILTER (WHERE enviado_em <= now() - interval '24 hours')::int AS anteriores
      FROM envio_entidade WHERE ${filtro} AND enviado_em > now() - interval '31 days'`;
    const { rows } = await ex.execute<{ quem: string } & Volume>(sql`
      SELECT 'entidade' AS quem, * FROM (${contar(sql`entidade_id = ${entidadeId}`)}) e
      UNION ALL
      SELECT 'agente' AS quem, * FROM (${contar(sql`cpf_agente = ${cpfAgente}`)}) a`);
    const de = (q: string): Volume => {
      const r = rows.find((x) => x.quem === q);
      return { recentes: r?.recentes ?? 0, anteriores: r?.anteriores ?? 0 };
    };
    return { entidade: de('entidade'), agente: de('agente') };
  }

  async pescadoresNoMunicipio(municipioId: number): Promise<number> {
    const { rows } = await this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pescador WHERE municipio_id = ${municipioId}`);
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

