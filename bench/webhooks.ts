// npm run bench:webhooks — issue 37's delivery goal: a national suspension of BENCH_EVENTOS fishers (default 131,695)
// delivered as webhooks to 3 subscribers, real HTTP receivers in this process, one of which fails 10 % of deliveries
// and answers slowly (BENCH_ATRASO_MS, default 100 ms, on every answer). Prints, in the same run:
// - per receiver: the events it acknowledged once, the repeats (each a retry of a failed attempt under the same
//   webhook-id, or a repeat after a success, which must be none), events missing, signatures refused;
// - the registry's REAP send p50/p99 (POST /api/reap/questionario-basico, enviada=true, one per fisher, 4 in flight)
//   before the suspension and again while the deliveries run (goal: p99 within 20 %);
// - the server's resident memory (VmRSS of its Node process, /proc/<pid>/status) at rest and its peak while the
//   deliveries run (goal < 300 MB).
// The server runs as production does (the bundle, npm start's Node flags): a web instance (INSTANCE_ROLE=web) serves
// the REAP sends, a jobs instance (INSTANCE_ROLE=jobs) on the same database delivers, its webhook job as configured;
// its RSS is printed too. BENCH_UMA_INSTANCIA=1 runs one process doing both instead (decision 0205). Each instance
// gets the pool and heap settings of its production manifest; the receivers run in a process of their own (0240).
//   BENCH_PG_PORT (5645), BENCH_PORT (3245), BENCH_JOBS_PORT (BENCH_NU_PORT, else 3246); BENCH_ESPERA_S (3600): the
//   longest wait for every delivery; BENCH_ENVIOS_S (20): each REAP window, in seconds.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { construirServidorComThreads } from '../scripts/servidor-esbuild.mjs';
import { cpfComDigitos } from '../src/shared/cpf';
import {
  dormir, formularioReapArtesanal, iniciarServidorEmpacotado, MUNICIPIO_BELEM, pararServidor, pct, rssMb, semearReapAbertas, sessoesDiretas, signIn,
  type PescadorReapAberta, type Sessao,
} from './lib';

const N = Number(process.env.BENCH_EVENTOS ?? 131_695);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 5645);
const PORTA = Number(process.env.BENCH_PORT ?? 3245);
const ATRASO_MS = Number(process.env.BENCH_ATRASO_MS ?? 100);
const ESPERA_S = Number(process.env.BENCH_ESPERA_S ?? 3600);
const ENVIOS_S = Number(process.env.BENCH_ENVIOS_S ?? 20);
const UMA_INSTANCIA = process.env.BENCH_UMA_INSTANCIA === '1';
const PORTA_JOBS = Number(process.env.BENCH_JOBS_PORT ?? process.env.BENCH_NU_PORT ?? 3246);
const JOBS_NICE = Number(process.env.BENCH_JOBS_NICE ?? 10);
const EM_VOO_REAP = 4;
const PESCADORES_REAP = 12_000;
const PASTA = '.test-data/bench-webhooks';
const SERVIDOR = `${PASTA}-servidor/main.mjs`;
const JWT_SECRET = 'bench-webhooks-jwt-secret-0123456789abcdef';
const DB_URL = `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp`;
const ADMIN = '50000000566';

/** The settings production gives an instance in its manifest (`- name: X` / `value: Y` in the container's env). */
function envDoManifesto(arquivo: string, nomes: readonly string[]): Record<string, string> {
  const texto = fs.readFileSync(arquivo, 'utf8');
  const env: Record<string, string> = {};
  for (const m of texto.matchAll(/- name: (\w+)\n\s+value: "?([^"\n]+)"?/g)) if (nomes.includes(m[1]!)) env[m[1]!] = m[2]!;
  return env;
}
const ENV_WEB = envDoManifesto('deploy/kubernetes/base/deployment.yaml', ['NODE_OPTIONS', 'DB_POOL_MAX']);
const ENV_JOBS = envDoManifesto('deploy/kubernetes/base/deployment-jobs.yaml', ['NODE_OPTIONS', 'DB_POOL_MAX']);
const BELEM = MUNICIPIO_BELEM;

/** An agency's endpoint: verifies each signature, counts each webhook-id; the failing one answers 500 to one in ten. */
class Receptor {
  readonly aceitos = new Map<string, number>();
  readonly recusadosPorNos = new Set<string>();
  recebidos = 0;
  assinaturasInvalidas = 0;
  repeticoesAposSucesso = 0;
  retentativas = 0;
  /** Date.now() of the last id acknowledged for the first time. */
  ultimoAceiteEm = 0;
  webhook: Webhook | null = null;
  private readonly servidor: http.Server;

  constructor(readonly nome: string, private readonly falhaCadaDez: boolean, private readonly atrasoMs: number) {
    this.servidor = http.createServer((req, res) => {
      const partes: Buffer[] = [];
      req.on('data', (p: Buffer) => partes.push(p));
      req.on('end', () => void this.receber(req, res, Buffer.concat(partes).toString('utf8')));
    });
  }

  async ouvir(): Promise<string> {
    await new Promise<void>((r) => this.servidor.listen(0, '127.0.0.1', r));
    return `http://localhost:${(this.servidor.address() as AddressInfo).port}/webhook`;
  }

  fechar(): Promise<void> {
    this.servidor.closeAllConnections();
    return new Promise((r) => this.servidor.close(() => r()));
  }

  private async receber(req: http.IncomingMessage, res: http.ServerResponse, corpo: string) {
    // Its number on arrival: counted after the answer's wait, every request of a round in flight read the same
    // count, and one round in five failed whole instead of one request in ten (decision 0205).
    const numero = ++this.recebidos;
    const id = String(req.headers['webhook-id']);
    try {
      this.webhook!.verify(corpo, {
        'webhook-id': id, 'webhook-timestamp': String(req.headers['webhook-timestamp']), 'webhook-signature': String(req.headers['webhook-signature']),
      });
    } catch {
      this.assinaturasInvalidas++;
      res.writeHead(400).end();
      return;
    }
    if (this.atrasoMs > 0) await dormir(this.atrasoMs);
    const ja = this.aceitos.get(id) ?? 0;
    if (ja > 0) this.repeticoesAposSucesso++;
    else if (this.recusadosPorNos.has(id)) this.retentativas++;
    if (this.falhaCadaDez && numero % 10 === 0) {
      this.recusadosPorNos.add(id);
      res.writeHead(500).end();
      return;
    }
    this.aceitos.set(id, ja + 1);
    if (ja === 0) this.ultimoAceiteEm = Date.now();
    res.writeHead(200).end();
  }
}

/** What the parent reads of a receiver while the run goes on, and at its end. */
interface EstadoReceptor { nome: string; recebidos: number; aceitos: number; ultimoAceiteEm: number }
interface RelatorioReceptor extends EstadoReceptor { ids: string[]; retentativas: number; repeticoesAposSucesso: number; assinaturasInvalidas: number }
type Mensagem =
  | { tipo: 'urls'; urls: string[] } | { tipo: 'estado'; estado: EstadoReceptor[] } | { tipo: 'relatorio'; relatorio: RelatorioReceptor[] };

/**
 * The receivers run in a process of their own (BENCH_PAPEL=receptores): an agency's endpoint runs on its own
 * machine, and in this process its signature checks and JSON would delay the event loop that times the REAP sends,
 * counting the receivers' work as the registry's latency (decision 0240). Same priority as this process.
 */
async function processoReceptores(): Promise<void> {
  const receptores = [new Receptor('A (fast)', false, 0), new Receptor('B (fast)', false, 0), new Receptor(`C (fails 10 %, ${ATRASO_MS} ms)`, true, ATRASO_MS)];
  const enviar = (m: Mensagem) => process.send!(m);
  enviar({ tipo: 'urls', urls: await Promise.all(receptores.map((r) => r.ouvir())) });
  const estado = (): EstadoReceptor[] => receptores.map((r) => ({ nome: r.nome, recebidos: r.recebidos, aceitos: r.aceitos.size, ultimoAceiteEm: r.ultimoAceiteEm }));
  process.on('message', (m: { tipo: 'segredos'; segredos: string[] } | { tipo: 'estado' } | { tipo: 'relatorio' } | { tipo: 'fim' }) => {
    if (m.tipo === 'segredos') m.segredos.forEach((segredo, i) => { receptores[i]!.webhook = new Webhook(segredo); });
    else if (m.tipo === 'estado') enviar({ tipo: 'estado', estado: estado() });
    else if (m.tipo === 'relatorio') {
      enviar({ tipo: 'relatorio', relatorio: receptores.map((r, i) => ({
        ...estado()[i]!, ids: [...r.aceitos.keys()], retentativas: r.retentativas, repeticoesAposSucesso: r.repeticoesAposSucesso,
        assinaturasInvalidas: r.assinaturasInvalidas,
      })) });
    } else void Promise.all(receptores.map((r) => r.fechar())).then(() => process.exit(0));
  });
}

/** The parent's side: the receivers' process, asked for their counts. */
class Receptores {
  readonly filho: ChildProcess;
  estado: EstadoReceptor[] = [];
  private readonly esperando = new Map<Mensagem['tipo'], (m: Mensagem) => void>();
  /** A message that came before it was asked for (the URLs, sent as the process starts). */
  private readonly chegadas = new Map<Mensagem['tipo'], Mensagem>();

  constructor() {
    this.filho = fork('bench/webhooks.ts', [], { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_PAPEL: 'receptores' } });
    this.filho.on('message', (m: Mensagem) => {
      const f = this.esperando.get(m.tipo);
      this.esperando.delete(m.tipo);
      if (f) f(m);
      else this.chegadas.set(m.tipo, m);
    });
  }

  private pedir<T extends Mensagem['tipo']>(tipo: T, pedido?: object): Promise<Extract<Mensagem, { tipo: T }>> {
    return new Promise((ok) => {
      const chegada = this.chegadas.get(tipo);
      this.chegadas.delete(tipo);
      if (chegada) return ok(chegada as Extract<Mensagem, { tipo: T }>);
      this.esperando.set(tipo, ok as (m: Mensagem) => void);
      if (pedido) this.filho.send(pedido);
    });
  }

  async urls(): Promise<string[]> {
    return (await this.pedir('urls')).urls;
  }

  segredos(segredos: string[]): void {
    this.filho.send({ tipo: 'segredos', segredos });
  }

  async atualizar(): Promise<EstadoReceptor[]> {
    this.estado = (await this.pedir('estado', { tipo: 'estado' })).estado;
    return this.estado;
  }

  async relatorio(): Promise<RelatorioReceptor[]> {
    return (await this.pedir('relatorio', { tipo: 'relatorio' })).relatorio;
  }

  fechar(): Promise<void> {
    if (this.filho.exitCode !== null) return Promise.resolve();
    return new Promise((ok) => {
      this.filho.once('exit', () => ok());
      this.filho.send({ tipo: 'fim' });
    });
  }
}

type PescadorReap = PescadorReapAberta;

/** The fishers to suspend (active, Pará), and fishers with an open REAP of `ano` to send during the run. */
async function semear(db: pg.Client, ano: number, hoje: string): Promise<PescadorReap[]> {
  const t0 = performance.now();
  await db.query('SET synchronous_commit = off');
  await db.query(`
    INSERT INTO pescador (cpf, nome, uf, municipio_id, categoria, situacao_registro, data_primeiro_rgp)
    SELECT c.cpf, 'BENCH WEBHOOK ' || c.n, 'PA', ${BELEM}, 2, 1, '2015-03-10' FROM unnest($1::text[]) WITH ORDINALITY AS c(cpf, n)`,
  [Array.from({ length: N }, (_, i) => cpfComDigitos(300_000_000 + i))]);
  const cpfs = Array.from({ length: PESCADORES_REAP }, (_, i) => cpfComDigitos(810_000_000 + i));
  const pescadores = await semearReapAbertas(db, cpfs, 'PESCADOR DO REAP ', ano, hoje);
  await db.query('SET synchronous_commit = on');
  await db.query('VACUUM ANALYZE pescador, solicitacao, solicitacao_historico, reap_questionario, evento_integracao');
  console.log(`seeded ${N.toLocaleString('en')} fishers to suspend and ${PESCADORES_REAP.toLocaleString('en')} with an open REAP in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return pescadores;
}

/** REAP sends, EM_VOO_REAP in flight, for `segundos`, each fisher once; answers each send's time. */
async function enviosReap(base: string, sessoes: Sessao<PescadorReap>[], ano: number, segundos: number): Promise<number[]> {
  const ms: number[] = [];
  const fim = performance.now() + segundos * 1000;
  await Promise.all(Array.from({ length: EM_VOO_REAP }, async () => {
    while (performance.now() < fim) {
      const s = sessoes.pop();
      if (!s) throw new Error('the REAP fishers ran out: raise PESCADORES_REAP');
      const t0 = performance.now();
      const res = await fetch(`${base}/api/reap/questionario-basico`, {
        method: 'POST', headers: s.headers, body: JSON.stringify(formularioReapArtesanal(s.pescador.idQuestionario, ano, true)),
      });
      const corpo = await res.text();
      if (res.status !== 200) throw new Error(`REAP send: ${res.status} ${corpo.slice(0, 200)}`);
      ms.push(performance.now() - t0);
    }
  }));
  return ms.sort((a, b) => a - b);
}

async function principal() {
  fs.rmSync(PASTA, { recursive: true, force: true });
  console.log('building the server bundle …');
  await construirServidorComThreads(SERVIDOR.slice(0, -'/main.mjs'.length)); // with its worker threads' bundles
  const env = {
    EMBEDDED_PG_PORT: String(PG_PORT), NODE_ENV: 'development', METRICS_PORT: '0', JWT_SECRET, TRUST_PROXY: 'loopback',
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_MAX_SERVER_TIME_MS: '0',
  };
  // As production runs it (docs/operations.md, "Job workers"): the web instance serves the REAP sends and runs no
  // job; a jobs instance on the same database delivers. BENCH_UMA_INSTANCIA=1: one process doing both (npm start).
  // Each with the pool and heap settings its production manifest gives it (the jobs pods: DB_POOL_MAX 6).
  const { filho, base } = await iniciarServidorEmpacotado(SERVIDOR, PORTA, {
    ...env, ...(UMA_INSTANCIA ? {} : ENV_WEB), DATA_DIR: PASTA, INSTANCE_ROLE: UMA_INSTANCIA ? 'both' : 'web',
  });
  const jobs = UMA_INSTANCIA ? undefined : (await iniciarServidorEmpacotado(SERVIDOR, PORTA_JOBS, {
    ...env, ...ENV_JOBS, DATA_DIR: `${PASTA}-jobs`, DATABASE_URL: DB_URL, INSTANCE_ROLE: 'jobs',
    ...(process.env.BENCH_JOBS_METRICS_PORT ? { METRICS_PORT: process.env.BENCH_JOBS_METRICS_PORT } : {}),
  })).filho;
  if (!UMA_INSTANCIA) console.log(`web instance ${JSON.stringify(ENV_WEB)}, jobs instance ${JSON.stringify(ENV_JOBS)} (from deploy/kubernetes/base)`);
  // Production gives the jobs pods their own CPU budget, smaller than the web's (docs/operations.md): on one machine,
  // the nearest is a lower priority for the jobs process than the web's (BENCH_JOBS_NICE, 10 by default; 0 for none).
  if (jobs) os.setPriority(jobs.pid!, Math.min(19, os.getPriority(filho.pid!) + JOBS_NICE));
  const receptores = new Receptores();
  const db = new pg.Client({ connectionString: DB_URL });
  let amostrador: NodeJS.Timeout | undefined;
  try {
    await db.connect();
    const hoje = (await db.query<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`)).rows[0]!.d;
    const ano = Number(hoje.slice(0, 4)) - 1;
    const sessoes = (await sessoesDiretas(db, JWT_SECRET, await semear(db, ano, hoje))).reverse();

    // A client holding the feed scope, and one subscription to suspensions per receiver.
    const admin = await signIn(base, ADMIN);
    const comoAdmin = (caminho: string, corpo: unknown) => fetch(`${base}${caminho}`, {
      method: 'POST', body: JSON.stringify(corpo),
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'x-xsrf-token': admin.xsrf, cookie: admin.cookie },
    }).then(async (r) => {
      const b = (await r.json()) as { dados: Record<string, unknown> };
      if (r.status !== 200) throw new Error(`${caminho}: ${r.status} ${JSON.stringify(b).slice(0, 300)}`);
      return b.dados;
    });
    const cliente = await comoAdmin('/api/integracao/clientes', {
      nome: 'Benchmark de webhooks', orgao: 'INSS', contato: 'bench@inss.gov.br', escopos: ['integracao.eventos'],
      limitePorMinuto: 600, validoAte: '2099-12-31', metodoAutenticacao: 'client_secret',
    }) as { cliente: { id: number } };
    const segredos: string[] = [];
    for (const url of await receptores.urls()) {
      const a = await comoAdmin('/api/integracao/webhooks', { clienteId: cliente.cliente.id, url, tipos: ['registro.suspenso'] }) as { segredo: string };
      segredos.push(a.segredo);
    }
    receptores.segredos(segredos);

    const rssDe = () => [rssMb(filho.pid!), jobs ? rssMb(jobs.pid!) : 0];
    const rssRepouso = rssDe();
    const antes = await enviosReap(base, sessoes, ano, ENVIOS_S);

    // The national suspension: one statement, one transaction, one event per fisher written by the trigger.
    const t0 = performance.now();
    const t0Relogio = Date.now();
    await db.query(`UPDATE pescador SET situacao_registro = 6 WHERE nome LIKE 'BENCH WEBHOOK %'`);
    const { rows: ev } = await db.query<{ id: string }>(`SELECT id::text FROM evento_integracao WHERE tipo = 'registro.suspenso' ORDER BY id`);
    const esperados = ev.map((e) => `msg_${e.id}`);
    const rssPico = [...rssRepouso];
    amostrador = setInterval(() => {
      rssDe().forEach((mb, i) => rssPico[i] = Math.max(rssPico[i]!, mb));
    }, 250);
    const todosAceitos = () => receptores.estado.every((r) => r.aceitos >= esperados.length);

    // The REAP window "during": once every receiver is being delivered to.
    while (!(await receptores.atualizar()).every((r) => r.recebidos >= 200) && performance.now() - t0 < ESPERA_S * 1000) await dormir(200);
    const durante = await enviosReap(base, sessoes, ano, ENVIOS_S);
    const entreguesDurante = (await receptores.atualizar()).map((r) => r.aceitos);

    let ultimoRelato = performance.now();
    while (!todosAceitos() && performance.now() - t0 < ESPERA_S * 1000) {
      await dormir(1000);
      await receptores.atualizar();
      if (performance.now() - ultimoRelato > 60_000) {
        ultimoRelato = performance.now();
        console.log(`  … ${((performance.now() - t0) / 1000).toFixed(0)} s: ${receptores.estado.map((r) => `${r.nome} ${r.aceitos.toLocaleString('en')}`).join(', ')}`);
      }
    }
    const totalS = (performance.now() - t0) / 1000;
    await dormir(5_000); // anything sent after the last first acknowledgement (a repeat) is counted too
    clearInterval(amostrador);

    console.log(`${esperados.length.toLocaleString('en')} events (suspensions) to 3 receivers, all acknowledged after ${totalS.toFixed(0)} s`
      + `${todosAceitos() ? '' : ` — NOT all within ${ESPERA_S} s`}:`);
    const conjuntoEsperado = new Set(esperados);
    for (const r of await receptores.relatorio()) {
      const aceitos = new Set(r.ids);
      const faltando = esperados.filter((id) => !aceitos.has(id)).length;
      const alheios = r.ids.filter((id) => !conjuntoEsperado.has(id)).length;
      const ultimoS = (r.ultimoAceiteEm - t0Relogio) / 1000;
      console.log(`  ${r.nome.padEnd(26)} received ${r.recebidos.toLocaleString('en').padStart(8)} | acknowledged once ${r.aceitos.toLocaleString('en').padStart(8)}`
        + ` | missing ${faltando} | unknown ids ${alheios} | retries after a 500 ${r.retentativas} | repeats after a success ${r.repeticoesAposSucesso}`
        + ` | bad signatures ${r.assinaturasInvalidas} | last first acknowledgement at ${ultimoS.toFixed(0)} s (${(r.aceitos / ultimoS).toFixed(0)} events/s)`);
    }
    const { rows: estados } = await db.query<{ estado: string; n: string }>(`SELECT estado, count(*)::text AS n FROM entrega_webhook GROUP BY estado ORDER BY estado`);
    console.log(`  deliveries by state: ${estados.map((e) => `${e.estado} ${e.n}`).join(', ')}`);
    console.log(`REAP send (${EM_VOO_REAP} in flight, ${ENVIOS_S} s each): before p50 ${pct(antes, 50).toFixed(0)} ms p99 ${pct(antes, 99).toFixed(0)} ms (${antes.length})`
      + ` | during deliveries p50 ${pct(durante, 50).toFixed(0)} ms p99 ${pct(durante, 99).toFixed(0)} ms (${durante.length};`
      + ` receivers acknowledged ${entreguesDurante.map((n) => n.toLocaleString('en')).join(' / ')} by its end)`
      + ` | p99 ratio ${(pct(durante, 99) / pct(antes, 99)).toFixed(2)}× (goal ≤ 1.2×)`);
    console.log(`server RSS (${UMA_INSTANCIA ? 'one instance, INSTANCE_ROLE=both' : 'web instance'}): at rest ${rssRepouso[0]!.toFixed(0)} MB,`
      + ` peak during deliveries ${rssPico[0]!.toFixed(0)} MB (goal < 300 MB)`
      + (jobs ? ` | jobs instance: at rest ${rssRepouso[1]!.toFixed(0)} MB, peak ${rssPico[1]!.toFixed(0)} MB` : ''));
  } finally {
    clearInterval(amostrador);
    await db.end().catch(() => undefined);
    if (jobs) await pararServidor(jobs);
    await pararServidor(filho);
    await receptores.fechar();
  }
}

if (process.env.BENCH_PAPEL === 'receptores') await processoReceptores();
else await principal();
