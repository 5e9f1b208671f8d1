import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { especie, municipio, profissao, referencia, uf } from '../../db/schema';
import type {
  Especie, ItemReferencia, Municipio, Profissao,
} from '../../../shared/referencias';

const ACENTUADAS = 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ';
const SEM_ACENTO = 'AAAAAEEEEIIIIOOOOOUUUUCNaaaaaeeeeiiiiooooouuuucn';

/**
 * Alphabetical order as a Brazilian reader expects it ('Água Boa' among the A's, not after 'Zortéa') on any
 * server collation: the test and embedded clusters use C.UTF-8, where accented letters sort after 'z'.
 * Then the name itself, so the order is total.
 */
function ordemAlfabetica(col: AnyPgColumn): SQL[] {
  return [sql`lower(translate(${col}, ${ACENTUADAS}, ${SEM_ACENTO}))`, asc(col)];
}

/** SQL of the reference tables; no rules. */
export class ReferenciaRepository {
  constructor(private readonly db: Database) {}

  /** The municipalities of one state (index municipio_uf_nome_idx); at most 853 rows (MG). */
  listMunicipiosByUf(sigla: string): Promise<Municipio[]> {
    return this.db
      .select({ id: municipio.id, nome: municipio.nome, uf: municipio.uf })
      .from(municipio)
      .where(eq(municipio.uf, sigla))
      .orderBy(...ordemAlfabetica(municipio.nome));
  }

  /** The municipalities of the given codes (primary key), unknown codes left out. */
  listMunicipiosByIds(ids: readonly number[]): Promise<Municipio[]> {
    return this.db
      .select({ id: municipio.id, nome: municipio.nome, uf: municipio.uf })
      .from(municipio)
      .where(inArray(municipio.id, [...ids]))
      .orderBy(...ordemAlfabetica(municipio.nome));
  }

  listProfissoes(): Promise<Profissao[]> {
    return this.db
      .select({ id: profissao.id, descricao: profissao.descricao })
      .from(profissao)
      .orderBy(...ordemAlfabetica(profissao.descricao));
  }

  listEspecies(): Promise<Especie[]> {
    return this.db
      .select({ id: especie.id, nome: especie.nome, nomeCientifico: especie.nomeCientifico })
      .from(especie)
      .orderBy(...ordemAlfabetica(especie.nome));
  }

  /** The states as a reference list (id = IBGE code), by name. */
  async listUfs(): Promise<ItemReferencia[]> {
    return this.db
      .select({ id: uf.codigo, descricao: uf.nome, sigla: uf.sigla })
      .from(uf)
      .orderBy(...ordemAlfabetica(uf.nome));
  }

  /** The items of one fixed list, in the list's own order (its ids). */
  async listItens(lista: string): Promise<ItemReferencia[]> {
    const rows = await this.db
      .select({ id: referencia.id, descricao: referencia.descricao, sigla: referencia.sigla })
      .from(referencia)
      .where(eq(referencia.lista, lista))
      .orderBy(asc(referencia.id));
    return rows.map((r) => (r.sigla === null ? { id: r.id, descricao: r.descricao } : { id: r.id, descricao: r.descricao, sigla: r.sigla }));
  }
}
