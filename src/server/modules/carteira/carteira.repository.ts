import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AMBIENTES_PESCA, AREAS_PESCA, GRUPOS_ALVO, SITUACAO_DESDE } from '../../db/registro-atividade';
import { SituacaoSolicitacao, TipoDocumento } from '../../../shared/enums';

export type PescadorCarteira = {
  id: number;
  cpf: string;
  nome: string;
  uf: string | null;
  municipioNome: string | null;
  categoria: number | null;
  numeroRgp: string | null;
  situacaoRegistro: number | null;
  dataPrimeiroRgp: string | null;
  dataEmissaoCarteira: Date | null;
  formaAtuacao: number | null;
  gruposAlvo: number[] | null;
  ambientesPesca: number[] | null;
  areasPesca: unknown;
  situacaoDesde: string | null;
};

/** Exported for the public lookup's single statement (carteira.service re-exports it, decision 0164). */
export const SELECT_PESCADOR = sql`
  SELECT p.id, p.cpf, p.nome, p.uf, m.nome AS "municipioNome", p.categoria, p.numero_rgp AS "numeroRgp",
         p.situacao_registro AS "situacaoRegistro", p.data_primeiro_rgp AS "dataPrimeiroRgp",
         p.data_emissao_carteira AS "dataEmissaoCarteira", p.forma_atuacao AS "formaAtuacao",
         ${GRUPOS_ALVO} AS "gruposAlvo", ${AMBIENTES_PESCA} AS "ambientesPesca", ${AREAS_PESCA} AS "areasPesca",
         ${SITUACAO_DESDE} AS "situacaoDesde"
  FROM pescador p
  LEFT JOIN municipio m ON m.id = p.municipio_id`;

/** timestamptz comes back as a Date from drizzle's typed queries, but as text through db.execute. */
function comDatas(r: PescadorCarteira): PescadorCarteira {
  const e = r.dataEmissaoCarteira as Date | string | null;
  return { ...r, dataEmissaoCarteira: e === null ? null : e instanceof Date ? e : new Date(e) };
}

/** Fishers, municipalities and documents are only read here. */
export class CarteiraRepository {
  constructor(private readonly db: Database) {}

  async findPescador(id: number): Promise<PescadorCarteira | undefined> {
    const { rows } = await this.db.execute<PescadorCarteira>(sql`${SELECT_PESCADOR} WHERE p.id = ${id}`);
    return rows[0] ? comDatas(rows[0]) : undefined;
  }

  /** The newest type-3 document, not removed, of the fisher's deferred requests. */
  async findChaveFoto(pescadorId: number): Promise<string | undefined> {
    const { rows } = await this.db.execute<{ chave: string }>(sql`
      SELECT d.chave_arquivo AS chave
      FROM documento d
      JOIN solicitacao s ON s.id = d.solicitacao_id
      WHERE d.pescador_id = ${pescadorId}
        AND d.tipo_documento = ${TipoDocumento.FOTO_3X4}
        AND d.removido_em IS NULL
        AND s.situacao = ${SituacaoSolicitacao.DEFERIDA}
      ORDER BY d.criado_em DESC, d.id DESC
      LIMIT 1`);
    return rows[0]?.chave;
  }
}
