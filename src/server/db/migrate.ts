import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
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

/**
 * A migration that waits for a lock gives up after LOCK_TIMEOUT instead of queueing every request behind it (the
 * step fails, the old release keeps serving, the init container tries again); one that runs longer than
 * STATEMENT_TIMEOUT is stopped. Set on the migrating session only, after the advisory lock (which must wait).
 */
export const TEMPOS_MIGRACAO = { lockTimeoutMs: 5_000, statementTimeoutMs: 15 * 60_000 };

/** Any fixed 64-bit number that nothing else in the database uses. */
export const TRAVA_MIGRACOES = 4_720_150_021_001;

/**
 * Applies the migrations, then the seeds, once however many instances start together: each waits for a
 * session-level advisory lock, the first migrates, the others find nothing left to do. Through PgBouncer in
 * transaction mode the lock would not hold, so this step reaches PostgreSQL directly (docs/operations.md).
 */
export async function migrarUmaVez(handle: DbHandle, depois?: () => Promise<void>, tempos = TEMPOS_MIGRACAO): Promise<void> {
  const sessao = await handle.pool.connect();
  try {
    await sessao.query('SELECT pg_advisory_lock($1)', [TRAVA_MIGRACOES]);
    try {
      await migrarNaSessao(sessao, tempos);
      await depois?.();
    } finally {
      await sessao.query('SELECT pg_advisory_unlock($1)', [TRAVA_MIGRACOES]);
    }
  } finally {
    sessao.release();
  }
}

/** The pending migrations on this session, with its timeouts for their duration. */
export async function migrarNaSessao(sessao: pg.PoolClient | pg.Client, tempos = TEMPOS_MIGRACAO): Promise<void> {
  const antes = await sessao.query<{ l: string; s: string }>("SELECT current_setting('lock_timeout') AS l, current_setting('statement_timeout') AS s");
  await sessao.query(`SET lock_timeout = ${Math.floor(tempos.lockTimeoutMs)}; SET statement_timeout = ${Math.floor(tempos.statementTimeoutMs)}`);
  try {
    await migrate(drizzle(sessao), { migrationsFolder });
  } finally {
    // The pool's own limits come back for the session's next user.
    await sessao.query("SELECT set_config('lock_timeout', $1, false), set_config('statement_timeout', $2, false)", [antes.rows[0]!.l, antes.rows[0]!.s]);
  }
}
