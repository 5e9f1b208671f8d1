import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { consultaNomeada, type ComandoNomeado, type Database } from '../../db/client';
import { authLink, configuracaoHorarioAcesso, sessao, usuario, usuarioMapa } from '../../db/schema';
import type { JanelaUsuario } from './janela-acesso';

/** A map user as sign-in and each request check them: who, the profile and agency, and their access window. */
export interface UsuarioMapaAcesso extends Omit<JanelaUsuario, 'orgao'> {
  idUsuarioMapa: number;
  nome: string;
  cpf: string;
  tipoUsuario: number;
  siglaOrgao: string;
  ufOrgao: string;
  /** The agency's working hours (null where the agency has none). */
  orgaoInicio: string | null;
  orgaoTermino: string | null;
  orgaoTodosDias: boolean | null;
  /** States served by the active task forces the user belongs to (deadline not passed, São Paulo date). */
  ufsForcaTarefa: string[];
}

const usuarioMapaAcessoColumns = {
  idUsuarioMapa: usuarioMapa.id,
  nome: usuario.nome,
  cpf: usuario.cpf,
  tipoUsuario: usuarioMapa.tipoUsuario,
  siglaOrgao: usuarioMapa.siglaOrgao,
  ufOrgao: usuarioMapa.ufOrgao,
  bloqueado: usuario.bloqueado,
  validade: usuarioMapa.validade,
  acessoCustomizado: usuarioMapa.acessoCustomizado,
  horaLimiteInicioAcesso: usuarioMapa.horaLimiteInicioAcesso,
  horaLimiteTerminoAcesso: usuarioMapa.horaLimiteTerminoAcesso,
  usuarioPodeAcessarTodosDias: usuarioMapa.usuarioPodeAcessarTodosDias,
  orgaoInicio: configuracaoHorarioAcesso.horaLimiteInicioAcesso,
  orgaoTermino: configuracaoHorarioAcesso.horaLimiteTerminoAcesso,
  orgaoTodosDias: configuracaoHorarioAcesso.usuarioPodeAcessarTodosDias,
  ufsForcaTarefa: sql<string[]>`coalesce((
    SELECT array_agg(DISTINCT ftu.uf::text ORDER BY ftu.uf::text)
    FROM forca_tarefa_lotacao ftl
    JOIN forca_tarefa ft ON ft.id = ftl.forca_tarefa_id
      AND ft.ativa AND ft.data_limite >= (now() AT TIME ZONE 'America/Sao_Paulo')::date
    JOIN forca_tarefa_uf ftu ON ftu.forca_tarefa_id = ft.id
    WHERE ftl.usuario_mapa_id = ${usuarioMapa.id}), '{}')`,
};

export interface SessaoAtiva {
  id: string;
  cpf: string;
  perfil: number;
  pescadorId: number | null;
  usuarioMapaId: number | null;
  expiraEm: Date;
  revogadaEm: Date | null;
  idTokenHint: string | null;
}

const sessaoColumns = {
  id: sessao.id,
  cpf: sessao.cpf,
  perfil: sessao.perfil,
  pescadorId: sessao.pescadorId,
  usuarioMapaId: sessao.usuarioMapaId,
  expiraEm: sessao.expiraEm,
  revogadaEm: sessao.revogadaEm,
  idTokenHint: sessao.idTokenHint,
};

/**
 * The session check's statement (`findSessaoComServidor`): the map user's columns as one JSON object (null for a
 * fisher's session), named as `UsuarioMapaAcesso` names them.
 */
const SESSAO_COM_SERVIDOR = (id: string): ComandoNomeado => ({
  name: 'auth_sessao_com_servidor',
  text: `SELECT s.id, s.cpf, s.perfil, s.pescador_id AS "pescadorId", s.usuario_mapa_id AS "usuarioMapaId",
      s.expira_em AS "expiraEm", s.revogada_em AS "revogadaEm",
      CASE WHEN um.id IS NOT NULL THEN json_build_object(
        'idUsuarioMapa', um.id, 'nome', u.nome, 'cpf', u.cpf, 'tipoUsuario', um.tipo_usuario, 'siglaOrgao', um.sigla_orgao,
        'ufOrgao', um.uf_orgao, 'bloqueado', u.bloqueado, 'validade', um.validade, 'acessoCustomizado', um.acesso_customizado,
        'horaLimiteInicioAcesso', um.hora_limite_inicio_acesso, 'horaLimiteTerminoAcesso', um.hora_limite_termino_acesso,
        'usuarioPodeAcessarTodosDias', um.usuario_pode_acessar_todos_dias,
        'orgaoInicio', c.hora_limite_inicio_acesso, 'orgaoTermino', c.hora_limite_termino_acesso, 'orgaoTodosDias', c.usuario_pode_acessar_todos_dias,
        'ufsForcaTarefa', coalesce((
          SELECT array_agg(DISTINCT ftu.uf::text ORDER BY ftu.uf::text)
          FROM forca_tarefa_lotacao ftl
          JOIN forca_tarefa ft ON ft.id = ftl.forca_tarefa_id
            AND ft.ativa AND ft.data_limite >= (now() AT TIME ZONE 'America/Sao_Paulo')::date
          JOIN forca_tarefa_uf ftu ON ftu.forca_tarefa_id = ft.id
          WHERE ftl.usuario_mapa_id = um.id), '{}')) END AS servidor
    FROM sessao s
    LEFT JOIN usuario_mapa um ON um.id = s.usuario_mapa_id
    LEFT JOIN usuario u ON u.id = um.usuario_id
    LEFT JOIN configuracao_horario_acesso c ON c.orgao = um.sigla_orgao
    WHERE s.id = $1
    LIMIT 1`,
  values: [id],
});

export class AuthRepository {
  constructor(private readonly db: Database) {}

  async insertLink(chave: string, codeVerifier: string, nonce: string): Promise<void> {
    await consultaNomeada(this.db, {
      name: 'auth_link_inserir',
      text: `INSERT INTO auth_link (chave, code_verifier, nonce) VALUES ($1, $2, $3)
        ON CONFLICT (chave) DO UPDATE SET code_verifier = excluded.code_verifier, nonce = excluded.nonce, criado_em = now()`,
      values: [chave, codeVerifier, nonce],
    });
  }

  /** Consumes a pending sign-in: a link works once, and only for `maxAgeSeconds`. */
  async takeLink(chave: string, maxAgeSeconds: number): Promise<{ chave: string; codeVerifier: string; nonce: string; criadoEm: Date } | undefined> {
    const { rows } = await consultaNomeada<{ chave: string; codeVerifier: string; nonce: string; criadoEm: Date }>(this.db, {
      name: 'auth_link_consumir',
      text: `DELETE FROM auth_link WHERE chave = $1 AND criado_em > now() - make_interval(secs => $2)
        RETURNING chave, code_verifier AS "codeVerifier", nonce, criado_em AS "criadoEm"`,
      values: [chave, maxAgeSeconds],
    });
    return rows[0];
  }

  async deleteStaleLinks(maxAgeSeconds: number): Promise<void> {
    await this.db.delete(authLink).where(lt(authLink.criadoEm, sql`now() - make_interval(secs => ${maxAgeSeconds})`));
  }

  findUsuarioMapaByCpf(cpf: string): Promise<UsuarioMapaAcesso | undefined> {
    return this.#usuarioMapaOnde(eq(usuario.cpf, cpf));
  }

  findUsuarioMapaById(id: number): Promise<UsuarioMapaAcesso | undefined> {
    return this.#usuarioMapaOnde(eq(usuarioMapa.id, id));
  }

  async #usuarioMapaOnde(condicao: SQL): Promise<UsuarioMapaAcesso | undefined> {
    const rows = await this.db
      .select(usuarioMapaAcessoColumns)
      .from(usuarioMapa)
      .innerJoin(usuario, eq(usuario.id, usuarioMapa.usuarioId))
      .leftJoin(configuracaoHorarioAcesso, eq(configuracaoHorarioAcesso.orgao, usuarioMapa.siglaOrgao))
      .where(condicao)
      .limit(1);
    return rows[0];
  }

  async findNomeByCpf(cpf: string): Promise<string | null> {
    const rows = await this.db.execute<{ nome: string }>(sql`
      SELECT nome FROM usuario WHERE cpf = ${cpf}
      UNION ALL SELECT nome FROM pescador WHERE cpf = ${cpf}
      LIMIT 1`);
    return rows.rows[0]?.nome ?? null;
  }

  async insertSessao(s: {
    cpf: string;
    perfil: number;
    pescadorId: number | null;
    usuarioMapaId: number | null;
    idTokenHint: string | null;
    ttlHours: number;
  }): Promise<string> {
    const { rows } = await consultaNomeada<{ id: string }>(this.db, {
      name: 'sessao_inserir',
      text: `INSERT INTO sessao (cpf, perfil, pescador_id, usuario_mapa_id, id_token_hint, expira_em)
        VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6)) RETURNING id`,
      values: [s.cpf, s.perfil, s.pescadorId, s.usuarioMapaId, s.idTokenHint, s.ttlHours],
    });
    return rows[0]!.id;
  }

  async findSessao(id: string): Promise<SessaoAtiva | undefined> {
    const rows = await this.db.select(sessaoColumns).from(sessao).where(eq(sessao.id, id)).limit(1);
    return rows[0];
  }

  /**
   * The hot path of every authenticated request: the session and, for staff, the map user with the agency's
   * hours, in one round trip (primary keys and unique keys only), as a named statement (planned once per
   * connection). The same columns as `usuarioMapaAcessoColumns`, but not the id token (sign-out reads it).
   */
  async findSessaoComServidor(id: string): Promise<{ sessao: Omit<SessaoAtiva, 'idTokenHint'>; servidor: UsuarioMapaAcesso | null } | undefined> {
    const { rows } = await consultaNomeada<Omit<SessaoAtiva, 'idTokenHint'> & { servidor: UsuarioMapaAcesso | null }>(this.db, SESSAO_COM_SERVIDOR(id));
    const row = rows[0];
    if (!row) return undefined;
    const { servidor, ...s } = row;
    return { sessao: s, servidor };
  }

  async revokeSessao(id: string): Promise<boolean> {
    const rows = await this.db
      .update(sessao)
      .set({ revogadaEm: sql`now()` })
      .where(and(eq(sessao.id, id), isNull(sessao.revogadaEm)))
      .returning({ id: sessao.id });
    return rows.length > 0;
  }
}
