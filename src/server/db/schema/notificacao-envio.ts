import { sql } from 'drizzle-orm';
import { bigserial, boolean, date, index, integer, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { notificacao, pescador } from './pescador';

/**
 * The outbox of notices (decision 0150): one row per notification and channel other than the screen (the
 * `notificacao` row is the screen's), written in the transaction that writes the notification. A worker drains it.
 */
export const notificacaoEnvio = pgTable('notificacao_envio', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  notificacaoId: integer('notificacao_id').notNull().references(() => notificacao.id),
  pescadorId: integer('pescador_id').notNull().references(() => pescador.id),
  /** CanalNotificacao: 1 e-mail, 2 SMS, 3 caixa postal gov.br. */
  canal: smallint('canal').notNull(),
  /** SituacaoEnvio: 1 pendente, 2 enviada, 3 falhou (tries spent), 4 cancelada (the fisher opted out since). */
  situacao: smallint('situacao').notNull().default(1),
  tentativas: smallint('tentativas').notNull().default(0),
  /** When a pending row may next be tried; a claimed row is pushed ahead (a lease), so a crash retries it later. */
  proximaEm: timestamp('proxima_em', { withTimezone: true }).notNull().defaultNow(),
  /** The e-mail subject when the writer gives one (the REAP warning's), else one by tipo. */
  assunto: varchar('assunto', { length: 200 }),
  /** What wrote it, for a module that counts its deliveries (the REAP warning: 'reap-aviso', its id). */
  origem: varchar('origem', { length: 40 }),
  origemId: integer('origem_id'),
  /** A short reason, never personal data. */
  ultimoErro: varchar('ultimo_erro', { length: 300 }),
  criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
  enviadaEm: timestamp('enviada_em', { withTimezone: true }),
}, (t) => [
  index('notificacao_envio_pendente_idx').on(t.canal, t.proximaEm).where(sql`situacao = 1`),
  index('notificacao_envio_pescador_idx').on(t.pescadorId, t.id),
]);

/** A fisher's opt-outs; no row means every channel is on. The screen cannot be turned off (it is the record). */
export const notificacaoPreferencia = pgTable('notificacao_preferencia', {
  pescadorId: integer('pescador_id').primaryKey().references(() => pescador.id),
  email: boolean('email').notNull().default(true),
  sms: boolean('sms').notNull().default(true),
  govbr: boolean('govbr').notNull().default(true),
  atualizadaEm: timestamp('atualizada_em', { withTimezone: true }).notNull().defaultNow(),
});

/** Decision 0151: a reminder is sent once per fisher and deadline; the key names the deadline. */
export const lembreteEnviado = pgTable('lembrete_enviado', {
  chave: varchar('chave', { length: 80 }).notNull(),
  pescadorId: integer('pescador_id').notNull().references(() => pescador.id),
  prazo: date('prazo').notNull(),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.chave, t.pescadorId] })]);
