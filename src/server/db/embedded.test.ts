import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { portaLivre } from '../test/porta-livre';
import { EmbeddedStartError, startEmbeddedPostgres } from './embedded';

/**
 * The product after a crash, as an operator meets it: `kill -9` of the server, then the same start again.
 * Runs the real entry point (src/server/main.ts) on a data folder of its own and ports of its own.
 */

const raiz = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(raiz, 'node_modules/.bin/tsx');


const vivo = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function ate<T>(ms: number, passo: () => Promise<T | undefined>): Promise<T | undefined> {
  const fim = Date.now() + ms;
  while (Date.now() < fim) {
    const v = await passo();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
  return undefined;
}

interface Produto { filho: ChildProcess; stderr: () => string }

function iniciar(env: Record<string, string>): Produto {
  let err = '';
  const filho = spawn(tsx, ['src/server/main.ts'], {
    cwd: raiz, env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  filho.stderr!.on('data', (c: Buffer) => { err += c.toString(); });
  return { filho, stderr: () => err };
}

async function pidDoPostmaster(dataDir: string): Promise<number> {
  return Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** The server process: tsx's launcher runs it as its only child. */
async function servidorDe(launcher: ChildProcess): Promise<number> {
  const pid = launcher.pid!;
  const filhos = (await fs.readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).trim().split(/\s+/).map(Number);
  expect(filhos).toHaveLength(1);
  return filhos[0]!;
}

async function saude(porta: number): Promise<number | undefined> {
  try {
    const r = await fetch(`http://127.0.0.1:${porta}/api/health`);
    return r.status === 200 ? 200 : undefined;
  } catch {
    return undefined;
  }
}

const pastas: string[] = [];
const filhos: ChildProcess[] = [];
afterAll(async () => {
  for (const f of filhos) {
    if (f.exitCode !== null || f.signalCode !== null || !f.pid) continue;
    try {
      process.kill(f.pid, 'SIGKILL');
    } catch {
      // gone in the meantime
    }
  }
  for (const p of pastas) await fs.rm(p, { recursive: true, force: true });
});

describe('npm start after a crash', () => {
  it('comes back by itself after kill -9, with no acknowledged write lost, and the database does not outlive the server', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-crash-'));
    pastas.push(dataDir);
    const [porta, portaPg] = [await portaLivre(), await portaLivre()];
    const env = { DATA_DIR: dataDir, PORT: String(porta), PUBLIC_URL: `http://localhost:${porta}`, EMBEDDED_PG_PORT: String(portaPg) };

    const primeiro = iniciar(env);
    filhos.push(primeiro.filho);
    expect(await ate(150_000, () => saude(porta)), primeiro.stderr()).toBe(200);

    // An acknowledged write, then the crash.
    const url = `postgres://rgp:rgp-local-only@127.0.0.1:${portaPg}/rgp`;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query("INSERT INTO pescador (cpf, nome) VALUES ('80000001406', 'ESCRITO ANTES DO KILL')");
    await c.end();
    const postmaster = await pidDoPostmaster(dataDir);
    // The server itself (tsx runs it as its child), killed as the OOM killer would.
    process.kill(await servidorDe(primeiro.filho), 'SIGKILL');

    // The watchdog stops the orphaned PostgreSQL.
    expect(await ate(45_000, async () => (vivo(postmaster) ? undefined : true))).toBe(true);

    const segundo = iniciar(env);
    filhos.push(segundo.filho);
    const inicio = Date.now();
    expect(await ate(60_000, () => saude(porta)), segundo.stderr()).toBe(200);
    expect(Date.now() - inicio).toBeLessThan(60_000);
    const d = new pg.Client({ connectionString: url });
    await d.connect();
    const { rows } = await d.query("SELECT nome FROM pescador WHERE cpf = '80000001406'");
    await d.end();
    expect(rows).toEqual([{ nome: 'ESCRITO ANTES DO KILL' }]);

    // kill -9 of what `npm start` shows (the launcher): the server notices and stops, and so does its database.
    const servidor = await servidorDe(segundo.filho);
    const postmaster2 = await pidDoPostmaster(dataDir);
    process.kill(segundo.filho.pid!, 'SIGKILL');
    expect(await ate(30_000, async () => (vivo(servidor) || vivo(postmaster2) ? undefined : true))).toBe(true);
  }, 300_000);

  it('stops a PostgreSQL of its own folder left running by a killed server (no watchdog), and starts', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-orfao-'));
    pastas.push(dataDir);
    const porta = await portaLivre();
    // A server that starts its database and is killed before anything could stop it.
    const script = path.join(dataDir, 'servidor.mts');
    await fs.writeFile(script, `import { startEmbeddedPostgres } from ${JSON.stringify(path.join(raiz, 'src/server/db/embedded.ts'))};
      await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${porta}, persistent: true, vigiar: false });
      console.log('pronto');
      setInterval(() => undefined, 1000);`);
    const servidor = spawn(tsx, [script], { cwd: raiz, stdio: ['ignore', 'pipe', 'inherit'] });
    filhos.push(servidor);
    await new Promise<void>((r) => servidor.stdout!.on('data', (c: Buffer) => { if (c.toString().includes('pronto')) r(); }));
    const pid = await pidDoPostmaster(dataDir);
    process.kill(await servidorDe(servidor), 'SIGKILL');
    await ate(10_000, async () => (servidor.exitCode !== null || servidor.signalCode !== null ? true : undefined));
    expect(vivo(pid)).toBe(true);

    const recuperados: number[] = [];
    const db = await startEmbeddedPostgres({ dataDir, port: porta, persistent: true, onRecover: (p) => recuperados.push(p) });
    expect(recuperados).toEqual([pid]);
    expect(vivo(pid)).toBe(false);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    expect((await c.query('SELECT 1 AS um')).rows).toEqual([{ um: 1 }]);
    await c.end();
    await db.stop();
  }, 120_000);

  it('never stops the database of a server that is still running on the same folder: it says so instead', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-emuso-'));
    pastas.push(dataDir);
    const vivoAinda = await startEmbeddedPostgres({ dataDir, port: await portaLivre(), persistent: true });
    try {
      const pid = await pidDoPostmaster(dataDir);
      const erro = await startEmbeddedPostgres({ dataDir, port: await portaLivre(), persistent: true }).catch((e: unknown) => e);
      expect(erro).toBeInstanceOf(EmbeddedStartError);
      expect((erro as Error).message).toContain('is in use by another running RGP server');
      expect((erro as Error).message).toContain('DATA_DIR');
      expect(vivo(pid)).toBe(true);
    } finally {
      await vivoAinda.stop();
    }
  }, 120_000);

  it('names the taken port and EMBEDDED_PG_PORT when another program holds it, and never touches that program', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-porta-'));
    pastas.push(dataDir);
    const ocupante = net.createServer();
    const porta = await new Promise<number>((r) => ocupante.listen(0, '127.0.0.1', () => r((ocupante.address() as net.AddressInfo).port)));
    try {
      const erro = await startEmbeddedPostgres({ dataDir, port: porta, persistent: true }).catch((e: unknown) => e);
      expect(erro).toBeInstanceOf(EmbeddedStartError);
      expect((erro as Error).message).toContain(`Port ${porta}`);
      expect((erro as Error).message).toContain('EMBEDDED_PG_PORT');
      expect(ocupante.listening).toBe(true);

      // The real entry point prints that cause, not "undefined".
      const p = iniciar({ DATA_DIR: dataDir, PORT: String(await portaLivre()), EMBEDDED_PG_PORT: String(porta) });
      filhos.push(p.filho);
      const codigo = await new Promise<number | null>((r) => p.filho.once('exit', (c) => r(c)));
      expect(codigo).toBe(1);
      expect(p.stderr()).toContain(`RGP failed to start: Port ${porta} of the embedded PostgreSQL is taken`);
      expect(p.stderr()).toContain('EMBEDDED_PG_PORT');
    } finally {
      ocupante.close();
    }
  }, 60_000);
});
