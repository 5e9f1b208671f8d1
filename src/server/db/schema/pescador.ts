import { char, date, index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The fisher. Created on first sign-in with the CPF and name from gov.br; the registration requests fill the
 * rest (later issues add the typed, indexed columns that staff filter by).
 */
export const pescador = pgTable('pescador', {
  id: serial('id').primaryKey(),
  cpf: char('cpf', { length: 11 }).notNull().unique(),
  nome: varchar('nome', { length: 200 }).notNull(),
  email: varchar('email', { length: 200 }),
  uf: char('uf', { length: 2 }),
  municipioId: integer('municipio_id'),
  dataNascimento: date('data_nascimento'),
  sexo: smallint('sexo'),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('pescador_uf_idx').on(t.uf)]);

/** A request (solicitação) of a fisher. */
export const solicitacao = pgTable('solicitacao', {
  id: serial('id').primaryKey(),
  pescadorId: integer('pescador_id').notNull().references(() => pescador.id),
  tipo: smallint('tipo').notNull(),
  situacao: smallint('situacao').notNull(),
  passo: smallint('passo').notNull().default(1),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  enviadaEm: timestamp('enviada_em', { withTimezone: true }),
}, (t) => [
  index('solicitacao_pescador_situacao_idx').on(t.pescadorId, t.situacao),
]);

/** The analysis of a submitted request. */
export const analiseSolicitacao = pgTable('analise_solicitacao', {
  id: serial('id').primaryKey(),
  solicitacaoId: integer('solicitacao_id').notNull().references(() => solicitacao.id),
  situacaoAnalise: smallint('situacao_analise').notNull(),
  ufPescador: char('uf_pescador', { length: 2 }),
  usuarioMapaId: integer('usuario_mapa_id'),
  dataHoraBloqueio: timestamp('data_hora_bloqueio', { withTimezone: true }),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  concluidaEm: timestamp('concluida_em', { withTimezone: true }),
}, (t) => [
  index('analise_situacao_uf_idx').on(t.situacaoAnalise, t.ufPescador),
  index('analise_solicitacao_idx').on(t.solicitacaoId),
]);
