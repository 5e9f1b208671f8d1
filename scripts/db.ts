// npm run db:migrate | db:seed — against DATABASE_URL, or the embedded database under DATA_DIR.
import { loadConfig } from '../src/server/config';
import { connect } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { migrarUmaVez } from '../src/server/db/migrate';
import { seedAll } from '../src/server/db/seeds';

const command = process.argv[2];
if (command !== 'migrate' && command !== 'seed') {
  console.error('usage: tsx scripts/db.ts migrate|seed');
  process.exit(2);
}
const config = loadConfig();
const embedded = config.database.url
  ? undefined
  : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.database.embeddedPort, persistent: true });
const handle = connect(config.database.url ?? embedded!.url, 2);
try {
  await migrarUmaVez(handle, command === 'seed' ? () => seedAll(handle.db, { demo: config.seedDemo }) : undefined);
  console.log('migrations applied');
  if (command === 'seed') console.log(`reference data seeded${config.seedDemo ? ', demo accounts created' : ''}`);
} finally {
  await handle.close();
  await embedded?.stop();
}
