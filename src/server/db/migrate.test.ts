import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { portaLivre } from '../test/porta-livre';
import { migrationsFolder, TRAVA_MIGRACOES } from './migrate';

/**
 * Issue 23, point 1: instances that start together on an empty database apply each migration exactly once. Three
 * real processes of the migrate step (`scripts/db.ts seed`, the same `migrarUmaVez` as the server's start) are
 * started at the same moment on one new, empty database; before the lock one of them died on a `CREATE TABLE`
 * that another had just run.
 */
const adminUrl = inject('testAdminUrl');
const banco = `rgp_t_migra_${process.pid}`;
const bancoServidores = `rgp_t_migra_srv_${process.pid}`;
const urlDe = (nome: string) => {
  const u = new URL(adminUrl);
  u.pathname = `/${nome}`;
  return u.toString();
};
const url = urlDe(banco);

let admin: pg.Client;
const filhos: ChildProcess[] = [];
let dataDir = '';
beforeAll(async () => {
  admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const b of [banco, bancoServidores]) {
    await admin.query(`DROP DATABASE IF EXISTS ${b}`);
    await admin.query(`CREATE DATABASE ${b}`);
  }
  dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'rgp-migra-'));
});

afterAll(async () => {
  for (const f of filhos) if (f.exitCode === null && f.signalCode === null) f.kill('SIGKILL');
  for (const b of [banco, bancoServidores]) await admin.query(`DROP DATABASE IF EXISTS ${b} WITH (FORCE)`);
  await admin.end();
  await fs.promises.rm(dataDir, { recursive: true, force: true });
});

/** A whole server (src/server/main.ts) on the empty database; answers when it is ready, or how it died. */
async function servidor(): Promise<{ pronto: boolean; saida: string; filho: ChildProcess }> {
  const porta = await portaLivre();
  const filho = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '', NODE_ENV: 'development', DATABASE_URL: urlDe(bancoServidores), SEED_DEMO: 'true',
      PORT: String(porta), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${porta}`, DATA_DIR: dataDir,
      LOG_LEVEL: 'warn', DB_POOL_MAX: '4', DEV_IDP_UNSAFE: 'true',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  filhos.push(filho);
  let saida = '';
  filho.stderr!.on('data', (d: Buffer) => (saida += d.toString()));
  for (let i = 0; i < 900; i++) {
    if (filho.exitCode !== null) return { pronto: false, saida, filho };
    try {
      if ((await fetch(`http://127.0.0.1:${porta}/api/health`)).ok) return { pronto: true, saida, filho };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { pronto: false, saida: `${saida}\n(not ready within 90 s)`, filho };
}

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

  it('three servers started together on an empty database all come up: migrations, seeds and the job queues once', async () => {
    // Before the queues were made inside the lock too, one or two of three died with 'deadlock detected' in
    // pg-boss's create_queue about one start in two (the drill, decision 0049).
    const servidores = await Promise.all([servidor(), servidor(), servidor()]);
    for (const s of servidores) expect(s.pronto, s.saida).toBe(true);
    await Promise.all(servidores.map(({ filho }) => new Promise((r) => {
      filho.once('exit', r);
      filho.kill('SIGTERM');
    })));
    const c = new pg.Client({ connectionString: urlDe(bancoServidores) });
    await c.connect();
    try {
      const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      expect(rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await c.end();
    }
  }, 180_000);
});
