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

/** SQL of the public protocol check (solicitacao and pescador are read, never written, here). */
export class ConsultaPublicaRepository {
  constructor(private readonly db: Database) {}

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
