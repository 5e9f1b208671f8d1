import { sql } from 'drizzle-orm';
import {
  bigint, char, customType, index, integer, jsonb, pgTable, smallint, text, timestamp, varchar,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's 64-bit transaction id, read as text: the feed's visibility horizon (decision 0121). */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * An agency's machine client (decision 0120). Its secret is kept only as a SHA-256 hash; `versaoCredencial` is
 * stamped in every token, so rotating or revoking refuses the old tokens at their next request.
 */
export const clienteIntegracao = pgTable('cliente_integracao', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** The public `client_id`. */
  identificador: varchar('identificador', { length: 40 }).notNull().unique(),
  nome: varchar('nome', { length: 120 }).notNull(),
  orgao: varchar('orgao', { length: 120 }).notNull(),
  contato: varchar('contato', { length: 200 }).notNull(),
  escopos: text('escopos').array().notNull(),
  limitePorMinuto: integer('limite_por_minuto').notNull(),
  validoAte: timestamp('valido_ate', { withTimezone: true }).notNull(),
  /** `client_secret_basic`/`client_secret_post`, or `private_key_jwt` with `chavePublica`. */
  metodoAutenticacao: varchar('metodo_autenticacao', { length: 20 }).notNull(),
  segredoHash: char('segredo_hash', { length: 64 }),
  chavePublica: jsonb('chave_publica'),
  versaoCredencial: integer('versao_credencial').notNull().default(1),
  revogadoEm: timestamp('revogado_em', { withTimezone: true }),
  cpfCriador: char('cpf_criador', { length: 11 }).notNull(),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The transactional outbox of changes other agencies follow: written only by the triggers of migration 0022, in the
 * transaction of the change. Read in (xid, id) order below the oldest running transaction (decision 0121).
 */
export const eventoIntegracao = pgTable('evento_integracao', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
  tipo: varchar('tipo', { length: 40 }).notNull(),
  pescadorId: integer('pescador_id').notNull(),
  situacaoAnterior: smallint('situacao_anterior'),
  situacaoNova: smallint('situacao_nova'),
  dados: jsonb('dados').notNull().default(sql`'{}'::jsonb`),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('evento_integracao_xid_id_idx').on(t.xid, t.id)]);
