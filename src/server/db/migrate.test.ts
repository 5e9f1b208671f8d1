import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder, TRAVA_MIGRACOES } from './migrate';

/**
 * Issue 23, point 1: instances that start together on an empty database apply each migration exactly once. Three
 * real processes of the migrate step (`scripts/db.ts seed`, the same `migrarUmaVez` as the server's start) are
 * started at the same moment on one new, empty database; before the lock one of them died on a `CREATE TABLE`
 * that another had just run.
 */
const adminUrl = inject('testAdminUrl');
const banco = `rgp_t_migra_${process.pid}`;
const url = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${banco}`;
  return u.toString();
})();

let admin: pg.Client;
beforeAll(async () => {
  admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${banco}`);
  await admin.query(`CREATE DATABASE ${banco}`);
});

afterAll(async () => {
  await admin.query(`DROP DATABASE IF EXISTS ${banco} WITH (FORCE)`);
  await admin.end();
});

function migrar(): Promise<{ codigo: number | null; saida: string }> {
  return new Promise((resolve) => {
    const filho = spawn(process.execPath, ['--import', 'tsx', 'scripts/db.ts', 'seed'], {
      env: { ...process.env, DATABASE_URL: url, SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let saida = '';
    filho.stdout.on('data', (d: Buffer) => (saida += d.toString()));
    filho.stderr.on('data', (d: Buffer) => (saida += d.toString()));
    filho.on('exit', (codigo) => resolve({ codigo, saida }));
  });
}

describe('migrations once (migrarUmaVez)', () => {
  it('three processes started together on an empty database all come up, and each migration is applied once', async () => {
    const resultados = await Promise.all([migrar(), migrar(), migrar()]);
    for (const r of resultados) {
      expect(r.saida).toContain('migrations applied');
      expect(r.codigo, r.saida).toBe(0);
    }

    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const aplicadas = await c.query<{ hash: string; n: number }>(
        'SELECT hash, count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY hash');
      expect(aplicadas.rows).toHaveLength(journal.entries.length);
      expect(aplicadas.rows.every((r) => r.n === 1)).toBe(true);
      // The seeds ran inside the lock too: the reference data once, the demo accounts once.
      const ufs = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM uf');
      expect(ufs.rows[0]!.n).toBe(27);
      const gestor = await c.query<{ n: number }>("SELECT count(*)::int AS n FROM usuario WHERE cpf = '10000000108'");
      expect(gestor.rows[0]!.n).toBe(1);
      // Nobody holds the lock once they are done.
      const travas = await c.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND ((classid::bigint << 32) | objid::bigint) = $1",
        [TRAVA_MIGRACOES]);
      expect(travas.rows[0]!.n).toBe(0);
    } finally {
      await c.end();
    }
  }, 120_000);
});
