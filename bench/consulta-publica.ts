// npm run bench:consulta — the public card lookup (GET /api/carteira-profissional/consulta-publica, captcha token,
// single use, audit, rate limit) against a bare Fastify + pg server that reads the same row, in one run, driven by
// the same client (autocannon) for a bounded time each. Prints req/s, p50/p99 and the server process's CPU per
// request (utime + stime of /proc/<pid>/stat) for both, and their ratio (issue 14, point 3; decisions 0040, 0041).
//
//   BENCH_SECONDS (10) and BENCH_CONNECTIONS (16): each measured run; a 3 s warm-up comes before it.
//   BENCH_STORES (postgres,memoria): the rate-limit stores the product is measured with (RATE_LIMIT_STORE).
//   BENCH_PROFILE=<folder>: the product runs with node --cpu-prof and writes its profile there on exit.
//   BENCH_ANTES=<folder>: another checkout of the product (with its node_modules), measured first in the same run
//   ("product before"): before and after figures on the same machine under the same load (decision 0164).
//   BENCH_FSYNC=off: the embedded database without fsync (production keeps it on; this only shows the disk's share).
//   BENCH_PORT (3180; each store's product in turn), BENCH_PG_PORT (5580), BENCH_NU_PORT (3189): the ports.
//   BENCH_METRICS_PORT (BENCH_NU_PORT + 50): the product's metrics port, read after its run for the memory breakdown.
//   BENCH_TOKENS: the measured run's pool of captcha tokens (default: sized from the warm-up's rate, 1.5× and 1000
//   more); BENCH_TOKENS_AQUECIMENTO (6000): the warm-up's requests, each with a token of its own.
//
// The product runs as production runs it (decision 0104): the server bundle (scripts/servidor-esbuild.mjs, built
// into .test-data of its checkout) with npm start's Node flags (that checkout's package.json), so that its resident
// memory is the instance's, not tsx's loader and the sources it compiled.
//
// Every product request carries its own solved ALTCHA token (a pool solved before the runs) and its own client
// address (X-Forwarded-For, TRUST_PROXY=loopback), so that no request is refused for the captcha or the rate limit:
// each one pays the full price. The bare server gets the same bytes and ignores them.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import autocannon from 'autocannon';
import pg from 'pg';
import { AltchaVerifier } from '../src/server/adapters/captcha/altcha';
import { startEmbeddedPostgres } from '../src/server/db/embedded';

/** What a request to a route that reads no token carries in its place: as many bytes as a real payload. */
const FICHA_FALSA = 'x'.repeat(620);
const CPF = '52998224725';
const RGP = 'PAPA00000000042';
/** The card's query (carteira's SELECT_PESCADOR, without its lists), as the bare server runs it. */
const SQL_CARTEIRA = `
  SELECT p.id, p.cpf, p.nome, p.uf, m.nome AS "municipioNome", p.categoria, p.numero_rgp AS "numeroRgp",
         p.situacao_registro AS "situacaoRegistro", p.data_primeiro_rgp AS "dataPrimeiroRgp",
         p.data_emissao_carteira AS "dataEmissaoCarteira"
  FROM pescador p
  LEFT JOIN municipio m ON m.id = p.municipio_id
  WHERE p.cpf = $1 AND p.numero_rgp = $2`;

if (process.env.BENCH_BARE === '1') {
  await servidorNu(Number(process.env.PORT), process.env.DATABASE_URL!);
} else {
  await principal();
}

/** The baseline: Fastify (no logger) and a pg pool, one route, one query, the row as JSON. */
async function servidorNu(port: number, url: string) {
  const { default: Fastify } = await import('fastify');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const app = Fastify();
  app.get('/consulta', async (req, reply) => {
    const q = req.query as { cpf?: string; rgp?: string };
    const { rows } = await pool.query(SQL_CARTEIRA, [q.cpf, q.rgp]);
    if (!rows[0]) return reply.code(404).send({ mensagem: 'não encontrada' });
    const r = rows[0] as Record<string, unknown>;
    return { dados: { nome: r.nome, situacao: r.situacaoRegistro, categoria: r.categoria, municipio: r.municipioNome, uf: r.uf, numeroRGP: r.numeroRgp, dataPrimeiroRgp: r.dataPrimeiroRgp } };
  });
  app.get('/health', async () => ({ ok: true }));
  await app.listen({ port, host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
}

/** CPU seconds (user + system) and resident memory of one process, from /proc. */
function cpuDe(pid: number): { cpu: number; rssMb: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat (utime, stime), counted from the state field (3rd) after the command name.
  const ticks = Number(campos[11]) + Number(campos[12]);
  const rss = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  return { cpu: ticks / 100, rssMb: rss };
}

function iniciar(env: Record<string, string>, args: string[], cwd?: string): ChildProcess {
  return spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    cwd,
  });
}

/** The Node flags of `npm start` in a checkout (its package.json). */
function flagsDoStart(raiz: string): string[] {
  const pacote = JSON.parse(fs.readFileSync(path.join(raiz, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return pacote.scripts.start.split(/\s+/).filter((a) => a.startsWith('--'));
}

/** The server bundle of a checkout, built with that checkout's own esbuild script; answers the bundle's path. */
async function empacotar(raiz: string): Promise<string> {
  const saida = path.join(raiz, '.test-data/bench-consulta-bundle/main.mjs');
  const { construirServidor } = await import(pathToFileURL(path.join(raiz, 'scripts/servidor-esbuild.mjs')).href) as {
    construirServidor: (outfile: string, opcoes: Record<string, unknown>) => Promise<unknown>;
  };
  await construirServidor(saida, { absWorkingDir: raiz });
  return saida;
}

async function esperar(url: string, child: ChildProcess) {
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within 180 s`);
}

async function parar(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const saiu = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await saiu;
}

/** Solved ALTCHA payloads signed with the product's CAPTCHA_HMAC_SECRET (cheap difficulty: verifying costs the same). */
async function fichas(segredo: string, n: number): Promise<string[]> {
  const v = new AltchaVerifier({ segredo, registro: { consumir: async () => true }, custo: 1, contadorMinimo: 1, contadorMaximo: 3 });
  const um = async () => {
    const challenge = await v.desafio();
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };
  const out: string[] = [];
  while (out.length < n) out.push(...await Promise.all(Array.from({ length: Math.min(256, n - out.length) }, um)));
  return out;
}

interface Medida { rps: number; p50: number; p99: number; cpuMs: number; rssMb: number; n: number; erros: number; ociosoMsPorS: number; transacoes: number | null; esgotou: boolean }

/**
 * Where a server's resident memory is, just after its measured run: /proc (anonymous, file-backed) and its V8 heap
 * and buffers (prom-client's default metrics on the metrics port).
 */
async function memoriaDe(pid: number, portaMetricas: number): Promise<string> {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (campo: string) => Number(new RegExp(`${campo}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
  let metricas = '';
  try {
    metricas = await (await fetch(`http://127.0.0.1:${portaMetricas}/metrics`)).text();
  } catch {
    // no metrics port: /proc only
  }
  const mb = (nome: string) => {
    const m = new RegExp(`^${nome.replace(/[{}"]/g, (c) => `\\${c}`)} (\\S+)`, 'm').exec(metricas);
    return m ? (Number(m[1]) / 2 ** 20).toFixed(0) : '?';
  };
  const espaco = (e: string) => mb(`nodejs_heap_space_size_total_bytes{space="${e}"}`);
  return `RSS ${kb('VmRSS').toFixed(0)} MB = anonymous ${kb('RssAnon').toFixed(0)} + files ${kb('RssFile').toFixed(0)} + shared ${kb('RssShmem').toFixed(0)}; `
    + `V8 heap total ${mb('nodejs_heap_size_total_bytes')} (used ${mb('nodejs_heap_size_used_bytes')}; new space ${espaco('new')}, `
    + `old ${espaco('old')}, code ${espaco('code')}, large objects ${espaco('large_object')}), external ${mb('nodejs_external_memory_bytes')} MB`;
}

/** Committed transactions of the database so far (every client: the product, its job queue, the bare server). */
async function transacoes(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()');
    return Number(rows[0]!.n);
  } finally {
    await c.end();
  }
}

/**
 * How long a run lasts: so many seconds, or (a warm-up whose pool must not run out) so many requests, each with
 * one of the pool's tokens.
 */
type Duracao = { segundos: number } | { requisicoes: number };

/**
 * Tokens for a measured run of `segundos` at `rps`, the rate the warm-up reached, with room for a run that goes
 * faster than its warm-up (a server that has warmed up, a quieter machine).
 */
function tokensPara(rps: number, segundos: number): number {
  return Math.ceil(rps * segundos * 1.5) + 1000;
}

/**
 * One bounded autocannon run against `path`, each request with the next token and a new client address. A run that
 * used up its pool says so (`esgotou`): the requests past it carried no valid token, so its figures are not the
 * lookup's.
 */
async function medir(base: string, path: string, pid: number, duracao: Duracao, conexoes: number, tokens: string[] | null, ip: { n: number }, dbUrl?: string): Promise<Medida> {
  let proxima = 0;
  let esgotou = false;
  // What the server burns doing nothing (job polling, timers), so that it can be told apart from the lookups.
  const ocioso0 = cpuDe(pid);
  await new Promise((r) => setTimeout(r, 3000));
  const ociosoMsPorS = ((cpuDe(pid).cpu - ocioso0.cpu) * 1000) / 3;
  const tx0 = dbUrl ? await transacoes(dbUrl) : 0;
  const antes = cpuDe(pid);
  const r = await autocannon({
    url: base,
    connections: conexoes,
    ...('segundos' in duracao ? { duration: duracao.segundos } : { amount: duracao.requisicoes }),
    requests: [{
      method: 'GET',
      setupRequest: (req) => {
        // No pool (a route that reads no token): the same bytes, never exhausted.
        const token = tokens ? tokens[proxima++] : FICHA_FALSA;
        if (token === undefined) esgotou = true;
        const n = ip.n++;
        return {
          ...req,
          path,
          headers: {
            'x-hcaptcha-token': token ?? 'esgotado',
            'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          },
        };
      },
    }],
  });
  const depois = cpuDe(pid);
  await new Promise((r) => setTimeout(r, 1500)); // backends report their statistics within a second
  const tx = dbUrl ? (await transacoes(dbUrl)) - tx0 : null;
  const n = r.requests.total;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuMs: ((depois.cpu - antes.cpu) * 1000) / n,
    rssMb: depois.rssMb,
    n,
    erros: r.errors + r.timeouts + r.non2xx,
    ociosoMsPorS,
    transacoes: tx === null ? null : tx / n,
    esgotou,
  };
}

async function principal() {
  const segundos = Number(process.env.BENCH_SECONDS ?? 10);
  const conexoes = Number(process.env.BENCH_CONNECTIONS ?? 16);
  const stores = (process.env.BENCH_STORES ?? 'postgres,memoria').split(',');
  const perfil = process.env.BENCH_PROFILE;
  const segredo = 'bench-consulta-publica-'.padEnd(48, 'x');
  const dataDir = path.resolve('.test-data/bench-consulta');
  const antes = process.env.BENCH_ANTES ? path.resolve(process.env.BENCH_ANTES) : null;
  const produtos = [...(antes ? [{ nome: 'product before', raiz: antes }] : []), { nome: 'product', raiz: path.resolve('.') }];
  const pacotes = new Map<string, string>();
  for (const p of produtos) pacotes.set(p.raiz, await empacotar(p.raiz));
  fs.rmSync(dataDir, { recursive: true, force: true });
  // BENCH_FSYNC=off: a database that does not wait for the disk at commit (to tell the disk's share apart).
  const banco = await startEmbeddedPostgres({ dataDir, port: Number(process.env.BENCH_PG_PORT ?? 5580), persistent: process.env.BENCH_FSYNC !== 'off' });
  const query = `?cpf=${CPF}&rgp=${RGP}`;
  const resultados: Array<[string, Medida]> = [];
  const portaMetricas = Number(process.env.BENCH_METRICS_PORT ?? Number(process.env.BENCH_NU_PORT ?? 3189) + 50);
  const memorias: string[] = [];
  let ip = { n: 1 };
  try {
    let semeado = false;
    for (const { nome, raiz } of produtos) for (const [i, store] of stores.entries()) {
      const port = Number(process.env.BENCH_PORT ?? 3180);
      const produto = iniciar({
        METRICS_PORT: String(portaMetricas), PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, DATA_DIR: dataDir, DATABASE_URL: banco.url,
        LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback', DEV_IDP_UNSAFE: 'true', CAPTCHA_HMAC_SECRET: segredo, RATE_LIMIT_STORE: store,
      }, [...flagsDoStart(raiz), ...(perfil && raiz !== antes ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(perfil)}`] : []), pacotes.get(raiz)!], raiz);
      try {
        await esperar(`http://127.0.0.1:${port}/api/health`, produto);
        if (!semeado) {
          // The row both servers read: an active registry with an RGP number (migrations ran at the product's start).
          const c = new pg.Client({ connectionString: banco.url });
          await c.connect();
          await c.query(`INSERT INTO pescador (cpf, nome, numero_rgp, uf, municipio_id, categoria, situacao_registro, data_primeiro_rgp)
            VALUES ($1, 'MARIA DA SILVA SOUZA', $2, 'PA', 1501402, 2, 1, '2015-03-10') ON CONFLICT DO NOTHING`, [CPF, RGP]);
          await c.end();
          semeado = true;
        }
        const caminho = `/api/carteira-profissional/consulta-publica${query}`;
        const teste = await fetch(`http://127.0.0.1:${port}${caminho}`, { headers: { 'x-hcaptcha-token': (await fichas(segredo, 1))[0]! } });
        if (teste.status !== 200) throw new Error(`the product answered ${teste.status}: ${await teste.text()}`);
        // The pool is sized from the rate this server reaches here (issue 21: a fixed pool ran out on a fast
        // server): a warm-up of a fixed number of requests, then a pool for the measured run at that rate, with
        // room to spare; a run that still outruns its pool is measured again with one sized from its own rate.
        const aquecimento = await fichas(segredo, Number(process.env.BENCH_TOKENS_AQUECIMENTO ?? 6000));
        const quente = await medir(`http://127.0.0.1:${port}`, caminho, produto.pid!, { requisicoes: aquecimento.length }, conexoes, aquecimento, ip);
        let tamanho = Number(process.env.BENCH_TOKENS ?? tokensPara(quente.rps, segundos));
        for (let tentativa = 1; ; tentativa++) {
          const t0 = performance.now();
          const tokens = await fichas(segredo, tamanho);
          console.log(`(${tokens.length} captcha tokens solved in ${((performance.now() - t0) / 1000).toFixed(1)} s for ${segundos} s at ${quente.rps.toFixed(0)} req/s)`);
          const m = await medir(`http://127.0.0.1:${port}`, caminho, produto.pid!, { segundos }, conexoes, tokens, ip, banco.url);
          if (!m.esgotou) {
            resultados.push([`${nome} (rate limits: ${store})`, m]);
            memorias.push(`${nome} (rate limits: ${store}): ${await memoriaDe(produto.pid!, portaMetricas)}`);
            break;
          }
          if (tentativa === 3) throw new Error(`the token pool ran out three times (last: ${tamanho} tokens, ${m.n} requests)`);
          tamanho = tokensPara(m.n / segundos, segundos);
        }
        if (i === 0) {
          // The floor the framework sets (security headers, XSRF, envelope, zod, logger): a route of the same server
          // that reads no database, takes no captcha and has no rate limit.
          await medir(`http://127.0.0.1:${port}`, '/api/captcha/configuracao', produto.pid!, { segundos: 3 }, conexoes, null, ip);
          resultados.push([`${nome}, no-DB route (floor)`, await medir(`http://127.0.0.1:${port}`, '/api/captcha/configuracao', produto.pid!, { segundos }, conexoes, null, ip, banco.url)]);
        }
      } finally {
        await parar(produto);
      }
    }
    const portaNu = Number(process.env.BENCH_NU_PORT ?? 3189);
    const nu = iniciar({ BENCH_BARE: '1', PORT: String(portaNu), DATABASE_URL: banco.url }, ['--import', 'tsx', 'bench/consulta-publica.ts']);
    try {
      await esperar(`http://127.0.0.1:${portaNu}/health`, nu);
      ip = { n: 1 };
      await medir(`http://127.0.0.1:${portaNu}`, `/consulta${query}`, nu.pid!, { segundos: 3 }, conexoes, null, ip);
      resultados.push(['bare Fastify + pg', await medir(`http://127.0.0.1:${portaNu}`, `/consulta${query}`, nu.pid!, { segundos }, conexoes, null, ip, banco.url)]);
    } finally {
      await parar(nu);
    }
  } finally {
    await banco.stop();
  }
  const nu = resultados.find(([k]) => k.startsWith('bare'))![1];
  console.log(`\npublic card lookup, ${segundos} s per run, ${conexoes} connections, loopback, load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`);
  console.log('server'.padEnd(34) + 'req/s'.padStart(8) + 'p50 ms'.padStart(8) + 'p99 ms'.padStart(8) + 'CPU ms/req'.padStart(12)
    + 'RSS MB'.padStart(8) + 'errors'.padStart(8) + 'idle ms/s'.padStart(10) + 'tx/req'.padStart(8) + '  efficiency vs bare, p99 vs bare');
  for (const [nome, m] of resultados) {
    console.log(nome.padEnd(34) + m.rps.toFixed(0).padStart(8) + m.p50.toFixed(1).padStart(8) + m.p99.toFixed(1).padStart(8)
      + m.cpuMs.toFixed(3).padStart(12) + m.rssMb.toFixed(0).padStart(8) + String(m.erros).padStart(8)
      + m.ociosoMsPorS.toFixed(1).padStart(10) + (m.transacoes === null ? '—' : m.transacoes.toFixed(2)).padStart(8)
      + `  ${(nu.cpuMs / m.cpuMs).toFixed(2)}×, ${(m.p99 / nu.p99).toFixed(2)}×`);
  }
  console.log('goal (issue 40): efficiency ≥ 0.5× (CPU per lookup ≤ 2× the bare one), p99 ≤ 2× the bare one, ≤ 1 transaction per lookup, '
    + 'the product\'s RSS ≤ 256 MB');
  for (const m of memorias) console.log(m);
  console.log('CPU ms/req: the server process\'s user + system time over the run / requests (idle ms/s: its CPU per second at rest, '
    + 'included); tx/req: transactions committed in the database per request (every client).');
}
