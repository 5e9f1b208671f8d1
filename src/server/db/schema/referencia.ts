import { char, index, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';

export const uf = pgTable('uf', {
  codigo: smallint('codigo').primaryKey(),
  sigla: char('sigla', { length: 2 }).notNull().unique(),
  nome: varchar('nome', { length: 40 }).notNull(),
});

export const municipio = pgTable('municipio', {
  id: integer('id').primaryKey(),
  nome: varchar('nome', { length: 100 }).notNull(),
  uf: char('uf', { length: 2 }).notNull().references(() => uf.sigla),
}, (t) => [
  index('municipio_uf_nome_idx').on(t.uf, t.nome),
]);

export const profissao = pgTable('profissao', {
  id: integer('id').primaryKey(),
  descricao: varchar('descricao', { length: 120 }).notNull(),
});

export const especie = pgTable('especie', {
  id: integer('id').primaryKey(),
  nome: varchar('nome', { length: 120 }).notNull(),
  nomeCientifico: varchar('nome_cientifico', { length: 160 }).notNull(),
});

/** Operators may add items; the seed only upserts the ones it knows. */
export const referencia = pgTable('referencia', {
  lista: varchar('lista', { length: 40 }).notNull(),
  id: integer('id').notNull(),
  descricao: varchar('descricao', { length: 200 }).notNull(),
  sigla: varchar('sigla', { length: 20 }),
}, (t) => [primaryKey({ columns: [t.lista, t.id] })]);
