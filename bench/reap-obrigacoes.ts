// npm run bench:reap — the staff REAP obligations list (GET /api/reap/consultar-obrigacoes/filtro: a count and the
// first page) over BENCH_OBRIGACOES obligations (default 2,000,000: 400,000 fishers × the five years 2021–2025,
// about a third sent), timed through HTTP on the running product (token check, scope, SQL, serialisation, audit),
// beside a bare baseline measured in the same run: the same count and page as hand-written SQL on a direct
// connection, and GET /api/health (one SELECT 1) through the same HTTP client. Prints p50 / p95 per scenario.
//
// BENCH_REUSE=1 keeps the seeded data folder of an earlier run (seeding takes a few minutes).
import pg from 'pg';
import { cpfComDigitos } from '../src/shared/cpf';
import { CTE_NOMES_UFS, percentile, signIn, startProduct, stop, waitExit } from './lib';

const OBRIGACOES = Number(process.env.BENCH_OBRIGACOES ?? 2_000_000);
const ANOS = [2021, 2022, 2023, 2024, 2025];
const PESCADORES = Math.ceil(OBRIGACOES / ANOS.length);
const RODADAS = Number(process.env.BENCH_RODADAS ?? 20);
const REUSE = process.env.BENCH_REUSE === '1';
const PORT = 4110;
const PG_PORT = 5610;
const dataDir = '.test-data/bench-reap';

async function semear(db: pg.Client) {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM reap_questionario');
  if (Number(rows[0]!.n) >= OBRIGACOES) {
    console.log(`reusing ${Number(rows[0]!.n).toLocaleString('en')} obligations already seeded`);
    return;
  }
  const t0 = performance.now();
  await db.query('SET synchronous_commit = off');
  // Fishers with an RGP: 33 weighted states (Pará the largest), names from common Brazilian names, a municipality.
  await db.query(`
    ${CTE_NOMES_UFS}
    INSERT INTO pescador (cpf, nome, uf, municipio_id, situacao_registro, categoria, numero_rgp, data_primeiro_rgp)
    SELECT '9' || lpad(g::text, 10, '0'),
           p[1 + h % 20] || ' ' || s[1 + (h / 20) % 40] || ' ' || s[1 + (h / 800) % 40],
           uf[1 + (h / 32000) % 33], CASE WHEN uf[1 + (h / 32000) % 33] = 'PA' THEN 1501402 END, 1,
           CASE WHEN h % 20 = 0 THEN 1 ELSE 2 END, 'XXPA' || lpad(g::text, 11, '0'), DATE '2020-03-01'
    FROM nomes, generate_series(1, ${PESCADORES}) g, LATERAL (SELECT abs(hashint4(g)) AS h) x`);
  // One REAP request and questionnaire per fisher and year; the older years mostly sent.
  for (const ano of ANOS) {
    await db.query(`
      WITH s AS (
        INSERT INTO solicitacao (pescador_id, tipo, situacao, uf_pescador)
        SELECT p.id, 4, CASE WHEN abs(hashint4(p.id + ${ano})) % 100 < ${(2025 - ano) * 20} THEN 9 ELSE 8 END, p.uf
        FROM pescador p WHERE p.cpf LIKE '9%'
        RETURNING id, pescador_id, situacao)
      INSERT INTO reap_questionario (solicitacao_id, pescador_id, ano_referencia, categoria, enviada, enviada_em)
      SELECT s.id, s.pescador_id, ${ano}, 2, s.situacao = 9, CASE WHEN s.situacao = 9 THEN DATE '${ano + 1}-03-01' END FROM s`);
    console.log(`  seeded year ${ano}`);
  }
  await db.query('VACUUM ANALYZE pescador, solicitacao, reap_questionario');
  console.log(`seeded ${OBRIGACOES.toLocaleString('en')} obligations of ${PESCADORES.toLocaleString('en')} fishers in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

async function medir(f: () => Promise<unknown>): Promise<number[]> {
  const m: number[] = [];
  for (let i = 0; i < RODADAS + 3; i++) {
    const t0 = performance.now();
    await f();
    if (i >= 3) m.push(performance.now() - t0); // the first three warm the caches
  }
  return m.sort((a, b) => a - b);
}

const r = (v: number) => v.toFixed(1).padStart(7);

const { child, base } = await startProduct({ port: PORT, pgPort: PG_PORT, dataDir, fresh: !REUSE });
try {
  const db = new pg.Client({ connectionString: `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp` });
  await db.connect();
  await semear(db);
  // A fisher of the seed given a valid CPF, to look up by CPF.
  const cpf = cpfComDigitos('123456789');
  await db.query(`UPDATE pescador SET cpf = $1 WHERE cpf = '9' || lpad('77777', 10, '0')`, [cpf]);

  // Each scenario: the query string of the API, and the bare hand-written SQL of its count and its first page.
  const pagina = (where: string, join = true) => [
    `SELECT count(*) FROM reap_questionario q ${join ? 'JOIN pescador p ON p.id = q.pescador_id' : ''} WHERE ${where}`,
    `SELECT q.id, q.ano_referencia, q.enviada, p.nome, p.cpf FROM reap_questionario q JOIN pescador p ON p.id = q.pescador_id
     WHERE ${where} ORDER BY q.id DESC LIMIT 20`,
  ] as const;
  const cenarios: [string, string, string, readonly [string, string]][] = [
    ['GESTOR', '10000000108', '', pagina('true', false)],
    ['GESTOR', '10000000108', 'anoReferencia=2024', pagina('q.ano_referencia = 2024', false)],
    ['GESTOR', '10000000108', 'anoReferencia=2024&enviada=false', pagina('q.ano_referencia = 2024 AND NOT q.enviada', false)],
    ['GESTOR', '10000000108', 'anoReferencia=2024&uf=PA', pagina("q.ano_referencia = 2024 AND p.uf = 'PA'")],
    ['GESTOR', '10000000108', `cpf=${cpf}`, pagina(`p.cpf = '${cpf}'`)],
    ['GESTOR', '10000000108', 'nome=RAIMUNDO%20CARDOSO', pagina("p.nome ILIKE '%RAIMUNDO CARDOSO%'")],
    ['GESTOR', '10000000108', 'anoReferencia=2024&pagina=500', pagina('q.ano_referencia = 2024', false)],
    ['SFPA-PA', '30000000388', '', pagina("p.uf = 'PA'")],
  ];

  const saude = await medir(async () => (await fetch(`${base}/api/health`)).json());
  console.log(`${RODADAS} calls each, ms. Baseline through HTTP: GET /api/health p50 ${r(percentile(saude, 50))}  p95 ${r(percentile(saude, 95))}`);
  console.log(`${'scenario'.padEnd(52)} ${'API p50'.padStart(8)} ${'API p95'.padStart(8)}   ${'bare SQL count+page p50'.padStart(24)}   total`);
  const sessoes = new Map<string, string>();
  for (const [perfil, cpfServidor, consulta, [contagem, primeira]] of cenarios) {
    if (!sessoes.has(cpfServidor)) sessoes.set(cpfServidor, (await signIn(base, cpfServidor)).token);
    const headers = { authorization: `Bearer ${sessoes.get(cpfServidor)}` };
    const url = `${base}/api/reap/consultar-obrigacoes/filtro${consulta ? `?${consulta}` : ''}`;
    let total = 0;
    const api = await medir(async () => {
      const res = await fetch(url, { headers });
      const corpo = (await res.json()) as { dados: { total: number } };
      if (res.status !== 200) throw new Error(`${url}: status ${res.status}`);
      total = corpo.dados.total;
    });
    const bare = await medir(async () => {
      await db.query(contagem);
      await db.query(primeira);
    });
    console.log(`${`${perfil} ${consulta || '(no filter)'}`.padEnd(52)} ${r(percentile(api, 50))}  ${r(percentile(api, 95))}   ${r(percentile(bare, 50)).padStart(24)}   ${total.toLocaleString('en')}`);
  }
  await db.end();
} finally {
  stop(child);
  await waitExit(child);
}
