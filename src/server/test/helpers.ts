import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import { connect, type Database } from '../db/client';
import { DEFINICOES_JOBS, executarJob, iniciarJobs, type Jobs } from '../jobs/jobs';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  pool: pg.Pool;
  config: Config;
  /** No worker runs until a test asks, as after a crash. */
  jobs: Jobs;
  /** Rows written to `db` afterwards are not in it, which tells a read's database. */
  replica?: { db: Database; pool: pg.Pool; url: string };
  close(): Promise<void>;
}

export const TEST_PUBLIC_URL = 'http://localhost:3000';

/** A fresh database cloned from the migrated, seeded template; close() drops it. */
export async function createTestApp(
  overrides: Partial<Omit<AppDeps, 'db' | 'config'>> & {
    env?: Record<string, string>;
    beforeReady?: (app: FastifyInstance) => void;
    comReplica?: boolean;
  } = {},
): Promise<TestApp> {
  const adminUrl = inject('testAdminUrl');
  const template = inject('testTemplateDb');
  const name = `rgp_t_${crypto.randomBytes(6).toString('hex')}`;
  const nomes = overrides.comReplica ? [name, `${name}_replica`] : [name];
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const n of nomes) await admin.query(`CREATE DATABASE ${n} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const urlDe = (n: string) => {
    const u = new URL(adminUrl);
    u.pathname = `/${n}`;
    return u.toString();
  };
  const url = new URL(urlDe(name));
  const handle = connect(url.toString(), 5);
  const replica = overrides.comReplica ? { ...connect(urlDe(`${name}_replica`), 3, { somenteLeitura: true }), url: urlDe(`${name}_replica`) } : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATABASE_URL: url.toString(),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: './dist/web',
    ...overrides.env,
  });
  const { env: _env, beforeReady, comReplica: _comReplica, ...rest } = overrides;
  const jobs = await iniciarJobs({ connectionString: url.toString(), log: pino({ level: 'silent' }), conexoes: 2, pollingIntervalSeconds: 0.5 });
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      db: handle.db,
      ...(replica ? { dbLeitura: replica.db } : {}),
      jwtSecret: crypto.randomBytes(32),
      logger: false,
      fila: jobs.fila,
      ...rest,
    });
  } catch (err) {
    await jobs.stop();
    throw err;
  }
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: handle.db,
    pool: handle.pool,
    config,
    jobs,
    ...(replica ? { replica: { db: replica.db, pool: replica.pool, url: replica.url } } : {}),
    async close() {
      await app.close();
      await jobs.stop();
      await handle.close();
      await replica?.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      try {
        for (const n of nomes) await a.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
      } finally {
        await a.end();
      }
    },
  };
}

/** For tests that need a job's effect without waiting for a worker's polling. */
export async function executarJobsPendentes(t: TestApp): Promise<number> {
  let n = 0;
  for (let rodada = true; rodada;) {
    rodada = false;
    for (const def of DEFINICOES_JOBS) {
      for (const job of await t.jobs.boss.fetch(def.nome, { batchSize: 100 })) {
        rodada = true;
        n++;
        try {
          await t.jobs.boss.complete(def.nome, job.id, await executarJob(def, job.data, { servicos: t.app.servicos, log: t.app.log }) as object);
        } catch (err) {
          await t.jobs.boss.fail(def.nome, job.id, { message: String(err) });
          throw err;
        }
      }
    }
  }
  return n;
}

export class Navegador {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  async request(opts: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({ ...opts, headers: { ...(cookie ? { cookie } : {}), ...opts.headers } });
    const set = res.headers['set-cookie'];
    for (const c of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const k = pair!.slice(0, i).trim();
      const v = pair!.slice(i + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(c) || v === '') this.cookies.delete(k);
      else this.cookies.set(k, v);
    }
    return res;
  }

  get xsrf(): string {
    return this.cookies.get('XSRF-TOKEN') ?? '';
  }
}

function pathOf(url: string): string {
  const u = new URL(url, TEST_PUBLIC_URL);
  return u.pathname + u.search;
}

export interface Sessao {
  token: string;
  foto: string | null;
  navegador: Navegador;
  api(opts: InjectOptions & { url: string }): Promise<LightMyRequestResponse>;
}

export async function entrarComo(app: FastifyInstance, cpf: string): Promise<Sessao> {
  const nav = new Navegador(app);
  const { code, state } = await obterCodigo(app, nav, cpf);
  const login = await nav.request({
    method: 'POST', url: '/api/auth/login', payload: { code, state }, headers: { 'x-xsrf-token': nav.xsrf },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const { token, foto } = login.json().dados as { token: string; foto: string | null };
  return sessaoDe(nav, token, foto);
}

export function sessaoDe(nav: Navegador, token: string, foto: string | null = null): Sessao {
  return {
    token,
    foto,
    navegador: nav,
    api: (opts) => nav.request({
      ...opts,
      headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': nav.xsrf, ...opts.headers },
    }),
  };
}

export async function obterCodigo(app: FastifyInstance, nav: Navegador, cpf: string): Promise<{ code: string; state: string }> {
  const chave = crypto.randomBytes(16).toString('hex');
  const link = await nav.request({ method: 'GET', url: `/api/auth/link/${chave}` });
  if (link.statusCode !== 200) throw new Error(`link failed: ${link.statusCode} ${link.body}`);
  let res = await nav.request({ method: 'GET', url: pathOf(link.json().dados.url) });
  let guard = 0;
  while (res.statusCode >= 300 && res.statusCode < 400 && guard++ < 10) {
    res = await nav.request({ method: 'GET', url: pathOf(res.headers.location as string) });
  }
  const action = /<form method="post" action="([^"]+)"/.exec(res.body)?.[1];
  if (!action) throw new Error(`no login form: ${res.statusCode} ${res.body.slice(0, 200)}`);
  res = await nav.request({
    method: 'POST', url: action, payload: `cpf=${encodeURIComponent(cpf)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  guard = 0;
  while (res.statusCode >= 300 && res.statusCode < 400 && guard++ < 10) {
    const location = new URL(res.headers.location as string, TEST_PUBLIC_URL);
    if (location.pathname === '/login') {
      return { code: location.searchParams.get('code') ?? '', state: location.searchParams.get('state') ?? '' };
    }
    res = await nav.request({ method: 'GET', url: location.pathname + location.search });
  }
  throw new Error(`no callback: ${res.statusCode} ${res.body.slice(0, 300)}`);
}

/** The dropped database's FATAL on idle connections is handled, not an uncaught error. */
export function poolDeTeste(t: TestApp, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: t.pool.options.connectionString!, max });
  pool.on('error', () => undefined);
  return pool;
}
