import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { AppError } from '../lib/errors';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics (decision 0048), served by a small HTTP listener of their own on `METRICS_PORT`, never by the
 * public port behind the load balancer. Requests are labelled by the route's pattern (`/api/pescador/:cpf`),
 * never by the address, so no CPF or token reaches a label. Pool and job-queue figures are read at scrape time;
 * the queue query has a deadline, so a slow database delays a scrape by at most `tempoLimiteMs`.
 */
export interface OpcoesMetricas {
  /** The app's pool (`db.$client`): its connections in use, idle and waited for; it also reads the queues. */
  pool: pg.Pool;
  /** The standby's pool (DATABASE_REPLICA_URL), when there is one: the same figures, labelled `pool="leitura"`. */
  poolLeitura?: pg.Pool | undefined;
  /** Port of the metrics listener; 0 turns it off. */
  porta: number;
  host: string;
  /** Deadline of the database figures of one scrape (ms). */
  tempoLimiteMs: number;
}

export interface Metricas {
  registro: Registry;
  /** Requests refused by load shedding (src/server/plugins/sobrecarga.ts), by the kind of pressure. */
  recusadasPorSobrecarga: Counter<'motivo'>;
  /** The whole exposition: this process's Node metrics and the app's own. */
  texto(): Promise<string>;
  /**
   * Opens the metrics listener (main.ts, before the public port); null when `METRICS_PORT=0`. It is closed with
   * the app. Rejects when the port cannot be taken, so that the start fails with the reason.
   */
  abrirPorta(): Promise<AddressInfo | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metricas: Metricas;
  }
}

export const CONTENT_TYPE_METRICAS = Registry.PROMETHEUS_CONTENT_TYPE;

/** Seconds: from a cached lookup (a few ms) to a synchronous report (tens of seconds). */
const FAIXAS_DURACAO = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const METODOS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The label of answers given without a route: unknown addresses and the web app's index.html fallback. */
export const SEM_ROTA = '(sem rota)';

/**
 * Node's own metrics (event-loop delay, heap, GC, handles, CPU) describe the process, not an app: one registry
 * per process, so that several apps in one process (tests) do not each start an event-loop monitor.
 */
let registroDoProcesso: Registry | undefined;
function metricasDoProcesso(): Registry {
  if (!registroDoProcesso) {
    registroDoProcesso = new Registry();
    // Names as prom-client writes them (`nodejs_eventloop_lag_seconds`, `process_resident_memory_bytes`, …): the
    // Node.js dashboards operators already have read them without a prefix.
    collectDefaultMetrics({ register: registroDoProcesso });
  }
  return registroDoProcesso;
}

/** The route's pattern as a label: hashed web assets folded into one, so a release does not add labels. */
function rotaDe(req: FastifyRequest): string {
  const url = req.routeOptions.url;
  if (!url) return SEM_ROTA;
  return url.startsWith('/assets/') ? '/assets/*' : url;
}

/**
 * Depth and age of each job queue, in one statement with its own deadline on the server (`SET LOCAL
 * statement_timeout`, inside a transaction so the pooled connection keeps its settings). Depth counts the jobs
 * waiting (`created` and `retry`); age is how long the oldest of those that may already run has waited since it
 * could (`start_after`), 0 when none. pg-boss's partial index `job_i5 (name, start_after) WHERE state < 'active'`
 * serves both, per queue partition.
 */
function sqlDasFilas(tempoLimiteMs: number): string {
  return `BEGIN READ ONLY;
SET LOCAL statement_timeout = ${Math.max(1, Math.floor(tempoLimiteMs))};
SELECT q.name AS fila, coalesce(j.profundidade, 0)::int AS profundidade,
       coalesce(extract(epoch FROM now() - j.mais_antigo), 0)::float8 AS idade
  FROM pgboss.queue q
  LEFT JOIN LATERAL (
    SELECT count(*) AS profundidade, min(start_after) FILTER (WHERE start_after <= now()) AS mais_antigo
      FROM pgboss.job
     WHERE name = q.name AND state < 'active'
  ) j ON true
 WHERE q.name NOT LIKE '\\_\\_pgboss%';
COMMIT;`;
}

interface LinhaFila { fila: string; profundidade: number; idade: number }

function comPrazo<T>(p: Promise<T>, ms: number, oQue: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const prazo = new Promise<never>((_, rejeitar) => {
    timer = setTimeout(() => rejeitar(new Error(`${oQue}: no answer within ${ms} ms`)), ms);
  });
  // The losing promise's failure is already accounted for.
  p.catch(() => undefined);
  return Promise.race([p, prazo]).finally(() => clearTimeout(timer));
}

export const metricasPlugin = fp<OpcoesMetricas>(async (app: FastifyInstance, opts) => {
  const registro = new Registry();
  const processo = metricasDoProcesso();

  const duracao = new Histogram({
    name: 'rgp_http_request_duration_seconds',
    help: 'Duration of HTTP requests, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: FAIXAS_DURACAO,
    registers: [registro],
  });
  const total = new Counter({
    name: 'rgp_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registro],
  });
  const recusadasPorSobrecarga = new Counter({
    name: 'rgp_sobrecarga_recusadas_total',
    help: 'Requests answered 503 by load shedding, by the kind of pressure (serverTime, eventLoopDelay, heapUsedBytes, rssBytes).',
    labelNames: ['motivo'] as const,
    registers: [registro],
  });
  new Gauge({
    name: 'rgp_sobrecarga_ativa',
    help: '1 while the server sheds load (answers 503), else 0.',
    registers: [registro],
    collect() {
      this.set(app.hasDecorator('sobrecarga') && app.sobrecarga.motivo() !== null ? 1 : 0);
    },
  });

  const { pool } = opts;
  const pools: [string, pg.Pool][] = [['primario', pool], ...(opts.poolLeitura && opts.poolLeitura !== pool ? [['leitura', opts.poolLeitura] as [string, pg.Pool]] : [])];
  const poolGauge = (name: string, help: string, ler: (p: pg.Pool) => number) => new Gauge({
    name, help, labelNames: ['pool'] as const, registers: [registro],
    collect() {
      for (const [nome, p] of pools) this.set({ pool: nome }, ler(p));
    },
  });
  poolGauge('rgp_db_pool_total', 'Connections the database pool holds (in use and idle), by pool (primario, leitura).', (p) => p.totalCount);
  poolGauge('rgp_db_pool_idle', 'Idle connections of the database pool, by pool.', (p) => p.idleCount);
  poolGauge('rgp_db_pool_waiting', 'Queries waiting for a connection of the database pool, by pool.', (p) => p.waitingCount);
  poolGauge('rgp_db_pool_max', 'Largest number of connections the database pool opens (DB_POOL_MAX), by pool.', (p) => p.options.max ?? 10);

  // The queue figures of the scrape in progress, shared by the gauges that read them.
  let leitura: Promise<LinhaFila[] | null> | null = null;
  const falhasColeta = new Counter({
    name: 'rgp_metricas_falhas_coleta_total',
    help: 'Scrapes that answered without a source\'s figures (its query failed or passed METRICS_TIMEOUT_MS).',
    labelNames: ['fonte'] as const,
    // Registered after the queue gauges, and read once their query is settled: a failure shows in its own scrape.
    registers: [],
    async collect() {
      if (leitura) await leitura;
    },
  });

  // Both queue gauges are collected in the same scrape: one query serves both.
  const consultarFilas = async (): Promise<LinhaFila[]> => {
    // A pool with every connection in use serves the requests first: the scrape does not queue behind them.
    if (pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? 10)) throw new Error('every connection of the pool is in use');
    const rs = await comPrazo(pool.query(sqlDasFilas(opts.tempoLimiteMs)) as unknown as Promise<pg.QueryResult[]>,
      opts.tempoLimiteMs, 'job queue figures');
    return rs[2]!.rows as LinhaFila[];
  };
  const lerFilas = () => {
    leitura ??= consultarFilas()
      .catch((err: unknown) => {
        falhasColeta.inc({ fonte: 'filas' });
        app.log.warn({ err }, 'metrics: job queue figures unavailable');
        return null;
      })
      .finally(() => setImmediate(() => { leitura = null; }));
    return leitura;
  };
  new Gauge({
    name: 'rgp_jobs_fila_profundidade',
    help: 'Jobs waiting in each queue (pg-boss states created and retry).',
    labelNames: ['fila'] as const,
    registers: [registro],
    async collect() {
      this.reset();
      for (const l of (await lerFilas()) ?? []) this.set({ fila: l.fila }, l.profundidade);
    },
  });
  new Gauge({
    name: 'rgp_jobs_fila_idade_segundos',
    help: 'Seconds the oldest job of each queue that may already run has waited (0 when none waits).',
    labelNames: ['fila'] as const,
    registers: [registro],
    async collect() {
      this.reset();
      for (const l of (await lerFilas()) ?? []) this.set({ fila: l.fila }, Math.max(0, l.idade));
    },
  });

  registro.registerMetric(falhasColeta);

  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    const labels = {
      method: METODOS.has(req.method) ? req.method : 'OUTRO',
      route: rotaDe(req),
      status_code: String(reply.statusCode),
    };
    duracao.observe(labels, reply.elapsedTime / 1000);
    total.inc(labels);
  });

  // The public port has no /metrics, whatever the web app's fallback would answer there.
  app.get('/metrics', { schema: { hide: true } }, async () => {
    throw AppError.notFound('Recurso não encontrado.');
  });

  const texto = async () => `${await processo.metrics()}\n${await registro.metrics()}`;

  let servidor: http.Server | undefined;
  const abrirPorta = async (): Promise<AddressInfo | null> => {
    if (opts.porta === 0 || servidor) return servidor ? servidor.address() as AddressInfo : null;
    const s = http.createServer((req, res) => {
      const caminho = (req.url ?? '/').split('?')[0];
      if (caminho !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at GET /metrics\n');
        return;
      }
      texto().then(
        (corpo) => res.writeHead(200, { 'content-type': CONTENT_TYPE_METRICAS }).end(req.method === 'HEAD' ? undefined : corpo),
        (err: unknown) => {
          app.log.error({ err }, 'metrics: exposition failed');
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n');
        },
      );
    });
    // A scraper's keep-alive connection must not hold the shutdown.
    s.keepAliveTimeout = 5000;
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(opts.porta, opts.host, () => {
        s.off('error', reject);
        resolve();
      });
    });
    servidor = s;
    return s.address() as AddressInfo;
  };

  app.addHook('onClose', async () => {
    const s = servidor;
    if (!s) return;
    servidor = undefined;
    await new Promise<void>((resolve) => {
      s.close(() => resolve());
      s.closeAllConnections();
    });
  });

  app.decorate('metricas', { registro, recusadasPorSobrecarga, texto, abrirPorta } satisfies Metricas);
}, { name: 'rgp-metricas' });
