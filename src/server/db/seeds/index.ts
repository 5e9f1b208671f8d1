import type { Database } from '../client';
import { seedDemo } from './demo';
import { seedOrgaos } from './orgaos';
import { seedReap } from './reap';
import { seedReferencia } from './referencia';

/** Reference data always (idempotent); demo accounts only when asked. */
export async function seedAll(db: Database, opts: { demo: boolean }): Promise<void> {
  await seedReferencia(db);
  await seedOrgaos(db);
  await seedReap(db);
  if (opts.demo) await seedDemo(db);
}
