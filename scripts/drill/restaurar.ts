// npm run drill:restore, as root on Debian: a backup proven by restoring it. A PostgreSQL 15 primary archives its
// WAL continuously with pgBackRest (Debian's package) to a repository on another path than its data; the product
// (its built bundle) runs on it. A full backup is taken while it serves; then a fisher's writes (notifications marked
// read) and document uploads go through the API, each acknowledged when its answer returns, a restore point is
// marked halfway, and a table is dropped by mistake. A point-in-time restore to the restore point goes into a new data
// folder, starts as a new server, the product starts on it with the same document storage, and what was
// acknowledged before the restore point is counted: writes, document rows and their files. Prints the recovery time
// and the data lost. DRILL_KEEP=1 keeps the files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { FLAGS_DO_START, signIn } from '../../bench/lib';
import { cpfComDigitos } from '../../src/shared/cpf';
import { SituacaoSolicitacao, TipoDocumento, TipoSolicitacao } from '../../src/shared/enums';
import { pdf } from '../../src/server/modules/documento/documento.fixtures';
import { encerrar, encerrarTodos, esperar, executar, exigir, iniciar, portaOcupada, usuarioPostgres, type Filho } from './processos';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const PORTA_PRIMARIO = 5721;
const PORTA_RESTAURADO = 5722;
const PORTA_PRODUTO = 3721;
const STANZA = 'rgp';
const BANCO = 'rgp';
const BUNDLE = path.resolve(process.env.DRILL_BUNDLE ?? 'dist/server/main.mjs');
/** API writes after the base backup, half before the restore point, half between it and the disaster. */
const ESCRITAS = 600;
/** Documents uploaded after the backup: one every `ESCRITAS / DOCUMENTOS` writes, on both sides of the restore point. */
const DOCUMENTOS = 40;
const PESCADOR = cpfComDigitos(880_000_002);

const raiz = fs.mkdtempSync(path.join(os.tmpdir(), 'rgp-restore-'));
fs.chmodSync(raiz, 0o755);
const pastas = {
  primario: path.join(raiz, 'pg-primario'),
  restaurado: path.join(raiz, 'pg-restaurado'),
  // The repository: another path than the database's (in production another store: docs/operations.md, "Backup").
  repositorio: path.join(raiz, 'repositorio'),
  pgbackrest: path.join(raiz, 'pgbackrest'),
  logs: path.join(raiz, 'logs'),
  // The documents' storage, shared by the product before and after the restore (the bucket, in production).
  produto: path.join(raiz, 'produto'),
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

async function cliente(porta: number, database = BANCO): Promise<pg.Client> {
  const c = new pg.Client({ host: '127.0.0.1', port: porta, user: 'postgres', database, connectionTimeoutMillis: 3000 });
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

/** The product's bundle on `porta`'s database, with the development sign-in the drill uses (decision 0049). */
async function iniciarProduto(portaBanco: number, nome: string): Promise<Filho> {
  const f = iniciar(nome, process.execPath, [...FLAGS_DO_START, BUNDLE], {
    log: path.join(pastas.logs, `${nome}.log`),
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? raiz, NODE_ENV: 'development',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${portaBanco}/${BANCO}`, SEED_DEMO: 'true', DEV_IDP_UNSAFE: 'true',
      PORT: String(PORTA_PRODUTO), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${PORTA_PRODUTO}`, DATA_DIR: pastas.produto,
      LOG_LEVEL: 'warn', METRICS_PORT: '0', OVERLOAD_MAX_SERVER_TIME_MS: '0', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    },
  });
  await esperar(`the product (${nome}) to be ready`, async () => {
    if (f.proc.exitCode !== null || f.proc.signalCode !== null) return 'saiu';
    return fetch(`http://127.0.0.1:${PORTA_PRODUTO}/api/health`, { signal: AbortSignal.timeout(2000) })
      .then((r) => (r.status === 200 ? 'pronto' : 'não'), () => 'não');
  }, (v) => v !== 'não', 300_000, 250).then((v) => {
    if (v === 'saiu') throw new Error(`the product exited; see ${f.log}`);
  });
  return f;
}

const arquivoExiste = (chave: string) => fs.existsSync(path.join(pastas.produto, 'arquivos', chave.slice(0, 2), chave));

async function principal() {
  const versao = await instalar();
  log(`pgBackRest ${versao}; files in ${raiz}`);
  await montarPrimario();

  const admin = await cliente(PORTA_PRIMARIO, 'postgres');
  await admin.query(`CREATE DATABASE ${BANCO}`);
  await admin.end();
  log('the product starts on the primary (migrations, reference data)');
  let produto = await iniciarProduto(PORTA_PRIMARIO, 'produto-primario');
  const base = `http://127.0.0.1:${PORTA_PRODUTO}`;
  let sessao = await signIn(base, PESCADOR);
  const c = await cliente(PORTA_PRIMARIO);
  const [{ id: pescadorId }] = (await c.query<{ id: number }>('SELECT id FROM pescador WHERE cpf = $1', [PESCADOR])).rows as [{ id: number }];
  const ids = (await c.query<{ id: number }>(`INSERT INTO notificacao (pescador_id, tipo, conteudo)
    SELECT $1, 1, 'Simulado de restauração: notificação ' || g FROM generate_series(1, $2::int) g RETURNING id`, [pescadorId, ESCRITAS]))
    .rows.map((r) => r.id).sort((a, b) => a - b);
  const rascunhos = (await c.query<{ id: number }>(`INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, dados)
    SELECT $1, $2, $3, 1, '{}'::jsonb FROM generate_series(1, $4::int) RETURNING id`,
  [pescadorId, TipoSolicitacao.REGISTRO_INICIAL, SituacaoSolicitacao.RASCUNHO, DOCUMENTOS])).rows.map((r) => r.id);
  log('full backup while the product serves');
  const tBackup = performance.now();
  await pgbackrest(['--type=full', 'backup']);
  const duracaoBackup = performance.now() - tBackup;

  // Each write and upload is acknowledged when its answer returns; the restore point falls between two of them.
  const h = () => ({ authorization: `Bearer ${sessao.token}`, cookie: sessao.cookie, 'x-xsrf-token': sessao.xsrf });
  const confirmadas: { id: number; antes: boolean }[] = [];
  const documentos: { id: number; chave: string; antes: boolean }[] = [];
  let antesDoPonto = true;
  let pontoDeRestauracao = new Date(0);
  for (const [i, id] of ids.entries()) {
    const r = await fetch(`${base}/api/notificacao/${id}/leitura`, { method: 'POST', body: '{}', headers: { ...h(), 'content-type': 'application/json' } });
    if (r.ok) confirmadas.push({ id, antes: antesDoPonto });
    await r.arrayBuffer();
    if ((i + 1) % (ESCRITAS / DOCUMENTOS) === 0 && rascunhos.length > 0) {
      const idSolicitacao = rascunhos.shift()!;
      const corpo = new FormData();
      corpo.set('idSolicitacao', String(idSolicitacao));
      corpo.set('tipo', String(TipoDocumento.IDENTIFICACAO));
      corpo.set('arquivos', new Blob([new Uint8Array(pdf(`Restauro ${idSolicitacao}`))], { type: 'application/pdf' }), `identidade-${idSolicitacao}.pdf`);
      const d = await fetch(`${base}/api/documentos`, { method: 'POST', body: corpo, headers: h() });
      if (d.ok) {
        const doc = ((await d.json()) as { dados: { documentos: { id: number; chave: string }[] } }).dados.documentos[0]!;
        documentos.push({ id: doc.id, chave: doc.chave, antes: antesDoPonto });
      } else await d.arrayBuffer();
    }
    if (i + 1 === ESCRITAS / 2) {
      pontoDeRestauracao = (await c.query<{ agora: Date }>('SELECT clock_timestamp() AS agora')).rows[0]!.agora;
      antesDoPonto = false;
    }
  }
  log(`disaster: DROP TABLE notificacao, ${confirmadas.length} writes and ${documentos.length} documents acknowledged after the backup`);
  await c.query('DROP TABLE notificacao CASCADE');
  await c.query('SELECT pg_switch_wal()');
  await c.end();
  await encerrar(produto);
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
  const tempoBanco = performance.now() - tRestauro;
  log('the product starts on the restored server, on the same document storage');
  produto = await iniciarProduto(PORTA_RESTAURADO, 'produto-restaurado');
  sessao = await signIn(base, PESCADOR);
  const lista = await fetch(`${base}/api/notificacao`, { headers: h() });
  await lista.arrayBuffer();
  const tempoRecuperacao = performance.now() - tRestauro;

  const lidas = new Set((await r.query<{ id: number }>('SELECT id FROM notificacao WHERE id = ANY($1::int[]) AND lida_em IS NOT NULL', [ids])).rows.map((x) => x.id));
  const linhasDoc = new Set((await r.query<{ id: number }>('SELECT id FROM documento WHERE id = ANY($1::int[]) AND removido_em IS NULL', [documentos.map((d) => d.id)])).rows.map((x) => x.id));
  await r.end();
  await encerrar(produto);
  const antes = confirmadas.filter((e) => e.antes);
  const perdidas = antes.filter((e) => !lidas.has(e.id)).length;
  const depois = confirmadas.filter((e) => !e.antes && lidas.has(e.id)).length;
  const docsAntes = documentos.filter((d) => d.antes);
  const docsAntesInteiros = docsAntes.filter((d) => linhasDoc.has(d.id) && arquivoExiste(d.chave)).length;
  const docsDepois = documentos.filter((d) => !d.antes);
  const docsDepoisComLinha = docsDepois.filter((d) => linhasDoc.has(d.id)).length;
  const orfaos = docsDepois.filter((d) => arquivoExiste(d.chave)).length;

  const ok = perdidas === 0 && depois === 0 && antes.length > 0 && docsAntes.length > 0 && docsAntesInteiros === docsAntes.length
    && docsDepoisComLinha === 0 && lista.status === 200;
  const linhas = [
    ['base backup (full, while the product served)', `${(duracaoBackup / 1000).toFixed(1)} s`],
    ['recovery time: database (restore + replay + start)', `${(tempoBanco / 1000).toFixed(1)} s`],
    ['recovery time: product serving again (a sign-in and a read answered)', `${(tempoRecuperacao / 1000).toFixed(1)} s`],
    ['API writes acknowledged before the restore point found', `${antes.length - perdidas} / ${antes.length}`],
    ['API writes after the restore point found (must be 0)', String(depois)],
    ['documents acknowledged before the restore point: row and file found', `${docsAntesInteiros} / ${docsAntes.length}`],
    ['documents after the restore point: rows found (must be 0)', String(docsDepoisComLinha)],
    ['documents after the restore point: files left for the reconciliation (orphans)', `${orfaos} / ${docsDepois.length}`],
    ['data lost before the restore point', `${perdidas} writes, ${docsAntes.length - docsAntesInteiros} documents`],
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
