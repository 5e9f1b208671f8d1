import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { configuracaoHorarioAcesso, orgao } from '../../db/schema';

export interface ConfiguracaoLinha {
  idConfiguracao: number | null;
  orgao: string;
  nomeOrgao: string;
  horaLimiteInicioAcesso: string | null;
  horaLimiteTerminoAcesso: string | null;
  usuarioPodeAcessarTodosDias: boolean | null;
  totalServidores: number;
}

export interface ConfiguracaoDados {
  orgao: string;
  horaLimiteInicioAcesso: string;
  horaLimiteTerminoAcesso: string;
  usuarioPodeAcessarTodosDias: boolean;
}

/** The only writer of `configuracao_horario_acesso` (the access window reads it in AuthRepository). */
export class HorarioAcessoRepository {
  constructor(private readonly db: Database) {}

  /**
   * Every agency (28 rows) with its hours when configured, and how many of its map users follow them (no custom
   * hours), counted through usuario_mapa_sigla_orgao_idx.
   */
  async listar(ex: Executor = this.db): Promise<ConfiguracaoLinha[]> {
    return ex
      .select({
        idConfiguracao: configuracaoHorarioAcesso.idConfiguracao,
        orgao: orgao.sigla,
        nomeOrgao: orgao.nome,
        horaLimiteInicioAcesso: configuracaoHorarioAcesso.horaLimiteInicioAcesso,
        horaLimiteTerminoAcesso: configuracaoHorarioAcesso.horaLimiteTerminoAcesso,
        usuarioPodeAcessarTodosDias: configuracaoHorarioAcesso.usuarioPodeAcessarTodosDias,
        totalServidores: sql<number>`(SELECT count(*)::int FROM usuario_mapa um
          WHERE um.sigla_orgao = ${orgao.sigla} AND NOT um.acesso_customizado)`,
      })
      .from(orgao)
      .leftJoin(configuracaoHorarioAcesso, eq(configuracaoHorarioAcesso.orgao, orgao.sigla))
      // The ministry first, then the state units in alphabetical order.
      .orderBy(sql`${orgao.sigla} <> 'MPA'`, asc(orgao.sigla));
  }

  async orgaosExistentes(siglas: string[], ex: Executor = this.db): Promise<string[]> {
    if (siglas.length === 0) return [];
    const rows = await ex.select({ sigla: orgao.sigla }).from(orgao).where(inArray(orgao.sigla, siglas));
    return rows.map((r) => r.sigla);
  }

  /** The configurations of these agencies, locked until the transaction ends (before/after of the audit). */
  async findByOrgaos(siglas: string[], ex: Executor = this.db): Promise<(ConfiguracaoDados & { idConfiguracao: number })[]> {
    if (siglas.length === 0) return [];
    return ex.select({
      idConfiguracao: configuracaoHorarioAcesso.idConfiguracao,
      orgao: configuracaoHorarioAcesso.orgao,
      horaLimiteInicioAcesso: configuracaoHorarioAcesso.horaLimiteInicioAcesso,
      horaLimiteTerminoAcesso: configuracaoHorarioAcesso.horaLimiteTerminoAcesso,
      usuarioPodeAcessarTodosDias: configuracaoHorarioAcesso.usuarioPodeAcessarTodosDias,
    }).from(configuracaoHorarioAcesso).where(inArray(configuracaoHorarioAcesso.orgao, siglas)).for('update');
  }

  /** One configuration per agency (unique `orgao`): inserted or replaced. */
  async upsert(c: ConfiguracaoDados, ex: Executor = this.db): Promise<number> {
    const [r] = await ex
      .insert(configuracaoHorarioAcesso)
      .values(c)
      .onConflictDoUpdate({
        target: configuracaoHorarioAcesso.orgao,
        set: {
          horaLimiteInicioAcesso: c.horaLimiteInicioAcesso,
          horaLimiteTerminoAcesso: c.horaLimiteTerminoAcesso,
          usuarioPodeAcessarTodosDias: c.usuarioPodeAcessarTodosDias,
        },
      })
      .returning({ id: configuracaoHorarioAcesso.idConfiguracao });
    return r!.id;
  }
}
