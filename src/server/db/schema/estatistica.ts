import { bigint, char, date, primaryKey, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';

/**
 * Kept totals behind the open statistics (issue 13, point 4), so that a public visit reads a few hundred summary
 * rows instead of counting two million fishers. Written only by the statement triggers of migration 0011 on
 * pescador and solicitacao, in the same transaction as each change (exact by construction; the test
 * estatistica-totais.test.ts compares them with a fresh count). Nothing here names a person.
 */

/**
 * Fishers with a registry (situacao_registro set) by one characteristic at a time: `dimensao` is 'total', 'uf',
 * 'municipio', 'categoria', 'sexo', 'atividade' (forma de atuação) or 'situacao' (of the registry); `chave` is the
 * value as text ('' when the fisher has none: UF sigla, IBGE municipality code, enumeration number).
 */
export const estatisticaPescador = pgTable('estatistica_pescador', {
  dimensao: varchar('dimensao', { length: 12 }).notNull(),
  chave: varchar('chave', { length: 12 }).notNull(),
  total: bigint('total', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.dimensao, t.chave] })]);

/**
 * Fishers with a registry by birth date (those without one are `total` minus the sum). Age bands move every day,
 * so they are computed when read, by comparing these dates with cut-off dates of today in São Paulo (exact to
 * the day); whole months are read from estatistica_nascimento_mes.
 */
export const estatisticaNascimento = pgTable('estatistica_nascimento', {
  dataNascimento: date('data_nascimento').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});

/**
 * The same by birth month (the first day of the month): the age bands read whole months here, and only the one
 * month around each band's cut-off day from estatistica_nascimento (~900 rows instead of ~23,000).
 */
export const estatisticaNascimentoMes = pgTable('estatistica_nascimento_mes', {
  mes: date('mes').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});

/**
 * Sent requests (enviada_em set) by the month they were sent in ('YYYY-MM', São Paulo time), their type and their
 * situation now.
 */
export const estatisticaSolicitacao = pgTable('estatistica_solicitacao', {
  mes: char('mes', { length: 7 }).notNull(),
  tipo: smallint('tipo').notNull(),
  situacao: smallint('situacao').notNull(),
  total: bigint('total', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.mes, t.tipo, t.situacao] })]);
