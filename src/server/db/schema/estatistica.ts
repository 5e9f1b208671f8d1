import { bigint, char, date, primaryKey, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';

/**
 * Kept totals behind the open statistics, so a public visit never counts two million fishers. Written only by the
 * statement triggers of migration 0011, in the changing transaction: exact by construction. Nothing names a person.
 */

/** By one characteristic at a time; `chave` '' when the fisher has none. */
export const estatisticaPescador = pgTable('estatistica_pescador', {
  dimensao: varchar('dimensao', { length: 12 }).notNull(),
  chave: varchar('chave', { length: 12 }).notNull(),
  total: bigint('total', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.dimensao, t.chave] })]);

/** Age bands move every day, so they are computed when read against today's cut-off dates. */
export const estatisticaNascimento = pgTable('estatistica_nascimento', {
  dataNascimento: date('data_nascimento').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});

/** Whole months read here, and only the month around each cut-off from estatistica_nascimento. */
export const estatisticaNascimentoMes = pgTable('estatistica_nascimento_mes', {
  mes: date('mes').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});

export const estatisticaSolicitacao = pgTable('estatistica_solicitacao', {
  mes: char('mes', { length: 7 }).notNull(),
  tipo: smallint('tipo').notNull(),
  situacao: smallint('situacao').notNull(),
  total: bigint('total', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.mes, t.tipo, t.situacao] })]);
