// npm run bench:relatorio — the fisher report at national scale, on the national synthetic data set (bench/seed:
// BENCH_PESCADORES fishers, default 2,000,000, in .test-data/bench-seed or DATABASE_URL, seeded on first use and
// kept), against the server as production runs it (the bundle, npm start's Node flags):
//   1. count + first page (GET /api/pescador/relatorio/pescadores/previa) over 14 filter mixes, p50 / p95, beside
//      (a) the same filters as hand-written SQL (count, then the first page) on the same indexes, sent straight to
//      PostgreSQL, and (b) that same SQL served by a bare Fastify + pg server (no auth, no audit, no schema) to the
//      same HTTP client — the like-for-like baseline: goal p95 ≤ 1.5× (b); the ratio to (a) is printed too.
//   2. the CSV of every fisher, written by the report job, beside `COPY (the same SELECT) TO STDOUT` into a file
//      (psql), with the server's RSS sampled every 100 ms. Goals: ≤ 2× COPY, RSS < 200 MB.
//   3. the XLSX of about 200,000 fishers (the state nearest that count), RSS sampled. Goal: RSS < 300 MB.
// BENCH_PARTE=arquivos runs parts 2 and 3 only.
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import pg from 'pg';
import { construirServidorComThreads } from '../scripts/servidor-esbuild.mjs';
import { abrirBancoDeBench } from './seed/banco';
import { semearNacional } from './seed/nacional';
import { iniciarServidorEmpacotado, pararServidor, percentile, rssMb, signIn } from './lib';

const N = Number(process.env.BENCH_PESCADORES ?? 2_000_000);
const RODADAS = Number(process.env.BENCH_RODADAS ?? 20);
const PORTA = Number(process.env.BENCH_PORT ?? 4150);
const PORTA_NUA = PORTA + 1;
const PASTA = '.test-data/bench-relatorio';
const GESTOR = '10000000108';

const r = (v: number) => v.toFixed(1).padStart(8);

if (process.env.BENCH_BARE === '1') {
  await servidorNu();
} else {
  await principal();
}

/**
 * The baseline server: Fastify (no logger) and a pg pool of the product's size; GET /previa?i=N runs mix N's
 * count and first page (the hand-written SQL, handed over in BENCH_SQL) and answers them as JSON.
 */
async function servidorNu() {
  const { default: Fastify } = await import('fastify');
  const consultas = JSON.parse(process.env.BENCH_SQL!) as { contar: string; pagina: string }[];
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const app = Fastify();
  app.get('/previa', async (req) => {
    const c = consultas[Number((req.query as { i?: string }).i)]!;
    const { rows: [t] } = await pool.query<{ n: number }>(c.contar);
    const { rows } = await pool.query(c.pagina);
    return { dados: { total: t!.n, itens: rows } };
  });
  app.get('/health', async () => ({ ok: true }));
  await app.listen({ port: PORTA_NUA, host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
}

async function principal() {
// 1. Seed (or reuse) the data set.
const banco = await abrirBancoDeBench({ url: process.env.DATABASE_URL });
const db = banco.cliente;
const t0 = performance.now();
const { adicionados } = await semearNacional(db, { pescadores: N });
if (adicionados > 0) {
  console.log(`seeded ${adicionados.toLocaleString('en')} fishers (national data set, bench/seed) in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  await db.query('VACUUM ANALYZE pescador, solicitacao, pescador_grupo_alvo, pescador_ambiente_pesca');
} else {
  console.log(`reusing the ${N.toLocaleString('en')} fishers already seeded`);
}
const { rows: [tot] } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pescador');
console.log(`fishers in the registry: ${tot!.n.toLocaleString('en')}`);

// A name prefix and a CPF that exist in the data set.
const { rows: [amostra] } = await db.query<{ nome: string; cpf: string }>(
  'SELECT nome, cpf FROM pescador WHERE situacao_registro IS NOT NULL ORDER BY cpf OFFSET $1 LIMIT 1', [Math.floor(tot!.n / 2)]);
const prefixo = amostra!.nome.split(' ')[0]!.slice(0, 5);
// The state whose count is nearest 200,000 (the XLSX), and a municipality of the largest state.
const { rows: ufs } = await db.query<{ uf: string; n: number }>('SELECT uf, count(*)::int AS n FROM pescador WHERE uf IS NOT NULL GROUP BY uf ORDER BY n DESC');
const ufXlsx = [...ufs].sort((a, b) => Math.abs(a.n - 200_000) - Math.abs(b.n - 200_000))[0]!;
const ufMaior = ufs[0]!.uf;
const { rows: [mun] } = await db.query<{ id: number }>('SELECT municipio_id AS id FROM pescador WHERE uf = $1 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1', [ufMaior]);

const hoje = new Date().toISOString().slice(0, 10);
const idade = (a: number) => `(date '${hoje}' - interval '${a} years')::date`;

/** A filter mix: the API's query, and the same filters as hand-written SQL over `pescador p`. */
interface Mistura { nome: string; query: string; where: string }
const MISTURAS: Mistura[] = [
  { nome: 'no filter', query: '', where: 'true' },
  { nome: `uf=${ufMaior}`, query: `uf=${ufMaior}`, where: `p.uf = '${ufMaior}'` },
  { nome: 'sexo=2', query: 'sexo=2', where: 'p.sexo = 2' },
  { nome: 'categoria=1 (industrial)', query: 'categoria=1', where: 'p.categoria = 1' },
  { nome: `name prefix ${prefixo}`, query: `nome=${encodeURIComponent(prefixo)}`, where: `p.nome LIKE '${prefixo}%'` },
  { nome: 'cpf', query: `cpfPescador=${amostra!.cpf}`, where: `p.cpf = '${amostra!.cpf}'` },
  { nome: 'age 18–25', query: 'idadeInicial=18&idadeFinal=25', where: `p.data_nascimento <= ${idade(18)} AND p.data_nascimento > ${idade(26)}` },
  { nome: 'card issued in 2024', query: 'dataInicioEmissaoCarteira=2024-01-01&dataFimEmissaoCarteira=2024-12-31',
    where: "p.data_emissao_carteira >= '2024-01-01T03:00:00Z' AND p.data_emissao_carteira <= '2025-01-01T02:59:59Z'" },
  { nome: 'request sent in 2024-03', query: 'dataInicioSolicitacao=2024-03-01&dataFimSolicitacao=2024-03-31',
    where: "EXISTS (SELECT 1 FROM solicitacao s WHERE s.pescador_id = p.id AND s.enviada_em >= '2024-03-01T03:00:00Z' AND s.enviada_em <= '2024-04-01T02:59:59Z')" },
  { nome: 'target groups 2,3', query: 'grupoAlvoPesca=2,3',
    where: 'EXISTS (SELECT 1 FROM pescador_grupo_alvo g WHERE g.pescador_id = p.id AND g.grupo_alvo = ANY(ARRAY[2,3]::smallint[]))' },
  { nome: `municipio of ${ufMaior}`, query: `municipio=${mun!.id}`, where: `p.municipio_id = ${mun!.id}` },
  { nome: `uf + sexo + age 30–40`, query: `uf=${ufMaior}&sexo=1&idadeInicial=30&idadeFinal=40`,
    where: `p.uf = '${ufMaior}' AND p.sexo = 1 AND p.data_nascimento <= ${idade(30)} AND p.data_nascimento > ${idade(41)}` },
  { nome: 'five filters', query: `uf=${ufMaior}&sexo=2&categoria=2&situacao=1&escolaridade=4`,
    where: `p.uf = '${ufMaior}' AND p.sexo = 2 AND p.categoria = 2 AND p.situacao_registro = 1 AND p.escolaridade = 4` },
  { nome: 'uf + target group + ambient', query: `uf=${ufMaior}&grupoAlvoPesca=1&tipoAmbientePesca=2`,
    where: `p.uf = '${ufMaior}' AND EXISTS (SELECT 1 FROM pescador_grupo_alvo g WHERE g.pescador_id = p.id AND g.grupo_alvo = ANY(ARRAY[1]::smallint[]))
      AND EXISTS (SELECT 1 FROM pescador_ambiente_pesca a WHERE a.pescador_id = p.id AND a.ambiente_pesca = 2)` },
];

const PAGINA_SQL = (where: string) => `SELECT p.id, p.cpf, p.nome, p.uf, m.nome AS municipio, p.categoria, p.situacao_registro, p.numero_rgp,
  p.sexo, date_part('year', age(date '${hoje}', p.data_nascimento))::int AS idade
  FROM pescador p LEFT JOIN municipio m ON m.id = p.municipio_id WHERE ${where} ORDER BY p.nome, p.id LIMIT 20`;

// 2. The product on the same database, and the bare baseline server.
const SERVIDOR = `${PASTA}/servidor/main.mjs`;
await construirServidorComThreads(`${PASTA}/servidor`);
const { filho: child, base } = await iniciarServidorEmpacotado(SERVIDOR, PORTA, {
  DATA_DIR: PASTA, DATABASE_URL: banco.url,
  // One sign-in for the whole run, which lasts longer than a token's default 15 minutes (3600 is the most).
  TOKEN_TTL_SECONDS: '3600',
});
const consultasNuas = MISTURAS.map((mx) => ({ contar: `SELECT count(*)::int AS n FROM pescador p WHERE ${mx.where}`, pagina: PAGINA_SQL(mx.where) }));
const nu = spawn(process.execPath, ['--import', 'tsx', 'bench/relatorio.ts'], {
  env: { ...process.env, BENCH_BARE: '1', BENCH_SQL: JSON.stringify(consultasNuas), DATABASE_URL: banco.url },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (let i = 0; ; i++) {
  if (nu.exitCode !== null || i > 600) throw new Error('the bare server did not start');
  if (await fetch(`http://127.0.0.1:${PORTA_NUA}/health`).then((x) => x.ok, () => false)) break;
  await new Promise((res) => setTimeout(res, 100));
}
const sql = db;
try {
  const { token } = await signIn(base, GESTOR);
  const get = async (caminho: string) => {
    const res = await fetch(`${base}${caminho}`, { headers: { authorization: `Bearer ${token}` } });
    const corpo = await res.text();
    if (!res.ok) throw new Error(`${caminho}: ${res.status} ${corpo.slice(0, 200)}`);
    return JSON.parse(corpo) as { dados: Record<string, unknown> };
  };
  const medir = async (f: () => Promise<unknown>) => {
    const m: number[] = [];
    for (let i = 0; i < RODADAS + 3; i++) {
      const t1 = performance.now();
      await f();
      if (i >= 3) m.push(performance.now() - t1);
    }
    return m.sort((a, b) => a - b);
  };

  // BENCH_PARTE=arquivos: only the files (parts 2 and 3).
  if (process.env.BENCH_PARTE !== 'arquivos') {
    const saude = await medir(() => fetch(`${base}/api/health`).then((x) => x.text()));
    console.log(`\ncount + first page, ${RODADAS} runs each after 3 to warm (ms); HTTP floor GET /api/health p95 ${percentile(saude, 95).toFixed(1)}`);
    console.log(`${'filter mix'.padEnd(30)} ${'matches'.padStart(10)}   ${'SQL p50'.padStart(8)} ${'SQL p95'.padStart(8)}   ${'bare p50'.padStart(8)} ${'bare p95'.padStart(8)}   ${'API p50'.padStart(8)} ${'API p95'.padStart(8)}   API/bare  API/SQL`);
    const razoes: number[] = [];
    const razoesSql: number[] = [];
    for (const [i, mx] of MISTURAS.entries()) {
      const manual = await medir(async () => {
        await sql.query(consultasNuas[i]!.contar);
        await sql.query(consultasNuas[i]!.pagina);
      });
      const nua = await medir(async () => {
        const res = await fetch(`http://127.0.0.1:${PORTA_NUA}/previa?i=${i}`);
        if (!res.ok) throw new Error(`bare ${mx.nome}: ${res.status}`);
        await res.text();
      });
      let total = 0;
      const api = await medir(async () => {
        const d = await get(`/api/pescador/relatorio/pescadores/previa?${mx.query}`);
        total = d.dados.total as number;
      });
      const razao = percentile(api, 95) / percentile(nua, 95);
      const razaoSql = percentile(api, 95) / percentile(manual, 95);
      razoes.push(razao);
      razoesSql.push(razaoSql);
      console.log(`${mx.nome.padEnd(30)} ${total.toLocaleString('en').padStart(10)}   ${r(percentile(manual, 50))} ${r(percentile(manual, 95))}   `
        + `${r(percentile(nua, 50))} ${r(percentile(nua, 95))}   ${r(percentile(api, 50))} ${r(percentile(api, 95))}   ${razao.toFixed(2).padStart(8)} ${razaoSql.toFixed(2).padStart(8)}`);
    }
    const mediana = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!.toFixed(2);
    console.log(`p95 API / bare HTTP + SQL: worst ${Math.max(...razoes).toFixed(2)}, median ${mediana(razoes)}, `
      + `${razoes.filter((x) => x <= 1.5).length} of ${razoes.length} within 1.50 (goal)`);
    console.log(`p95 API / SQL straight to PostgreSQL: worst ${Math.max(...razoesSql).toFixed(2)}, median ${mediana(razoesSql)}`);
  }

  /** The server's largest RSS (MB), sampled every 100 ms until `parar`. */
  const amostrarRss = () => {
    let max = rssMb(child.pid!);
    const timer = setInterval(() => (max = Math.max(max, rssMb(child.pid!))), 100);
    return { parar: () => { clearInterval(timer); return Math.max(max, rssMb(child.pid!)); } };
  };

  /** Emits a report and waits for its job; the time runs from the job's start (PROCESSANDO) to CONCLUIDO. */
  const emitir = async (query: string, formato: 'csv' | 'xlsx') => {
    const rss = amostrarRss();
    const pedido = performance.now();
    const d = await get(`/api/pescador/relatorio/pescadores?${query}${query ? '&' : ''}formato=${formato}`);
    const id = d.dados.id as number;
    // Written during the request (small report): the request's time; else from the job's start.
    let inicio = d.dados.situacao === 3 ? pedido : 0;
    for (;;) {
      const e = (await get(`/api/pescador/relatorio/execucao/${id}`)).dados;
      if (e.situacao === 2 && !inicio) inicio = performance.now();
      if (e.situacao === 3 || e.situacao === 4) {
        const fim = performance.now();
        if (e.situacao === 4) throw new Error('the report failed');
        const { rows: [row] } = await sql.query<{ tamanho: number; processados: number }>('SELECT tamanho::float8 AS tamanho, processados FROM relatorio_execucao WHERE id = $1', [id]);
        return { ms: fim - (inicio || fim), rssMax: rss.parar(), linhas: row!.processados, bytes: row!.tamanho };
      }
      await new Promise((res) => setTimeout(res, 100));
    }
  };

  // The CSV of every fisher, and COPY of the same columns in the same order into a file.
  const colunas = `p.cpf, p.nome, to_char(p.data_nascimento, 'DD/MM/YYYY'), date_part('year', age(date '${hoje}', p.data_nascimento))::int,
    p.sexo, p.escolaridade, p.etnia, p.alfabetizacao, p.nacionalidade_brasileira, p.uf, m.nome, p.categoria, p.forma_atuacao,
    p.propriedade_embarcacao, p.tie, p.cnpj_entidade_representante, p.recebeu_ajuda,
    ARRAY(SELECT a.ambiente_pesca FROM pescador_ambiente_pesca a WHERE a.pescador_id = p.id ORDER BY 1),
    ARRAY(SELECT g.grupo_alvo FROM pescador_grupo_alvo g WHERE g.pescador_id = p.id ORDER BY 1),
    p.numero_rgp, p.situacao_registro, to_char(p.data_emissao_carteira AT TIME ZONE 'America/Sao_Paulo', 'DD/MM/YYYY'),
    to_char(p.data_primeiro_rgp, 'DD/MM/YYYY')`;
  // Asynchronous: a synchronous child would stop this process's event loop for minutes, and the HTTP client would
  // then send on a keep-alive socket the server had closed meanwhile.
  const copiar = async (where: string) => {
    const destino = `${PASTA}/copy-baseline.csv`;
    const t1 = performance.now();
    await promisify(execFile)('psql', [`${banco.url}`, '-q', '-c',
      `\\copy (SELECT ${colunas} FROM pescador p LEFT JOIN municipio m ON m.id = p.municipio_id WHERE ${where} ORDER BY p.nome, p.id) TO '${destino}' WITH (FORMAT csv, DELIMITER ';', HEADER)`]);
    const ms = performance.now() - t1;
    const bytes = fs.statSync(destino).size;
    fs.rmSync(destino);
    return { ms, bytes };
  };

  const repouso = amostrarRss().parar();
  console.log(`\nfiles (the job's time, from its start to the file stored; RSS = the server's, sampled every 100 ms; at rest ${repouso.toFixed(0)} MB):`);
  const copia = await copiar('true');
  const csv = await emitir('', 'csv');
  console.log(`  COPY (…) TO file, all fishers          ${r(copia.ms / 1000)} s   ${(copia.bytes / 1e6).toFixed(0)} MB`);
  console.log(`  report CSV, all fishers                ${r(csv.ms / 1000)} s   ${(csv.bytes / 1e6).toFixed(0)} MB   ${csv.linhas.toLocaleString('en')} rows`
    + `   ratio ${(csv.ms / copia.ms).toFixed(2)} (goal ≤ 2.00)   RSS max ${csv.rssMax.toFixed(0)} MB (goal < 200)`);
  const copiaUf = await copiar(`p.uf = '${ufXlsx.uf}'`);
  const x = await emitir(`uf=${ufXlsx.uf}`, 'xlsx');
  console.log(`  COPY (…) TO file, uf=${ufXlsx.uf}             ${r(copiaUf.ms / 1000)} s`);
  console.log(`  report XLSX, uf=${ufXlsx.uf}                  ${r(x.ms / 1000)} s   ${(x.bytes / 1e6).toFixed(0)} MB   ${x.linhas.toLocaleString('en')} rows`
    + `   RSS max ${x.rssMax.toFixed(0)} MB (goal < 300)`);
} finally {
  nu.kill('SIGTERM');
  await pararServidor(child);
  await banco.fechar();
}
}
