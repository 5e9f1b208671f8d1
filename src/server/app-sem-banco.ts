import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import { buildApp } from './app';
import { loadConfig } from './config';
import { connect } from './db/client';
import { FilaDeJobs } from './jobs/job';

/**
 * The app built against a database that is never reached (nothing connects until a route reads or writes), for what
 * needs only its routes: the OpenAPI document (`npm run docs:api`, openapi.test.ts). `fechar` closes it.
 */
export async function construirAppSemBanco(env: Record<string, string> = {}): Promise<{ app: FastifyInstance; fechar(): Promise<void> }> {
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', LOG_LEVEL: 'silent', ...env });
  const handle = connect(config.database.url!, 1);
  // A queue never started nor written to.
  const fila = new FilaDeJobs(new PgBoss({ connectionString: config.database.url! }));
  const app = await buildApp({ config, db: handle.db, jwtSecret: crypto.randomBytes(32), logger: false, fila });
  await app.ready();
  return {
    app,
    async fechar() {
      await app.close();
      await handle.close();
    },
  };
}
