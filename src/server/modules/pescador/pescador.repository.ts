import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { consultaNomeada, type Database, type Executor } from '../../db/client';
import { INICIO_DO_REGISTRO } from '../../db/inicio-do-registro';
import { REAP_ANOS_ENVIADOS, SITUACAO_DESDE } from '../../db/registro-atividade';
import {
  municipio, orgao, pescador, pescadorAmbientePesca, pescadorGrupoAlvo, pescadorHistoricoSituacao, solicitacao,
} from '../../db/schema';
import { TipoSolicitacao } from '../../../shared/enums';
import type { AtualizacaoEnderecoCorpo } from '../../../shared/schemas/pescador';
import { colunasDeclaradas, type DadosDeclarados } from './dados-declarados';

export type PescadorRow = typeof pescador.$inferSelect;
export type PescadorComMunicipio = PescadorRow & { municipioNome: string | null };

export interface CamposRegistro {
  numeroRgp?: string;
  situacaoRegistro?: number;
  dataPrimeiroRgp?: string;
  orgaoRgp?: string;
  numeroPrimeiroRgp?: string;
  idSolicitacaoAtiva?: number;
  emitirCarteira?: boolean;
  dataSuspensoCancelado?: string | null;
}

export interface MudancaSituacaoEmLote {
  cpfs: string[];
  situacaoNova: number;
  de: number[];
  dataSuspensoCancelado: string | null;
  suspensoAte: string | null;
  loteId: number;
  atoNormativoId: number;
  cpfAtor: string;
  perfilAtor: number;
  motivo: string;
}

/** Decision 0090. */
export interface RestauracaoSituacao {
  pescadorId: number;
  de: number;
  para: number;
  atoNormativoId: number | null;
  cpfAtor: string | null;
  perfilAtor: number | null;
  motivo: string;
  /** A suspension's last day (an appeal provided in part). */
  suspensoAte?: string | null;
}

export interface ResultadoMudancaSituacao {
  cpf: string;
  pescadorId: number;
  situacaoAnterior: number | null;
  mudou: boolean;
}

/** One parameter however many CPFs: a list of parameters stops at 65,535. */
function arrayDeCpfs(cpfs: string[]): string {
  if (cpfs.some((c) => !/^\d{11}$/.test(c))) throw new Error('arrayDeCpfs: CPFs must be 11 digits');
  return `{${cpfs.join(',')}}`;
}

export type HistoricoSituacaoRow = typeof pescadorHistoricoSituacao.$inferSelect;

export interface SolicitacaoEnviada {
  id: number;
  tipo: number;
  situacao: number;
  numeroProtocolo: string;
  enviadaEm: Date;
}

/** The only writer of `pescador`, its join tables and the RGP sequence. */
export class PescadorRepository {
  constructor(private readonly db: Database) {}

  /** What the Seguro-Defeso's registry conditions read (decision 0126); "since" as the machine lookup says it. */
  async registroParaSeguroDefeso(id: number): Promise<{
    situacao: number | null; categoria: number | null; desde: string | null; inicio: string | null; enviados: number[] | null;
  } | undefined> {
    const { rows } = await this.db.execute<{
      situacao: number | null; categoria: number | null; desde: string | null; inicio: string | null; enviados: number[] | null;
    }>(sql`
      SELECT p.situacao_registro AS situacao, p.categoria, ${SITUACAO_DESDE} AS desde, ${INICIO_DO_REGISTRO} AS inicio,
        ${REAP_ANOS_ENVIADOS} AS enviados
      FROM pescador p WHERE p.id = ${id}`);
    return rows[0];
  }

  async findById(id: number, ex: Executor = this.db): Promise<PescadorComMunicipio | undefined> {
    const [row] = await ex.select({ p: pescador, municipioNome: municipio.nome }).from(pescador)
      .leftJoin(municipio, eq(municipio.id, pescador.municipioId))
      .where(eq(pescador.id, id));
    return row ? { ...row.p, municipioNome: row.municipioNome } : undefined;
  }

  /** Before their requests (db/travas.ts). */
  async findParaAtualizar(id: number, tx: Executor): Promise<PescadorRow | undefined> {
    const rows = await tx.select().from(pescador).where(eq(pescador.id, id)).for('update');
    return rows[0];
  }

  async findByCpf(cpf: string): Promise<PescadorComMunicipio | undefined> {
    const [row] = await this.db.select({ p: pescador, municipioNome: municipio.nome }).from(pescador)
      .leftJoin(municipio, eq(municipio.id, pescador.municipioId))
      .where(eq(pescador.cpf, cpf));
    return row ? { ...row.p, municipioNome: row.municipioNome } : undefined;
  }

  /**
   * Every fisher's sign-in: one named statement for a known fisher (the usual case), a second that inserts a new one
   * (or reads the row a concurrent sign-in just inserted).
   */
  async findOrCreate(cpf: string, nome: string, email: string | null): Promise<{ id: number; nome: string }> {
    const { rows: [existente] } = await consultaNomeada<{ id: number; nome: string }>(this.db, {
      name: 'pescador_por_cpf', text: 'SELECT id, nome FROM pescador WHERE cpf = $1', values: [cpf],
    });
    if (existente) return existente;
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

  async aplicarDadosDeclarados(pescadorId: number, dados: DadosDeclarados, ex: Executor = this.db): Promise<PescadorRow> {
    const { colunas, atividade } = colunasDeclaradas(dados);
    const [depois] = await ex.update(pescador)
      .set({ ...colunas, dados, atualizadoEm: sql`now()` })
      .where(eq(pescador.id, pescadorId))
      .returning();
    if (atividade) await this.substituirAtividade(pescadorId, atividade, ex);
    return depois!;
  }

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

  async atualizarRegistro(pescadorId: number, campos: CamposRegistro, ex: Executor = this.db): Promise<PescadorRow> {
    const { emitirCarteira, ...colunas } = campos;
    const rows = await ex.update(pescador)
      .set({ ...colunas, ...(emitirCarteira ? { dataEmissaoCarteira: sql`now()` } : {}), atualizadoEm: sql`now()` })
      .where(eq(pescador.id, pescadorId))
      .returning();
    return rows[0]!;
  }

  async garantirEmissaoCarteira(id: number): Promise<Date> {
    const rows = await this.db.update(pescador)
      .set({ dataEmissaoCarteira: sql`COALESCE(${pescador.dataEmissaoCarteira}, now())` })
      .where(eq(pescador.id, id))
      .returning({ emissao: pescador.dataEmissaoCarteira });
    return rows[0]!.emissao!;
  }


  /** In id order: two batches over the same fishers wait for each other and never deadlock (db/travas.ts). */
  async bloquearPorCpfs(cpfs: string[], tx: Executor): Promise<number> {
    const { rows } = await tx.execute<{ id: number }>(sql`
      SELECT id FROM pescador WHERE cpf = ANY(${arrayDeCpfs(cpfs)}::char(11)[]) ORDER BY id FOR UPDATE`);
    return rows.length;
  }

  /** On fishers already locked (`bloquearPorCpfs`), so this statement sees their committed state. */
  async mudarSituacaoEmLote(m: MudancaSituacaoEmLote, tx: Executor): Promise<ResultadoMudancaSituacao[]> {
    const { rows } = await tx.execute<{ cpf: string; id: number; anterior: number | null; mudou: boolean }>(sql`
      WITH antes AS (
        SELECT id, cpf, situacao_registro FROM pescador WHERE cpf = ANY(${arrayDeCpfs(m.cpfs)}::char(11)[])
      ), mudou AS (
        UPDATE pescador p SET situacao_registro = ${m.situacaoNova}, data_suspenso_cancelado = ${m.dataSuspensoCancelado}::date,
          atualizado_em = now()
        FROM antes a
        WHERE p.id = a.id AND a.situacao_registro = ANY(${`{${m.de.join(',')}}`}::smallint[])
        RETURNING p.id
      ), historico AS (
        INSERT INTO pescador_historico_situacao
          (pescador_id, situacao_anterior, situacao_nova, lote_id, ato_normativo_id, suspenso_ate, cpf_ator, perfil_ator, motivo)
        SELECT a.id, a.situacao_registro, ${m.situacaoNova}, ${m.loteId}, ${m.atoNormativoId}, ${m.suspensoAte}::date,
          ${m.cpfAtor}, ${m.perfilAtor}, ${m.motivo}
        FROM antes a JOIN mudou USING (id)
      )
      SELECT a.cpf, a.id, a.situacao_registro AS anterior, (mudou.id IS NOT NULL) AS mudou
      FROM antes a LEFT JOIN mudou USING (id)`);
    return rows.map((r) => ({ cpf: r.cpf, pescadorId: r.id, situacaoAnterior: r.anterior, mudou: r.mudou }));
  }

  /**
   * Puts the registry back to `para` if it is still `de` (an appeal undoing a sanction, decision 0090), with its
   * history line; answers whether it changed.
   */
  async restaurarSituacao(r: RestauracaoSituacao, tx: Executor): Promise<boolean> {
    return (await this.restaurarSituacoes([r], tx)).length > 0;
  }

  /** `restaurarSituacao` for many fishers in one statement (a batch decision); answers those changed. */
  async restaurarSituacoes(rs: RestauracaoSituacao[], tx: Executor): Promise<number[]> {
    if (rs.length === 0) return [];
    const col = <T>(f: (r: RestauracaoSituacao) => T) => sql.param(rs.map(f));
    const { rows } = await tx.execute<{ id: number }>(sql`
      WITH u AS (
        SELECT * FROM unnest(${col((r) => r.pescadorId)}::int[], ${col((r) => r.de)}::smallint[], ${col((r) => r.para)}::smallint[],
          ${col((r) => r.atoNormativoId)}::int[], ${col((r) => r.cpfAtor)}::char(11)[], ${col((r) => r.perfilAtor)}::smallint[],
          ${col((r) => r.motivo)}::text[], ${col((r) => r.suspensoAte ?? null)}::date[]) AS u(pescador_id, de, para, ato, cpf, perfil, motivo, ate)
      ), mudou AS (
        UPDATE pescador p SET situacao_registro = u.para,
          data_suspenso_cancelado = CASE WHEN u.para = 1 THEN NULL ELSE p.data_suspenso_cancelado END, atualizado_em = now()
        FROM u WHERE p.id = u.pescador_id AND p.situacao_registro = u.de
        RETURNING p.id
      ), historico AS (
        INSERT INTO pescador_historico_situacao
          (pescador_id, situacao_anterior, situacao_nova, ato_normativo_id, cpf_ator, perfil_ator, motivo, suspenso_ate)
        SELECT u.pescador_id, u.de, u.para, u.ato, u.cpf, u.perfil, u.motivo, u.ate FROM u JOIN mudou ON mudou.id = u.pescador_id
      )
      SELECT id FROM mudou`);
    return rows.map((r) => r.id);
  }

  async encerrarSuspensoesVencidas(hoje: string, motivo: string, tx: Executor): Promise<number[]> {
    const { rows } = await tx.execute<{ id: number }>(sql`
      WITH ultima AS (
        SELECT DISTINCT ON (h.pescador_id) h.pescador_id, h.situacao_nova, h.suspenso_ate
        FROM pescador_historico_situacao h JOIN pescador p ON p.id = h.pescador_id AND p.situacao_registro = 6
        ORDER BY h.pescador_id, h.id DESC
      ), vencidas AS (
        SELECT p.id FROM pescador p JOIN ultima u ON u.pescador_id = p.id
        WHERE u.situacao_nova = 6 AND u.suspenso_ate < ${hoje}::date AND p.situacao_registro = 6
        ORDER BY p.id FOR UPDATE OF p
      ), mudou AS (
        UPDATE pescador p SET situacao_registro = 1, data_suspenso_cancelado = NULL, atualizado_em = now()
        FROM vencidas v WHERE p.id = v.id AND p.situacao_registro = 6
        RETURNING p.id
      ), historico AS (
        INSERT INTO pescador_historico_situacao (pescador_id, situacao_anterior, situacao_nova, motivo)
        SELECT id, 6, 1, ${motivo} FROM mudou
      )
      SELECT id FROM mudou ORDER BY id`);
    return rows.map((r) => r.id);
  }

  async historicoSituacao(pescadorId: number, ex: Executor = this.db): Promise<HistoricoSituacaoRow[]> {
    return ex.select().from(pescadorHistoricoSituacao).where(eq(pescadorHistoricoSituacao.pescadorId, pescadorId))
      .orderBy(desc(pescadorHistoricoSituacao.id));
  }

  /** The next value of the RGP number sequence. */
  async proximoNumeroRgp(ex: Executor = this.db): Promise<bigint> {
    const { rows } = await ex.execute<{ n: string }>(sql`SELECT nextval('rgp_numero_seq')::text AS n`);
    return BigInt(rows[0]!.n);
  }

  /** REAP excluded: the one asked for, or the latest. */
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
