import { spawn, type ChildProcess } from 'node:child_process';
import { portaLivre } from './porta-livre';

/**
 * The real server (src/server/main.ts, one process: node with tsx's loader) on a test's database, for the tests
 * that kill it mid-way (test support, not a test file). `env` adds or overrides settings (block sizes, resume
 * delays); `cwd` runs another checkout's server and `entrada` another entry (the previous release's built bundle).
 * Its stderr is drained; the caller kills it.
 */
export async function iniciarServidorFilho(
  databaseUrl: string, dataDir: string, env: Record<string, string>, cwd = process.cwd(), entrada = ['--import', 'tsx', 'src/server/main.ts'],
): Promise<ChildProcess> {
  const porta = await portaLivre();
  const filho = spawn(process.execPath, entrada, {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      PORT: String(porta),
      HOST: '127.0.0.1',
      // The development identity provider on a test's database, on purpose (src/server/inicio.ts).
      DEV_IDP_UNSAFE: 'true',
      PUBLIC_URL: `http://127.0.0.1:${porta}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DB_POOL_MAX: '4',
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  filho.stderr?.on('data', () => undefined);
  return filho;
}

/** Reads `ler` until `ok` holds or `ms` pass; answers the last value read (the caller's expectations say what failed). */
export async function esperarAte<T>(ler: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const fim = Date.now() + ms;
  for (;;) {
    const v = await ler();
    if (ok(v) || Date.now() > fim) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}
