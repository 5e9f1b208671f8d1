import { and, count, desc, eq, gte, ilike, isNull, lte, not, or, sql, type SQL } from 'drizzle-orm';
import type { FiltrosAtoNormativo } from '../../../shared/schemas/ato-normativo';
import type { Database, Executor } from '../../db/client';
import { atoNormativo } from '../../db/schema';

export type AtoNormativoLinha = typeof atoNormativo.$inferSelect;

export interface DadosAto {
  nome: string;
  descricao: string;
  dataInicioVigencia: string;
  dataTerminoVigencia: string | null;
  prazoRecursoDias: number | null;
  prazoDecisaoRecursoDias: number | null;
  usuarioInternoGravou: string;
  ipOrigemAlteracao: string;
}

/** The end date is the last day in force. */
function emVigor(dia: string): SQL {
  return and(
    lte(atoNormativo.dataInicioVigencia, dia),
    or(isNull(atoNormativo.dataTerminoVigencia), gte(atoNormativo.dataTerminoVigencia, dia)),
  )!;
}

/** Escapes LIKE's wildcards in what the user typed. */
function contendo(texto: string): string {
  return `%${texto.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** SQL of the normative acts: the only writer of `ato_normativo`. */
export class AtoNormativoRepository {
  constructor(private readonly db: Database) {}

  async findById(id: number, ex: Executor = this.db): Promise<AtoNormativoLinha | undefined> {
    const [linha] = await ex.select().from(atoNormativo).where(eq(atoNormativo.id, id));
    return linha;
  }

  async lockById(id: number, ex: Executor): Promise<AtoNormativoLinha | undefined> {
    const [linha] = await ex.select().from(atoNormativo).where(eq(atoNormativo.id, id)).for('update');
    return linha;
  }

  /** Of those in force, the one that started last. */
  async findVigente(dia: string): Promise<AtoNormativoLinha | undefined> {
    const [linha] = await this.db.select().from(atoNormativo).where(emVigor(dia))
      .orderBy(desc(atoNormativo.dataInicioVigencia), desc(atoNormativo.id)).limit(1);
    return linha;
  }

  async listar(f: FiltrosAtoNormativo, hoje: string): Promise<{ total: number; linhas: AtoNormativoLinha[] }> {
    const where: SQL[] = [];
    if (f.nome) where.push(ilike(atoNormativo.nome, contendo(f.nome)));
    if (f.vigente !== undefined) where.push(f.vigente ? emVigor(hoje) : not(emVigor(hoje)));
    if (f.data) where.push(emVigor(f.data));
    const filtro = where.length > 0 ? and(...where) : undefined;
    const [{ total }] = await this.db.select({ total: count() }).from(atoNormativo).where(filtro) as [{ total: number }];
    const linhas = await this.db.select().from(atoNormativo).where(filtro)
      .orderBy(desc(atoNormativo.dataInicioVigencia), desc(atoNormativo.id))
      .limit(f.tamanhoPagina).offset((f.pagina - 1) * f.tamanhoPagina);
    return { total, linhas };
  }

  async insert(dados: DadosAto, ex: Executor = this.db): Promise<AtoNormativoLinha> {
    const [linha] = await ex.insert(atoNormativo).values(dados).returning();
    return linha!;
  }

  async update(id: number, dados: DadosAto, ex: Executor = this.db): Promise<AtoNormativoLinha | undefined> {
    const [linha] = await ex.update(atoNormativo).set({ ...dados, dataAtualizacao: sql`now()` })
      .where(eq(atoNormativo.id, id)).returning();
    return linha;
  }

  /** A row that references it makes PostgreSQL refuse with 23503; the service turns that into 409. */
  async delete(id: number, ex: Executor = this.db): Promise<boolean> {
    const rows = await ex.delete(atoNormativo).where(eq(atoNormativo.id, id)).returning({ id: atoNormativo.id });
    return rows.length > 0;
  }
}
