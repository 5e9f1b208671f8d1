import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, poolDeTeste, type TestApp } from '../../test/helpers';

/**
 * The kept totals of the open statistics (migration 0011) equal a fresh count of the registry after every kind of
 * write on pescador and solicitacao: single and bulk inserts, updates that move a fisher or a request from one
 * value to another, updates that change nothing counted, deletes, from many connections at once. A missing or
 * wrong trigger makes one of these comparisons fail.
 */

let t: TestApp;
let pool: pg.Pool;

beforeAll(async () => {
  t = await createTestApp();
  pool = poolDeTeste(t, 6);
});
afterAll(async () => {
  await pool.end();
  await t.close();
});

type Mapa = Record<string, number>;
const mapa = (rows: { k: string; total: string | number }[]): Mapa =>
  Object.fromEntries(rows.filter((r) => Number(r.total) !== 0).map((r) => [r.k, Number(r.total)]));

type Totais = { pescador: Mapa; nascimento: Mapa; mes: Mapa; solicitacao: Mapa };

async function mantidos(): Promise<Totais> {
  const a = await pool.query("SELECT dimensao || '/' || chave AS k, total FROM estatistica_pescador");
  const b = await pool.query("SELECT data_nascimento::text AS k, total FROM estatistica_nascimento");
  const c = await pool.query("SELECT mes || '/' || tipo || '/' || situacao AS k, total FROM estatistica_solicitacao");
  const m = await pool.query('SELECT mes::text AS k, total FROM estatistica_nascimento_mes');
  return { pescador: mapa(a.rows), nascimento: mapa(b.rows), mes: mapa(m.rows), solicitacao: mapa(c.rows) };
}

async function contados(): Promise<Totais> {
  const a = await pool.query(`
    SELECT v.d || '/' || v.c AS k, count(*) AS total FROM pescador p CROSS JOIN LATERAL (VALUES
      ('total', ''), ('uf', coalesce(p.uf, '')), ('municipio', coalesce(p.municipio_id::text, '')),
      ('categoria', coalesce(p.categoria::text, '')), ('sexo', coalesce(p.sexo::text, '')),
      ('atividade', coalesce(p.forma_atuacao::text, '')), ('situacao', p.situacao_registro::text)) v(d, c)
    WHERE p.situacao_registro IS NOT NULL GROUP BY 1`);
  const b = await pool.query(`SELECT data_nascimento::text AS k, count(*) AS total FROM pescador
    WHERE situacao_registro IS NOT NULL AND data_nascimento IS NOT NULL GROUP BY 1`);
  const c = await pool.query(`SELECT to_char(enviada_em AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM') || '/' || tipo || '/' || situacao AS k,
    count(*) AS total FROM solicitacao WHERE enviada_em IS NOT NULL GROUP BY 1`);
  const m = await pool.query(`SELECT date_trunc('month', data_nascimento)::date::text AS k, count(*) AS total FROM pescador
    WHERE situacao_registro IS NOT NULL AND data_nascimento IS NOT NULL GROUP BY 1`);
  return { pescador: mapa(a.rows), nascimento: mapa(b.rows), mes: mapa(m.rows), solicitacao: mapa(c.rows) };
}

async function conferir() {
  expect(await mantidos()).toEqual(await contados());
}

describe('kept totals of the open statistics', () => {
  it('has its triggers on pescador and solicitacao for insert, update, delete and truncate', async () => {
    const { rows } = await pool.query<{ tgname: string }>(`
      SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgname LIKE 'estatistica_%' ORDER BY tgname`);
    expect(rows.map((r) => r.tgname)).toEqual([
      'estatistica_pescador_delete', 'estatistica_pescador_insert', 'estatistica_pescador_truncate', 'estatistica_pescador_update',
      'estatistica_solicitacao_delete', 'estatistica_solicitacao_insert', 'estatistica_solicitacao_truncate', 'estatistica_solicitacao_update',
    ]);
  });

  it('count fishers as they are inserted, in bulk and one by one', async () => {
    await pool.query(`
      INSERT INTO pescador (cpf, nome, uf, municipio_id, categoria, sexo, forma_atuacao, situacao_registro, data_nascimento)
      SELECT '6' || lpad(g::text, 10, '0'), 'PESCADOR ' || g, (ARRAY['PA','MA','SP'])[1 + g % 3], (ARRAY[1501402, 2111300, NULL])[1 + g % 3],
             1 + g % 2, 1 + g % 3, 1 + g % 2, (ARRAY[1, 1, 6, 2])[1 + g % 4], date '1970-01-01' + g * 97
      FROM generate_series(1, 120) g`);
    // A sign-in creates a fisher without a registry: not counted.
    await pool.query("INSERT INTO pescador (cpf, nome) VALUES ('69999999999', 'SEM REGISTRO')");
    await pool.query(`INSERT INTO pescador (cpf, nome, uf, situacao_registro, data_nascimento) VALUES ('69999999998', 'UM', 'AM', 1, '1990-05-05')`);
    await conferir();
    const { rows } = await pool.query("SELECT total FROM estatistica_pescador WHERE dimensao = 'uf' AND chave = 'AM'");
    expect(Number(rows[0]!.total)).toBe(1);
  });

  it('move fishers between values on update, ignore updates of other columns, and drop them on delete', async () => {
    await pool.query("UPDATE pescador SET uf = 'BA', municipio_id = NULL WHERE cpf LIKE '6%' AND id % 5 = 0");
    await pool.query("UPDATE pescador SET data_nascimento = data_nascimento + 1, sexo = 2 WHERE cpf LIKE '6%' AND id % 7 = 0");
    await pool.query("UPDATE pescador SET situacao_registro = 1 WHERE cpf = '69999999999'"); // the registry is granted
    await pool.query("UPDATE pescador SET situacao_registro = NULL WHERE cpf = '69999999998'");
    await pool.query("UPDATE pescador SET apelido = 'ZE' WHERE cpf LIKE '6%'"); // nothing counted changes
    await pool.query("DELETE FROM pescador WHERE cpf LIKE '6%' AND id % 11 = 0 AND NOT EXISTS (SELECT 1 FROM solicitacao s WHERE s.pescador_id = pescador.id)");
    await conferir();
  });

  it('follow requests as they are sent and change situation, also from concurrent transactions', async () => {
    await pool.query(`
      INSERT INTO solicitacao (pescador_id, tipo, situacao, uf_pescador, enviada_em)
      SELECT id, (ARRAY[1, 2, 5])[1 + id % 3], CASE WHEN id % 4 = 0 THEN 1 ELSE 6 END, uf,
             CASE WHEN id % 4 = 0 THEN NULL ELSE timestamptz '2025-01-31 23:30:00-03' + (id % 60) * interval '9 days' END
      FROM pescador WHERE cpf LIKE '6%'`);
    await conferir();
    // The analysis moves requests on, in many small transactions at once (and a draft is sent).
    const { rows } = await pool.query<{ id: number }>('SELECT id FROM solicitacao ORDER BY id');
    await Promise.all(Array.from({ length: 6 }, async (_, w) => {
      for (const { id } of rows.filter((_r, i) => i % 6 === w)) {
        const c = await pool.connect();
        try {
          await c.query('BEGIN');
          await c.query(`UPDATE solicitacao SET situacao = CASE WHEN situacao = 1 THEN 6 WHEN $1 % 3 = 0 THEN 5 ELSE 4 END,
            enviada_em = coalesce(enviada_em, now()) WHERE id = $1`, [id]);
          await c.query(id % 5 === 0 ? 'ROLLBACK' : 'COMMIT');
        } finally {
          c.release();
        }
      }
    }));
    await pool.query('UPDATE solicitacao SET atualizado_em = now()'); // nothing counted changes
    await pool.query('DELETE FROM solicitacao WHERE id % 13 = 0');
    await conferir();
  });
});
