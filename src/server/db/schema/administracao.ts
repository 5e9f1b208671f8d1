import { sql } from 'drizzle-orm';
import { boolean, char, check, date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usuarioMapa } from './identidade';

/** Normative act (ato normativo): the legal basis of task forces and batches. */
export const atoNormativo = pgTable('ato_normativo', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 200 }).notNull(),
  descricao: text('descricao').notNull(),
  dataInicioVigencia: date('data_inicio_vigencia').notNull(),
  dataTerminoVigencia: date('data_termino_vigencia'),
  /** Days to appeal what a batch citing it did, from its entry into force; null: the law's 10 (decision 0089). */
  prazoRecursoDias: smallint('prazo_recurso_dias'),
  /** Days each instance has to decide an appeal (extendable once by as many); null: the law's 30 (decision 0089). */
  prazoDecisaoRecursoDias: smallint('prazo_decisao_recurso_dias'),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  /** Who last saved it (CPF) and from where: kept by the server, never taken from the client. */
  usuarioInternoGravou: char('usuario_interno_gravou', { length: 11 }),
  ipOrigemAlteracao: varchar('ip_origem_alteracao', { length: 45 }),
  dataAtualizacao: timestamp('data_atualizacao', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // Validity starts before it ends (decision 0030); the act in force is found by its start.
  check('ato_normativo_vigencia_check', sql`${t.dataTerminoVigencia} IS NULL OR ${t.dataInicioVigencia} < ${t.dataTerminoVigencia}`),
  index('ato_normativo_vigencia_idx').on(t.dataInicioVigencia),
]);

/**
 * Task force (força-tarefa): servers of any agency who, while it is active and until its deadline (the last day), analyse
 * requests of the states it serves.
 */
export const forcaTarefa = pgTable('forca_tarefa', {
  id: serial('id').primaryKey(),
  titulo: varchar('titulo', { length: 200 }).notNull(),
  atoNormativoId: integer('ato_normativo_id').notNull().references(() => atoNormativo.id),
  dataLimite: date('data_limite').notNull(),
  ativa: boolean('ativa').notNull().default(true),
  usuarioInternoGravou: char('usuario_interno_gravou', { length: 11 }),
  ipOrigemAlteracao: varchar('ip_origem_alteracao', { length: 45 }),
  dataCriacao: timestamp('data_criacao', { withTimezone: true }).notNull().defaultNow(),
  dataAtualizacao: timestamp('data_atualizacao', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('forca_tarefa_ato_normativo_idx').on(t.atoNormativoId),
  index('forca_tarefa_data_limite_idx').on(t.dataLimite),
]);

export const forcaTarefaUf = pgTable('forca_tarefa_uf', {
  forcaTarefaId: integer('forca_tarefa_id').notNull().references(() => forcaTarefa.id, { onDelete: 'cascade' }),
  uf: char('uf', { length: 2 }).notNull(),
}, (t) => [primaryKey({ columns: [t.forcaTarefaId, t.uf] })]);

export const forcaTarefaLotacao = pgTable('forca_tarefa_lotacao', {
  forcaTarefaId: integer('forca_tarefa_id').notNull().references(() => forcaTarefa.id, { onDelete: 'cascade' }),
  usuarioMapaId: integer('usuario_mapa_id').notNull().references(() => usuarioMapa.id),
}, (t) => [
  primaryKey({ columns: [t.forcaTarefaId, t.usuarioMapaId] }),
  index('forca_tarefa_lotacao_usuario_idx').on(t.usuarioMapaId),
]);

/** Captcha solutions already accepted: a token is accepted once. */
export const captchaUsado = pgTable('captcha_usado', {
  assinatura: varchar('assinatura', { length: 128 }).primaryKey(),
  expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
}, (t) => [index('captcha_usado_expira_idx').on(t.expiraEm)]);
