// The drill's processes, recorded by pid and stopped by the cleanup. Nothing is ever stopped by name: the machine
// runs other people's PostgreSQL.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export interface Filho {
  nome: string;
  proc: ChildProcess;
  log: string;
}

const filhos = new Set<Filho>();

/** The `postgres` OS user, who owns and runs the drill's PostgreSQL and PgBouncer. */
export function usuarioPostgres(): { uid: number; gid: number } {
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  };
}

export interface OpcoesProcesso {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  comoPostgres?: boolean;
  log: string;
}

export function iniciar(nome: string, cmd: string, args: string[], o: OpcoesProcesso): Filho {
  const fd = fs.openSync(o.log, 'a');
  const proc = spawn(cmd, args, {
    env: o.env ?? process.env,
    cwd: o.cwd,
    stdio: ['ignore', fd, fd],
    ...(o.comoPostgres ? usuarioPostgres() : {}),
  });
  fs.closeSync(fd);
  const f: Filho = { nome, proc, log: o.log };
  filhos.add(f);
  proc.once('exit', () => filhos.delete(f));
  return f;
}

export function executar(
  cmd: string, args: string[], o: { env?: NodeJS.ProcessEnv; cwd?: string; comoPostgres?: boolean; timeoutMs: number },
): Promise<{ codigo: number | null; saida: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(cmd, args, {
      env: o.env ?? process.env, cwd: o.cwd, stdio: ['ignore', 'pipe', 'pipe'], ...(o.comoPostgres ? usuarioPostgres() : {}),
    });
    let saida = '';
    proc.stdout.on('data', (d: Buffer) => { saida += d.toString(); });
    proc.stderr.on('data', (d: Buffer) => { saida += d.toString(); });
    const limite = setTimeout(() => proc.kill('SIGKILL'), o.timeoutMs);
    proc.once('error', (err) => {
      clearTimeout(limite);
      reject(err);
    });
    proc.once('close', (codigo) => {
      clearTimeout(limite);
      resolve({ codigo, saida });
    });
  });
}

export async function exigir(cmd: string, args: string[], o: Parameters<typeof executar>[2]): Promise<string> {
  const r = await executar(cmd, args, o);
  if (r.codigo !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.codigo}:\n${r.saida.slice(-2000)}`);
  return r.saida;
}

export async function esperar<T>(oQue: string, ler: () => Promise<T>, ok: (v: T) => boolean, ms: number, passoMs = 200): Promise<T> {
  const fim = Date.now() + ms;
  let ultimo: unknown;
  for (;;) {
    try {
      const v = await ler();
      if (ok(v)) return v;
      ultimo = v;
    } catch (err) {
      ultimo = err instanceof Error ? err.message : err;
    }
    if (Date.now() > fim) throw new Error(`timed out after ${Math.round(ms / 1000)} s waiting for ${oQue} (last: ${JSON.stringify(ultimo)?.slice(0, 300)})`);
    await dormir(passoMs);
  }
}

export const dormir = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** True when something already listens on 127.0.0.1:`porta`. */
export function portaOcupada(porta: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port: porta });
    s.setTimeout(1000);
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('timeout', () => { s.destroy(); resolve(false); });
    s.once('error', () => resolve(false));
  });
}

/** Recorded before the postmaster is killed: its backends may outlive it. */
export function descendentes(pid: number): number[] {
  const filhosDe = new Map<number, number[]>();
  for (const d of fs.readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const ppid = Number(fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      filhosDe.set(ppid, [...(filhosDe.get(ppid) ?? []), Number(d)]);
    } catch { /* gone */ }
  }
  const todos: number[] = [];
  const fila = [pid];
  while (fila.length > 0) {
    for (const f of filhosDe.get(fila.pop()!) ?? []) {
      todos.push(f);
      fila.push(f);
    }
  }
  return todos;
}

export function vivo(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function encerrar(f: Filho, ms = 10_000): Promise<void> {
  if (f.proc.exitCode !== null || f.proc.signalCode !== null) return;
  const saiu = new Promise((r) => f.proc.once('exit', r));
  f.proc.kill('SIGTERM');
  const limite = setTimeout(() => f.proc.kill('SIGKILL'), ms);
  await saiu;
  clearTimeout(limite);
}

export async function encerrarTodos(): Promise<void> {
  await Promise.all([...filhos].map((f) => encerrar(f)));
}
