import { execFile } from 'node:child_process';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/helpers';
import { criarPool } from './client';

/**
 * Every pool's limits (docs/operations.md, "Connection budget"): a statement that runs too long is cancelled, a
 * transaction left idle is ended, and a database that does not answer fails the wait for a connection instead of
 * holding the request.
 */

let t: TestApp;
let mudo: net.Server;
const presos: net.Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  // Accepts connections and never answers, like a host behind a dropped route.
  mudo = net.createServer((s) => presos.push(s));
  await new Promise<void>((r) => mudo.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  for (const s of presos) s.destroy();
  await new Promise((r) => mudo.close(r));
  await t.close();
});

describe('database pools', () => {
  it('cancels a statement past its timeout, and ends a transaction left idle', async () => {
    const pool = criarPool(t.config.database.url!, 2, 'rgp-teste', { tempos: { conexaoMs: 5000, consultaMs: 300, ociosoEmTransacaoMs: 400 } });
    try {
      await expect(pool.query('SELECT pg_sleep(2)')).rejects.toThrow(/statement timeout/);
      const c = await pool.connect();
      const terminado = new Promise<unknown>((r) => c.once('error', r));
      await c.query('BEGIN');
      expect(String(await terminado)).toMatch(/idle-in-transaction|terminat/i);
      c.release(true);
      // The pool goes on with a new connection.
      expect((await pool.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it('sets the limits before the first query of a new connection, never beside it', async () => {
    // pg 8 warns once per process (pg 9 will refuse) when a query is sent while the client still runs another, so
    // new connections are opened in a process of their own and its warnings read.
    const script = `const { criarPool } = await import(${JSON.stringify(fileURLToPath(new URL('./client.ts', import.meta.url)))});
      const pool = criarPool(process.argv[1], 3, 'rgp-teste', { tempos: { conexaoMs: 5000, consultaMs: 4321, ociosoEmTransacaoMs: 5000 } });
      const lidos = await Promise.all([1, 2, 3].map(() => pool.query('SHOW statement_timeout')));
      console.log(JSON.stringify(lidos.map((r) => r.rows[0].statement_timeout)));
      await pool.end();`;
    const { stdout, stderr } = await promisify(execFile)(process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script, t.config.database.url!], { env: { ...process.env, NODE_OPTIONS: '' } });
    expect(JSON.parse(stdout)).toEqual(['4321ms', '4321ms', '4321ms']);
    expect(stderr).not.toMatch(/already executing a query/);
  });

  it('gives up waiting for a connection to a database that does not answer', async () => {
    const { port } = mudo.address() as AddressInfo;
    const pool = criarPool(`postgresql://rgp:x@127.0.0.1:${port}/rgp`, 1, 'rgp-teste', { tempos: { conexaoMs: 300, consultaMs: 0, ociosoEmTransacaoMs: 0 } });
    try {
      const inicio = performance.now();
      await expect(pool.query('SELECT 1')).rejects.toThrow(/timeout/i);
      expect(performance.now() - inicio).toBeLessThan(10_000);
    } finally {
      await pool.end();
    }
  });

  it('reads the limits, the job queue\'s pool and the instance role from the environment, and refuses a wrong role', () => {
    const c = loadConfig({ NODE_ENV: 'test', JOBS_POOL_MAX: '3', DB_STATEMENT_TIMEOUT_MS: '5000', INSTANCE_ROLE: 'web' });
    expect(c.database.poolJobsMax).toBe(3);
    expect(c.database.tempos).toEqual({ conexaoMs: 10_000, consultaMs: 5000, ociosoEmTransacaoMs: 60_000 });
    expect(c.papel).toBe('web');
    expect(loadConfig({ NODE_ENV: 'test' }).papel).toBe('both');
    expect(() => loadConfig({ NODE_ENV: 'test', INSTANCE_ROLE: 'worker' })).toThrow(/INSTANCE_ROLE/);
  });
});
