import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The rate limits' counters, shared by every instance (decision 0041). UNLOGGED in the migration: a counter lost in a
 * crash only resets a one-minute window, and no WAL is written per request. No index but the key, so an increment
 * touches one index.
 */
export const limiteRequisicao = pgTable('limite_requisicao', {
  chave: text('chave').primaryKey(),
  contagem: integer('contagem').notNull(),
  expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
});
