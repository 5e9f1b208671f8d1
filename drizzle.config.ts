import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes reviewed, forward-only SQL migrations to db/migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './db/migrations',
  casing: 'snake_case',
});
