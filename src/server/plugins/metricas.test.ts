import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFINICOES_JOBS } from '../jobs/jobs';
import { limparRelatoriosJob } from '../modules/relatorio/relatorio.jobs';
import { createTestApp, type TestApp } from '../test/helpers';
import { opcoesDeLog } from './redact';

/**
 * Metrics on their own port (decision 0048): Prometheus text with the product's names, requests labelled by
 * route pattern (never by an address that holds a CPF), nothing at /metrics on the public port; and each
 * request's id in the log and in the answer.
 */

async function portaLivre(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const CPF = '12345678909';
const linhas: string[] = [];
let t: TestApp;
let portaMetricas: number;
let publico: string;

beforeAll(async () => {
  portaMetricas = await portaLivre();
  t = await createTestApp({
    env: { METRICS_PORT: String(portaMetricas), METRICS_HOST: '127.0.0.1', METRICS_TIMEOUT_MS: '300' },
    logger: { ...opcoesDeLog('info'), stream: { write: (l: string) => { linhas.push(l); } } },
  });
  const aberta = await t.app.metricas.abrirPorta();
  expect(aberta?.port).toBe(portaMetricas);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  publico = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

async function raspar(): Promise<{ status: number; tipo: string | null; texto: string }> {
  const res = await fetch(`http://127.0.0.1:${portaMetricas}/metrics`);
  return { status: res.status, tipo: res.headers.get('content-type'), texto: await res.text() };
}

/** The value of one sample line (`name{labels} value`), or undefined. */
function amostra(texto: string, nome: string, rotulos: Record<string, string>): number | undefined {
  for (const linha of texto.split('\n')) {
    if (!linha.startsWith(`${nome}{`)) continue;
    if (Object.entries(rotulos).every(([k, v]) => linha.includes(`${k}="${v}"`))) return Number(linha.split(' ').at(-1));
  }
  return undefined;
}

describe('/metrics', () => {
  it('serves the Prometheus text on the metrics port, with requests labelled by route pattern', async () => {
    expect((await fetch(`${publico}/api/health`)).status).toBe(200);
    // An address with a CPF in it: the label is the pattern, the CPF appears nowhere.
    const comCpf = await fetch(`${publico}/api/pescador/cpf/${CPF}`);
    expect(comCpf.status).toBe(401);
    await fetch(`${publico}/api/nao-existe/${CPF}`);

    const { status, tipo, texto } = await raspar();
    expect(status).toBe(200);
    expect(tipo).toContain('text/plain; version=0.0.4');
    expect(texto).not.toContain(CPF);
    expect(texto).toContain('# TYPE rgp_http_request_duration_seconds histogram');
    expect(amostra(texto, 'rgp_http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status_code: '200' })).toBe(1);
    expect(amostra(texto, 'rgp_http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' })).toBe(1);
    expect(amostra(texto, 'rgp_http_requests_total', { method: 'GET', route: '/api/pescador/cpf/:cpf', status_code: '401' })).toBe(1);
    expect(amostra(texto, 'rgp_http_requests_total', { route: '(sem rota)', status_code: '404' })).toBe(1);
    // Node's own, and the process's.
    for (const nome of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes', 'process_resident_memory_bytes']) {
      expect(texto).toMatch(new RegExp(`^${nome} `, 'm'));
    }
    expect(amostra(texto, 'rgp_db_pool_total', { pool: 'primario' })).toBeGreaterThanOrEqual(1);
    expect(amostra(texto, 'rgp_db_pool_idle', { pool: 'primario' })).toBeGreaterThanOrEqual(0);
    expect(amostra(texto, 'rgp_db_pool_waiting', { pool: 'primario' })).toBe(0);
    expect(amostra(texto, 'rgp_db_pool_max', { pool: 'primario' })).toBe(5);
    expect(texto).toMatch(/^rgp_sobrecarga_ativa 0$/m);
  });

  it('reports the depth and age of each job queue', async () => {
    await t.jobs.boss.send(limparRelatoriosJob.nome, {});
    await t.jobs.boss.send(limparRelatoriosJob.nome, {}, { startAfter: 3600 });
    await new Promise((r) => setTimeout(r, 1100));
    const { texto } = await raspar();
    expect(amostra(texto, 'rgp_jobs_fila_profundidade', { fila: limparRelatoriosJob.nome })).toBe(2);
    // The age counts the job that may already run, not the one deferred by an hour.
    const idade = amostra(texto, 'rgp_jobs_fila_idade_segundos', { fila: limparRelatoriosJob.nome })!;
    expect(idade).toBeGreaterThanOrEqual(1);
    expect(idade).toBeLessThan(60);
    expect(texto).not.toContain('__pgboss');
    // Every queue of the product is reported, the empty ones at 0.
    for (const def of DEFINICOES_JOBS) expect(amostra(texto, 'rgp_jobs_fila_profundidade', { fila: def.nome }), def.nome).toBeDefined();
  });

  it('reports how long the change feed holds back a committed event behind a running transaction (its freshness)', async () => {
    const atraso = (texto: string) => Number(/^rgp_integracao_feed_atraso_segundos (\S+)$/m.exec(texto)?.[1]);
    expect(atraso((await raspar()).texto)).toBe(0);
    // A transaction with an id, left open: the feed serves nothing that committed after it began.
    const longa = await t.pool.connect();
    try {
      await longa.query('BEGIN');
      await longa.query('SELECT pg_current_xact_id()');
      // An event committed after it, dated 90 s ago (as if its transaction began then), is held back.
      const { rows: [p] } = await t.pool.query<{ id: number }>('SELECT id FROM pescador ORDER BY id LIMIT 1');
      await t.pool.query(`INSERT INTO evento_integracao (tipo, pescador_id, criado_em) VALUES ('situacao', $1, now() - interval '90 seconds')`, [p!.id]);
      const retido = atraso((await raspar()).texto);
      expect(retido).toBeGreaterThanOrEqual(90);
      expect(retido).toBeLessThan(600);
    } finally {
      await longa.query('ROLLBACK');
      longa.release();
    }
    // The transaction over, the feed serves it: no lag.
    expect(atraso((await raspar()).texto)).toBe(0);
  });

  it('answers without the queue figures, at once, when every connection of the pool is in use', async () => {
    // Counted from here: a scrape of an earlier test that passed the deadline on a loaded machine counts too.
    const antes = amostra((await raspar()).texto, 'rgp_metricas_falhas_coleta_total', { fonte: 'filas' }) ?? 0;
    const presos: pg.PoolClient[] = [];
    for (let i = 0; i < 5; i++) presos.push(await t.pool.connect());
    try {
      const inicio = performance.now();
      const { status, texto } = await raspar();
      expect(performance.now() - inicio).toBeLessThan(250);
      expect(status).toBe(200);
      expect(texto).not.toMatch(/^rgp_jobs_fila_profundidade\{/m);
      expect(amostra(texto, 'rgp_metricas_falhas_coleta_total', { fonte: 'filas' })).toBe(antes + 1);
      expect(amostra(texto, 'rgp_db_pool_idle', { pool: 'primario' })).toBe(0);
      // Nothing was left waiting for a connection by the scrape.
      expect(t.pool.waitingCount).toBe(0);
    } finally {
      for (const c of presos) c.release();
    }
  });

  it('answers without the queue figures within METRICS_TIMEOUT_MS when the database is slow', async () => {
    // The queue table locked by another transaction: the figures' query waits on the lock.
    const antes = amostra((await raspar()).texto, 'rgp_metricas_falhas_coleta_total', { fonte: 'filas' }) ?? 0;
    const bloqueio = await t.pool.connect();
    try {
      await bloqueio.query('BEGIN; LOCK TABLE pgboss.queue IN ACCESS EXCLUSIVE MODE');
      const inicio = performance.now();
      const { status, texto } = await raspar();
      const ms = performance.now() - inicio;
      expect(ms).toBeGreaterThanOrEqual(250);
      expect(ms).toBeLessThan(1500);
      expect(status).toBe(200);
      expect(texto).not.toMatch(/^rgp_jobs_fila_profundidade\{/m);
      expect(texto).toMatch(/^nodejs_eventloop_lag_seconds /m);
      expect(amostra(texto, 'rgp_metricas_falhas_coleta_total', { fonte: 'filas' })).toBe(antes + 1);
    } finally {
      await bloqueio.query('ROLLBACK');
      bloqueio.release();
    }
    // Once the database answers, so do the figures.
    const { texto } = await raspar();
    expect(amostra(texto, 'rgp_jobs_fila_profundidade', { fila: limparRelatoriosJob.nome })).toBe(2);
  });

  it('is not served on the public port, nor anything else on the metrics port', async () => {
    const res = await fetch(`${publico}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('rgp_http_requests_total');
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await fetch(`http://127.0.0.1:${portaMetricas}/api/health`)).status).toBe(404);
  });
});

describe('the request id', () => {
  it('echoes a safe x-request-id from the balancer, and writes it in the request\'s log lines', async () => {
    linhas.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a9c:42' } });
    expect(res.headers['x-request-id']).toBe('lb-7f3a9c:42');
    const doPedido = linhas.map((l) => JSON.parse(l) as { reqId?: string }).filter((l) => l.reqId === 'lb-7f3a9c:42');
    expect(doPedido.length).toBeGreaterThanOrEqual(2);
  });

  it('makes a new id when there is none, or the one sent is not a safe token or looks like a CPF', async () => {
    for (const enviado of [undefined, 'a b<script>', 'x'.repeat(200), `req-${CPF}`, '123.456.789-09']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: enviado ? { 'x-request-id': enviado } : {} });
      const id = res.headers['x-request-id'] as string;
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    const erro = await t.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(erro.statusCode).toBe(404);
    expect(erro.headers['x-request-id']).toBeTruthy();
  });
});
