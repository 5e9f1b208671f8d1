// npm run bench:painel-analises — the manager's page of the analysis backlog (decision 0153) at national scale: the
// kept totals as BENCH_SOLICITACOES requests (default 2,000,000) over two years would have left them (weeks × state
// × instance × type, open requests by day, days-to-decide histogram, 400 servants' weeks), written straight into the
// totals tables (the page reads nothing else), plus BENCH_ATRASADAS late clocks (default 20,000) with their requests.
// GET /api/analise-solicitacao/painel through HTTP as GESTOR (token, permission, five reads, JSON) beside the
// hand-written SQL of the same five reads on one connection, same run; p50 and p95 of BENCH_RODADAS calls; goal: p95
// within 1.5×.
import pg from 'pg';
import { percentile, signIn, startProduct, stop, waitExit } from './lib';

const N = Number(process.env.BENCH_SOLICITACOES ?? 2_000_000);
const ATRASADAS = Number(process.env.BENCH_ATRASADAS ?? 20_000);
const RODADAS = Number(process.env.BENCH_RODADAS ?? 60);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 5611);
const PORTA = Number(process.env.BENCH_PORT ?? 3211);
const dataDir = '.test-data/bench-painel-analises';
const GESTOR = '10000000108';
const UFS = `ARRAY['AC','AL','AM','AP','BA','CE','DF','ES','GO','MA','MG','MS','MT','PA','PB','PE','PI','PR','RJ','RN','RO','RR','RS','SC','SE','SP','TO']`;

async function semear(db: pg.Client): Promise<void> {
  const t0 = performance.now();
  await db.query('SET synchronous_commit = off');
  // One synthetic request per g: sent (g % 728) days ago; 1 in 7 still open, the others decided in (h / 7) % 120 days.
  const base = `FROM generate_series(1, ${N}) g, LATERAL (SELECT abs(hashint4(g)) AS h) x`;
  await db.query(`
    INSERT INTO painel_analise_semana (semana, uf, instancia, tipo_solicitacao, recebidas, decididas)
    SELECT date_trunc('week', current_date - (g % 728))::date, (${UFS})[1 + h % 27], CASE WHEN h % 10 = 0 THEN 'MPA' ELSE 'SFPA' END,
      1 + (h / 27) % 11, count(*), count(*) FILTER (WHERE h % 7 <> 0)
    ${base} GROUP BY 1, 2, 3, 4`);
  await db.query(`
    INSERT INTO painel_analise_abertas (dia, uf, tipo_solicitacao, total)
    SELECT current_date - (g % 728), (${UFS})[1 + h % 27], 1 + (h / 27) % 11, count(*) ${base} WHERE h % 7 = 0 GROUP BY 1, 2, 3`);
  await db.query(`
    INSERT INTO painel_tempo_decisao (tipo_solicitacao, dias, total)
    SELECT 1 + (h / 27) % 11, (h / 7) % 120, count(*) ${base} WHERE h % 7 <> 0 GROUP BY 1, 2`);
  await db.query(`
    INSERT INTO painel_analista_semana (semana, usuario_mapa_id, decididas)
    SELECT date_trunc('week', current_date - (g % 728))::date, 1 + h % 400, count(*) ${base} WHERE h % 7 <> 0 GROUP BY 1, 2`);
  await db.query(`
    WITH p AS (
      INSERT INTO pescador (cpf, nome, uf) SELECT '8' || lpad(g::text, 10, '0'), 'PESCADOR ' || g, 'PA' FROM generate_series(1, ${ATRASADAS}) g
      RETURNING id, uf),
    s AS (INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, uf_pescador, enviada_em) SELECT id, 1, 6, 4, uf, now() - interval '40 days' FROM p
      RETURNING id, uf_pescador)
    INSERT INTO analise_prazo (solicitacao_id, tipo_solicitacao, uf, dias_prazo, recebida_em, vence_em, escalada_em)
    SELECT id, 1, uf_pescador, 30, now() - interval '40 days', now() - interval '10 days', now() - interval '9 days' FROM s`);
  await db.query('VACUUM ANALYZE painel_analise_semana, painel_analise_abertas, painel_tempo_decisao, painel_analista_semana, analise_prazo');
  const linhas = await db.query<{ t: string; n: string }>(`
    SELECT 'semana' AS t, count(*) AS n FROM painel_analise_semana UNION ALL SELECT 'abertas', count(*) FROM painel_analise_abertas
    UNION ALL SELECT 'tempo', count(*) FROM painel_tempo_decisao UNION ALL SELECT 'analista', count(*) FROM painel_analista_semana`);
  console.log(`seeded the totals of ${N.toLocaleString('en')} requests in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${
    linhas.rows.map((r) => `${r.t} ${Number(r.n).toLocaleString('en')} rows`).join(', ')}; ${ATRASADAS.toLocaleString('en')} late clocks`);
}

/** The page's five reads as one would write them by hand, in a row on one connection. */
async function sqlNu(db: pg.Client, semanas: number): Promise<void> {
  const desde = `date_trunc('week', current_date)::date - ${7 * (semanas - 1)}`;
  await db.query(`SELECT to_char(semana, 'YYYY-MM-DD') AS semana, uf, instancia, sum(recebidas)::int, sum(decididas)::int
    FROM painel_analise_semana WHERE semana >= ${desde} GROUP BY semana, uf, instancia ORDER BY semana, uf, instancia`);
  await db.query(`SELECT (current_date - dia)::int AS dias, sum(total)::int FROM painel_analise_abertas WHERE total <> 0 GROUP BY dia`);
  await db.query(`SELECT tipo_solicitacao, dias, total::int FROM painel_tempo_decisao WHERE total > 0 ORDER BY tipo_solicitacao, dias`);
  await db.query(`SELECT t.usuario_mapa_id, coalesce(u.nome, 'Servidor ' || t.usuario_mapa_id), t.decididas
    FROM (SELECT usuario_mapa_id, sum(decididas)::int AS decididas FROM painel_analista_semana WHERE semana >= ${desde} GROUP BY usuario_mapa_id) t
    LEFT JOIN usuario_mapa um ON um.id = t.usuario_mapa_id LEFT JOIN usuario u ON u.id = um.usuario_id ORDER BY t.decididas DESC`);
  await db.query(`SELECT count(*)::int FROM analise_prazo WHERE escalada_em IS NOT NULL AND decidida_em IS NULL AND vence_em IS NOT NULL`);
}

const ms = (v: number) => v.toFixed(1).padStart(7);

async function medir(f: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const m: number[] = [];
  for (let i = 0; i < RODADAS + 5; i++) {
    const t0 = performance.now();
    await f();
    if (i >= 5) m.push(performance.now() - t0);
  }
  m.sort((a, b) => a - b);
  return { p50: percentile(m, 50), p95: percentile(m, 95) };
}

const { child, base } = await startProduct({ port: PORTA, pgPort: PG_PORT, dataDir, fresh: true });
try {
  const db = new pg.Client({ connectionString: `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp` });
  await db.connect();
  await semear(db);
  const sessao = await signIn(base, GESTOR);
  const headers = { authorization: `Bearer ${sessao.token}`, cookie: sessao.cookie, 'x-xsrf-token': sessao.xsrf };
  const saude = await medir(async () => (await fetch(`${base}/api/health`)).json());
  console.log(`${RODADAS} calls each, ms; HTTP baseline /api/health p50 ${ms(saude.p50)} p95 ${ms(saude.p95)}`);
  console.log(`${'page'.padEnd(26)}   HTTP p50    p95 |  SQL p50    p95 | p95 ratio`);
  for (const semanas of [12, 52]) {
    const http = await medir(async () => {
      const res = await fetch(`${base}/api/analise-solicitacao/painel?semanas=${semanas}`, { headers });
      if (res.status !== 200) throw new Error(`painel: ${res.status} ${await res.text()}`);
      await res.json();
    });
    const nu = await medir(() => sqlNu(db, semanas));
    console.log(`${`painel?semanas=${semanas}`.padEnd(26)} ${ms(http.p50)} ${ms(http.p95)} | ${ms(nu.p50)} ${ms(nu.p95)} | ${(http.p95 / nu.p95).toFixed(2)}×`);
  }
  await db.end();
} finally {
  stop(child);
  await waitExit(child);
}
