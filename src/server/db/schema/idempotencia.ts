import { char, index, pgTable, primaryKey, smallint, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { bytea } from './tipos';

/**
 * The idempotency keys (decisions 0060 and 0068), written only by plugins/idempotencia.ts. `titular` is an HMAC of
 * the CPF, so the table cannot be turned back into CPFs by hashing every CPF; the body is encrypted. `dono` names the
 * claim, so a request whose claim was taken over can neither record nor release the new owner's.
 */
export const chaveIdempotencia = pgTable('chave_idempotencia', {
  titular: char('titular', { length: 64 }).notNull(),
  chave: varchar('chave', { length: 128 }).notNull(),
  impressao: char('impressao', { length: 64 }).notNull(),
  /** The route's pattern: no personal data. */
  rota: text('rota').notNull(),
  dono: uuid('dono').notNull(),
  status: smallint('status'),
  /** 12-byte IV, 16-byte GCM tag, then the ciphertext. */
  respostaCifrada: bytea('resposta_cifrada'),
  tipoConteudo: text('tipo_conteudo'),
  criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
  iniciadaEm: timestamp('iniciada_em', { withTimezone: true }).notNull().defaultNow(),
  concluidaEm: timestamp('concluida_em', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.titular, t.chave] }),
  index('chave_idempotencia_criada_em_idx').on(t.criadaEm),
]);
