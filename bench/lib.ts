import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';

/** Starts the product as `npm start` does (without the web build) and resolves when /api/health answers. */
export async function startProduct(opts: { port: number; pgPort: number; dataDir: string; fresh: boolean }) {
  if (opts.fresh) fs.rmSync(opts.dataDir, { recursive: true, force: true });
  const started = performance.now();
  const child = spawn('npx', ['tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(opts.port),
      PUBLIC_URL: `http://localhost:${opts.port}`,
      DATA_DIR: opts.dataDir,
      EMBEDDED_PG_PORT: String(opts.pgPort),
      LOG_LEVEL: 'warn',
      // A DATABASE_URL of the caller's (a benchmark's own database) is signed in to through the development provider.
      DEV_IDP_UNSAFE: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const base = `http://localhost:${opts.port}`;
  for (let i = 0; i < 1200; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return { child, base, readyMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop(child);
  throw new Error('the product did not answer /api/health within 120 s');
}

export function stop(child: ChildProcess) {
  if (child.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

export async function waitExit(child: ChildProcess) {
  if (child.exitCode !== null) return;
  await new Promise((r) => child.once('exit', r));
}

/** A browser's sign-in through the development identity provider, over HTTP with a cookie jar. */
export async function signIn(
  base: string, cpf: string, extraHeaders: Record<string, string> = {},
): Promise<{ token: string; cookie: string; xsrf: string }> {
  const jar = new Map<string, string>();
  const call = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, base), {
      ...init,
      redirect: 'manual',
      headers: { ...extraHeaders, ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return res;
  };
  const chave = crypto.randomBytes(16).toString('hex');
  const link = (await (await call(`/api/auth/link/${chave}`)).json()) as { dados: { url: string } };
  let res = await call(link.dados.url);
  while (res.status >= 300 && res.status < 400) res = await call(res.headers.get('location')!);
  const action = /action="([^"]+)"/.exec(await res.text())![1]!;
  res = await call(action, { method: 'POST', body: `cpf=${cpf}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  let location = res.headers.get('location')!;
  while (!new URL(location, base).pathname.startsWith('/login')) {
    res = await call(location);
    location = res.headers.get('location')!;
  }
  const cb = new URL(location, base);
  const xsrf = jar.get('XSRF-TOKEN')!;
  const login = await call('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ code: cb.searchParams.get('code'), state: cb.searchParams.get('state') }),
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
  });
  const body = (await login.json()) as { dados: { token: string } };
  return { token: body.dados.token, cookie: `XSRF-TOKEN=${xsrf}`, xsrf };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The Node flags `npm start` runs the server with (package.json), so that the memory measured is the product's. */
export const FLAGS_DO_START = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } })
  .scripts.start.split(/\s+/).filter((a) => a.startsWith('--'));

/** Resident memory (MB) of one process, from /proc; 0 once it is gone. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * The server as production runs it (decision 0015): the bundle `arquivo` (built by the caller with
 * scripts/servidor-esbuild.mjs into a folder of the benchmark's own), run by this Node with npm start's flags, on
 * `porta`, with `env` added. Resolves when /api/health answers.
 */
export async function iniciarServidorEmpacotado(arquivo: string, porta: number, env: Record<string, string>): Promise<{ filho: ChildProcess; base: string }> {
  const filho = spawn(process.execPath, [...FLAGS_DO_START, arquivo], {
    // DEV_IDP_UNSAFE: the benchmarks sign in through the development identity provider on their own databases
    // (DATABASE_URL), on purpose (src/server/inicio.ts).
    env: { ...process.env, PORT: String(porta), PUBLIC_URL: `http://localhost:${porta}`, LOG_LEVEL: 'warn', DEV_IDP_UNSAFE: 'true', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://localhost:${porta}`;
  for (let i = 0; i < 1200; i++) {
    if (filho.exitCode !== null) throw new Error(`the server on port ${porta} exited with ${filho.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { filho, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  filho.kill('SIGTERM');
  throw new Error(`the server on port ${porta} did not answer /api/health within 120 s`);
}

/** SIGTERM (a clean shutdown) and the wait for the exit. */
export async function pararServidor(filho: ChildProcess): Promise<void> {
  if (filho.exitCode !== null) return;
  const saiu = new Promise((r) => filho.once('exit', r));
  filho.kill('SIGTERM');
  await saiu;
}

/**
 * The CTE `nomes` of the synthetic fishers' seeds: common Brazilian first names (p) and surnames (s), and states
 * weighted as the real registry (uf: Pará the largest). A seed's INSERT … SELECT reads `nomes`.
 */
export const CTE_NOMES_UFS = `
    WITH nomes AS (SELECT
      ARRAY['JOSE','MARIA','ANTONIO','FRANCISCO','ANA','JOAO','RAIMUNDO','FRANCISCA','MANOEL','ANTONIA','PEDRO',
            'LUIZ','PAULO','CARLOS','SEBASTIAO','MARCOS','RAIMUNDA','JOSEFA','EDSON','BENEDITO'] AS p,
      ARRAY['SILVA','SANTOS','OLIVEIRA','SOUZA','RODRIGUES','FERREIRA','ALVES','PEREIRA','LIMA','GOMES','COSTA',
            'RIBEIRO','MARTINS','CARVALHO','ALMEIDA','LOPES','SOARES','FERNANDES','VIEIRA','BARBOSA','ROCHA',
            'DIAS','NASCIMENTO','ANDRADE','MOREIRA','NUNES','MARQUES','MACHADO','MENDES','FREITAS','CARDOSO',
            'RAMOS','GONCALVES','SANTANA','TEIXEIRA','MOURA','CORREIA','PINTO','ARAUJO','CAVALCANTE'] AS s,
      ARRAY['PA','PA','PA','PA','MA','MA','BA','BA','AM','AM','PI','CE','PE','RN','PB','AL','SE','AP','RR','AC',
            'RO','TO','MT','MS','GO','DF','MG','ES','RJ','SP','PR','SC','RS'] AS uf)`;
