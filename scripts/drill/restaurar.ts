// npm run drill:restore, as root on Debian: a backup proven by restoring it. A PostgreSQL 15 primary archives its
// WAL continuously with pgBackRest (Debian's package) to a repository on another path than its data, takes a full
// backup, commits numbered writes while a clock runs, then a table is dropped by mistake. A point-in-time restore to
// just before the drop goes into a new data folder, starts as a new server, and the writes are counted against the
// ones acknowledged before the restore point. Prints the recovery time and the data lost. DRILL_KEEP=1 keeps files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { encerrarTodos, esperar, executar, exigir, portaOcupada, usuarioPostgres } from './processos';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const PORTA_PRIMARIO = 5721;
const PORTA_RESTAURADO = 5722;
const STANZA = 'rgp';
/** Writes committed after the base backup, half before the restore point, half between it and the disaster. */
const ESCRITAS = 2000;

const raiz = fs.mkdtempSync(path.join(os.tmpdir(), 'rgp-restore-'));
fs.chmodSync(raiz, 0o755);
const pastas = {
  primario: path.join(raiz, 'pg-primario'),
  restaurado: path.join(raiz, 'pg-restaurado'),
  // The repository: another path than the database's (in production another store: docs/operations.md, "Backup").
  repositorio: path.join(raiz, 'repositorio'),
  pgbackrest: path.join(raiz, 'pgbackrest'),
  logs: path.join(raiz, 'logs'),
};
const CONF = path.join(pastas.pgbackrest, 'pgbackrest.conf');

function log(msg: string) {
  process.stdout.write(`[restore ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
}

function pastaDoPostgres(pasta: string, modo = 0o700) {
  fs.mkdirSync(pasta, { recursive: true, mode: modo });
  const { uid, gid } = usuarioPostgres();
  fs.chownSync(pasta, uid, gid);
}

function escreverComoPostgres(arquivo: string, texto: string) {
  fs.writeFileSync(arquivo, texto);
  const { uid, gid } = usuarioPostgres();
  fs.chownSync(arquivo, uid, gid);
}

async function cliente(porta: number): Promise<pg.Client> {
  const c = new pg.Client({ host: '127.0.0.1', port: porta, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 3000 });
  c.on('error', () => undefined);
  await c.connect();
  return c;
}

const pgbackrest = (args: string[], timeoutMs = 300_000) => exigir('/usr/bin/pgbackrest', [`--config=${CONF}`, `--stanza=${STANZA}`, ...args], { comoPostgres: true, timeoutMs });
const pgCtl = (args: string[]) => exigir(`${PG_BIN}/pg_ctl`, args, { comoPostgres: true, timeoutMs: 600_000 });

async function instalar() {
  const r = await executar('dpkg-query', ['-W', '-f=${Status} ${Version}', 'pgbackrest'], { timeoutMs: 10_000 });
  if (!r.saida.startsWith('install ok installed')) {
    log('apt-get install pgbackrest (Debian\'s package)');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    await exigir('apt-get', ['update', '-qq'], { env, timeoutMs: 300_000 });
    await exigir('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'pgbackrest'], { env, timeoutMs: 600_000 });
  }
  if (!fs.existsSync(`${PG_BIN}/postgres`)) throw new Error(`PostgreSQL 15 is not installed (${PG_BIN})`);
  return (await executar('dpkg-query', ['-W', '-f=${Version}', 'pgbackrest'], { timeoutMs: 10_000 })).saida.trim();
}

async function montarPrimario() {
  for (const p of [PORTA_PRIMARIO, PORTA_RESTAURADO]) if (await portaOcupada(p)) throw new Error(`port ${p} is taken: another drill running?`);
  for (const p of [pastas.repositorio, pastas.pgbackrest, pastas.logs]) pastaDoPostgres(p, 0o750);
  escreverComoPostgres(CONF, [
    '[global]',
    `repo1-path=${pastas.repositorio}`,
    'repo1-retention-full=2',
    `lock-path=${pastas.pgbackrest}`,
    `log-path=${pastas.logs}`,
    'log-level-console=warn',
    'start-fast=y',
    'archive-async=n',
    '',
    `[${STANZA}]`,
    `pg1-path=${pastas.primario}`,
    `pg1-port=${PORTA_PRIMARIO}`,
    `pg1-socket-path=${pastas.primario}`,
    '',
  ].join('\n'));
  pastaDoPostgres(pastas.primario);
  await exigir(`${PG_BIN}/initdb`, ['-D', pastas.primario, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'], { comoPostgres: true, timeoutMs: 120_000 });
  fs.appendFileSync(path.join(pastas.primario, 'postgresql.conf'), [
    '', `port = ${PORTA_PRIMARIO}`, "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${pastas.primario}'`,
    'wal_level = replica', 'archive_mode = on', `archive_command = '/usr/bin/pgbackrest --config=${CONF} --stanza=${STANZA} archive-push %p'`,
    'archive_timeout = 60', 'max_wal_senders = 3', '',
  ].join('\n'));
  await pgCtl(['-D', pastas.primario, '-l', path.join(pastas.logs, 'primario.log'), '-w', '-t', '60', 'start']);
  await pgbackrest(['stanza-create']);
  await pgbackrest(['check']);
}

async function principal() {
  const versao = await instalar();
  log(`pgBackRest ${versao}; files in ${raiz}`);
  await montarPrimario();

  const c = await cliente(PORTA_PRIMARIO);
  await c.query('CREATE TABLE escrita (n int PRIMARY KEY, confirmada_em timestamptz NOT NULL DEFAULT clock_timestamp())');
  await c.query('INSERT INTO escrita (n) SELECT g FROM generate_series(1, 100) g');
  log('full backup');
  const tBackup = performance.now();
  await pgbackrest(['--type=full', 'backup']);
  const duracaoBackup = performance.now() - tBackup;

  // Each write is acknowledged when its commit returns; the restore point falls between two of them.
  const confirmadas: { n: number; em: Date }[] = [];
  let pontoDeRestauracao = new Date(0);
  for (let n = 101; n <= 100 + ESCRITAS; n++) {
    const { rows } = await c.query<{ em: Date }>('INSERT INTO escrita (n) VALUES ($1) RETURNING confirmada_em AS em', [n]);
    confirmadas.push({ n, em: rows[0]!.em });
    if (n === 100 + ESCRITAS / 2) {
      pontoDeRestauracao = (await c.query<{ agora: Date }>('SELECT clock_timestamp() AS agora')).rows[0]!.agora;
    }
  }
  log(`disaster: DROP TABLE escrita, ${ESCRITAS} writes after the backup`);
  await c.query('DROP TABLE escrita');
  await c.query('SELECT pg_switch_wal()');
  await c.end();
  // Everything up to the drop is in the repository before the restore starts.
  await pgbackrest(['check']);

  const alvo = pontoDeRestauracao.toISOString().replace('T', ' ').replace('Z', '+00');
  log(`point-in-time restore to ${alvo} into a new data folder`);
  const tRestauro = performance.now();
  pastaDoPostgres(pastas.restaurado);
  await pgbackrest(['--pg1-path', pastas.restaurado, '--type=time', `--target=${alvo}`, '--target-action=promote', 'restore']);
  fs.appendFileSync(path.join(pastas.restaurado, 'postgresql.conf'), [
    '', `port = ${PORTA_RESTAURADO}`, `unix_socket_directories = '${pastas.restaurado}'`,
    // The new server must not push into the old one's archive.
    "archive_mode = off", '',
  ].join('\n'));
  await pgCtl(['-D', pastas.restaurado, '-l', path.join(pastas.logs, 'restaurado.log'), '-w', '-t', '600', 'start']);
  const r = await cliente(PORTA_RESTAURADO);
  await esperar('the restored server to finish recovery', async () => (await r.query<{ rec: boolean }>('SELECT pg_is_in_recovery() AS rec')).rows[0]!.rec, (rec) => !rec, 600_000, 500);
  const tempoRecuperacao = performance.now() - tRestauro;

  const encontradas = new Set((await r.query<{ n: number }>('SELECT n FROM escrita')).rows.map((x) => x.n));
  await r.end();
  const antes = confirmadas.filter((e) => e.em <= pontoDeRestauracao);
  const perdidas = antes.filter((e) => !encontradas.has(e.n)).length;
  const depois = confirmadas.filter((e) => e.em > pontoDeRestauracao && encontradas.has(e.n)).length;
  const base = [...encontradas].filter((n) => n <= 100).length;

  const ok = perdidas === 0 && depois === 0 && base === 100;
  const linhas = [
    ['base backup (full)', `${(duracaoBackup / 1000).toFixed(1)} s`],
    ['recovery time (restore + replay + start)', `${(tempoRecuperacao / 1000).toFixed(1)} s`],
    ['acknowledged writes before the restore point found', `${antes.length - perdidas} / ${antes.length}`],
    ['writes after the restore point found (must be 0)', String(depois)],
    ['rows of the base backup found', `${base} / 100`],
    ['data lost before the restore point', `${perdidas} writes`],
  ];
  process.stdout.write(`\n| measure | value |\n|---|---|\n${linhas.map(([a, b]) => `| ${a} | ${b} |`).join('\n')}\n\n`);
  process.stdout.write(ok ? 'RESTORE DRILL PASSED\n' : 'RESTORE DRILL FAILED\n');
  return ok;
}

async function limpar() {
  for (const p of [pastas.restaurado, pastas.primario]) {
    if (fs.existsSync(path.join(p, 'postmaster.pid'))) await executar(`${PG_BIN}/pg_ctl`, ['-D', p, '-m', 'immediate', 'stop'], { comoPostgres: true, timeoutMs: 60_000 });
  }
  await encerrarTodos();
  if (process.env.DRILL_KEEP !== '1') fs.rmSync(raiz, { recursive: true, force: true });
}

if (process.getuid?.() !== 0) {
  console.error('npm run drill:restore runs as root (it installs pgBackRest and runs PostgreSQL as the user postgres).');
  process.exit(1);
}
principal().then(
  async (ok) => {
    await limpar();
    process.exit(ok ? 0 : 1);
  },
  async (err: unknown) => {
    console.error(err);
    await limpar();
    process.exit(1);
  },
);
