import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The rate limits' counters, shared by every instance of the server (decision 0041): one row per route and
 * client key, counting the requests of the current fixed window, which ends at `expira_em`. Written only by the
 * rate-limit store (src/server/plugins/rate-limit-store.ts). UNLOGGED in the migration (Drizzle cannot say it):
 * a counter lost in a database crash only resets a one-minute window, and no WAL is written per request. No
 * index but the key: each request upserts a row, and the once-a-minute purge of expired rows reads the table
 * whole (it holds the keys of the last minute or two), so that an increment touches one index, not two.
 */
export const limiteRequisicao = pgTable('limite_requisicao', {
  chave: text('chave').primaryKey(),
  contagem: integer('contagem').notNull(),
  expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
});
