import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { municipio, pescador, solicitacao } from '../../db/schema';
import { TipoSolicitacao } from '../../../shared/enums';
import type { AtualizacaoEnderecoCorpo } from '../../../shared/schemas/pescador';

export type PescadorRow = typeof pescador.$inferSelect & { municipioNome: string | null };

export interface SolicitacaoEnviada {
  id: number;
  tipo: number;
  situacao: number;
  numeroProtocolo: string;
  enviadaEm: Date;
}

/** SQL of the fisher record (the request tables are read, never written, here). */
export class PescadorRepository {
  constructor(private readonly db: Database) {}

  async findById(id: number): Promise<PescadorRow | undefined> {
    const [row] = await this.db.select({ p: pescador, municipioNome: municipio.nome }).from(pescador)
      .leftJoin(municipio, eq(municipio.id, pescador.municipioId))
      .where(eq(pescador.id, id));
    return row ? { ...row.p, municipioNome: row.municipioNome } : undefined;
  }

  /** By CPF (unique index on pescador.cpf). */
  async findByCpf(cpf: string): Promise<PescadorRow | undefined> {
    const [row] = await this.db.select({ p: pescador, municipioNome: municipio.nome }).from(pescador)
      .leftJoin(municipio, eq(municipio.id, pescador.municipioId))
      .where(eq(pescador.cpf, cpf));
    return row ? { ...row.p, municipioNome: row.municipioNome } : undefined;
  }

  async municipioPertenceAUf(municipioId: number, uf: string): Promise<boolean> {
    const [row] = await this.db.select({ id: municipio.id }).from(municipio)
      .where(and(eq(municipio.id, municipioId), eq(municipio.uf, uf)));
    return !!row;
  }

  /** Writes the address to the typed columns and to `dados.endereco` (the declared record) in one statement. */
  async atualizarEndereco(id: number, e: AtualizacaoEnderecoCorpo, em: Date): Promise<void> {
    await this.db.update(pescador).set({
      cep: e.cep,
      logradouro: e.logradouro,
      numeroLogradouro: e.numeroLogradouro,
      bairro: e.bairro,
      complemento: e.complemento,
      municipioId: e.municipio,
      uf: e.uf,
      dados: sql`coalesce(${pescador.dados}, '{}'::jsonb) || jsonb_build_object('endereco', ${JSON.stringify(e)}::jsonb)`,
      atualizadoEm: em,
    }).where(eq(pescador.id, id));
  }

  /**
   * A sent request of the fisher (it has a protocol number and a submission time), REAP excluded: the one asked
   * for, or the latest (index solicitacao_pescador_situacao_idx narrows to the fisher).
   */
  async findSolicitacaoEnviada(pescadorId: number, idSolicitacao?: number): Promise<SolicitacaoEnviada | undefined> {
    const rows = await this.db.select({
      id: solicitacao.id,
      tipo: solicitacao.tipo,
      situacao: solicitacao.situacao,
      numeroProtocolo: solicitacao.numeroProtocolo,
      enviadaEm: solicitacao.enviadaEm,
    }).from(solicitacao)
      .where(and(
        eq(solicitacao.pescadorId, pescadorId),
        ne(solicitacao.tipo, TipoSolicitacao.REAP),
        isNotNull(solicitacao.numeroProtocolo),
        isNotNull(solicitacao.enviadaEm),
        idSolicitacao === undefined ? undefined : eq(solicitacao.id, idSolicitacao),
      ))
      .orderBy(desc(solicitacao.enviadaEm), desc(solicitacao.id))
      .limit(1);
    const r = rows[0];
    return r && r.numeroProtocolo && r.enviadaEm ? { ...r, numeroProtocolo: r.numeroProtocolo, enviadaEm: r.enviadaEm } : undefined;
  }
}
