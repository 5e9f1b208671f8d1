import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, poolDeTeste, type TestApp } from '../test/helpers';
import { esperarAte } from '../test/servidor-filho';
import { pescador, solicitacao } from './schema';
import { travarSolicitacaoComPescador } from './travas';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function pedido(cpf: string): Promise<{ idPescador: number; idSolicitacao: number }> {
  const { rows: [p] } = await t.db.execute<{ id: number }>(sql`INSERT INTO pescador (cpf, nome) VALUES (${cpf}, 'TRAVA') RETURNING id`);
  const { rows: [s] } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO solicitacao (pescador_id, tipo, situacao) VALUES (${p!.id}, 1, 1) RETURNING id`);
  return { idPescador: p!.id, idSolicitacao: s!.id };
}

describe('travarSolicitacaoComPescador (db/travas.ts)', () => {
  it('locks the fisher before the request: while another holds the fisher, the request is still free', async () => {
    const { idPescador, idSolicitacao } = await pedido('52998224725');
    const outro = poolDeTeste(t, 1);
    const c = await outro.connect();
    try {
      await c.query('BEGIN');
      await c.query('SELECT id FROM pescador WHERE id = $1 FOR UPDATE', [idPescador]);
      const travando = t.db.transaction((tx) => travarSolicitacaoComPescador(idSolicitacao, tx));
      const esperando = await esperarAte(
        async () => (await c.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        )).rows[0]!.n,
        (n) => n > 0, 10_000,
      );
      expect(esperando).toBe(1);
      // The request is not locked yet (NOWAIT fails with 55P03 when it is): the waiting transaction took nothing
      // before the fisher, so it cannot hold what this one needs next.
      const { rowCount } = await c.query('SELECT id FROM solicitacao WHERE id = $1 FOR UPDATE NOWAIT', [idSolicitacao]);
      expect(rowCount).toBe(1);
      await c.query('COMMIT');
      const travados = await travando;
      expect(travados?.pescador.id).toBe(idPescador);
      expect(travados?.solicitacao.id).toBe(idSolicitacao);
    } finally {
      c.release();
      await outro.end();
    }
  });

  it('reads both rows as drizzle\'s select reads them (dates, timestamps, json, nulls)', async () => {
    const { idPescador, idSolicitacao } = await pedido('11144477735');
    await t.db.execute(sql`UPDATE pescador SET data_nascimento = '1980-02-29', dados = '{"a": [1, "b"]}' WHERE id = ${idPescador}`);
    await t.db.execute(sql`UPDATE solicitacao SET enviada_em = now(), dados = '{"x": {"y": null}}' WHERE id = ${idSolicitacao}`);
    const travados = await t.db.transaction((tx) => travarSolicitacaoComPescador(idSolicitacao, tx));
    const [p] = await t.db.select().from(pescador).where(eq(pescador.id, idPescador));
    const [s] = await t.db.select().from(solicitacao).where(eq(solicitacao.id, idSolicitacao));
    expect(travados).toEqual({ pescador: p, solicitacao: s });
    expect(travados!.solicitacao.enviadaEm).toBeInstanceOf(Date);
  });

  it('answers undefined for a request that does not exist', async () => {
    expect(await t.db.transaction((tx) => travarSolicitacaoComPescador(2_000_000_000, tx))).toBeUndefined();
  });
});
