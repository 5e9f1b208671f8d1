import { and, asc, count, eq, ilike, inArray, isNull, ne, or, gte, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { orgao, usuario, usuarioMapa } from '../../db/schema';
import type { FiltrosUsuarioMapa } from '../../../shared/schemas/usuario-mapa';

export interface HorasUsuario {
  acessoCustomizado: boolean;
  horaLimiteInicioAcesso: string | null;
  horaLimiteTerminoAcesso: string | null;
  usuarioPodeAcessarTodosDias: boolean;
}

export interface UsuarioMapaDados extends HorasUsuario {
  nome: string;
  bloqueado: boolean;
  tipoUsuario: number;
  siglaOrgao: string;
  ufOrgao: string;
  matricula: string | null;
  validade: string | null;
  email: string | null;
}

export interface UsuarioMapaLinha extends UsuarioMapaDados {
  id: number;
  usuarioId: number;
  cpf: string;
}

const colunas = {
  id: usuarioMapa.id,
  usuarioId: usuario.id,
  nome: usuario.nome,
  cpf: usuario.cpf,
  bloqueado: usuario.bloqueado,
  tipoUsuario: usuarioMapa.tipoUsuario,
  siglaOrgao: usuarioMapa.siglaOrgao,
  ufOrgao: usuarioMapa.ufOrgao,
  matricula: usuarioMapa.matricula,
  validade: usuarioMapa.validade,
  email: usuarioMapa.email,
  acessoCustomizado: usuarioMapa.acessoCustomizado,
  horaLimiteInicioAcesso: usuarioMapa.horaLimiteInicioAcesso,
  horaLimiteTerminoAcesso: usuarioMapa.horaLimiteTerminoAcesso,
  usuarioPodeAcessarTodosDias: usuarioMapa.usuarioPodeAcessarTodosDias,
};

/** `%`, `_` and `\` typed in a name are searched for as themselves. */
function semCuringas(v: string): string {
  return v.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The only writer of `usuario` and `usuario_mapa`. */
export class UsuarioMapaRepository {
  constructor(private readonly db: Database) {}

  /** Staff are thousands, not millions: the filters beyond CPF and agency scan a small table. */
  async listar(f: FiltrosUsuarioMapa, ex: Executor = this.db): Promise<{ total: number; linhas: UsuarioMapaLinha[] }> {
    const condicoes: SQL[] = [];
    if (f.nome) condicoes.push(ilike(usuario.nome, `%${semCuringas(f.nome)}%`));
    if (f.cpf) condicoes.push(eq(usuario.cpf, f.cpf));
    if (f.tipoUsuario !== undefined) condicoes.push(eq(usuarioMapa.tipoUsuario, f.tipoUsuario));
    if (f.siglaOrgao) condicoes.push(eq(usuarioMapa.siglaOrgao, f.siglaOrgao));
    if (f.ufOrgao) condicoes.push(eq(usuarioMapa.ufOrgao, f.ufOrgao));
    if (f.ativo !== undefined) condicoes.push(eq(usuario.bloqueado, !f.ativo));
    const onde = condicoes.length > 0 ? and(...condicoes) : undefined;
    const [total] = await ex
      .select({ n: count() })
      .from(usuarioMapa)
      .innerJoin(usuario, eq(usuario.id, usuarioMapa.usuarioId))
      .where(onde);
    const linhas = await ex
      .select(colunas)
      .from(usuarioMapa)
      .innerJoin(usuario, eq(usuario.id, usuarioMapa.usuarioId))
      .where(onde)
      .orderBy(asc(usuario.nome), asc(usuarioMapa.id))
      .limit(f.tamanhoPagina)
      .offset((f.pagina - 1) * f.tamanhoPagina);
    return { total: total?.n ?? 0, linhas };
  }

  async findById(id: number, ex: Executor = this.db): Promise<UsuarioMapaLinha | undefined> {
    const rows = await ex.select(colunas).from(usuarioMapa).innerJoin(usuario, eq(usuario.id, usuarioMapa.usuarioId))
      .where(eq(usuarioMapa.id, id)).limit(1);
    return rows[0];
  }

  async findByCpf(cpf: string, ex: Executor = this.db): Promise<UsuarioMapaLinha | undefined> {
    const rows = await ex.select(colunas).from(usuarioMapa).innerJoin(usuario, eq(usuario.id, usuarioMapa.usuarioId))
      .where(eq(usuario.cpf, cpf)).limit(1);
    return rows[0];
  }

  async orgaoExiste(sigla: string, ex: Executor = this.db): Promise<boolean> {
    const rows = await ex.select({ sigla: orgao.sigla }).from(orgao).where(eq(orgao.sigla, sigla)).limit(1);
    return rows.length > 0;
  }

  /** Two managers demoting each other at once cannot both pass the "one active manager left" check. */
  async travarGestores(ex: Executor): Promise<void> {
    await ex.execute(sql`SELECT pg_advisory_xact_lock(hashtext('usuario_mapa:gestores'))`);
  }

  async contarGestoresAtivos(perfis: readonly number[], hoje: string, excetoId: number, ex: Executor = this.db): Promise<number> {
    const [r] = await ex
      .select({ n: count() })
      .from(usuarioMapa)
      .innerJoin(usuario, eq(usuario.id, usuarioMapa.usuarioId))
      .where(and(
        inArray(usuarioMapa.tipoUsuario, [...perfis]),
        eq(usuario.bloqueado, false),
        or(isNull(usuarioMapa.validade), gte(usuarioMapa.validade, hoje)),
        ne(usuarioMapa.id, excetoId),
      ));
    return r?.n ?? 0;
  }

  /** Or takes the person of that CPF left without a map user. */
  async insert(cpf: string, d: UsuarioMapaDados, ex: Executor = this.db): Promise<number> {
    const [pessoa] = await ex
      .insert(usuario)
      .values({ cpf, nome: d.nome, bloqueado: d.bloqueado })
      .onConflictDoUpdate({ target: usuario.cpf, set: { nome: d.nome, bloqueado: d.bloqueado } })
      .returning({ id: usuario.id });
    const [mapa] = await ex
      .insert(usuarioMapa)
      .values({ usuarioId: pessoa!.id, ...semPessoa(d) })
      .returning({ id: usuarioMapa.id });
    return mapa!.id;
  }

  async update(id: number, usuarioId: number, d: UsuarioMapaDados, ex: Executor = this.db): Promise<void> {
    await ex.update(usuario).set({ nome: d.nome, bloqueado: d.bloqueado }).where(eq(usuario.id, usuarioId));
    await ex.update(usuarioMapa).set(semPessoa(d)).where(eq(usuarioMapa.id, id));
  }

  async updateHoras(id: number, h: HorasUsuario, ex: Executor = this.db): Promise<void> {
    await ex.update(usuarioMapa).set(h).where(eq(usuarioMapa.id, id));
  }

  /** Answers who changed and what they had, for the audit. */
  async seguirHorarioDoOrgao(sigla: string, ex: Executor = this.db): Promise<{ id: number; antes: HorasUsuario }[]> {
    const antes = await ex
      .select({
        id: usuarioMapa.id,
        acessoCustomizado: usuarioMapa.acessoCustomizado,
        horaLimiteInicioAcesso: usuarioMapa.horaLimiteInicioAcesso,
        horaLimiteTerminoAcesso: usuarioMapa.horaLimiteTerminoAcesso,
        usuarioPodeAcessarTodosDias: usuarioMapa.usuarioPodeAcessarTodosDias,
      })
      .from(usuarioMapa)
      .where(eq(usuarioMapa.siglaOrgao, sigla))
      .orderBy(asc(usuarioMapa.id))
      .for('update');
    if (antes.length === 0) return [];
    await ex.update(usuarioMapa)
      .set({ acessoCustomizado: false, horaLimiteInicioAcesso: null, horaLimiteTerminoAcesso: null, usuarioPodeAcessarTodosDias: false })
      .where(eq(usuarioMapa.siglaOrgao, sigla));
    return antes.map(({ id, ...h }) => ({ id, antes: h }));
  }
}

function semPessoa(d: UsuarioMapaDados) {
  const { nome: _nome, bloqueado: _bloqueado, ...mapa } = d;
  return mapa;
}
