import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';
import { consultaNomeada } from './client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('consultaNomeada (db/client.ts)', () => {
  it('runs inside the caller\'s transaction: it sees the transaction\'s own write, and the rollback undoes its own', async () => {
    await t.db.execute(sql`CREATE TABLE IF NOT EXISTS teste_nomeada (id int PRIMARY KEY)`);
    await expect(t.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO teste_nomeada VALUES (1)`);
      const { rows } = await consultaNomeada<{ n: number }>(tx, { name: 'teste_nomeada_contar', text: 'SELECT count(*)::int AS n FROM teste_nomeada' });
      expect(rows[0]!.n).toBe(1);
      await consultaNomeada(tx, { name: 'teste_nomeada_inserir', text: 'INSERT INTO teste_nomeada VALUES ($1)', values: [2] });
      throw new Error('rollback');
    })).rejects.toThrow('rollback');
    const { rows } = await consultaNomeada<{ n: number }>(t.db, { name: 'teste_nomeada_contar', text: 'SELECT count(*)::int AS n FROM teste_nomeada' });
    expect(rows[0]!.n).toBe(0);
  });

  it('prepares the statement once on a connection and reuses it by name', async () => {
    const c = await t.db.$client.connect();
    try {
      const db = { session: { client: c } } as unknown as typeof t.db;
      for (const v of [1, 2, 3]) {
        const { rows } = await consultaNomeada<{ v: number }>(db, { name: 'teste_nomeada_eco', text: 'SELECT $1::int AS v', values: [v] });
        expect(rows[0]!.v).toBe(v);
      }
      const { rows } = await c.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = 'teste_nomeada_eco'");
      expect(rows[0]!.n).toBe(1);
    } finally {
      c.release();
    }
  });
});
