import { char, index, pgTable, primaryKey, smallint, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * The idempotency keys of the fishers' saves and sends (decision 0060): one row per caller and key, written only
 * by src/server/plugins/idempotencia.ts. A row is claimed "in progress" (`status` null) with the request's
 * fingerprint before the handler runs, then holds the answer (status, body, content type) the handler gave, which
 * a replay with the same key gets again. `titular` is the SHA-256 of the caller's CPF, so one caller's key never
 * meets another's; `dono` names the claim, so that a request whose claim was taken over (the server died, or it
 * outlived the limit) can neither record nor release the new owner's. Deleted 30 days after `criada_em` by a job.
 */
export const chaveIdempotencia = pgTable('chave_idempotencia', {
  titular: char('titular', { length: 64 }).notNull(),
  chave: varchar('chave', { length: 128 }).notNull(),
  /** SHA-256 of the method, route, parameters, query and body (multipart: its bytes, boundary set aside). */
  impressao: char('impressao', { length: 64 }).notNull(),
  /** The route's pattern (`POST /api/solicitacao`): for reading the table, no personal data. */
  rota: text('rota').notNull(),
  dono: uuid('dono').notNull(),
  /** The kept answer's HTTP status; null while the request is in progress. */
  status: smallint('status'),
  resposta: text('resposta'),
  tipoConteudo: text('tipo_conteudo'),
  criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
  /** When the current claim started (the first request, or the one that took it over). */
  iniciadaEm: timestamp('iniciada_em', { withTimezone: true }).notNull().defaultNow(),
  concluidaEm: timestamp('concluida_em', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.titular, t.chave] }),
  index('chave_idempotencia_criada_em_idx').on(t.criadaEm),
]);
