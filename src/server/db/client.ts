import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface DbHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

// DATE columns come back as 'YYYY-MM-DD' strings, never shifted by the process timezone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
// bigint counts (count(*)) fit in a JS number at this registry's scale.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Limits of every connection a pool opens (milliseconds, 0 = none): waiting for a connection, one statement, and a
 * transaction left idle (it holds locks and a connection of the budget).
 */
export interface TemposDoPool { conexaoMs: number; consultaMs: number; ociosoEmTransacaoMs: number }
export const TEMPOS_POOL_PADRAO: TemposDoPool = { conexaoMs: 10_000, consultaMs: 120_000, ociosoEmTransacaoMs: 60_000 };

export function criarPool(url: string, max: number, nome: string, opcoes: { somenteLeitura?: boolean; tempos?: TemposDoPool } = {}): pg.Pool {
  const tempos = opcoes.tempos ?? TEMPOS_POOL_PADRAO;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: nome,
    connectionTimeoutMillis: tempos.conexaoMs,
    // A connection cut by a balancer or a failover is noticed by TCP, not at the next query's timeout.
    keepAlive: true,
    // Reads sent to a standby run in read-only transactions: a replica URL that points at the primary by mistake
    // still cannot be written through.
    ...(opcoes.somenteLeitura ? { options: '-c default_transaction_read_only=on' } : {}),
    // Set once connected rather than as startup parameters, which PgBouncer refuses. pg-pool awaits this hook before
    // it hands the client out, so the first query never runs beside it (pg 9 refuses two queries at once on a client).
    onConnect: (c: pg.ClientBase) => c
      .query(`SET statement_timeout = ${Math.floor(tempos.consultaMs)}; SET idle_in_transaction_session_timeout = ${Math.floor(tempos.ociosoEmTransacaoMs)}`)
      .then(() => undefined, () => undefined),
  });
  // An idle client's error (the server went away) must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Readiness's pool (main.ts): one connection, counted in the budget (deploy/deploy.test.ts), with short limits so a
 * probe never waits longer than its own timeout (3 s in deployment.yaml).
 */
export const POOL_PRONTIDAO_MAX = 1;
export function poolDeProntidao(url: string): pg.Pool {
  return criarPool(url, POOL_PRONTIDAO_MAX, 'rgp-prontidao', { tempos: { conexaoMs: 2000, consultaMs: 2000, ociosoEmTransacaoMs: 2000 } });
}

export function connect(url: string, max = 10, opcoes: { somenteLeitura?: boolean; tempos?: TemposDoPool } = {}): DbHandle {
  const pool = criarPool(url, max, opcoes.somenteLeitura ? 'rgp-leitura' : 'rgp', opcoes);
  const db = drizzle(pool, { schema }) as Database;
  return { db, pool, close: () => pool.end() };
}

/** A transaction handed out by `db.transaction`. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Where SQL runs: the pool or a transaction. */
export type Executor = Database | Tx;

/** A service method that writes more than once is atomic whether or not its caller opened a transaction. */
export function naTransacao<T>(db: Database, ex: Executor, fn: (tx: Executor) => Promise<T>): Promise<T> {
  return ex === db ? db.transaction(fn) : fn(ex);
}

/** What a named statement needs: its name (unique per text), its text, its values and, if not pg's, its parsers. */
export interface ComandoNomeado { name: string; text: string; values?: unknown[]; types?: pg.CustomTypesConfig }

/**
 * A named (prepared) statement on the pool or inside a transaction: each connection parses and plans it once, then
 * only binds and executes it (the hot paths, decision 0160). PgBouncer in session mode keeps a client's server connection for
 * the session, so the prepared statement is there when the name is used again. The rows come as pg types them.
 */
export function consultaNomeada<T extends pg.QueryResultRow>(ex: Executor, comando: ComandoNomeado): Promise<pg.QueryResult<T>> {
  // A drizzle database or transaction runs its SQL through `session.client`: the pool, or the transaction's client.
  const cliente = (ex as unknown as { session: { client: pg.Pool | pg.PoolClient } }).session.client;
  return cliente.query<T>(comando);
}
