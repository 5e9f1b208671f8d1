import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { TipoSolicitacao } from '../../../shared/enums';

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

/** SQL of the public protocol check (solicitacao and pescador are read, never written, here). */
export class ConsultaPublicaRepository {
  constructor(private readonly db: Database) {}

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
