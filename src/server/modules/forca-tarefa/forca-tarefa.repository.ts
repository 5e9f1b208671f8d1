import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { Perfil } from '../../../shared/enums';
import type { FiltrosForcaTarefa } from '../../../shared/schemas/forca-tarefa';
import type { Database, Executor } from '../../db/client';
import { atoNormativo, forcaTarefa, forcaTarefaLotacao, forcaTarefaUf, usuario, usuarioMapa } from '../../db/schema';

export type ForcaTarefaLinha = typeof forcaTarefa.$inferSelect & { nomeAto: string };

export interface ServidorLinha {
  id: number;
  nome: string;
  siglaOrgao: string;
  ufOrgao: string;
}

export interface DadosForcaTarefa {
  titulo: string;
  atoNormativoId: number;
  dataLimite: string;
  ativa: boolean;
  usuarioInternoGravou: string;
  ipOrigemAlteracao: string;
}

/** Escapes LIKE's wildcards in what the user typed. */
function contendo(texto: string): string {
  return `%${texto.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const colunasForca = {
  id: forcaTarefa.id,
  titulo: forcaTarefa.titulo,
  atoNormativoId: forcaTarefa.atoNormativoId,
  dataLimite: forcaTarefa.dataLimite,
  ativa: forcaTarefa.ativa,
  usuarioInternoGravou: forcaTarefa.usuarioInternoGravou,
  ipOrigemAlteracao: forcaTarefa.ipOrigemAlteracao,
  dataCriacao: forcaTarefa.dataCriacao,
  dataAtualizacao: forcaTarefa.dataAtualizacao,
  nomeAto: atoNormativo.nome,
};

const colunasServidor = {
  id: usuarioMapa.id,
  nome: usuario.nome,
  siglaOrgao: usuarioMapa.siglaOrgao,
  ufOrgao: usuarioMapa.ufOrgao,
};

/** The only writer of `forca_tarefa`, `forca_tarefa_uf` and `forca_tarefa_lotacao`. */
export class ForcaTarefaRepository {
  constructor(private readonly db: Database) {}

  async findById(id: number, ex: Executor = this.db): Promise<ForcaTarefaLinha | undefined> {
    const [linha] = await ex.select(colunasForca).from(forcaTarefa)
      .innerJoin(atoNormativo, eq(atoNormativo.id, forcaTarefa.atoNormativoId)).where(eq(forcaTarefa.id, id));
    return linha;
  }

  async lockById(id: number, ex: Executor): Promise<boolean> {
    const rows = await ex.select({ id: forcaTarefa.id }).from(forcaTarefa).where(eq(forcaTarefa.id, id)).for('update');
    return rows.length > 0;
  }

  /** Filtered in SQL, each filter by an index; the state's EXISTS is a probe per task force, a few hundred at most. */
  async listar(f: FiltrosForcaTarefa, hoje: string): Promise<{ total: number; linhas: ForcaTarefaLinha[] }> {
    const where: SQL[] = [];
    if (f.titulo) where.push(ilike(forcaTarefa.titulo, contendo(f.titulo)));
    if (f.ativa !== undefined) where.push(eq(forcaTarefa.ativa, f.ativa));
    if (f.vigente !== undefined) where.push(f.vigente ? gte(forcaTarefa.dataLimite, hoje) : lt(forcaTarefa.dataLimite, hoje));
    if (f.atoNormativo !== undefined) where.push(eq(forcaTarefa.atoNormativoId, f.atoNormativo));
    if (f.uf) {
      where.push(exists(this.db.select({ um: sql`1` }).from(forcaTarefaUf)
        .where(and(eq(forcaTarefaUf.forcaTarefaId, forcaTarefa.id), eq(forcaTarefaUf.uf, f.uf)))));
    }
    const filtro = where.length > 0 ? and(...where) : undefined;
    const [{ total }] = await this.db.select({ total: count() }).from(forcaTarefa).where(filtro) as [{ total: number }];
    const linhas = await this.db.select(colunasForca).from(forcaTarefa)
      .innerJoin(atoNormativo, eq(atoNormativo.id, forcaTarefa.atoNormativoId)).where(filtro)
      .orderBy(desc(forcaTarefa.dataCriacao), desc(forcaTarefa.id))
      .limit(f.tamanhoPagina).offset((f.pagina - 1) * f.tamanhoPagina);
    return { total, linhas };
  }

  /** The states each task force serves. */
  async ufsDe(ids: number[], ex: Executor = this.db): Promise<Map<number, string[]>> {
    const mapa = new Map<number, string[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return mapa;
    const rows = await ex.select().from(forcaTarefaUf).where(inArray(forcaTarefaUf.forcaTarefaId, ids))
      .orderBy(asc(forcaTarefaUf.uf));
    for (const r of rows) mapa.get(r.forcaTarefaId)!.push(r.uf);
    return mapa;
  }

  /** The servers of each task force, by name. */
  async servidoresDe(ids: number[], ex: Executor = this.db): Promise<Map<number, ServidorLinha[]>> {
    const mapa = new Map<number, ServidorLinha[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return mapa;
    const rows = await ex.select({ forcaTarefaId: forcaTarefaLotacao.forcaTarefaId, ...colunasServidor }).from(forcaTarefaLotacao)
      .innerJoin(usuarioMapa, eq(usuarioMapa.id, forcaTarefaLotacao.usuarioMapaId))
      .innerJoin(usuario, eq(usuario.id, usuarioMapa.usuarioId))
      .where(inArray(forcaTarefaLotacao.forcaTarefaId, ids))
      .orderBy(asc(usuario.nome), asc(usuarioMapa.id));
    for (const { forcaTarefaId, ...s } of rows) mapa.get(forcaTarefaId)!.push(s);
    return mapa;
  }

  async candidatos(f: { nome?: string; uf?: string; pagina: number; tamanhoPagina: number }): Promise<{ total: number; linhas: ServidorLinha[] }> {
    const where: SQL[] = [eq(usuarioMapa.tipoUsuario, Perfil.SFPA), eq(usuario.bloqueado, false)];
    if (f.nome) where.push(ilike(usuario.nome, contendo(f.nome)));
    if (f.uf) where.push(eq(usuarioMapa.ufOrgao, f.uf));
    const filtro = and(...where);
    const [{ total }] = await this.db.select({ total: count() }).from(usuarioMapa)
      .innerJoin(usuario, eq(usuario.id, usuarioMapa.usuarioId)).where(filtro) as [{ total: number }];
    const linhas = await this.db.select(colunasServidor).from(usuarioMapa)
      .innerJoin(usuario, eq(usuario.id, usuarioMapa.usuarioId)).where(filtro)
      .orderBy(asc(usuario.nome), asc(usuarioMapa.id)).limit(f.tamanhoPagina).offset((f.pagina - 1) * f.tamanhoPagina);
    return { total, linhas };
  }

  /** Of `ids`, those that are SFPA map users not blocked. */
  async candidatosValidos(ids: number[], ex: Executor = this.db): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await ex.select({ id: usuarioMapa.id }).from(usuarioMapa)
      .innerJoin(usuario, eq(usuario.id, usuarioMapa.usuarioId))
      .where(and(inArray(usuarioMapa.id, ids), eq(usuarioMapa.tipoUsuario, Perfil.SFPA), eq(usuario.bloqueado, false)));
    return rows.map((r) => r.id);
  }

  async insert(dados: DadosForcaTarefa, ex: Executor): Promise<number> {
    const [linha] = await ex.insert(forcaTarefa).values(dados).returning({ id: forcaTarefa.id });
    return linha!.id;
  }

  async update(id: number, dados: Partial<DadosForcaTarefa> & Pick<DadosForcaTarefa, 'usuarioInternoGravou' | 'ipOrigemAlteracao'>, ex: Executor): Promise<void> {
    await ex.update(forcaTarefa).set({ ...dados, dataAtualizacao: sql`now()` }).where(eq(forcaTarefa.id, id));
  }

  /** Replaces the states served. */
  async definirUfs(id: number, ufs: string[], ex: Executor): Promise<void> {
    await ex.delete(forcaTarefaUf).where(eq(forcaTarefaUf.forcaTarefaId, id));
    if (ufs.length > 0) await ex.insert(forcaTarefaUf).values(ufs.map((uf) => ({ forcaTarefaId: id, uf })));
  }

  /** Replaces the servers. */
  async definirServidores(id: number, servidores: number[], ex: Executor): Promise<void> {
    await ex.delete(forcaTarefaLotacao).where(eq(forcaTarefaLotacao.forcaTarefaId, id));
    if (servidores.length > 0) {
      await ex.insert(forcaTarefaLotacao).values(servidores.map((usuarioMapaId) => ({ forcaTarefaId: id, usuarioMapaId })));
    }
  }

  async removerServidores(id: number, servidores: number[], ex: Executor): Promise<number> {
    const rows = await ex.delete(forcaTarefaLotacao)
      .where(and(eq(forcaTarefaLotacao.forcaTarefaId, id), inArray(forcaTarefaLotacao.usuarioMapaId, servidores)))
      .returning({ id: forcaTarefaLotacao.usuarioMapaId });
    return rows.length;
  }

  async removerUf(id: number, uf: string, ex: Executor): Promise<number> {
    const rows = await ex.delete(forcaTarefaUf).where(and(eq(forcaTarefaUf.forcaTarefaId, id), eq(forcaTarefaUf.uf, uf)))
      .returning({ uf: forcaTarefaUf.uf });
    return rows.length;
  }

  async delete(id: number, ex: Executor): Promise<void> {
    await ex.delete(forcaTarefa).where(eq(forcaTarefa.id, id));
  }
}
