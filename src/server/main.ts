import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { connect, poolDeProntidao } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { migrarUmaVez } from './db/migrate';
import { seedAll } from './db/seeds';
import { iniciarJobs } from './jobs/jobs';
import { linhaDeInicio, provedorDeIdentidade, type ProvedorDeIdentidade } from './inicio';
import { AppError } from './lib/errors';
import { resolveJwtSecret } from './lib/jwt-secret';
import { opcoesDeLog } from './plugins/redact';
import { destinoDoLog } from './plugins/log-terminal';

async function main() {
  let config: Config;
  let provedor: ProvedorDeIdentidade;
  try {
    config = loadConfig();
    // Before anything opens: the development sign-in is refused where the network or real data would reach it.
    provedor = provedorDeIdentidade(config);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // JSON lines, or at a development terminal one readable line per event (decision 0048).
  const destino = await destinoDoLog(config.env);
  const log = destino ? pino(opcoesDeLog(config.logLevel), destino) : pino(opcoesDeLog(config.logLevel));
  const started = performance.now();

  let embedded: EmbeddedDatabase | undefined;
  let url = config.database.url;
  if (!url) {
    log.info({ dataDir: config.dataDir, port: config.database.embeddedPort }, 'starting embedded PostgreSQL (no DATABASE_URL set)');
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.database.embeddedPort,
      persistent: true,
      onLog: (line) => log.debug({ postgres: line.trim() }, 'embedded postgres'),
      onRecover: (pid) => log.warn({ pid }, 'stopping the embedded PostgreSQL left running by a previous run'),
    });
    url = embedded.url;
  }

  const { tempos } = config.database;
  const handle = connect(url, config.database.poolMax, { tempos });
  const prontidao = poolDeProntidao(url);
  const leitura = config.database.replicaUrl ? connect(config.database.replicaUrl, config.database.poolMax, { somenteLeitura: true, tempos }) : undefined;
  // The queue first (services enqueue in their transactions). pg-boss makes its schema without a lock of its own and
  // instances starting together deadlocked there, so it starts inside the migrations' lock (decision 0049).
  let jobs!: Awaited<ReturnType<typeof iniciarJobs>>;
  const urlBanco = url;
  await migrarUmaVez(handle, async () => {
    await seedAll(handle.db, { demo: config.seedDemo });
    jobs = await iniciarJobs({ connectionString: urlBanco, log, conexoes: config.database.poolJobsMax,
      pollingIntervalSeconds: config.database.jobsPollSeconds, tempos });
  });
  const jwtSecret = await resolveJwtSecret(config.auth.jwtSecret, config.dataDir);
  const app = await buildApp({ config, db: handle.db, dbLeitura: leitura?.db, poolJobs: jobs.pool, poolProntidao: prontidao, jwtSecret, fila: jobs.fila,
    ...(destino ? { logger: { ...opcoesDeLog(config.logLevel), stream: destino } } : {}) });
  // A web-only instance enqueues but runs no job, so a rollout of the web never cuts a long one.
  if (config.papel !== 'web') await jobs.trabalhar(app.servicos);

  // On SIGTERM readiness answers 503 while requests are still served, so the balancer drains it (decision 0049).
  const drenarSegundos = config.drenagemSegundos;
  let drenando = false;
  app.addHook('onRequest', (req, _reply, done) => {
    if (drenando && /^\/api\/health(\/pronto)?\/?(\?|$)/.test(req.url)) return done(new AppError(503, 'Instância em encerramento. Tente novamente.'));
    done();
  });
  let closing = false;
  const shutdown = async (signal: string, drenagem = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drenagemSegundos: drenagem }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000 + drenagem * 1000);
    force.unref();
    try {
      if (drenagem > 0) {
        drenando = true;
        await new Promise((r) => setTimeout(r, drenagem * 1000));
      }
      await app.close();
      await jobs.stop();
      await handle.close();
      await prontidao.end();
      await leitura?.close();
      await embedded?.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM', drenarSegundos));
  // A launcher killed with -9 cannot pass a signal on: the server stops when its parent is gone, freeing the ports.
  const pai = process.ppid;
  setInterval(() => {
    if (process.ppid !== pai) void shutdown('parent process gone');
  }, 1000).unref();

  // Metrics on their own port before the public one: a port already taken stops the start here (decision 0048).
  const metricas = await app.metricas.abrirPorta();
  if (metricas) app.log.info({ port: metricas.port, host: metricas.address }, 'metrics at /metrics');
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: config.publicUrl, host: config.host, identidade: provedor.tipo, bootMs: Math.round(performance.now() - started) }, 'RGP ready');
  // Outside production, one plain line for the person at the terminal.
  if (config.env !== 'production') process.stdout.write(`${linhaDeInicio(config.publicUrl, provedor)}\n`);
}

function causa(err: unknown): string {
  const partes: string[] = [];
  for (let e: unknown = err, n = 0; e !== undefined && e !== null && n < 5; e = (e as { cause?: unknown }).cause, n++) {
    if (e instanceof Error) partes.push(e.message || e.name);
    else partes.push(typeof e === 'string' ? e : JSON.stringify(e) ?? String(e));
    if (!(e instanceof Error)) break;
  }
  return partes.join('\n  caused by: ') || 'unknown error (nothing was thrown with it)';
}

main().catch((err: unknown) => {
  console.error(`RGP failed to start: ${causa(err)}`);
  process.exit(1);
});
