import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { municipio, orgao, pescador, pescadorAmbientePesca, pescadorGrupoAlvo, solicitacao } from '../../db/schema';
import { TipoSolicitacao } from '../../../shared/enums';
import type { AtualizacaoEnderecoCorpo } from '../../../shared/schemas/pescador';
import { colunasDeclaradas, type DadosDeclarados } from './dados-declarados';

/** A fisher's row. */
export type PescadorRow = typeof pescador.$inferSelect;
/** A fisher's row with the name of their municipality (the record as read here). */
export type PescadorComMunicipio = PescadorRow & { municipioNome: string | null };

/** The registry block's columns that change when a request is sent or decided, or staff correct the first RGP. */
export interface CamposRegistro {
  numeroRgp?: string;
  situacaoRegistro?: number;
  dataPrimeiroRgp?: string;
  orgaoRgp?: string;
  numeroPrimeiroRgp?: string;
  idSolicitacaoAtiva?: number;
  /** Issues a new card now (data_emissao_carteira). */
  emitirCarteira?: boolean;
  dataSuspensoCancelado?: string | null;
}

export interface SolicitacaoEnviada {
  id: number;
  tipo: number;
  situacao: number;
  numeroProtocolo: string;
  enviadaEm: Date;
}

/**
 * SQL of the fisher: the only writer of `pescador`, `pescador_ambiente_pesca`, `pescador_grupo_alvo` and the RGP
 * number sequence. The request tables are read, never written, here. Every method runs on the pool or on the
 * caller's transaction (`ex`).
 */
export class PescadorRepository {
  constructor(private readonly db: Database) {}

  async findById(id: number, ex: Executor = this.db): Promise<PescadorComMunicipio | undefined> {
    const [row] = await ex.select({ p: pescador, municipioNome: municipio.nome }).from(pescador)
      .leftJoin(municipio, eq(municipio.id, pescador.municipioId))
      .where(eq(pescador.id, id));
    return row ? { ...row.p, municipioNome: row.municipioNome } : undefined;
  }

  /** The fisher's row, locked until the transaction ends. */
  async findParaAtualizar(id: number, tx: Executor): Promise<PescadorRow | undefined> {
    const rows = await tx.select().from(pescador).where(eq(pescador.id, id)).for('update');
    return rows[0];
  }

  /** By CPF (unique index on pescador.cpf). */
  async findByCpf(cpf: string): Promise<PescadorComMunicipio | undefined> {
    const [row] = await this.db.select({ p: pescador, municipioNome: municipio.nome }).from(pescador)
      .leftJoin(municipio, eq(municipio.id, pescador.municipioId))
      .where(eq(pescador.cpf, cpf));
    return row ? { ...row.p, municipioNome: row.municipioNome } : undefined;
  }

  /** The fisher of a CPF, created with the identity provider's name and e-mail when there is none yet. */
  async findOrCreate(cpf: string, nome: string, email: string | null): Promise<{ id: number; nome: string }> {
    await this.db.insert(pescador).values({ cpf, nome, email }).onConflictDoNothing({ target: pescador.cpf });
    const rows = await this.db.select({ id: pescador.id, nome: pescador.nome }).from(pescador).where(eq(pescador.cpf, cpf));
    return rows[0]!;
  }

  async municipioPertenceAUf(municipioId: number, uf: string): Promise<boolean> {
    const [row] = await this.db.select({ id: municipio.id }).from(municipio)
      .where(and(eq(municipio.id, municipioId), eq(municipio.uf, uf)));
    return !!row;
  }

  async orgaoExiste(sigla: string): Promise<boolean> {
    const rows = await this.db.select({ sigla: orgao.sigla }).from(orgao).where(eq(orgao.sigla, sigla));
    return rows.length > 0;
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
   * Copies a declared record into the typed, indexed columns and join tables, and keeps the whole flat record in
   * `pescador.dados`. Answers the fisher's row after.
   */
  async aplicarDadosDeclarados(pescadorId: number, dados: DadosDeclarados, ex: Executor = this.db): Promise<PescadorRow> {
    const { colunas, atividade } = colunasDeclaradas(dados);
    const [depois] = await ex.update(pescador)
      .set({ ...colunas, dados, atualizadoEm: sql`now()` })
      .where(eq(pescador.id, pescadorId))
      .returning();
    if (atividade) await this.substituirAtividade(pescadorId, atividade, ex);
    return depois!;
  }

  /** The fisher's fishing environments and target groups, replaced. */
  private async substituirAtividade(pescadorId: number, atividade: { ambientes: number[]; grupos: number[] }, ex: Executor): Promise<void> {
    await ex.delete(pescadorAmbientePesca).where(eq(pescadorAmbientePesca.pescadorId, pescadorId));
    if (atividade.ambientes.length > 0) {
      await ex.insert(pescadorAmbientePesca).values(atividade.ambientes.map((a) => ({ pescadorId, ambientePesca: a })));
    }
    await ex.delete(pescadorGrupoAlvo).where(eq(pescadorGrupoAlvo.pescadorId, pescadorId));
    if (atividade.grupos.length > 0) {
      await ex.insert(pescadorGrupoAlvo).values(atividade.grupos.map((g) => ({ pescadorId, grupoAlvo: g })));
    }
  }

  async ambientesEGrupos(pescadorId: number, ex: Executor = this.db): Promise<{ ambientes: number[]; grupos: number[] }> {
    const a = await ex.select({ v: pescadorAmbientePesca.ambientePesca }).from(pescadorAmbientePesca)
      .where(eq(pescadorAmbientePesca.pescadorId, pescadorId));
    const g = await ex.select({ v: pescadorGrupoAlvo.grupoAlvo }).from(pescadorGrupoAlvo)
      .where(eq(pescadorGrupoAlvo.pescadorId, pescadorId));
    return { ambientes: a.map((r) => r.v), grupos: g.map((r) => r.v) };
  }

  /** Changes the registry block; answers the fisher as they stand after. */
  async atualizarRegistro(pescadorId: number, campos: CamposRegistro, ex: Executor = this.db): Promise<PescadorRow> {
    const { emitirCarteira, ...colunas } = campos;
    const rows = await ex.update(pescador)
      .set({ ...colunas, ...(emitirCarteira ? { dataEmissaoCarteira: sql`now()` } : {}), atualizadoEm: sql`now()` })
      .where(eq(pescador.id, pescadorId))
      .returning();
    return rows[0]!;
  }

  /**
   * Gives an active registry with no issue date (a migrated one) its first issue, now; an existing issue is kept.
   * Answers the issue date in force.
   */
  async garantirEmissaoCarteira(id: number): Promise<Date> {
    const rows = await this.db.update(pescador)
      .set({ dataEmissaoCarteira: sql`COALESCE(${pescador.dataEmissaoCarteira}, now())` })
      .where(eq(pescador.id, id))
      .returning({ emissao: pescador.dataEmissaoCarteira });
    return rows[0]!.emissao!;
  }

  /** The next value of the RGP number sequence. */
  async proximoNumeroRgp(ex: Executor = this.db): Promise<bigint> {
    const { rows } = await ex.execute<{ n: string }>(sql`SELECT nextval('rgp_numero_seq')::text AS n`);
    return BigInt(rows[0]!.n);
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
