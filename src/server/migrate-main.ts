import { loadConfig, ConfigError } from './config';
import { connect } from './db/client';
import { migrarUmaVez } from './db/migrate';
import { seedAll } from './db/seeds';

/**
 * The migrate step of a deployment (docs/operations.md), bundled because the image has no TypeScript runner. It never
 * starts an embedded database: a deployment without DATABASE_URL is a mistake.
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
  // One JSON line, as the server's logs: the development log transport is not in the image.
  process.stdout.write(`${JSON.stringify({ msg: 'migrations and reference data applied', ms: Math.round(performance.now() - started) })}\n`);
}

main().catch((err: unknown) => {
  console.error(`RGP migrate step failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
