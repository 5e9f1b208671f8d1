import { desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { assercaoClienteUsada, clienteIntegracao } from '../../db/schema';

export type ClienteIntegracaoRow = typeof clienteIntegracao.$inferSelect;
export type NovoClienteIntegracao = typeof clienteIntegracao.$inferInsert;

/** `cliente_integracao`: the agencies' machine clients. */
export class ClienteIntegracaoRepository {
  constructor(private readonly db: Database) {}

  async criar(novo: NovoClienteIntegracao, ex: Executor = this.db): Promise<ClienteIntegracaoRow> {
    const [row] = await ex.insert(clienteIntegracao).values(novo).returning();
    return row!;
  }

  async listar(): Promise<ClienteIntegracaoRow[]> {
    return this.db.select().from(clienteIntegracao).orderBy(desc(clienteIntegracao.id));
  }

  async porId(id: number, ex: Executor = this.db): Promise<ClienteIntegracaoRow | undefined> {
    const [row] = await ex.select().from(clienteIntegracao).where(eq(clienteIntegracao.id, id));
    return row;
  }

  async porIdentificador(identificador: string): Promise<ClienteIntegracaoRow | undefined> {
    const [row] = await this.db.select().from(clienteIntegracao).where(eq(clienteIntegracao.identificador, identificador));
    return row;
  }

  /** A new generation of the credential: every token of the previous one is refused from now on. */
  async trocarCredencial(
    id: number, c: { segredoHash: string | null; chavePublica: unknown }, ex: Executor = this.db,
  ): Promise<ClienteIntegracaoRow | undefined> {
    const [row] = await ex.update(clienteIntegracao)
      .set({
        segredoHash: c.segredoHash, chavePublica: c.chavePublica,
        versaoCredencial: sql`${clienteIntegracao.versaoCredencial} + 1`, atualizadoEm: sql`now()`,
      })
      .where(sql`${clienteIntegracao.id} = ${id} AND ${clienteIntegracao.revogadoEm} IS NULL`)
      .returning();
    return row;
  }

  async revogar(id: number, ex: Executor = this.db): Promise<ClienteIntegracaoRow | undefined> {
    const [row] = await ex.update(clienteIntegracao)
      .set({ revogadoEm: sql`COALESCE(${clienteIntegracao.revogadoEm}, now())`, atualizadoEm: sql`now()` })
      .where(eq(clienteIntegracao.id, id))
      .returning();
    return row;
  }

  /**
   * Records the `jti` of a client assertion as used until `expiraEm` (decision 0124): true the first time, false for
   * a replay. Rows past their expiry are purged first, so a `jti` may come back once its assertion could not pass.
   */
  async usarAssercao(clienteId: number, jti: string, expiraEm: Date, agora: Date): Promise<boolean> {
    await this.db.delete(assercaoClienteUsada).where(sql`${assercaoClienteUsada.expiraEm} < ${agora}`);
    const inseridas = await this.db.insert(assercaoClienteUsada).values({ clienteId, jti, expiraEm })
      .onConflictDoNothing().returning({ jti: assercaoClienteUsada.jti });
    return inseridas.length === 1;
  }
}
