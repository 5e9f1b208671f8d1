import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { AppError } from '../lib/errors';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Decision 0048: labelled by route pattern, never by address, so no CPF or token reaches a label. */
export interface OpcoesMetricas {
  pool: pg.Pool;
  poolLeitura?: pg.Pool | undefined;
  poolJobs?: pg.Pool | undefined;
  poolProntidao?: pg.Pool | undefined;
  porta: number;
  host: string;
  tempoLimiteMs: number;
}

export interface Metricas {
  registro: Registry;
  recusadasPorSobrecarga: Counter<'motivo'>;
  texto(): Promise<string>;
  /** Rejects when the port cannot be taken, so the start fails with the reason. */
  abrirPorta(): Promise<AddressInfo | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metricas: Metricas;
  }
}

export const CONTENT_TYPE_METRICAS = Registry.PROMETHEUS_CONTENT_TYPE;

const FAIXAS_DURACAO = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const METODOS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
export const SEM_ROTA = '(sem rota)';

/** Several apps in one process (tests) must not each start an event-loop monitor. */
let registroDoProcesso: Registry | undefined;
let execucoesDeJobs: { total: Counter<'fila' | 'resultado'>; duracao: Histogram<'fila'> } | undefined;
function metricasDoProcesso(): Registry {
  if (!registroDoProcesso) {
    registroDoProcesso = new Registry();
    // Without a prefix: the Node.js dashboards operators already have read these names.
    collectDefaultMetrics({ register: registroDoProcesso });
    execucoesDeJobs = {
      total: new Counter({
        name: 'rgp_jobs_execucoes_total',
        help: 'Job runs of this instance that ended, by queue and result (concluido, falhou).',
        labelNames: ['fila', 'resultado'] as const,
        registers: [registroDoProcesso],
      }),
      duracao: new Histogram({
        name: 'rgp_jobs_duracao_segundos',
        help: 'Duration of the job runs of this instance, by queue.',
        labelNames: ['fila'] as const,
        buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
        registers: [registroDoProcesso],
      }),
    };
  }
  return registroDoProcesso;
}

/** Hashed web assets folded into one, so a release does not add labels. */
function rotaDe(req: FastifyRequest): string {
  const url = req.routeOptions.url;
  if (!url) return SEM_ROTA;
  return url.startsWith('/assets/') ? '/assets/*' : url;
}

/** One statement with its own deadline (SET LOCAL; index job_i5). */
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
SELECT coalesce(extract(epoch FROM now() - min(criado_em)), 0)::float8 AS atraso
  FROM evento_integracao
 WHERE xid >= pg_snapshot_xmin(pg_current_snapshot());
COMMIT;`;
}

interface LinhaFila { fila: string; profundidade: number; idade: number }
/** The queues, and the change feed's lag (the seconds its oldest committed event is held back, 0 when none is). */
interface Leitura { filas: LinhaFila[]; atrasoFeed: number }

function comPrazo<T>(p: Promise<T>, ms: number, oQue: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const prazo = new Promise<never>((_, rejeitar) => {
    timer = setTimeout(() => rejeitar(new Error(`${oQue}: no answer within ${ms} ms`)), ms);
  });
  // The losing promise's failure is already accounted for.
  p.catch(() => undefined);
  return Promise.race([p, prazo]).finally(() => clearTimeout(timer));
}

/**
 * Counts a job run of this process when it ends (the workers start before the app's registry exists): concluido, or
 * falhou when it threw (pg-boss retries it or gives up; either way an alert looks at the failure rate).
 */
export function medirExecucaoDeJob(fila: string): (resultado: 'concluido' | 'falhou') => void {
  metricasDoProcesso();
  const fim = execucoesDeJobs!.duracao.startTimer({ fila });
  return (resultado) => {
    fim();
    execucoesDeJobs!.total.inc({ fila, resultado });
  };
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
  const pools: [string, pg.Pool][] = [['primario', pool], ...(opts.poolLeitura && opts.poolLeitura !== pool ? [['leitura', opts.poolLeitura] as [string, pg.Pool]] : []),
    ...(opts.poolJobs ? [['jobs', opts.poolJobs] as [string, pg.Pool]] : []),
    ...(opts.poolProntidao ? [['prontidao', opts.poolProntidao] as [string, pg.Pool]] : [])];
  const poolGauge = (name: string, help: string, ler: (p: pg.Pool) => number) => new Gauge({
    name, help, labelNames: ['pool'] as const, registers: [registro],
    collect() {
      for (const [nome, p] of pools) this.set({ pool: nome }, ler(p));
    },
  });
  poolGauge('rgp_db_pool_total', 'Connections the database pool holds (in use and idle), by pool (primario, leitura, jobs, prontidao).', (p) => p.totalCount);
  poolGauge('rgp_db_pool_idle', 'Idle connections of the database pool, by pool.', (p) => p.idleCount);
  poolGauge('rgp_db_pool_waiting', 'Queries waiting for a connection of the database pool, by pool.', (p) => p.waitingCount);
  poolGauge('rgp_db_pool_max', 'Largest number of connections the database pool opens (DB_POOL_MAX), by pool.', (p) => p.options.max ?? 10);

  let leitura: Promise<Leitura | null> | null = null;
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

  const consultarFilas = async (): Promise<Leitura> => {
    // A pool with every connection in use serves the requests first: the scrape does not queue behind them.
    if (pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? 10)) throw new Error('every connection of the pool is in use');
    const rs = await comPrazo(pool.query(sqlDasFilas(opts.tempoLimiteMs)) as unknown as Promise<pg.QueryResult[]>,
      opts.tempoLimiteMs, 'job queue figures');
    return { filas: rs[2]!.rows as LinhaFila[], atrasoFeed: (rs[3]!.rows[0] as { atraso: number }).atraso };
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
      for (const l of (await lerFilas())?.filas ?? []) this.set({ fila: l.fila }, l.profundidade);
    },
  });
  new Gauge({
    name: 'rgp_jobs_fila_idade_segundos',
    help: 'Seconds the oldest job of each queue that may already run has waited (0 when none waits).',
    labelNames: ['fila'] as const,
    registers: [registro],
    async collect() {
      this.reset();
      for (const l of (await lerFilas())?.filas ?? []) this.set({ fila: l.fila }, Math.max(0, l.idade));
    },
  });
  // The change feed (GET /api/integracao/eventos) serves an event once every older transaction has ended (decision
  // 0121): a long transaction holds back what committed after it. This is how long the oldest committed event has
  // been held back (from its transaction's start), the freshness objective's measure; absent when the query failed.
  new Gauge({
    name: 'rgp_integracao_feed_atraso_segundos',
    help: 'Seconds the oldest committed change of the integration feed has waited to be served (0 when none waits).',
    registers: [registro],
    async collect() {
      this.reset();
      const l = await lerFilas();
      if (l) this.set(Math.max(0, l.atrasoFeed));
    },
  });

  registro.registerMetric(falhasColeta);

  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done) => {
    const labels = {
      method: METODOS.has(req.method) ? req.method : 'OUTRO',
      route: rotaDe(req),
      status_code: String(reply.statusCode),
    };
    duracao.observe(labels, reply.elapsedTime / 1000);
    total.inc(labels);
    done();
  });

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
