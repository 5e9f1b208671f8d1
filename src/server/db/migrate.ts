import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database, DbHandle } from './client';

/**
 * `db/migrations` of the checkout, found from this file upwards: the same from the TypeScript source
 * (src/server/db) and from the server bundle (dist/server).
 */
function pastaDasMigracoes(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidata = path.join(dir, 'db', 'migrations', 'meta', '_journal.json');
    if (fs.existsSync(candidata)) return path.dirname(path.dirname(candidata));
    if (path.dirname(dir) === dir) throw new Error('db/migrations not found above the server code');
  }
}

export const migrationsFolder = pastaDasMigracoes();

/** Applies the committed SQL migrations (forward-only). Safe to call on every start. */
export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/**
 * Key of the PostgreSQL advisory lock that the instances starting together take around the migrations and the
 * seeds (issue 23): any fixed 64-bit number that nothing else in the database uses.
 */
export const TRAVA_MIGRACOES = 4_720_150_021_001;

/**
 * Applies the migrations (and then `depois`, the seeds) once, however many instances start at the same moment on
 * the same database: each waits for a session-level advisory lock on a connection of its own, so the first one
 * migrates while the others wait and then find nothing left to do (drizzle's journal table says so). Without it two
 * instances started together on an empty database both ran `CREATE TABLE` and one died (issue 23, point 1).
 *
 * The lock is a session's: through PgBouncer in transaction mode it would not hold, so the migrate step must reach
 * PostgreSQL directly (docs/operations.md).
 */
export async function migrarUmaVez(handle: DbHandle, depois?: () => Promise<void>): Promise<void> {
  const sessao = await handle.pool.connect();
  try {
    await sessao.query('SELECT pg_advisory_lock($1)', [TRAVA_MIGRACOES]);
    try {
      await runMigrations(handle.db);
      await depois?.();
    } finally {
      await sessao.query('SELECT pg_advisory_unlock($1)', [TRAVA_MIGRACOES]);
    }
  } finally {
    sessao.release();
  }
}
