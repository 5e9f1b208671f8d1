import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database, DbHandle } from './client';

/** Found from this file upwards: the same from the source and from the bundle. */
function pastaDasMigracoes(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidata = path.join(dir, 'db', 'migrations', 'meta', '_journal.json');
    if (fs.existsSync(candidata)) return path.dirname(path.dirname(candidata));
    if (path.dirname(dir) === dir) throw new Error('db/migrations not found above the server code');
  }
}

export const migrationsFolder = pastaDasMigracoes();

/** Forward-only. Safe to call on every start. */
export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/** Any fixed 64-bit number that nothing else in the database uses. */
export const TRAVA_MIGRACOES = 4_720_150_021_001;

/**
 * Applies the migrations, then the seeds, once however many instances start together: each waits for a
 * session-level advisory lock, the first migrates, the others find nothing left to do. Through PgBouncer in
 * transaction mode the lock would not hold, so this step reaches PostgreSQL directly (docs/operations.md).
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
