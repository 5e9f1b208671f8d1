import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { connect } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { migrarUmaVez } from './db/migrate';
import { seedAll } from './db/seeds';
import { iniciarJobs } from './jobs/jobs';
import { resolveJwtSecret } from './lib/jwt-secret';
import { opcoesDeLog } from './plugins/redact';

/** Boot: config, database (embedded unless DATABASE_URL), migrations, seeds, listen, graceful shutdown. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino(opcoesDeLog(config.logLevel));
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

  const handle = connect(url, config.database.poolMax);
  await migrarUmaVez(handle, () => seedAll(handle.db, { demo: config.seedDemo }));
  const jwtSecret = await resolveJwtSecret(config.auth.jwtSecret, config.dataDir);
  // The queue first (services enqueue in their transactions), the workers once the services exist.
  const jobs = await iniciarJobs({ connectionString: url, log });
  const app = await buildApp({ config, db: handle.db, jwtSecret, fila: jobs.fila });
  await jobs.trabalhar(app.servicos);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await jobs.stop();
      await handle.close();
      await embedded?.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A launcher killed with -9 (npm, tsx) cannot pass a signal on: the server notices its parent is gone and stops
  // too, so that neither it nor the database holds the ports of the next start.
  const pai = process.ppid;
  setInterval(() => {
    if (process.ppid !== pai) void shutdown('parent process gone');
  }, 1000).unref();

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: config.publicUrl, bootMs: Math.round(performance.now() - started) }, 'RGP ready');
}

/** The whole cause of a failed start: each message of the `cause` chain, or what was thrown if not an Error. */
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
