// npm run bench:lote — a manual batch of 100,000 CPFs end to end through the API (POST /api/lote-pescador/manual:
// token, validation, the chunked transactions with locks, history lines, notifications, the per-CPF answer) at
// national scale (BENCH_PESCADORES fishers, default 2,000,000), beside the bare SQL of the same change in the same
// run (a temp table of the CPFs joined in one UPDATE), with the server's RSS sampled during the batch (goal < 300
// MB); then an automatic batch of a 70 KB file (~5,000 CPFs) until done. Prints the figures and the ratio (goal ≤ 3×).
// BENCH_REUSE=1 keeps the seeded data folder of an earlier run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { build } from 'esbuild';
import pg from 'pg';
import { cpfComDigitos } from '../src/shared/cpf';
import { signIn, startProduct, stop, waitExit } from './lib';

const N = Number(process.env.BENCH_PESCADORES ?? 2_000_000);
const LOTE = Number(process.env.BENCH_LOTE ?? 100_000);
const REUSE = process.env.BENCH_REUSE === '1';
const PG_PORT = 5541;
const dataDir = '.test-data/bench-lote';
/** BENCH_TSX=1 runs the server from its sources with tsx (as tests do) instead of the bundle `npm start` runs. */
const TSX = process.env.BENCH_TSX === '1';
const PORTA = 3241;
const BUNDLE = '.test-data/bench-lote-server/main.mjs';

/**
 * The product as `npm start` runs it in production (decision 0015): the server bundled by esbuild with the options
 * of scripts/build-server.mjs (into a folder of this benchmark's own, so that no other build races it), run by
 * Node in its own process. Resolves when /api/health answers.
 */
async function iniciarCompilado() {
  await build({
    entryPoints: ['src/server/main.ts'], outfile: BUNDLE, bundle: true, platform: 'node', format: 'esm', target: 'node24',
    packages: 'external', sourcemap: true, logLevel: 'warning',
  });
  if (!REUSE) fs.rmSync(dataDir, { recursive: true, force: true });
  // The Node flags `npm start` gives the server (package.json: the young generation capped, decision 0035).
  const pacote = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const flags = pacote.scripts.start.match(/--[\w-]+(=\S+)?/g) ?? [];
  const child = spawn(process.execPath, [...flags, BUNDLE], {
    env: {
      ...process.env, PORT: String(PORTA), PUBLIC_URL: `http://localhost:${PORTA}`, DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(PG_PORT), LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const base = `http://localhost:${PORTA}`;
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop(child);
  throw new Error('the product did not answer /api/health within 120 s');
}

/** The resident memory (MB) of the server: the largest process under `pid` running main.ts or the bundle. */
function rssServidor(pid: number): number {
  const filhos = new Map<number, number[]>();
  for (const d of fs.readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const ppid = Number(fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      filhos.set(ppid, [...(filhos.get(ppid) ?? []), Number(d)]);
    } catch { /* gone */ }
  }
  let max = 0;
  const fila = [pid];
  while (fila.length > 0) {
    const p = fila.pop()!;
    fila.push(...(filhos.get(p) ?? []));
    try {
      if (!/main\.(ts|mjs)/.test(fs.readFileSync(`/proc/${p}/cmdline`, 'utf8'))) continue;
      const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
      max = Math.max(max, kb / 1024);
    } catch { /* gone */ }
  }
  return max;
}

async function semear(db: pg.Client) {
  const { rows } = await db.query<{ n: string }>("SELECT count(*) AS n FROM pescador WHERE nome LIKE 'BENCH %'");
  if (Number(rows[0]!.n) >= N) {
    console.log(`reusing ${rows[0]!.n} fishers already seeded`);
    return;
  }
  const t0 = performance.now();
  await db.query('SET synchronous_commit = off');
  // Valid CPFs (check digits computed in SQL from 9 base digits 100000000 + g), all active.
  await db.query(`
    INSERT INTO pescador (cpf, nome, uf, situacao_registro)
    SELECT b || d1 || d2, 'BENCH ' || g, 'PA', 1
    FROM generate_series(1, ${N}) g,
      LATERAL (SELECT (100000000 + g)::text AS b) x,
      LATERAL (SELECT (((SELECT sum(substr(b, i, 1)::int * (11 - i)) FROM generate_series(1, 9) i) * 10) % 11) % 10 AS d1) y,
      LATERAL (SELECT ((((SELECT sum(substr(b || d1, i, 1)::int * (12 - i)) FROM generate_series(1, 10) i) * 10) % 11) % 10) AS d2) z`);
  await db.query('VACUUM ANALYZE pescador');
  console.log(`seeded ${N.toLocaleString('en')} fishers in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

const { child, base } = TSX ? await startProduct({ port: PORTA, pgPort: PG_PORT, dataDir, fresh: !REUSE }) : await iniciarCompilado();
console.log(`server: ${TSX ? 'tsx src/server/main.ts' : `node ${BUNDLE} (the bundle and the Node flags of npm start)`}`);
try {
  const db = new pg.Client({ connectionString: `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp` });
  await db.connect();
  await semear(db);
  await db.query('UPDATE pescador SET situacao_registro = 1 WHERE situacao_registro <> 1 AND nome LIKE \'BENCH %\'');
  const { rows: a } = await db.query<{ id: number }>(
    "INSERT INTO ato_normativo (nome, descricao, data_inicio_vigencia) VALUES ('Portaria de benchmark', 'bench', '2020-01-01') RETURNING id");
  const ato = a[0]!.id;
  const primeiro = 1 + Math.floor(N / 3);
  const cpfs = (de: number, n: number) => Array.from({ length: n }, (_, i) => cpfComDigitos(100_000_000 + de + i));

  // Bare SQL: the same change (ATIVO → SUSPENSO) of LOTE other fishers, a temp table joined in one UPDATE.
  const outros = cpfs(primeiro + LOTE, LOTE);
  const t0 = performance.now();
  await db.query('BEGIN');
  await db.query('CREATE TEMP TABLE bench_cpfs (cpf char(11) PRIMARY KEY) ON COMMIT DROP');
  await db.query('INSERT INTO bench_cpfs SELECT unnest($1::char(11)[])', [outros]);
  const bare = await db.query('UPDATE pescador p SET situacao_registro = 6 FROM bench_cpfs c WHERE p.cpf = c.cpf AND p.situacao_registro = 1');
  await db.query('COMMIT');
  const msSql = performance.now() - t0;

  const sessao = await signIn(base, '10000000108');
  const headers = {
    authorization: `Bearer ${sessao.token}`, cookie: sessao.cookie, 'x-xsrf-token': sessao.xsrf, 'content-type': 'application/json',
  };
  const rssAntes = rssServidor(child.pid!);
  let rssMax = rssAntes;
  const amostras = setInterval(() => { rssMax = Math.max(rssMax, rssServidor(child.pid!)); }, 200);
  const t1 = performance.now();
  const res = await fetch(`${base}/api/lote-pescador/manual`, {
    method: 'POST', headers,
    body: JSON.stringify({
      atoNormativo: ato, tipo: 2, orgaoSolicitante: 'MPA', justificativa: 'Benchmark', dataLimiteSuspensao: '2099-12-31',
      listaCpfPescador: cpfs(primeiro, LOTE),
    }),
  });
  const corpo = await res.json() as { dados: { lote: { totais: { processados: number } } } };
  const msApi = performance.now() - t1;
  clearInterval(amostras);
  if (res.status !== 200) throw new Error(`manual batch: ${res.status} ${JSON.stringify(corpo).slice(0, 300)}`);
  console.log(`fishers: ${N.toLocaleString('en')}; batch: ${LOTE.toLocaleString('en')} CPFs (suspension)`);
  console.log(`  bare SQL (temp table + one UPDATE, ${bare.rowCount} rows)   ${(msSql / 1000).toFixed(2)} s`);
  console.log(`  API, manual batch end to end (${corpo.dados.lote.totais.processados} processed)  ${(msApi / 1000).toFixed(2)} s`);
  console.log(`  ratio API / bare SQL                          ${(msApi / msSql).toFixed(2)}×  (goal ≤ 3×)`);
  console.log(`  server RSS, max sampled during the batch       ${rssMax.toFixed(0)} MB  (goal < 300 MB; ${rssAntes.toFixed(0)} MB before it)`);

  // A 70 KB file: about 5,800 unmasked CPFs, one per line.
  const linhas: string[] = [];
  let tamanho = 0;
  for (let i = 0; tamanho + 12 <= 70 * 1024; i++) {
    const c = cpfComDigitos(100_000_000 + primeiro + 3 * LOTE + i);
    linhas.push(c);
    tamanho += 12;
  }
  const form = new FormData();
  for (const [k, v] of Object.entries({ atoNormativo: ato, tipo: 1, orgaoSolicitante: 'MPA', justificativa: 'Benchmark' })) form.append(k, String(v));
  form.append('arquivos', new Blob([linhas.join('\n')], { type: 'text/plain' }), 'lote.txt');
  const t2 = performance.now();
  const r2 = await fetch(`${base}/api/lote-pescador/automatico`, {
    method: 'POST', headers: { authorization: headers.authorization, cookie: headers.cookie, 'x-xsrf-token': headers['x-xsrf-token'] }, body: form,
  });
  const aceito = await r2.json() as { dados: { lote: { id: number } } };
  if (r2.status !== 200) throw new Error(`automatic batch: ${r2.status}`);
  for (;;) {
    const { rows } = await db.query<{ situacao: number }>('SELECT situacao FROM lote_pescador WHERE id = $1', [aceito.dados.lote.id]);
    if (rows[0]!.situacao === 2) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`  70 KB file (${linhas.length} CPFs), accepted to done (job polling included)  ${((performance.now() - t2) / 1000).toFixed(2)} s`);
  await db.end();
} finally {
  stop(child);
  await waitExit(child);
}
