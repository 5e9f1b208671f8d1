import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { ContadorEmInstrucao } from '../../plugins/rate-limit-store';
import { TipoSolicitacao } from '../../../shared/enums';
import { SQL_PESCADOR_CARTEIRA, type PescadorCarteira } from '../carteira/carteira.service';

export type ProtocoloRow = {
  id: number;
  numeroProtocolo: string;
  tipo: number;
  situacao: number;
  enviadaEm: Date;
  nome: string;
  uf: string | null;
};

export type SancaoPublicaRow = {
  pescadorId: number; atoNome: string; situacaoNova: number; atoInicio: string; prazoRecursoDias: number | null; aplicadaEm: string;
};

/** What the card lookup's statement is given. */
export interface ParametrosConsultaCarteira {
  /** The rate limit's row, or null when another store counts it (RATE_LIMIT_STORE=memoria). */
  limite: { chave: string; janelaMs: number; max: number } | null;
  /** False: the limit is only counted (a request refused before its lookup). */
  consultar: boolean;
  /** The captcha token to spend, or null when it failed its checks (or was missing). */
  captcha: { chave: string; expiraEm: Date } | null;
  cpf: string;
  numeroRgp: string;
  ip: string;
  acao: string;
  recurso: string;
  /** The audit's `motivo` when no token was spent, and when no card matched. */
  motivoCaptcha: string;
  motivoNaoEncontrada: string;
}

/** Its answer: the counter (null when not counted here), whether the token was spent, the card's row if read. */
export interface ResultadoConsultaCarteira {
  contagem: number | null;
  ttl: number | null;
  gasto: boolean;
  pescador: PescadorCarteira | null;
}

/**
 * The card lookup in one statement, one transaction and one round trip (decision 0164), prepared once: the rate
 * limit's counter, then, if under the limit, the captcha token spent (captcha_usado, the same atomic insert as
 * PgRegistroUsoUnico's), the card read only if the token was spent, and the audit row of the outcome (success with
 * the fisher's id; refused token; no card), as ConsultaPublicaService wrote them one by one before.
 */
const SQL_CONSULTA_CARTEIRA = `
  WITH lim AS (${ContadorEmInstrucao.sql({ chave: '$1', janelaMs: '$2' })}),
  permitida AS (SELECT $4::boolean AND NOT EXISTS (SELECT 1 FROM lim WHERE contagem > $3::integer) AS sim),
  gasto AS (
    INSERT INTO captcha_usado (assinatura, expira_em)
    SELECT $5::varchar, $6::timestamptz FROM permitida WHERE sim AND $5::varchar IS NOT NULL
    ON CONFLICT (assinatura) DO NOTHING RETURNING 1),
  car AS (${new PgDialect().sqlToQuery(SQL_PESCADOR_CARTEIRA).sql}
    WHERE p.cpf = $7 AND p.numero_rgp = $8 AND EXISTS (SELECT 1 FROM gasto)),
  aud AS (
    INSERT INTO auditoria (acao, recurso, recurso_id, ip, sucesso, detalhes)
    SELECT $10::varchar, $11::varchar, (SELECT id::text FROM car), $9::inet, EXISTS (SELECT 1 FROM car),
      CASE WHEN NOT EXISTS (SELECT 1 FROM gasto) THEN jsonb_build_object('motivo', $12::text)
           WHEN NOT EXISTS (SELECT 1 FROM car) THEN jsonb_build_object('motivo', $13::text) END
    FROM permitida WHERE sim)
  SELECT l.contagem AS "_contagem", l.ttl AS "_ttl", EXISTS (SELECT 1 FROM gasto) AS "_gasto", car.*
  FROM permitida LEFT JOIN lim l ON true LEFT JOIN car ON true`;

type LinhaConsultaCarteira = PescadorCarteira & { _contagem: number | null; _ttl: number | null; _gasto: boolean };

/** SQL of the public protocol check (solicitacao and pescador are read, never written, here). */
export class ConsultaPublicaRepository {
  constructor(private readonly db: Database) {}

  async consultarCarteira(p: ParametrosConsultaCarteira): Promise<ResultadoConsultaCarteira> {
    const { rows } = await this.db.$client.query<LinhaConsultaCarteira>({
      name: 'consulta_publica_carteira',
      text: SQL_CONSULTA_CARTEIRA,
      values: [p.limite?.chave ?? null, p.limite?.janelaMs ?? 0, p.limite?.max ?? 0, p.consultar, p.captcha?.chave ?? null,
        p.captcha?.expiraEm.toISOString() ?? null, p.cpf, p.numeroRgp, p.ip, p.acao, p.recurso, p.motivoCaptcha, p.motivoNaoEncontrada],
    });
    const { _contagem: contagem, _ttl: ttl, _gasto: gasto, ...pescador } = rows[0]!;
    return { contagem, ttl, gasto, pescador: pescador.id === null ? null : pescador };
  }

  /** The batch sanctions (suspension, cancellation) on the registry of this CPF and RGP number, newest first. */
  async sancoesDoAto(cpf: string, numeroRgp: string): Promise<SancaoPublicaRow[]> {
    const { rows } = await this.db.execute<SancaoPublicaRow>(sql`
      SELECT p.id AS "pescadorId", a.nome AS "atoNome", h.situacao_nova AS "situacaoNova", to_char(a.data_inicio_vigencia, 'YYYY-MM-DD') AS "atoInicio",
             a.prazo_recurso_dias AS "prazoRecursoDias", to_char((h.criado_em AT TIME ZONE 'America/Sao_Paulo')::date, 'YYYY-MM-DD') AS "aplicadaEm"
      FROM pescador p
      JOIN pescador_historico_situacao h ON h.pescador_id = p.id AND h.lote_id IS NOT NULL AND h.situacao_nova IN (2, 6)
      JOIN ato_normativo a ON a.id = h.ato_normativo_id
      WHERE p.cpf = ${cpf} AND p.numero_rgp = ${numeroRgp}
      ORDER BY h.id DESC LIMIT 10`);
    return rows;
  }

  /** A sent request (REAP excluded) by its protocol number (unique constraint solicitacao_numero_protocolo_unique). */
  findProtocolo(numeroProtocolo: string): Promise<ProtocoloRow | undefined> {
    return this.#protocoloEnviado(sql`s.numero_protocolo = ${numeroProtocolo}`);
  }

  /**
   * The sent request (REAP excluded) behind a receipt's signed code: its id (primary key) and the protocol number
   * the code was printed with, both.
   */
  findProtocoloDoComprovante(idSolicitacao: number, numeroProtocolo: string): Promise<ProtocoloRow | undefined> {
    return this.#protocoloEnviado(sql`s.id = ${idSolicitacao} AND s.numero_protocolo = ${numeroProtocolo}`);
  }

  /** The sent request (REAP excluded) that `condicao` names, with its fisher's name and state. */
  async #protocoloEnviado(condicao: SQL): Promise<ProtocoloRow | undefined> {
    const { rows } = await this.db.execute<LinhaProtocolo>(sql`
      SELECT s.id, s.numero_protocolo AS "numeroProtocolo", s.tipo, s.situacao, s.enviada_em AS "enviadaEm",
             p.nome, COALESCE(s.uf_pescador, p.uf) AS uf
      FROM solicitacao s
      JOIN pescador p ON p.id = s.pescador_id
      WHERE ${condicao}
        AND s.enviada_em IS NOT NULL
        AND s.tipo <> ${TipoSolicitacao.REAP}`);
    return paraProtocolo(rows[0]);
  }
}

type LinhaProtocolo = Omit<ProtocoloRow, 'enviadaEm'> & { enviadaEm: Date | string };

function paraProtocolo(r: LinhaProtocolo | undefined): ProtocoloRow | undefined {
  if (!r) return undefined;
  return { ...r, enviadaEm: r.enviadaEm instanceof Date ? r.enviadaEm : new Date(r.enviadaEm) };
}
