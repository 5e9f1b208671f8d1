// npm run bench:analise — the analysts' follow-up list (GET /api/analise-solicitacao) and its counters at
// national scale: BENCH_PESCADORES fishers (default 2,000,000), one request and one analysis each (most
// concluded, about 3 % waiting, 0.5 % under analysis), then each filter an analyst uses, timed through HTTP on
// the running product (token check, scope, SQL, serialisation). Prints p50 / p95 / max per scenario.
//
// BENCH_REUSE=1 keeps the seeded data folder of an earlier run (seeding 2 million rows takes a few minutes).
// Also prints, in SQL and in the same run, the counters by a fresh count beside the kept totals (migration
// 0006) and the request-type filter through the request table beside the type copied on the analysis.
import pg from 'pg';
import { cpfComDigitos } from '../src/shared/cpf';
import { CTE_NOMES_UFS, percentile, signIn, startProduct, stop, waitExit } from './lib';

const N = Number(process.env.BENCH_PESCADORES ?? 2_000_000);
const RODADAS = Number(process.env.BENCH_RODADAS ?? 30);
const REUSE = process.env.BENCH_REUSE === '1';
const PG_PORT = 5512;
const dataDir = '.test-data/bench-analise';

async function semear(db: pg.Client) {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM analise_solicitacao');
  if (Number(rows[0]!.n) >= N) {
    console.log(`reusing ${rows[0]!.n} analyses already seeded`);
    return;
  }
  const t0 = performance.now();
  await db.query('SET synchronous_commit = off');
  // Fishers: 27 states, Pará the largest (as in the real registry), names from common Brazilian names.
  await db.query(`
    ${CTE_NOMES_UFS}
    INSERT INTO pescador (cpf, nome, uf, situacao_registro)
    SELECT '9' || lpad(g::text, 10, '0'),
           p[1 + h % 20] || ' ' || s[1 + (h / 20) % 40] || ' ' || s[1 + (h / 800) % 40],
           uf[1 + (h / 32000) % 33], 1
    FROM nomes, generate_series(1, ${N}) g, LATERAL (SELECT abs(hashint4(g)) AS h) x`);
  // One request per fisher, sent over the last five years; 3 % waiting (ENVIADA), 0.5 % under analysis.
  await db.query(`
    INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, enviada_em, uf_pescador, numero_protocolo)
    SELECT p.id, CASE WHEN h % 10 = 0 THEN 5 ELSE 1 END,
           CASE WHEN h % 200 = 1 THEN 7 WHEN h % 33 = 2 THEN 6 ELSE 4 END, 5,
           now() - ((h % 1826) || ' days')::interval - ((h / 1826 % 86400) || ' seconds')::interval,
           p.uf, '2021' || lpad(p.id::text, 9, '0')
    FROM pescador p, LATERAL (SELECT abs(hashint4(p.id + 17)) AS h) x WHERE p.cpf LIKE '9%'`);
  await db.query(`
    INSERT INTO analise_solicitacao (solicitacao_id, situacao_analise, uf_pescador, criado_em, concluida_em, tipo_solicitacao)
    SELECT s.id, CASE s.situacao WHEN 7 THEN 2 WHEN 6 THEN 1 ELSE 3 END, s.uf_pescador, s.enviada_em,
           CASE WHEN s.situacao = 4 THEN s.enviada_em + interval '9 days' END, s.tipo
    FROM solicitacao s JOIN pescador p ON p.id = s.pescador_id WHERE p.cpf LIKE '9%'`);
  await db.query('VACUUM ANALYZE pescador, solicitacao, analise_solicitacao');
  console.log(`seeded ${N.toLocaleString('en')} fishers, requests and analyses in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

const { child, base } = await startProduct({ port: 3212, pgPort: PG_PORT, dataDir, fresh: !REUSE });
try {
  const db = new pg.Client({ connectionString: `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp` });
  await db.connect();
  await semear(db);
  // A fisher of the seed given a valid CPF, to look up by CPF.
  const cpf = cpfComDigitos('123456789');
  await db.query(`UPDATE pescador SET cpf = $1 WHERE cpf = '9' || lpad('777777', 10, '0')`, [cpf]);
  // The counters in SQL, the same run: a fresh count of every analysis (what each staff visit did before the
  // kept totals) beside the kept totals (what it does now), and the request-type filter through the request
  // table beside the copy on the analysis.
  const sqlMs = async (q: string) => {
    const m: number[] = [];
    for (let i = 0; i < 8; i++) {
      const t0 = performance.now();
      await db.query(q);
      if (i >= 2) m.push(performance.now() - t0);
    }
    return percentile(m.sort((a, b) => a - b), 50).toFixed(1).padStart(7);
  };
  console.log('SQL p50 (ms), same run:');
  console.log(`  counters, fresh count of all analyses  ${await sqlMs('SELECT count(*) FILTER (WHERE situacao_analise = 1), count(*) FILTER (WHERE situacao_analise IN (3, 4)), count(*) FILTER (WHERE situacao_analise = 2) FROM analise_solicitacao')}`);
  console.log(`  counters, kept totals (now)            ${await sqlMs('SELECT sum(total) FILTER (WHERE situacao_analise = 1), sum(total) FILTER (WHERE situacao_analise IN (3, 4)), sum(total) FILTER (WHERE situacao_analise = 2) FROM analise_totais')}`);
  console.log(`  tipo=5&situacao=1 page, join request   ${await sqlMs('SELECT a.id FROM analise_solicitacao a JOIN solicitacao s ON s.id = a.solicitacao_id WHERE a.situacao_analise = 1 AND s.tipo = 5 ORDER BY a.criado_em, a.id LIMIT 20')}`);
  console.log(`  tipo=5&situacao=1 page, copied type    ${await sqlMs('SELECT a.id FROM analise_solicitacao a WHERE a.situacao_analise = 1 AND a.tipo_solicitacao = 5 ORDER BY a.criado_em, a.id LIMIT 20')}`);
  await db.end();

  const cenarios: [string, string, string][] = [
    ['GESTOR', '10000000108', ''],
    ['GESTOR', '10000000108', 'situacao=1'],
    ['GESTOR', '10000000108', 'situacao=1&pagina=50'],
    ['GESTOR', '10000000108', 'situacao=3&uf=PA'],
    ['GESTOR', '10000000108', `cpf=${cpf}`],
    ['GESTOR', '10000000108', 'nome=RAIMUNDO%20CARDOSO'],
    ['GESTOR', '10000000108', 'nome=XYZQ'],
    ['GESTOR', '10000000108', 'dataInicio=2024-01-01&dataFim=2024-01-31'],
    ['GESTOR', '10000000108', 'tipoSolicitacao=5&situacao=1'],
    ['SFPA-PA', '30000000388', ''],
    ['SFPA-PA', '30000000388', 'situacao=1'],
  ];
  const sessoes = new Map<string, string>();
  console.log(`${RODADAS} calls each; latency through HTTP (ms); baseline: GET /api/health (one SELECT 1), same client`);
  {
    const medidas: number[] = [];
    for (let i = 0; i < RODADAS + 3; i++) {
      const t0 = performance.now();
      await (await fetch(`${base}/api/health`)).json();
      if (i >= 3) medidas.push(performance.now() - t0);
    }
    medidas.sort((a, b) => a - b);
    console.log(`baseline /api/health${' '.repeat(38)}p50 ${percentile(medidas, 50).toFixed(0).padStart(5)}  p95 ${percentile(medidas, 95).toFixed(0).padStart(5)}`);
  }
  for (const [perfil, cpfServidor, consulta] of cenarios) {
    if (!sessoes.has(cpfServidor)) sessoes.set(cpfServidor, (await signIn(base, cpfServidor)).token);
    const headers = { authorization: `Bearer ${sessoes.get(cpfServidor)}` };
    for (const caminho of consulta === '' ? ['/api/analise-solicitacao/totalizadores', '/api/analise-solicitacao'] : [`/api/analise-solicitacao?${consulta}`]) {
      const medidas: number[] = [];
      let total = 0;
      for (let i = 0; i < RODADAS + 3; i++) {
        const t0 = performance.now();
        const res = await fetch(`${base}${caminho}`, { headers });
        const corpo = (await res.json()) as { dados: { total?: number } };
        if (res.status !== 200) throw new Error(`${caminho}: status ${res.status}`);
        if (i >= 3) medidas.push(performance.now() - t0); // the first three warm the caches
        total = corpo.dados.total ?? total;
      }
      medidas.sort((a, b) => a - b);
      const r = (v: number) => v.toFixed(0).padStart(5);
      console.log(
        `${perfil.padEnd(8)} ${caminho.replace('/api/analise-solicitacao', '').padEnd(48) || '(list)'} `
          + `p50 ${r(percentile(medidas, 50))}  p95 ${r(percentile(medidas, 95))}  max ${r(medidas.at(-1)!)}`
          + (caminho.includes('totalizadores') ? '' : `  total ${total}`),
      );
    }
  }
} finally {
  stop(child);
  await waitExit(child);
}
