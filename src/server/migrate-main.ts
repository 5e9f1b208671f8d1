import { loadConfig, ConfigError } from './config';
import { connect } from './db/client';
import { migrarUmaVez } from './db/migrate';
import { seedAll } from './db/seeds';

/**
 * The migrate step of a deployment (docs/operations.md): `node dist/server/migrate.mjs` applies the migrations and
 * loads the reference data against DATABASE_URL, under the same advisory lock as a starting server, then exits.
 * The image has no TypeScript runner, so this is bundled beside main.mjs (scripts/build-server.mjs). Unlike
 * `npm run db:migrate` it never starts an embedded database: a deployment without DATABASE_URL is a mistake. It reads
 * DATABASE_URL and SEED_DEMO only.
 */
async function main() {
  // Only what this step uses: it needs no session, OIDC or signing secret, so a deployment gives it none.
  const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, SEED_DEMO: process.env.SEED_DEMO });
  const url = config.database.url;
  if (!url) throw new ConfigError('DATABASE_URL is required by the migrate step (no embedded database in a deployment)');
  const started = performance.now();
  const handle = connect(url, 2);
  try {
    await migrarUmaVez(handle, () => seedAll(handle.db, { demo: config.seedDemo }));
  } finally {
    await handle.close();
  }
  // One JSON line, as the server's logs (no logger here: its development transport is not in the image).
  process.stdout.write(`${JSON.stringify({ msg: 'migrations and reference data applied', ms: Math.round(performance.now() - started) })}\n`);
}

main().catch((err: unknown) => {
  console.error(`RGP migrate step failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
