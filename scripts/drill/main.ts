// npm run drill (decision 0049), as root on Debian: a small cluster on 127.0.0.1 proved with traffic in five steps.
// Options: DRILL_BUILD=0, DRILL_KEEP=1, DRILL_BUNDLE=path, DRILL_STEPS=1,2, DRILL_DRAIN_SECONDS (default 4).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpfComDigitos } from '../../src/shared/cpf';
import { FLAGS_DO_START, percentile, signIn } from '../../bench/lib';
import {
  BANCO, BANCO_TRANSACAO, haproxyCfg, pgbouncerIni, pgbouncerUserlist, pgHbaConf, PORTAS, postgresqlConf, primaryConninfo,
} from './gerar';
import * as contratosSaude from '../../src/shared/contratos/saude';
import { SituacaoSolicitacao, TipoDocumento, TipoSolicitacao } from '../../src/shared/enums';
import { S3FileStorage } from '../../src/server/adapters/storage/s3-storage';
import { pdf } from '../../src/server/modules/documento/documento.fixtures';
import {
  descendentes, dormir, encerrar, encerrarTodos, esperar, executar, exigir, iniciar, portaOcupada, usuarioPostgres, vivo, type Filho,
} from './processos';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const BUNDLE = path.resolve(process.env.DRILL_BUNDLE ?? 'dist/server/main.mjs');
const HAPROXY = `http://127.0.0.1:${PORTAS.haproxy}`;
const DRENAGEM_SEGUNDOS = Number(process.env.DRILL_DRAIN_SECONDS ?? 4);
const LOTE_CPFS = 4000;
const NOTIFICACOES = 8000;
/** Documents uploaded through the balancer during the failover, each to a draft of its own. */
const DOCUMENTOS = 400;
const GESTOR = '10000000108';
const PESCADOR_CARGA = '40000000477';
const PESCADOR_ESCRITAS = cpfComDigitos(880_000_001);
const SEGREDO = (nome: string) => `drill-${nome}-`.padEnd(48, 'x');

interface Linha {
  passo: string;
  numeros: string;
  meta: string;
  ok: boolean;
}
const tabela: Linha[] = [];

const raiz = fs.mkdtempSync(path.join(os.tmpdir(), 'rgp-drill-'));
fs.chmodSync(raiz, 0o755);
const pastas = {
  primario: path.join(raiz, 'pg-primario'),
  standby: path.join(raiz, 'pg-standby'),
  pgbouncer: path.join(raiz, 'pgbouncer'),
  haproxy: path.join(raiz, 'haproxy'),
  s3: path.join(raiz, 's3'),
  logs: path.join(raiz, 'logs'),
};

let pgbouncer: Filho | undefined;
const instancias: (Filho | undefined)[] = [undefined, undefined, undefined];
/** A killed postmaster's processes may outlive it. */
const postmasters = new Set<string>();
const orfaos = new Set<number>();
let caminhoSaude: string = contratosSaude.pronto.caminho;

function log(msg: string) {
  process.stdout.write(`[drill ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
}

const seg = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function consultar<T extends pg.QueryResultRow>(porta: number, texto: string, valores: unknown[] = [], banco = BANCO): Promise<T[]> {
  const c = new pg.Client({ host: '127.0.0.1', port: porta, user: 'postgres', database: banco, connectionTimeoutMillis: 3000, query_timeout: 60_000 });
  c.on('error', () => undefined);
  await c.connect();
  try {
    return (await c.query<T>(texto, valores)).rows;
  } finally {
    await c.end();
  }
}

function pidPostmaster(pasta: string): number | null {
  try {
    return Number(fs.readFileSync(path.join(pasta, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
}

async function pgCtl(args: string[], timeoutMs = 90_000) {
  return exigir(`${PG_BIN}/pg_ctl`, args, { comoPostgres: true, timeoutMs });
}

function escreverComoPostgres(arquivo: string, texto: string) {
  fs.writeFileSync(arquivo, texto);
  const { uid, gid } = usuarioPostgres();
  fs.chownSync(arquivo, uid, gid);
}

function pastaDoPostgres(pasta: string) {
  fs.mkdirSync(pasta, { recursive: true, mode: 0o700 });
  const { uid, gid } = usuarioPostgres();
  fs.chownSync(pasta, uid, gid);
}

async function iniciarPostgres(pasta: string, nome: string) {
  postmasters.add(pasta);
  await pgCtl(['-D', pasta, '-l', path.join(pastas.logs, `${nome}.log`), '-w', '-t', '60', 'start']);
}

function escreverPgbouncer(portaBanco: number) {
  escreverComoPostgres(path.join(pastas.pgbouncer, 'pgbouncer.ini'), pgbouncerIni({ porta: PORTAS.pgbouncer, portaBanco, pasta: pastas.pgbouncer }));
}

interface EstadoServidor { status: string; scur: number; wretr: number; wredis: number; eresp: number; econ: number }

function estadoHaproxy(): Promise<Map<string, EstadoServidor>> {
  return new Promise((resolve, reject) => {
    const s = net.createConnection(path.join(pastas.haproxy, 'admin.sock'));
    let texto = '';
    s.setTimeout(3000, () => s.destroy(new Error('HAProxy admin socket timed out')));
    s.on('connect', () => s.write('show stat\n'));
    s.on('data', (d) => { texto += d.toString(); });
    s.on('error', reject);
    s.on('close', () => {
      const linhas = texto.trim().split('\n');
      const cab = linhas[0]!.replace(/^# /, '').split(',');
      const col = (l: string[], n: string) => l[cab.indexOf(n)] ?? '';
      const m = new Map<string, EstadoServidor>();
      for (const l of linhas.slice(1).map((x) => x.split(','))) {
        if (col(l, 'pxname') !== 'instancias' || !/^i\d$/.test(col(l, 'svname'))) continue;
        m.set(col(l, 'svname'), {
          status: col(l, 'status'), scur: Number(col(l, 'scur')), wretr: Number(col(l, 'wretr')),
          wredis: Number(col(l, 'wredis')), eresp: Number(col(l, 'eresp')), econ: Number(col(l, 'econ')),
        });
      }
      resolve(m);
    });
  });
}

async function esperarEstado(i: number, estado: 'UP' | 'DOWN', ms: number) {
  await esperar(`HAProxy to see i${i + 1} ${estado}`, estadoHaproxy, (m) => m.get(`i${i + 1}`)?.status === estado, ms, 100);
}

function iniciarInstancia(i: number): Filho {
  const porta = PORTAS.instancias[i]!;
  const f = iniciar(`rgp-i${i + 1}`, process.execPath, [...FLAGS_DO_START, BUNDLE], {
    log: path.join(pastas.logs, `i${i + 1}.log`),
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? raiz,
      // The development identity provider signs the demo accounts in; production keys are set anyway (decision 0049).
      NODE_ENV: 'development',
      // application_name names the instance in pg_stat_activity (the batch's holder in step 3).
      DATABASE_URL: `postgres://${BANCO}@127.0.0.1:${PORTAS.pgbouncer}/${BANCO}?application_name=rgp-i${i + 1}`,
      SEED_DEMO: 'true',
      PORT: String(porta),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${porta}`,
      TRUST_PROXY: 'loopback',
      // On the drill's own database, on purpose (src/server/inicio.ts).
      DEV_IDP_UNSAFE: 'true',
      DATA_DIR: path.join(raiz, `i${i + 1}`),
      WEB_DIST_DIR: path.resolve('dist/web'),
      LOG_LEVEL: 'warn',
      DB_POOL_MAX: '8',
      JWT_SECRET: SEGREDO('jwt'),
      CAPTCHA_HMAC_SECRET: SEGREDO('captcha'),
      CARTEIRA_TOKEN_SECRET: SEGREDO('carteira'),
      FILE_SIGNING_SECRET: SEGREDO('arquivos'),
      S3_BUCKET: 'rgp-drill',
      S3_ENDPOINT: `http://127.0.0.1:${PORTAS.s3}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: 'documentos/',
      METRICS_PORT: String(PORTAS.metricas[i]),
      METRICS_HOST: '127.0.0.1',
      LOTE_TAMANHO_BLOCO: '10',
      LOTE_RETOMAR_APOS_SEGUNDOS: '3',
      SHUTDOWN_DRAIN_SECONDS: String(DRENAGEM_SEGUNDOS),
    },
  });
  instancias[i] = f;
  return f;
}

async function esperarPronta(i: number, ms = 180_000) {
  const f = instancias[i]!;
  const porta = PORTAS.instancias[i]!;
  await esperar(`instance i${i + 1} to answer ${caminhoSaude}`, async () => {
    if (f.proc.exitCode !== null || f.proc.signalCode !== null) return 'saiu';
    return (await fetch(`http://127.0.0.1:${porta}${caminhoSaude}`, { signal: AbortSignal.timeout(2000) })).status === 200 ? 'pronta' : 'não';
  }, (v) => v !== 'não', ms, 200).then((v) => {
    if (v === 'saiu') throw new Error(`instance i${i + 1} exited (${f.proc.exitCode ?? f.proc.signalCode}); see ${f.log}`);
  });
}

interface FigurasCarga { enviados: number; falhas: number; p50: number; p99: number; ms: number; porStatus: Record<number, number> }

/** HAProxy never replays the POST. */
function iniciarCarga({ sessao, notificacao }: { sessao: Sessao; notificacao: number }) {
  const porStatus: Record<number, number> = {};
  const inicio = performance.now();
  let instancia!: autocannon.Instance;
  const fim = new Promise<autocannon.Result>((resolve, reject) => {
    instancia = autocannon({
      url: HAPROXY,
      connections: 20,
      overallRate: 150,
      duration: 900,
      timeout: 10,
      requests: [
        { method: 'GET', path: '/api/municipios/uf/PA' },
        { method: 'GET', path: '/api/notificacao', headers: { authorization: `Bearer ${sessao.token}` } },
        { method: 'GET', path: '/api/referencia/escolaridades' },
        { method: 'POST', path: `/api/notificacao/${notificacao}/leitura`, body: '{}', headers: { ...cabecalhos(sessao), 'content-type': 'application/json' } },
      ],
    }, (err, r) => (err ? reject(err as Error) : resolve(r)));
  });
  instancia.on('response', (_c, status: number) => { porStatus[status] = (porStatus[status] ?? 0) + 1; });
  return {
    async parar(): Promise<FigurasCarga> {
      instancia.stop();
      const r = await fim;
      return {
        enviados: r.requests.sent, falhas: r.non2xx + r.errors + r.timeouts, p50: r.latency.p50, p99: r.latency.p99,
        ms: performance.now() - inicio, porStatus,
      };
    },
  };
}

const textoCarga = (c: FigurasCarga) => {
  const erros = Object.entries(c.porStatus).filter(([s]) => Number(s) >= 300).map(([s, n]) => `${n}×${s}`).join(', ');
  return `${c.enviados} requests sent, ${c.falhas} failed${erros ? ` (${erros})` : ''}, p50 ${c.p50} ms, p99 ${c.p99} ms, ${seg(c.ms)}`;
};

type Sessao = Awaited<ReturnType<typeof signIn>>;
function cabecalhos(s: Sessao) {
  return { authorization: `Bearer ${s.token}`, cookie: s.cookie, 'x-xsrf-token': s.xsrf };
}

async function passo0Instalar() {
  const t = performance.now();
  const versao = async (p: string) => (await executar('dpkg-query', ['-W', '-f=${Status} ${Version}', p], { timeoutMs: 10_000 })).saida;
  const faltam = [];
  for (const p of ['haproxy', 'pgbouncer']) if (!(await versao(p)).startsWith('install ok installed')) faltam.push(p);
  if (faltam.length > 0) {
    log(`apt-get update && apt-get install ${faltam.join(' ')} (Debian's packages; their system services are not used)`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    await exigir('apt-get', ['update', '-qq'], { env, timeoutMs: 300_000 });
    await exigir('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...faltam], { env, timeoutMs: 600_000 });
  }
  if (!fs.existsSync(`${PG_BIN}/postgres`)) throw new Error(`PostgreSQL 15 is not installed (${PG_BIN})`);
  const v = async (p: string) => (await versao(p)).split(' ').pop();
  tabela.push({
    passo: '0. packages',
    numeros: `haproxy ${await v('haproxy')}, pgbouncer ${await v('pgbouncer')}, postgresql 15: `
      + `${faltam.length > 0 ? `installed ${faltam.join(', ')} in ${seg(performance.now() - t)}` : 'already installed'}`,
    meta: 'from Debian\'s packages',
    ok: true,
  });
}

async function montarCluster() {
  const t = performance.now();
  for (const p of Object.values(PORTAS).flat()) if (await portaOcupada(p)) throw new Error(`port ${p} is taken: another drill running?`);
  for (const p of [pastas.pgbouncer, pastas.haproxy, pastas.s3, pastas.logs]) fs.mkdirSync(p, { recursive: true });
  const { uid, gid } = usuarioPostgres();
  fs.chownSync(pastas.pgbouncer, uid, gid);
  fs.chownSync(pastas.logs, uid, gid);
  fs.chmodSync(pastas.logs, 0o777);

  pastaDoPostgres(pastas.primario);
  await exigir(`${PG_BIN}/initdb`, ['-D', pastas.primario, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'],
    { comoPostgres: true, timeoutMs: 120_000 });
  escreverComoPostgres(path.join(pastas.primario, 'drill.conf'), postgresqlConf({ porta: PORTAS.primario, pastaSocket: pastas.primario, papel: 'primario' }));
  fs.appendFileSync(path.join(pastas.primario, 'postgresql.conf'), "\ninclude 'drill.conf'\n");
  escreverComoPostgres(path.join(pastas.primario, 'pg_hba.conf'), pgHbaConf());
  await iniciarPostgres(pastas.primario, 'pg-primario');
  // Committed locally: the synchronous standby these commits would wait for does not exist yet.
  const boot = new pg.Client({ host: '127.0.0.1', port: PORTAS.primario, user: 'postgres', database: 'postgres', query_timeout: 60_000 });
  boot.on('error', () => undefined);
  await boot.connect();
  try {
    for (const q of ['SET synchronous_commit = local', `CREATE ROLE ${BANCO} LOGIN`, `CREATE DATABASE ${BANCO} OWNER ${BANCO}`]) await boot.query(q);
  } finally {
    await boot.end();
  }

  // A base backup with its replication slot (-C -S) and recovery settings (-R), named for synchronous_standby_names.
  pastaDoPostgres(pastas.standby);
  await exigir(`${PG_BIN}/pg_basebackup`, ['-h', '127.0.0.1', '-p', String(PORTAS.primario), '-U', 'postgres', '-D', pastas.standby,
    '-R', '-X', 'stream', '-c', 'fast', '-C', '-S', 'rgp_standby'], { comoPostgres: true, timeoutMs: 180_000 });
  escreverComoPostgres(path.join(pastas.standby, 'drill.conf'), postgresqlConf({ porta: PORTAS.standby, pastaSocket: pastas.standby, papel: 'standby' }));
  fs.appendFileSync(path.join(pastas.standby, 'postgresql.auto.conf'), primaryConninfo(PORTAS.primario));
  await iniciarPostgres(pastas.standby, 'pg-standby');
  const [rep] = await esperar('the standby to stream synchronously', () => consultar<{ sync_state: string; state: string }>(PORTAS.primario,
    'SELECT sync_state, state FROM pg_stat_replication', [], 'postgres'), (r) => r[0]?.sync_state === 'sync' && r[0].state === 'streaming', 60_000);

  iniciar('s3rver', process.execPath, [path.resolve('node_modules/s3rver/bin/s3rver.js'), '-d', pastas.s3, '-a', '127.0.0.1',
    '-p', String(PORTAS.s3), '-s', '--configure-bucket', 'rgp-drill'], { log: path.join(pastas.logs, 's3rver.log') });
  escreverPgbouncer(PORTAS.primario);
  escreverComoPostgres(path.join(pastas.pgbouncer, 'userlist.txt'), pgbouncerUserlist());
  pgbouncer = iniciar('pgbouncer', '/usr/sbin/pgbouncer', [path.join(pastas.pgbouncer, 'pgbouncer.ini')],
    { comoPostgres: true, log: path.join(pastas.logs, 'pgbouncer.out') });
  caminhoSaude = contratosSaude.pronto.caminho;
  const cfg = path.join(pastas.haproxy, 'haproxy.cfg');
  fs.writeFileSync(cfg, haproxyCfg({ porta: PORTAS.haproxy, instancias: PORTAS.instancias, caminhoSaude, socket: path.join(pastas.haproxy, 'admin.sock') }));
  await exigir('/usr/sbin/haproxy', ['-c', '-q', '-f', cfg], { timeoutMs: 30_000 });
  iniciar('haproxy', '/usr/sbin/haproxy', ['-db', '-f', cfg], { log: path.join(pastas.logs, 'haproxy.log') });
  for (const [nome, porta] of [['s3rver', PORTAS.s3], ['pgbouncer', PORTAS.pgbouncer], ['haproxy', PORTAS.haproxy]] as const) {
    await esperar(`${nome} on ${porta}`, () => portaOcupada(porta), (v) => v, 30_000);
  }
  await consultar(PORTAS.pgbouncer, 'SELECT 1');
  tabela.push({
    passo: 'cluster',
    numeros: `built in ${seg(performance.now() - t)}: primary :${PORTAS.primario}, standby :${PORTAS.standby} (${rep!.state}, ${rep!.sync_state}), `
      + `PgBouncer :${PORTAS.pgbouncer} (session), s3rver :${PORTAS.s3}, HAProxy :${PORTAS.haproxy} → 3 instances (check ${caminhoSaude})`,
    meta: 'synchronous standby streaming',
    ok: rep!.sync_state === 'sync',
  });
}

let sessaoCarga: { sessao: Sessao; notificacao: number };

async function passo1Inicio() {
  const t = performance.now();
  for (let i = 0; i < 3; i++) iniciarInstancia(i);
  // An instance that dies starting is counted and started again, as an orchestrator would, so the other steps run.
  const mortes: string[] = [];
  const prontas = await Promise.all([0, 1, 2].map(async (i) => {
    try {
      await esperarPronta(i);
    } catch (err) {
      const f = instancias[i]!;
      if (f.proc.exitCode === null && f.proc.signalCode === null) throw err;
      const motivo = fs.readFileSync(f.log, 'utf8').trim().split('\n').filter(Boolean).at(-1) ?? `exit ${f.proc.exitCode}`;
      mortes.push(`i${i + 1} died ("${motivo.slice(0, 120)}"), restarted`);
      iniciarInstancia(i);
      await esperarPronta(i);
    }
    return performance.now() - t;
  }));
  for (let i = 0; i < 3; i++) await esperarEstado(i, 'UP', 30_000);
  const emUp = performance.now() - t;
  const diario = (JSON.parse(fs.readFileSync('db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] }).entries.length;
  const [m] = await consultar<{ n: number; distintas: number }>(PORTAS.primario,
    'SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distintas FROM drizzle.__drizzle_migrations');
  const vivas = instancias.filter((f) => f && f.proc.exitCode === null && f.proc.signalCode === null).length;
  const sessao = await signIn(`http://127.0.0.1:${PORTAS.instancias[0]}`, PESCADOR_CARGA);
  const [n] = await consultar<{ id: number }>(PORTAS.primario, `INSERT INTO notificacao (pescador_id, tipo, conteudo)
    SELECT id, 1, 'Simulado de falhas: a notificação que a carga confirma.' FROM pescador WHERE cpf = $1 RETURNING id`, [PESCADOR_CARGA]);
  sessaoCarga = { sessao, notificacao: n!.id };
  const carga = iniciarCarga(sessaoCarga);
  await dormir(8000);
  const c = await carga.parar();
  tabela.push({
    passo: '1. three instances start together on an empty database',
    numeros: `${mortes.length > 0 ? `${mortes.join('; ')}; ` : ''}${3 - mortes.length}/3 up at the first start, ${vivas}/3 in the end (ready at ${prontas.map(seg).join(', ')}; all UP in HAProxy at ${seg(emUp)}); `
      + `migrations: ${m!.n} rows for ${diario} in the journal, ${m!.distintas} distinct; then ${textoCarga(c)}`,
    meta: 'all up, each migration applied once, 0 failed',
    ok: mortes.length === 0 && vivas === 3 && m!.n === diario && m!.distintas === diario && c.falhas === 0,
  });
}

async function passo2Rolagem() {
  const carga = iniciarCarga(sessaoCarga);
  await dormir(3000);
  const tempos: string[] = [];
  const saidas: string[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const f = instancias[i]!;
    await encerrar(f, 30_000);
    saidas.push(f.proc.signalCode ?? String(f.proc.exitCode));
    const parou = performance.now() - t;
    iniciarInstancia(i);
    await esperarPronta(i);
    await esperarEstado(i, 'UP', 30_000);
    tempos.push(`i${i + 1} stopped in ${seg(parou)}, UP again at ${seg(performance.now() - t)}`);
    await dormir(3000);
  }
  const c = await carga.parar();
  tabela.push({
    passo: '2. rolling restart (SIGTERM) of every instance under load',
    numeros: `${textoCarga(c)}; ${tempos.join('; ')}; exit codes ${saidas.join(', ')} (drain ${DRENAGEM_SEGUNDOS} s)`,
    meta: '0 failed requests',
    ok: c.falhas === 0 && saidas.every((s) => s === '0'),
  });
}

interface EstadoLote { situacao: number; feitos: number; historico: number; notificacoes: number; somados: number }

async function estadoLote(idLote: number): Promise<EstadoLote> {
  const [r] = await consultar<EstadoLote>(PORTAS.primario, `
    SELECT l.situacao,
      (SELECT count(*)::int FROM lote_pescador_item WHERE lote_id = l.id AND resultado IS NOT NULL) AS feitos,
      (SELECT count(*)::int FROM pescador_historico_situacao WHERE lote_id = l.id) AS historico,
      (SELECT count(*)::int FROM notificacao n JOIN lote_pescador_item i ON i.pescador_id = n.pescador_id AND i.lote_id = l.id) AS notificacoes,
      l.qtd_processados AS somados
    FROM lote_pescador l WHERE l.id = $1`, [idLote]);
  return r!;
}

async function donoDoLote(): Promise<string | null> {
  const r = await consultar<{ app: string }>(PORTAS.primario, `
    SELECT DISTINCT a.application_name AS app FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
    WHERE l.locktype = 'relation' AND l.relation = 'lote_pescador'::regclass AND l.mode = 'RowShareLock' AND a.application_name LIKE 'rgp-i%'`);
  return r[0]?.app ?? null;
}

async function passo3Kill9() {
  const [{ id: ato }] = await consultar<{ id: number }>(PORTAS.primario, `INSERT INTO ato_normativo (nome, descricao, data_inicio_vigencia)
    VALUES ('Portaria do simulado nº 1/2025', 'Ato do simulado de falhas (npm run drill).', '2020-01-01') RETURNING id`) as [{ id: number }];
  const cpfs = Array.from({ length: LOTE_CPFS }, (_, i) => cpfComDigitos(870_000_000 + i));
  await consultar(PORTAS.primario, `INSERT INTO pescador (cpf, nome, situacao_registro, uf)
    SELECT c, 'PESCADOR DO SIMULADO ' || ord, 1, 'PA' FROM unnest($1::char(11)[]) WITH ORDINALITY AS x(c, ord)`, [cpfs]);
  const gestor = await signIn(`http://127.0.0.1:${PORTAS.instancias[1]}`, GESTOR);

  const carga = iniciarCarga(sessaoCarga);
  await dormir(2000);
  const corpo = new FormData();
  corpo.set('atoNormativo', String(ato));
  corpo.set('tipo', '2');
  corpo.set('orgaoSolicitante', 'MPA');
  corpo.set('justificativa', 'Simulado de falhas: o lote continua em outra instância.');
  corpo.set('dataLimiteSuspensao', '2099-12-31');
  corpo.set('arquivos', new Blob([cpfs.join('\n')], { type: 'text/plain' }), 'lote-simulado.txt');
  const res = await fetch(`${HAPROXY}/api/lote-pescador/automatico`, { method: 'POST', body: corpo, headers: cabecalhos(gestor) });
  if (res.status !== 200) throw new Error(`the batch was refused: ${res.status} ${await res.text()}`);
  const idLote = ((await res.json()) as { dados: { lote: { id: number } } }).dados.lote.id;
  const tLote = performance.now();

  let dono: string | null = null;
  await esperar('an instance to process the batch', async () => {
    dono = await donoDoLote();
    return dono ? (await estadoLote(idLote)).feitos : 0;
  }, (feitos) => feitos >= LOTE_CPFS / 10, 120_000, 50);
  const i = Number(dono!.slice('rgp-i'.length)) - 1;
  const antes = await estadoHaproxy();
  const emVoo = antes.get(`i${i + 1}`)!.scur;
  const f = instancias[i]!;
  const saiu = new Promise((r) => f.proc.once('exit', r));
  f.proc.kill('SIGKILL');
  const tKill = performance.now();
  await saiu;
  const noKill = await estadoLote(idLote);
  await esperarEstado(i, 'DOWN', 20_000);
  const drenado = performance.now() - tKill;
  await dormir(8000);
  const c = await carga.parar();
  const depois = (await estadoHaproxy()).get(`i${i + 1}`)!;

  let retomadoPor: string | null = null;
  const fim = await esperar('another instance to finish the batch', async () => {
    const d = await donoDoLote();
    if (d && !retomadoPor) retomadoPor = d;
    return estadoLote(idLote);
  }, (e) => e.situacao === 2, 240_000, 250);
  const tFim = performance.now();
  iniciarInstancia(i);
  await esperarPronta(i);
  await esperarEstado(i, 'UP', 30_000);
  const exato = fim.feitos === LOTE_CPFS && fim.historico === LOTE_CPFS && fim.notificacoes === LOTE_CPFS && fim.somados === LOTE_CPFS;
  tabela.push({
    passo: `3. kill -9 of one instance (i${i + 1}, holding batch ${idLote}) under load`,
    numeros: `${textoCarga(c)}; ${emVoo} in flight on i${i + 1} at the kill; HAProxy: i${i + 1} DOWN after ${seg(drenado)}, `
      + `${depois.wretr} retried, ${depois.wredis} redispatched; batch of ${LOTE_CPFS} CPFs: ${noKill.feitos} done at the kill, `
      + `resumed by ${retomadoPor ?? '(not seen)'}, done ${seg(tFim - tKill)} after the kill (${seg(tFim - tLote)} in all); `
      + `outcomes/history/notifications/counted: ${fim.feitos}/${fim.historico}/${fim.notificacoes}/${fim.somados}`,
    meta: `failed ≤ in flight; batch finished by another instance, each CPF exactly once`,
    ok: c.falhas <= emVoo && exato && retomadoPor !== null && retomadoPor !== dono,
  });
}

async function passo4Failover() {
  // Signed in again while the instance sheds load (503, a busy machine), as a client that honours Retry-After does.
  const escritor = (await esperar('a sign-in the instance does not shed', () => signIn(`http://127.0.0.1:${PORTAS.instancias[2]}`, PESCADOR_ESCRITAS)
    .catch(() => null), (s) => Boolean(s?.token), 120_000, 1000))!;
  const [{ id: pescadorId }] = await consultar<{ id: number }>(PORTAS.primario, 'SELECT id FROM pescador WHERE cpf = $1', [PESCADOR_ESCRITAS]) as [{ id: number }];
  const ids = (await consultar<{ id: number }>(PORTAS.primario, `INSERT INTO notificacao (pescador_id, tipo, conteudo)
    SELECT $1, 1, 'Simulado de falhas: notificação ' || g FROM generate_series(1, $2::int) g RETURNING id`, [pescadorId, NOTIFICACOES]))
    .map((r) => r.id).sort((a, b) => a - b);
  const [rep] = await consultar<{ sync_state: string }>(PORTAS.primario, 'SELECT sync_state FROM pg_stat_replication', [], 'postgres');

  const confirmadas: { id: number; enviada: number; em: number }[] = [];
  const latencias: number[] = [];
  let enviadas = 0;
  let falhas = 0;
  const falhasEm: number[] = [];
  let parar = false;
  let proxima = 0;
  const h = { ...cabecalhos(escritor), 'content-type': 'application/json' };
  const escrever = async () => {
    while (!parar && proxima < ids.length) {
      const id = ids[proxima++]!;
      enviadas++;
      const t = performance.now();
      try {
        const r = await fetch(`${HAPROXY}/api/notificacao/${id}/leitura`, { method: 'POST', body: '{}', headers: h, signal: AbortSignal.timeout(5000) });
        await r.arrayBuffer();
        if (r.ok) {
          confirmadas.push({ id, enviada: t, em: performance.now() });
          latencias.push(performance.now() - t);
          continue;
        }
      } catch { /* not acknowledged */ }
      falhas++;
      falhasEm.push(performance.now());
      await dormir(100);
    }
  };
  // Documents: each upload writes the file to the shared bucket, then its row; an acknowledged one must have both.
  const rascunhos = (await consultar<{ id: number }>(PORTAS.primario, `INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, dados)
    SELECT $1, $2, $3, 1, '{}'::jsonb FROM generate_series(1, $4::int) RETURNING id`,
  [pescadorId, TipoSolicitacao.REGISTRO_INICIAL, SituacaoSolicitacao.RASCUNHO, DOCUMENTOS])).map((r) => r.id);
  const documentos: { id: number; chave: string }[] = [];
  let documentosEnviados = 0;
  const hDoc = cabecalhos(escritor);
  const enviarDocumentos = async () => {
    while (!parar && rascunhos.length > 0) {
      const idSolicitacao = rascunhos.shift()!;
      documentosEnviados++;
      const corpo = new FormData();
      corpo.set('idSolicitacao', String(idSolicitacao));
      corpo.set('tipo', String(TipoDocumento.IDENTIFICACAO));
      corpo.set('arquivos', new Blob([new Uint8Array(pdf(`Simulado ${idSolicitacao}`))], { type: 'application/pdf' }), `identidade-${idSolicitacao}.pdf`);
      try {
        const r = await fetch(`${HAPROXY}/api/documentos`, { method: 'POST', body: corpo, headers: hDoc, signal: AbortSignal.timeout(10_000) });
        if (r.ok) {
          const d = ((await r.json()) as { dados: { documentos: { id: number; chave: string }[] } }).dados.documentos[0]!;
          documentos.push({ id: d.id, chave: d.chave });
          continue;
        }
        await r.arrayBuffer();
      } catch { /* not acknowledged */ }
      await dormir(200);
    }
  };
  const escritores = Promise.all([...Array.from({ length: 4 }, escrever), enviarDocumentos()]);
  await dormir(5000);

  // The drill acts as a failover manager would: promotes the standby and re-points PgBouncer.
  const pm = pidPostmaster(pastas.primario)!;
  for (const p of descendentes(pm)) orfaos.add(p);
  orfaos.add(pm);
  process.kill(pm, 'SIGKILL');
  const tKill = performance.now();
  postmasters.delete(pastas.primario);
  let seguidas = 0;
  await esperar('the primary to refuse three checks in a row', async () => {
    seguidas = (await portaOcupada(PORTAS.primario)) ? 0 : seguidas + 1;
    return seguidas;
  }, (n) => n >= 3, 30_000, 1000);
  const tDetectado = performance.now() - tKill;
  await pgCtl(['-D', pastas.standby, '-w', '-t', '60', 'promote']);
  const tPromovido = performance.now() - tKill;
  escreverPgbouncer(PORTAS.standby);
  pgbouncer!.proc.kill('SIGHUP');
  const tRepontado = performance.now() - tKill;
  const antes = confirmadas.filter((c) => c.em < tKill).length;
  let volta: number | null = null;
  // Down from the first failed write after the kill (its backends may still commit a moment), up at the next
  // acknowledged one.
  let caiu: number | null = null;
  await esperar('an acknowledged write after the failover', async () => {
    caiu ??= falhasEm.find((f) => f > tKill) ?? null;
    return caiu !== null && confirmadas.some((c) => c.enviada > caiu!);
  }, (v) => v, 60_000, 100)
    .then(() => { volta = Math.min(...confirmadas.filter((c) => c.enviada > caiu!).map((c) => c.em)) - tKill; })
    .catch(() => undefined);
  await dormir(5000);
  parar = true;
  await escritores;

  const achadasNoPromovido = await lidas(PORTAS.standby, confirmadas.map((c) => c.id));
  const [{ recuperacao }] = await consultar<{ recuperacao: boolean }>(PORTAS.standby, 'SELECT pg_is_in_recovery() AS recuperacao') as [{ recuperacao: boolean }];
  for (let i = 0; i < 3; i++) await esperarEstado(i, 'UP', 60_000);
  const perdidas = confirmadas.length - achadasNoPromovido;
  const [{ linhas }] = await consultar<{ linhas: number }>(PORTAS.standby,
    'SELECT count(*)::int AS linhas FROM documento WHERE id = ANY($1::int[]) AND removido_em IS NULL', [documentos.map((d) => d.id)]) as [{ linhas: number }];
  const balde = new S3FileStorage({
    bucket: 'rgp-drill', region: 'us-east-1', endpoint: `http://127.0.0.1:${PORTAS.s3}`, forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, prefix: 'documentos/',
  });
  let objetos = 0;
  for (const d of documentos) if (await balde.get(d.chave)) objetos++;
  const documentosAntes = documentos.length;
  latencias.sort((a, b) => a - b);
  const religado = await religarPrimarioAntigo(confirmadas.map((c) => c.id));
  tabela.push({
    passo: '4. kill -9 of the primary, standby promoted, PgBouncer re-pointed, old primary rejoined',
    numeros: `replication ${rep?.sync_state}; ${enviadas} writes sent, ${confirmadas.length} acknowledged (${antes} before the kill), `
      + `${achadasNoPromovido} of them on the promoted standby (lost ${perdidas}), ${falhas} failed during the outage, p50 ${Math.round(percentile(latencias, 50))} ms, `
      + `p99 ${Math.round(percentile(latencias, 99))} ms; primary seen down at ${seg(tDetectado)}, promoted at ${seg(tPromovido)}, `
      + `PgBouncer reloaded at ${seg(tRepontado)}, first failed write at ${caiu === null ? '-' : seg(caiu - tKill)}, `
      + `service back (a write sent after it acknowledged) at ${volta === null ? 'never' : seg(volta)} after the kill; standby in recovery: ${recuperacao}; `
      + `old primary rejoined as a streaming standby in ${seg(religado.ms)} by ${religado.via}, holding ${religado.achadas} of ${confirmadas.length} acknowledged writes; `
      + `documents: ${documentosEnviados} uploads sent, ${documentosAntes} acknowledged, ${linhas} of them on the promoted standby, ${objetos} in the shared bucket`,
    meta: 'no acknowledged write or document lost; back within 30 s; the old primary rejoins with every write',
    ok: perdidas === 0 && antes > 0 && volta !== null && volta <= 30_000 && !recuperacao
      && religado.achadas === confirmadas.length && documentosAntes > 0 && linhas === documentosAntes && objetos === documentosAntes,
  });
}

/** Named prepared statements and a session advisory lock, as the product uses them. */
async function sondar(banco: string) {
  const cliente = async () => {
    const c = new pg.Client({ host: '127.0.0.1', port: PORTAS.pgbouncer, user: BANCO, database: banco, connectionTimeoutMillis: 5000 });
    c.on('error', () => undefined);
    await c.connect();
    return c;
  };
  const [a, b] = [await cliente(), await cliente()];
  let falhas = 0;
  let total = 0;
  let erro = '';
  try {
    for (let k = 0; k < 20; k++) {
      for (const c of [a, b]) {
        total++;
        try {
          await c.query({ name: 'limite_requisicao_ler', text: 'SELECT $1::int AS n', values: [k] });
        } catch (err) {
          falhas++;
          erro ||= (err as Error).message;
        }
      }
    }
    const chave = 4_720_150_021_049;
    await a.query('SELECT pg_advisory_lock($1)', [chave]);
    const { rows } = await b.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [chave]);
    const exclusiva = !rows[0]!.ok;
    await b.query('SELECT pg_advisory_unlock_all()');
    await a.query('SELECT pg_advisory_unlock_all()');
    return { falhas, total, erro, exclusiva };
  } finally {
    await a.end();
    await b.end();
  }
}

async function passo5Pgbouncer() {
  const [versao] = (await executar('/usr/sbin/pgbouncer', ['--version'], { timeoutMs: 10_000 })).saida.split('\n');
  const sessao = await sondar(BANCO);
  const transacao = await sondar(BANCO_TRANSACAO);
  const funcionaEmTransacao = transacao.falhas === 0 && transacao.exclusiva;
  tabela.push({
    passo: '5. PgBouncer mode',
    numeros: `${versao}; transaction mode: named prepared statements ${transacao.falhas}/${transacao.total} failed`
      + `${transacao.erro ? ` ("${transacao.erro}")` : ''}, session advisory lock ${transacao.exclusiva ? 'exclusive' : 'granted to 2 clients at once'}; `
      + `session mode: ${sessao.falhas}/${sessao.total} failed, lock ${sessao.exclusiva ? 'exclusive' : 'NOT exclusive'}; `
      + `steps 1–4 ran through session mode`,
    meta: funcionaEmTransacao ? 'transaction mode works' : 'session mode needed (README, decision 0049) and used',
    ok: sessao.falhas === 0 && sessao.exclusiva,
  });
}

function imprimirTabela() {
  const linhas = [
    '| step | figures | goal | ✓/✗ |',
    '|---|---|---|---|',
    ...tabela.map((l) => `| ${l.passo} | ${l.numeros.replace(/\|/g, '/')} | ${l.meta} | ${l.ok ? '✓' : '✗'} |`),
  ];
  process.stdout.write(`\n${linhas.join('\n')}\n\n`);
}

let limpeza: Promise<void> | undefined;
function limpar(falhou: boolean): Promise<void> {
  limpeza ??= fazerLimpeza(falhou);
  return limpeza;
}

/** Backends of a killed postmaster, only if each is still a postgres process of the postgres user. */
function matarOrfaos() {
  const { uid } = usuarioPostgres();
  for (const p of orfaos) {
    try {
      const st = fs.statSync(`/proc/${p}`);
      if (st.uid === uid && /^postgres/.test(fs.readFileSync(`/proc/${p}/cmdline`, 'utf8'))) process.kill(p, 'SIGKILL');
    } catch { /* gone */ }
  }
}

/** How many of these notifications (the drill's acknowledged writes) are marked read on the server at `porta`. */
async function lidas(porta: number, ids: number[]): Promise<number> {
  const [v] = await consultar<{ n: number }>(porta, 'SELECT count(*)::int AS n FROM notificacao WHERE id = ANY($1::int[]) AND lida_em IS NOT NULL', [ids]);
  return v!.n;
}

/**
 * Whether the old primary follows the promoted standby within `ms`: it replays up to the new primary's WAL position
 * of now. A WAL receiver seen "streaming" is not enough: one left past the fork connects, then gives up.
 */
async function segueNovoPrimario(ms: number): Promise<boolean> {
  const [{ lsn }] = await consultar<{ lsn: string }>(PORTAS.standby, 'SELECT pg_current_wal_lsn()::text AS lsn', [], 'postgres') as [{ lsn: string }];
  return esperar('the old primary to replay the new primary\'s WAL', () => consultar<{ ok: boolean }>(PORTAS.primario,
    'SELECT coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) AS ok', [lsn], 'postgres').catch(() => []),
  (r) => r[0]?.ok === true, ms, 250).then(() => true, () => false);
}

/**
 * The failed primary back as a standby of the promoted one, as CloudNativePG does: pg_rewind (crash recovery first,
 * then the blocks written after the fork taken back from the new primary; -R writes standby.signal and the new
 * primary's conninfo). When that is not enough, a new copy (pg_basebackup), CloudNativePG's fallback too: pg_rewind's
 * crash recovery ends with a shutdown checkpoint, and when the old primary's WAL ended right at the fork (a
 * synchronous standby had it all) that checkpoint lies past it, pg_rewind sees nothing to rewind, and the old
 * primary cannot follow the new timeline. Then it must hold every acknowledged write.
 */
async function religarPrimarioAntigo(confirmadas: number[]): Promise<{ ms: number; via: string; achadas: number }> {
  const t = performance.now();
  matarOrfaos();
  await esperar('the killed primary\'s processes to be gone', async () => [...orfaos].filter(vivo).length, (n) => n === 0, 30_000, 200);
  const conninfo = `host=127.0.0.1 port=${PORTAS.standby} user=postgres application_name=rgp_primario_antigo`;
  const configurar = () => escreverComoPostgres(path.join(pastas.primario, 'drill.conf'),
    postgresqlConf({ porta: PORTAS.primario, pastaSocket: pastas.primario, papel: 'standby' }));
  // Its own slot on the new primary, so that the new primary keeps the WAL it has not received yet.
  await consultar(PORTAS.standby, "SELECT pg_create_physical_replication_slot('rgp_primario_antigo')", [], 'postgres');
  const slot = () => fs.appendFileSync(path.join(pastas.primario, 'postgresql.auto.conf'), "primary_slot_name = 'rgp_primario_antigo'\n");
  configurar();
  const saida = await exigir(`${PG_BIN}/pg_rewind`, ['-D', pastas.primario, '-R', '--source-server', `${conninfo} dbname=postgres`],
    { comoPostgres: true, timeoutMs: 300_000 });
  let via = /no rewind required/i.test(saida) ? 'pg_rewind (nothing to rewind)' : 'pg_rewind';
  // pg_rewind copies the new primary's configuration files: this instance's port, and the slot (written last, wins).
  configurar();
  slot();
  await iniciarPostgres(pastas.primario, 'pg-primario-religado');
  if (!(await segueNovoPrimario(20_000))) {
    via = `${via}, then pg_basebackup (it could not follow the new timeline)`;
    await pgCtl(['-D', pastas.primario, '-m', 'immediate', '-w', '-t', '30', 'stop']);
    fs.rmSync(pastas.primario, { recursive: true, force: true });
    pastaDoPostgres(pastas.primario);
    await exigir(`${PG_BIN}/pg_basebackup`, ['-d', conninfo, '-D', pastas.primario, '-R', '-X', 'stream', '-c', 'fast'],
      { comoPostgres: true, timeoutMs: 300_000 });
    configurar();
    slot();
    await iniciarPostgres(pastas.primario, 'pg-primario-recopiado');
    if (!(await segueNovoPrimario(60_000))) throw new Error('the old primary does not stream from the promoted standby, even from a new copy');
  }
  const ms = performance.now() - t;
  const achadas = await esperar('the acknowledged writes on the rejoined old primary', () => lidas(PORTAS.primario, confirmadas),
    (n) => n === confirmadas.length, 60_000, 250).catch(() => lidas(PORTAS.primario, confirmadas));
  return { ms, via, achadas };
}

async function fazerLimpeza(falhou: boolean) {
  log('cleaning up: instances, HAProxy, PgBouncer, s3rver, PostgreSQL');
  await encerrarTodos();
  for (const pasta of postmasters) {
    const pm = pidPostmaster(pasta);
    if (pm && vivo(pm)) {
      for (const p of descendentes(pm)) orfaos.add(p);
      orfaos.add(pm);
      await executar(`${PG_BIN}/pg_ctl`, ['-D', pasta, '-m', 'immediate', '-w', '-t', '30', 'stop'], { comoPostgres: true, timeoutMs: 40_000 }).catch(() => undefined);
    }
  }
  await dormir(500);
  matarOrfaos();
  if (process.env.DRILL_KEEP === '1') log(`kept ${raiz}`);
  else if (falhou) {
    for (const p of [pastas.primario, pastas.standby, pastas.s3]) fs.rmSync(p, { recursive: true, force: true });
    log(`logs kept in ${pastas.logs}`);
  } else fs.rmSync(raiz, { recursive: true, force: true });
}

async function principal() {
  if (process.getuid?.() !== 0) throw new Error('npm run drill needs root (it installs packages and runs PostgreSQL as the postgres user)');
  const inicio = performance.now();
  await passo0Instalar();
  if (process.env.DRILL_BUILD !== '0') {
    log('npm run build (the server bundle and the web build the instances run)');
    await exigir('npm', ['run', 'build'], { timeoutMs: 600_000 });
  }
  if (!fs.existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run npm run build`);
  log(`building the cluster in ${raiz}`);
  await montarCluster();
  const passos: [string, () => Promise<void>][] = [
    ['step 1: three instances start together', passo1Inicio],
    ['step 2: rolling restart under load', passo2Rolagem],
    ['step 3: kill -9 of an instance holding a batch', passo3Kill9],
    ['step 4: primary killed, standby promoted', passo4Failover],
    ['step 5: PgBouncer modes', passo5Pgbouncer],
  ];
  const escolhidos = process.env.DRILL_STEPS?.split(',').map((x) => x.trim());
  for (const [nome, passo] of passos) {
    if (escolhidos && !nome.startsWith('step 1:') && !escolhidos.some((n) => nome.startsWith(`step ${n}:`))) continue;
    log(nome);
    await passo();
    log(`${tabela.at(-1)!.ok ? '✓' : '✗'} ${tabela.at(-1)!.numeros}`);
  }
  log(`drill done in ${seg(performance.now() - inicio)}`);
}

let falhou = false;
for (const sinal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sinal, () => {
    log(`${sinal}: stopping`);
    void limpar(true).finally(() => process.exit(130));
  });
}
try {
  await principal();
} catch (err) {
  falhou = true;
  tabela.push({ passo: 'error', numeros: (err instanceof Error ? err.message : String(err)).split('\n').slice(0, 4).join(' '), meta: '-', ok: false });
}
await limpar(falhou || tabela.some((l) => !l.ok));
imprimirTabela();
process.exit(falhou || tabela.some((l) => !l.ok) ? 1 : 0);
