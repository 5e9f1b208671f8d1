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

export function connect(url: string, max = 10, opcoes: { somenteLeitura?: boolean } = {}): DbHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: opcoes.somenteLeitura ? 'rgp-leitura' : 'rgp',
    // Reads sent to a standby run in read-only transactions: a replica URL that points at the primary by mistake
    // still cannot be written through.
    ...(opcoes.somenteLeitura ? { options: '-c default_transaction_read_only=on' } : {}),
  });
  // An idle client's error (the server went away) must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
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
