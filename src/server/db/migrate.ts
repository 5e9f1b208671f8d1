import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

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
