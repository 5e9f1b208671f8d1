// The database a national-scale benchmark runs on: DATABASE_URL when given, else an embedded PostgreSQL kept in
// .test-data/bench-seed (reused from run to run: seeding two million fishers takes minutes), migrated and with
// the reference data and demo accounts, as `npm start` leaves it.
import pg from 'pg';
import { connect } from '../../src/server/db/client';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { runMigrations } from '../../src/server/db/migrate';
import { seedAll } from '../../src/server/db/seeds';

export const PASTA_BENCH_SEED = '.test-data/bench-seed';
export const PORTA_PG_BENCH_SEED = Number(process.env.BENCH_PG_PORT ?? 5590);

export interface BancoDeBench {
  url: string;
  cliente: pg.Client;
  fechar(): Promise<void>;
}

/** Opens (starting it when embedded), migrates and seeds the reference data of the benchmark database. */
export async function abrirBancoDeBench(opts: { url?: string; pasta?: string; porta?: number } = {}): Promise<BancoDeBench> {
  let url = opts.url;
  let parar: (() => Promise<void>) | undefined;
  if (!url) {
    const embutido = await startEmbeddedPostgres({
      dataDir: opts.pasta ?? PASTA_BENCH_SEED, port: opts.porta ?? PORTA_PG_BENCH_SEED, persistent: true,
    });
    url = embutido.url;
    parar = () => embutido.stop();
  }
  const handle = connect(url, 2);
  try {
    await runMigrations(handle.db);
    await seedAll(handle.db, { demo: true });
  } finally {
    await handle.close();
  }
  const cliente = new pg.Client({ connectionString: url });
  await cliente.connect();
  // Bulk writes: no wait for the disk on each commit (a crash loses the last seconds of a benchmark's data only).
  await cliente.query('SET synchronous_commit = off');
  return {
    url,
    cliente,
    fechar: async () => {
      await cliente.end();
      await parar?.();
    },
  };
}
