import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SituacaoRelatorio } from '../../shared/schemas/relatorio';
import { semearPescadores } from '../modules/relatorio/relatorio.fixtures';
import { createTestApp, entrarComo, executarJobsPendentes, type TestApp } from '../test/helpers';
import { connect } from './client';

/**
 * Issue 23, point 3: with a standby named (DATABASE_REPLICA_URL, here a read-only clone of the same template), the
 * heavy reads that tolerate a little lag go to it, and nothing is ever written there. A marker written to one
 * database only tells which one a screen read from.
 */
let t: TestApp;
let replicaAdmin: pg.Client;
const GESTOR = '10000000108';

async function contarAuditoria(c: pg.Client | pg.Pool): Promise<number> {
  const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM auditoria');
  return rows[0]!.n;
}

beforeAll(async () => {
  // Reports over two fishers are written by a job (in its thread, decision 0050).
  t = await createTestApp({ comReplica: true, env: { RELATORIO_LIMITE_SINCRONO: '2' } });
  // Outside the app's read-only pool: the markers of the standby's own state.
  replicaAdmin = new pg.Client({ connectionString: t.replica!.url });
  await replicaAdmin.connect();
  await replicaAdmin.query(`INSERT INTO auditoria (acao, recurso) VALUES ('MARCADOR_REPLICA', '/replica')`);
  await replicaAdmin.query(`INSERT INTO estatistica_pescador (dimensao, chave, total) VALUES ('uf', 'AC', 4242)
    ON CONFLICT (dimensao, chave) DO UPDATE SET total = 4242`);
  await t.pool.query(`INSERT INTO auditoria (acao, recurso) VALUES ('MARCADOR_PRIMARIO', '/primario')`);
  // Four fishers named 'ZZ …' on the standby only.
  const escrita = connect(t.replica!.url, 1);
  try {
    await semearPescadores(escrita.db);
    // And ZZ ANA's REAP obligation for 2024, there only.
    await escrita.pool.query(`INSERT INTO reap_questionario (solicitacao_id, pescador_id, ano_referencia, categoria)
      SELECT s.id, p.id, 2024, 2 FROM pescador p JOIN solicitacao s ON s.pescador_id = p.id WHERE p.nome = 'ZZ ANA' LIMIT 1`);
  } finally {
    await escrita.close();
  }
});

afterAll(async () => {
  await replicaAdmin.end();
  await t.close();
});

describe('reads from a standby (DATABASE_REPLICA_URL)', () => {
  it('the app pool of the standby refuses writes', async () => {
    await expect(t.replica!.pool.query(`INSERT INTO auditoria (acao) VALUES ('X')`)).rejects.toThrow(/read-only transaction/);
  });

  it('the audit screen reads the standby; its own audit of the reading is written to the primary', async () => {
    const gestor = await entrarComo(t.app, GESTOR);
    const naReplicaAntes = await contarAuditoria(replicaAdmin);
    const noPrimarioAntes = await contarAuditoria(t.pool);

    const r = await gestor.api({ method: 'GET', url: '/api/auditoria?tamanhoPagina=100' });
    expect(r.statusCode).toBe(200);
    const acoes = (r.json().dados.registros as Array<{ acao: string }>).map((x) => x.acao);
    expect(acoes).toContain('MARCADOR_REPLICA');
    expect(acoes).not.toContain('MARCADOR_PRIMARIO');

    expect(await contarAuditoria(replicaAdmin)).toBe(naReplicaAntes);
    expect(await contarAuditoria(t.pool)).toBeGreaterThan(noPrimarioAntes);
  });

  it('the open statistics read the standby', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/estatisticas' });
    expect(r.statusCode).toBe(200);
    const acre = (r.json().dados.porUf as Array<{ chave: string; total: number | null }>).find((u) => u.chave === 'AC');
    expect(acre?.total).toBe(4242);
  });

  it("the fisher report's preview, and a job's file written in its thread, read the standby; the run is kept on the primary", async () => {
    const gestor = await entrarComo(t.app, GESTOR);
    const previa = await gestor.api({ method: 'GET', url: '/api/pescador/relatorio/pescadores/previa?nome=zz' });
    expect(previa.statusCode).toBe(200);
    expect(previa.json().dados.total).toBe(4);

    const res = await gestor.api({ method: 'GET', url: '/api/pescador/relatorio/pescadores?nome=zz&formato=csv' });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json().dados as { id: number };
    expect(await executarJobsPendentes(t)).toBeGreaterThanOrEqual(1);
    const run = await gestor.api({ method: 'GET', url: `/api/pescador/relatorio/execucao/${id}` });
    expect(run.json().dados).toMatchObject({ situacao: SituacaoRelatorio.CONCLUIDO, processados: 4, total: 4 });
    const arquivo = await t.app.inject({ method: 'GET', url: `${run.json().dados.url as string}&jwt=${encodeURIComponent(gestor.token)}` });
    expect(arquivo.payload).toContain('ZZ ANA');

    const { rows } = await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM relatorio_execucao WHERE id = $1', [id]);
    expect(rows[0]!.n).toBe(1);
    const primario = await t.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pescador WHERE nome LIKE 'ZZ %'");
    expect(primario.rows[0]!.n).toBe(0);
  });

  it('the staff REAP obligations list and its CSV read the standby', async () => {
    const gestor = await entrarComo(t.app, GESTOR);
    const lista = await gestor.api({ method: 'GET', url: '/api/reap/consultar-obrigacoes/filtro?nome=ZZ%20ANA&anoReferencia=2024' });
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().dados.total).toBe(1);
    const arquivo = await gestor.api({ method: 'GET', url: '/api/reap/consultar-obrigacoes/csv?nome=ZZ%20ANA&anoReferencia=2024' });
    expect(arquivo.statusCode).toBe(200);
    expect(arquivo.payload).toContain('ZZ ANA');
  });
});
