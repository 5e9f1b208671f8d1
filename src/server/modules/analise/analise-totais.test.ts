import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, poolDeTeste, type TestApp } from '../../test/helpers';

/**
 * The kept totals of analyses (analise_totais, triggers of migration 0006) stay exact while analyses are
 * inserted, moved between situations, updated in bulk and deleted by many connections at once: after the storm
 * they equal a fresh count of the analyses, key by key.
 */

let t: TestApp;
let pool: pg.Pool;
const solicitacoes: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  pool = poolDeTeste(t, 8);
  // 60 fishers in 3 states, one request each of a few types.
  const { rows } = await t.db.execute<{ id: number }>(sql`
    WITH p AS (
      INSERT INTO pescador (cpf, nome, uf)
      SELECT '7' || lpad(g::text, 10, '0'), 'PESCADOR ' || g, (ARRAY['PA','SP','AM'])[1 + g % 3] FROM generate_series(1, 60) g
      RETURNING id, uf)
    INSERT INTO solicitacao (pescador_id, tipo, situacao, uf_pescador)
    SELECT id, (ARRAY[1, 2, 5, 7, 10])[1 + id % 5], 2, uf FROM p RETURNING id`);
  solicitacoes.push(...rows.map((r) => r.id));
});
afterAll(async () => {
  await pool.end();
  await t.close();
});

/** A small deterministic generator, so that a failure can be replayed. */
function gerador(semente: number) {
  let x = semente;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
}

async function totaisMantidos(): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ chave: string; total: string }>(
    "SELECT uf || '/' || tipo_solicitacao || '/' || situacao_analise AS chave, total FROM analise_totais WHERE total <> 0");
  return Object.fromEntries(rows.map((r) => [r.chave, Number(r.total)]));
}

async function contagemNova(): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ chave: string; total: string }>(`
    SELECT coalesce(uf_pescador, '') || '/' || tipo_solicitacao || '/' || situacao_analise AS chave, count(*) AS total
    FROM analise_solicitacao GROUP BY 1`);
  return Object.fromEntries(rows.map((r) => [r.chave, Number(r.total)]));
}

describe('kept totals of analyses', () => {
  it('equal a fresh count after concurrent inserts, moves, bulk updates and deletes', async () => {
    const aleatorio = gerador(20261125);
    const operacoes = Array.from({ length: 240 }, (_, i) => i);
    let falhas = 0;
    await Promise.all(Array.from({ length: 8 }, async (_, trabalhador) => {
      for (const i of operacoes.filter((o) => o % 8 === trabalhador)) {
        const cliente = await pool.connect();
        try {
          await cliente.query('BEGIN');
          const tipo = aleatorio(5);
          if (tipo <= 1) {
            const s = solicitacoes[aleatorio(solicitacoes.length)]!;
            await cliente.query(
              `INSERT INTO analise_solicitacao (solicitacao_id, situacao_analise, uf_pescador)
               SELECT id, 1, uf_pescador FROM solicitacao WHERE id = $1`, [s]);
          } else if (tipo === 2) {
            await cliente.query(
              'UPDATE analise_solicitacao SET situacao_analise = $1 WHERE id = (SELECT id FROM analise_solicitacao ORDER BY random() LIMIT 1)',
              [1 + aleatorio(4)]);
          } else if (tipo === 3) {
            // A bulk move, as the daily deadline job and batch processing do.
            await cliente.query(
              'UPDATE analise_solicitacao SET situacao_analise = $1, data_hora_bloqueio = now() WHERE id % 7 = $2',
              [1 + aleatorio(4), aleatorio(7)]);
          } else {
            await cliente.query(
              'DELETE FROM analise_solicitacao WHERE id = (SELECT id FROM analise_solicitacao ORDER BY random() LIMIT 1)');
          }
          // Some transactions roll back: their changes, totals included, must vanish.
          await cliente.query(i % 11 === 0 ? 'ROLLBACK' : 'COMMIT');
        } catch (err) {
          await cliente.query('ROLLBACK');
          // A deadlock would show here; row-lock waits are fine.
          if ((err as { code?: string }).code === '40P01') falhas++;
          else throw err;
        } finally {
          cliente.release();
        }
      }
    }));
    expect(falhas).toBe(0);
    const contagem = await contagemNova();
    expect(Object.keys(contagem).length).toBeGreaterThan(5);
    expect(await totaisMantidos()).toEqual(contagem);
  }, 60_000);

  it('copies the request type on each new analysis, whoever inserts it', async () => {
    const s = solicitacoes[3]!;
    await t.db.execute(sql`INSERT INTO analise_solicitacao (solicitacao_id, situacao_analise, uf_pescador) VALUES (${s}, 1, 'PA')`);
    const { rows } = await t.db.execute<{ iguais: boolean }>(sql`
      SELECT bool_and(a.tipo_solicitacao = s.tipo) AS iguais FROM analise_solicitacao a JOIN solicitacao s ON s.id = a.solicitacao_id`);
    expect(rows[0]!.iguais).toBe(true);
  });

  it('empty after TRUNCATE', async () => {
    await t.db.execute(sql`TRUNCATE analise_solicitacao CASCADE`);
    expect(await totaisMantidos()).toEqual({});
  });
});
