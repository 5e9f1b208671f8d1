import { char, index, pgTable, primaryKey, smallint, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { bytea } from './tipos';

/**
 * The idempotency keys of the fishers' saves and sends (decisions 0060 and 0068): one row per caller and key,
 * written only by src/server/plugins/idempotencia.ts. A row is claimed "in progress" (`status` null) with the
 * request's fingerprint before the handler runs, then holds the answer the handler gave (status, content type, and
 * the body encrypted with AES-256-GCM under a server key), which a replay with the same key gets again. `titular` is
 * an HMAC-SHA256 of the caller's CPF under a server key: one caller's key never meets another's, and the table cannot
 * be turned back into CPFs by hashing every CPF. `dono` names the claim, so that a request whose claim was taken over
 * (the server died, or it outlived the limit) can neither record nor release the new owner's. A row counts for 24
 * hours after `criada_em` (RETENCAO_CHAVE_IDEMPOTENCIA_HORAS) and is then deleted by an hourly job.
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
  /** The kept answer's body: 12-byte IV, 16-byte GCM tag, then the ciphertext; null for an empty body. */
  respostaCifrada: bytea('resposta_cifrada'),
  tipoConteudo: text('tipo_conteudo'),
  criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
  /** When the current claim started (the first request, or the one that took it over). */
  iniciadaEm: timestamp('iniciada_em', { withTimezone: true }).notNull().defaultNow(),
  concluidaEm: timestamp('concluida_em', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.titular, t.chave] }),
  index('chave_idempotencia_criada_em_idx').on(t.criadaEm),
]);
