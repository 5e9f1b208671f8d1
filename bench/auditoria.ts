// npm run bench:auditoria — the audit screen (GET /api/auditoria) over BENCH_AUDITORIA audit rows (default
// 3,000,000: a few years of a national registry's staff views, sign-ins and analyses), keyset pages on
// (criado_em, id) (decision 0032). Prints, in the same run:
// - SQL p50 of each filter's first page and of a deep page, beside a bare baseline (the primary-key lookup of one
//   row) and beside the OFFSET pagination keyset replaces (page 2,000 of the unfiltered list);
// - the same filters through HTTP on the running product, beside GET /api/health.
//
// BENCH_REUSE=1 keeps the seeded data folder of an earlier run.
import pg from 'pg';
import { consultaPagina, type FiltrosSql } from '../src/server/modules/auditoria/auditoria.repository';
import { percentile, signIn, startProduct, stop, waitExit } from './lib';
import { PgDialect } from 'drizzle-orm/pg-core';

const N = Number(process.env.BENCH_AUDITORIA ?? 3_000_000);
const RODADAS = Number(process.env.BENCH_RODADAS ?? 30);
const REUSE = process.env.BENCH_REUSE === '1';
const PG_PORT = 5630;
const dataDir = '.test-data/bench-auditoria';

async function semear(db: pg.Client) {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM auditoria');
  if (Number(rows[0]!.n) >= N) {
    console.log(`reusing ${rows[0]!.n} audit rows already seeded`);
    return;
  }
  const t0 = performance.now();
  await db.query('SET synchronous_commit = off');
  // 500 staff members, 200,000 fishers, one event every ~50 s over the last years; 60 % views of a fisher.
  await db.query(`
    INSERT INTO auditoria (criado_em, acao, cpf_ator, perfil_ator, orgao_ator, sessao_id, recurso, recurso_id, pescador_id, ip, detalhes)
    SELECT now() - g * interval '50 seconds',
           (ARRAY['VISUALIZACAO_DADOS_PESSOAIS','VISUALIZACAO_DADOS_PESSOAIS','VISUALIZACAO_DADOS_PESSOAIS','LOGIN',
                  'VISUALIZACAO_LISTA_ANALISES','ANALISE_INICIADA','ANALISE_CONCLUIDA'])[1 + h % 7],
           '8' || lpad((h % 500)::text, 10, '0'), 1 + h % 3, 'SFPA-PA', gen_random_uuid(),
           (ARRAY['pescador','solicitacao','documento','analise-solicitacao'])[1 + h % 4],
           (h % 200000)::text, CASE WHEN h % 7 < 3 OR h % 7 >= 5 THEN h % 200000 END,
           '10.0.0.1', '{"pagina":1}'::jsonb
    FROM generate_series(1, ${N}) g, LATERAL (SELECT abs(hashint4(g)) AS h) x`);
  await db.query('VACUUM ANALYZE auditoria');
  console.log(`seeded ${N.toLocaleString('en')} audit rows in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

const dialeto = new PgDialect();

const { child, base } = await startProduct({ port: 4130, pgPort: PG_PORT, dataDir, fresh: !REUSE });
try {
  const db = new pg.Client({ connectionString: `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp` });
  await db.connect();
  await semear(db);
  // A fisher of the seed with the demo fisher's CPF, to filter by the fisher's CPF.
  await db.query(`UPDATE auditoria SET pescador_id = (SELECT id FROM pescador WHERE cpf = '40000000477')
                  WHERE pescador_id = 4242`);
  const { rows: meio } = await db.query<{ id: string }>(`SELECT id::text FROM auditoria ORDER BY id LIMIT 1 OFFSET ${Math.floor(N / 2)}`);
  const idMeio = meio[0]!.id;
  const sqlMs = async (q: string, params: unknown[] = []) => {
    const m: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      await db.query(q, params);
      if (i >= 3) m.push(performance.now() - t0);
    }
    return percentile(m.sort((a, b) => a - b), 50).toFixed(2).padStart(8);
  };
  const pagina = (f: FiltrosSql) => {
    const q = dialeto.sqlToQuery(consultaPagina(f, 51));
    return sqlMs(q.sql, q.params);
  };
  const casos: [string, FiltrosSql][] = [
    ['no filter, first page', {}],
    ['no filter, a page in the middle (keyset)', { apos: idMeio }],
    ['actor CPF', { cpfAtor: '80000000042' }],
    ['actor CPF, one month', { cpfAtor: '80000000042', de: '2025-01-01', ate: '2025-01-31' }],
    ['record (recurso + recursoId)', { recurso: 'pescador', recursoId: '4242' }],
    ['action', { acao: 'ANALISE_INICIADA' }],
    ['fisher by CPF', { cpfPescador: '40000000477' }],
    ['period only (one day)', { de: '2025-06-01', ate: '2025-06-01' }],
  ];
  console.log(`SQL p50 (ms), ${N.toLocaleString('en')} rows, same run:`);
  console.log(`  baseline: one row by primary key          ${await sqlMs('SELECT * FROM auditoria WHERE id = $1', [idMeio])}`);
  console.log(`  OFFSET page 2,000 (what keyset replaces)  ${await sqlMs('SELECT * FROM auditoria ORDER BY criado_em DESC, id DESC LIMIT 51 OFFSET 101949')}`);
  for (const [nome, f] of casos) console.log(`  ${nome.padEnd(41)}${await pagina(f)}`);
  await db.end();

  const { token } = await signIn(base, '10000000108');
  const headers = { authorization: `Bearer ${token}` };
  const medir = async (url: string, h: Record<string, string> = {}) => {
    const m: number[] = [];
    for (let i = 0; i < RODADAS + 3; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}${url}`, { headers: h });
      await res.json();
      if (res.status !== 200) throw new Error(`${url}: status ${res.status}`);
      if (i >= 3) m.push(performance.now() - t0);
    }
    m.sort((a, b) => a - b);
    return `p50 ${percentile(m, 50).toFixed(0).padStart(4)}  p95 ${percentile(m, 95).toFixed(0).padStart(4)}`;
  };
  console.log(`HTTP (ms), ${RODADAS} calls each, GESTOR:`);
  console.log(`  baseline /api/health${' '.repeat(40)}${await medir('/api/health')}`);
  for (const q of ['', `apos=${idMeio}`, 'cpfAtor=80000000042', 'recurso=pescador&recursoId=4242', 'acao=ANALISE_INICIADA',
    'cpfPescador=40000000477', 'de=2025-06-01&ate=2025-06-01']) {
    console.log(`  /api/auditoria?${q.padEnd(45)}${await medir(`/api/auditoria?${q}`, headers)}`);
  }
} finally {
  stop(child);
  await waitExit(child);
}
