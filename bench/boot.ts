// npm run bench:boot — how long the product takes from `tsx src/server/main.ts` to answering /api/health:
// cold (empty data folder: initdb, migrations, reference seed with 5,570 municipalities, demo accounts) and
// warm (existing data). The goal: ready within a minute on a bare machine.
import { startProduct, stop, waitExit } from './lib';

const dataDir = '.test-data/bench-boot';
const results: Record<string, number> = {};
for (const [name, fresh] of [['cold', true], ['warm', false], ['warm2', false]] as const) {
  const { child, readyMs } = await startProduct({ port: 3210, pgPort: 5510, dataDir, fresh });
  results[name] = Math.round(readyMs);
  stop(child);
  await waitExit(child);
}
console.log(`boot to /api/health: cold ${results.cold} ms, warm ${results.warm} ms / ${results.warm2} ms`);
