// npm run bench:sobrecarga — load shedding (issue 33, point 4; decision 0070), in one run, against a bare Fastify + pg
// server that answers the same rows (the baseline: no shedding, no hooks), driven by the same client (autocannon):
//
//   (a) a closed loop of BENCH_CONNECTIONS (16) clients on GET /api/municipios/uf/MG (853 rows) for BENCH_SECONDS
//       (15), with a CPU hog (a busy loop in another process) beside the server: the product must answer none
//       503 while its p99 stays within the objective (OVERLOAD_MAX_SERVER_TIME_MS, 500 ms);
//   (b) a flood of BENCH_FLOOD (512) connections on the same route for BENCH_SECONDS: the product must shed (503
//       with Retry-After) while GET /api/health, polled every 200 ms on a connection of its own, answers 200.
//
// Prints for each: requests, req/s, p50/p99, the statuses, and the server process's CPU (% of one core, from
// /proc: a loop that uses all of its core is what the former trigger, event-loop utilisation ≥ 0.98, shed on).
// Ports: BENCH_PORT (3205) for the product, +1 for the bare server, +2 for its metrics; BENCH_PG_PORT (5605).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { percentile, startProduct, stop, waitExit } from './lib';

const UF = 'MG';
const OBJETIVO_MS = 500;

/** The baseline: Fastify (no logger, no hooks) and a pg pool of the product's size, the same rows as JSON. */
async function servidorNu(port: number, url: string) {
  const { default: Fastify } = await import('fastify');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const app = Fastify();
  app.get('/api/municipios/uf/:uf', async (req) => {
    const { rows } = await pool.query('SELECT id, nome, uf FROM municipio WHERE uf = $1 ORDER BY lower(nome), nome', [(req.params as { uf: string }).uf]);
    return { codigo: 200, mensagem: 'Sucesso', dados: rows };
  });
  app.get('/api/health', async () => {
    await pool.query('SELECT 1');
    return { codigo: 200, mensagem: 'Sucesso', dados: { status: 'ok' } };
  });
  await app.listen({ port, host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
}

/** CPU seconds (user + system) of one process so far, from /proc. */
function cpuDe(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(campos[11]) + Number(campos[12])) / 100;
}

/** The server's process: the node child of `npx tsx` (the product) or the child itself (the bare server). */
function pidDoServidor(filho: ChildProcess): number {
  const descendentes = (pid: number): number[] => {
    try {
      const filhos = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      return [...filhos, ...filhos.flatMap(descendentes)];
    } catch {
      return [];
    }
  };
  const todos = [filho.pid!, ...descendentes(filho.pid!)];
  // The one that runs main.ts and uses the most memory (the tsx loader's parent is small).
  const rss = (p: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
  return todos.filter((p) => fs.existsSync(`/proc/${p}/cmdline`) && /node/.test(fs.readFileSync(`/proc/${p}/cmdline`, 'utf8')))
    .sort((a, b) => rss(b) - rss(a))[0]!;
}

interface Medida { n: number; rps: number; p50: number; p99: number; status: Record<string, number>; erros: number; cpuNucleo: number; saude: { n: number; ok: number; p99: number; status: Record<string, number> } }

/**
 * Polls GET `url` every 200 ms from a process of its own (the benchmark's loop is busy driving the clients, and
 * would delay the probe's own timing); each line it prints is `status ms`.
 */
const SONDA = `
  const url = process.argv[1];
  let ativo = true;
  process.on('SIGTERM', () => { ativo = false; });
  (async () => {
    while (ativo) {
      const t0 = performance.now();
      let status = 0;
      try { const r = await fetch(url, { signal: AbortSignal.timeout(5000) }); await r.arrayBuffer(); status = r.status; } catch { status = 0; }
      process.stdout.write(status + ' ' + (performance.now() - t0).toFixed(1) + '\\n');
      await new Promise((r) => setTimeout(r, 200));
    }
    process.exit(0);
  })();`;

/** One autocannon run on `base`, while GET /api/health is polled every 200 ms by a process of its own. */
async function medir(base: string, pid: number, conexoes: number, segundos: number): Promise<Medida> {
  const sonda = spawn(process.execPath, ['-e', SONDA, `${base}/api/health`], { stdio: ['ignore', 'pipe', 'inherit'] });
  let saida = '';
  sonda.stdout!.on('data', (d: Buffer) => {
    saida += d.toString();
  });
  const cpu0 = cpuDe(pid);
  const t0 = performance.now();
  const r = await autocannon({ url: `${base}/api/municipios/uf/${UF}`, connections: conexoes, duration: segundos, timeout: 30 });
  const cpu = (cpuDe(pid) - cpu0) / ((performance.now() - t0) / 1000);
  const fim = new Promise((r) => sonda.once('exit', r));
  sonda.kill('SIGTERM');
  await fim;
  const saude = saida.trim().split('\n').filter(Boolean).map((l) => {
    const [status, ms] = l.split(' ');
    return { status: Number(status), ms: Number(ms) };
  });
  const status: Record<string, number> = {};
  for (const [k, v] of Object.entries(r.statusCodeStats ?? {})) status[k] = (v as { count: number }).count;
  const contar = (l: number[]) => l.reduce<Record<string, number>>((a, s) => ({ ...a, [s]: (a[s] ?? 0) + 1 }), {});
  const ms = saude.map((s) => s.ms).sort((a, b) => a - b);
  return {
    n: r.requests.total, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, status, erros: r.errors + r.timeouts, cpuNucleo: cpu,
    saude: { n: saude.length, ok: saude.filter((s) => s.status === 200).length, p99: ms.length ? percentile(ms, 99) : 0, status: contar(saude.map((s) => s.status)) },
  };
}

function linha(nome: string, m: Medida): string {
  const st = Object.entries(m.status).map(([k, v]) => `${k}×${v}`).join(' ');
  const sd = Object.entries(m.saude.status).map(([k, v]) => `${k}×${v}`).join(' ');
  return `${nome.padEnd(34)} ${String(m.n).padStart(7)} ${m.rps.toFixed(0).padStart(6)} ${String(m.p50).padStart(6)} ${String(m.p99).padStart(6)}  `
    + `${(m.cpuNucleo * 100).toFixed(0).padStart(4)} %  ${st}${m.erros ? ` erros×${m.erros}` : ''} | health ${sd} p99 ${m.saude.p99.toFixed(0)} ms`;
}

/** Recusas por motivo, from the product's metrics port. */
async function recusas(portaMetricas: number): Promise<string> {
  const texto = await (await fetch(`http://127.0.0.1:${portaMetricas}/metrics`)).text();
  return [...texto.matchAll(/^rgp_sobrecarga_recusadas_total\{motivo="([^"]+)"\} (\d+)/gm)].map(([, m, n]) => `${m}=${n}`).join(' ') || 'none';
}

async function principal() {
  const segundos = Number(process.env.BENCH_SECONDS ?? 15);
  const conexoes = Number(process.env.BENCH_CONNECTIONS ?? 16);
  const inundacao = Number(process.env.BENCH_FLOOD ?? 512);
  const porta = Number(process.env.BENCH_PORT ?? 3205);
  const portaPg = Number(process.env.BENCH_PG_PORT ?? 5605);
  const portaMetricas = porta + 2;
  process.env.METRICS_PORT = String(portaMetricas);
  process.env.METRICS_HOST = '127.0.0.1';

  console.log(`starting the product on ${porta} (embedded PostgreSQL on ${portaPg}) …`);
  const produto = await startProduct({ port: porta, pgPort: portaPg, dataDir: '.test-data/bench-sobrecarga', fresh: true });
  const nu = spawn(process.execPath, ['--import', 'tsx', 'bench/sobrecarga.ts'], {
    env: { ...process.env, BENCH_BARE: '1', PORT: String(porta + 1), DATABASE_URL: `postgres://rgp:rgp-local-only@127.0.0.1:${portaPg}/rgp` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseNu = `http://127.0.0.1:${porta + 1}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${baseNu}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const hogs: ChildProcess[] = [];
  try {
    const pidProduto = pidDoServidor(produto.child);
    const base = `http://127.0.0.1:${porta}`;
    // Warm-up: the route's code compiled and the pool's connections open on both.
    await autocannon({ url: `${base}/api/municipios/uf/${UF}`, connections: 8, duration: 3 });
    await autocannon({ url: `${baseNu}/api/municipios/uf/${UF}`, connections: 8, duration: 3 });
    await new Promise((r) => setTimeout(r, 2000));

    console.log(`\n${'run'.padEnd(34)} ${'reqs'.padStart(7)} ${'req/s'.padStart(6)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}  ${'cpu'.padStart(6)}  statuses | GET /api/health every 200 ms`);
    const resultados: Record<string, Medida> = {};
    const rodar = async (nome: string, b: string, pid: number, c: number) => {
      resultados[nome] = await medir(b, pid, c, segundos);
      console.log(linha(nome, resultados[nome]!));
      await new Promise((r) => setTimeout(r, 3000)); // the next run starts on a quiet server
    };
    // (a) 16 clients in a closed loop, a CPU hog beside the server.
    hogs.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
    await new Promise((r) => setTimeout(r, 500));
    await rodar(`bare, ${conexoes} clients + CPU hog`, baseNu, nu.pid!, conexoes);
    await rodar(`product, ${conexoes} clients + CPU hog`, base, pidProduto, conexoes);
    for (const h of hogs.splice(0)) h.kill('SIGKILL');
    console.log(`  product's refusals so far: ${await recusas(portaMetricas)}`);
    // (b) a flood.
    await rodar(`bare, flood of ${inundacao}`, baseNu, nu.pid!, inundacao);
    await rodar(`product, flood of ${inundacao}`, base, pidProduto, inundacao);
    console.log(`  product's refusals so far: ${await recusas(portaMetricas)}`);

    const a = resultados[`product, ${conexoes} clients + CPU hog`]!;
    const b = resultados[`product, flood of ${inundacao}`]!;
    const ok = (cond: boolean) => (cond ? 'yes' : 'NO');
    console.log(`  load average during the runs: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
    console.log(`\n(a) ${conexoes} clients beside a CPU hog: 0 × 503? ${ok(!a.status['503'])}; p99 ${a.p99} ms ≤ ${OBJETIVO_MS} ms? ${ok(a.p99 <= OBJETIVO_MS)}; /api/health always 200? ${ok(a.saude.ok === a.saude.n)}`);
    console.log(`(b) flood of ${inundacao}: shed (503 × ${b.status['503'] ?? 0})? ${ok((b.status['503'] ?? 0) > 0)}; /api/health always 200? ${ok(b.saude.ok === b.saude.n)} (${b.saude.ok}/${b.saude.n}, p99 ${b.saude.p99.toFixed(0)} ms)`);
  } finally {
    for (const h of hogs) h.kill('SIGKILL');
    nu.kill('SIGTERM');
    stop(produto.child);
    await waitExit(produto.child);
  }
}

if (process.env.BENCH_BARE === '1') {
  await servidorNu(Number(process.env.PORT), process.env.DATABASE_URL!);
} else {
  await principal();
}
