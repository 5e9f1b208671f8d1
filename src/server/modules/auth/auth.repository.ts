import { and, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
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

export class AuthRepository {
  constructor(private readonly db: Database) {}

  async insertLink(chave: string, codeVerifier: string, nonce: string): Promise<void> {
    await this.db
      .insert(authLink)
      .values({ chave, codeVerifier, nonce })
      .onConflictDoUpdate({ target: authLink.chave, set: { codeVerifier, nonce, criadoEm: sql`now()` } });
  }

  /** Consumes a pending sign-in: a link works once, and only for `maxAgeSeconds`. */
  async takeLink(chave: string, maxAgeSeconds: number) {
    const rows = await this.db
      .delete(authLink)
      .where(and(eq(authLink.chave, chave), gt(authLink.criadoEm, sql`now() - make_interval(secs => ${maxAgeSeconds})`)))
      .returning();
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
    const rows = await this.db
      .insert(sessao)
      .values({
        cpf: s.cpf,
        perfil: s.perfil,
        pescadorId: s.pescadorId,
        usuarioMapaId: s.usuarioMapaId,
        idTokenHint: s.idTokenHint,
        expiraEm: sql`now() + make_interval(hours => ${s.ttlHours})`,
      })
      .returning({ id: sessao.id });
    return rows[0]!.id;
  }

  async findSessao(id: string): Promise<SessaoAtiva | undefined> {
    const rows = await this.db.select(sessaoColumns).from(sessao).where(eq(sessao.id, id)).limit(1);
    return rows[0];
  }

  /**
   * The hot path of every authenticated request: the session and, for staff, the map user with the agency's
   * hours, in one round trip (primary keys and unique keys only).
   */
  async findSessaoComServidor(id: string): Promise<{ sessao: SessaoAtiva; servidor: UsuarioMapaAcesso | null } | undefined> {
    const rows = await this.db
      .select({ sessao: sessaoColumns, ...usuarioMapaAcessoColumns })
      .from(sessao)
      .leftJoin(usuarioMapa, eq(usuarioMapa.id, sessao.usuarioMapaId))
      .leftJoin(usuario, eq(usuario.id, usuarioMapa.usuarioId))
      .leftJoin(configuracaoHorarioAcesso, eq(configuracaoHorarioAcesso.orgao, usuarioMapa.siglaOrgao))
      .where(eq(sessao.id, id))
      .limit(1);
    const row = rows[0];
    if (!row) return undefined;
    const { sessao: s, ...servidor } = row;
    return { sessao: s, servidor: servidor.idUsuarioMapa === null ? null : (servidor as UsuarioMapaAcesso) };
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
