import { boolean, char, date, index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usuarioMapa } from './identidade';

/** Normative act (ato normativo): the legal basis of task forces and batches. */
export const atoNormativo = pgTable('ato_normativo', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 200 }).notNull(),
  descricao: text('descricao').notNull(),
  dataInicioVigencia: date('data_inicio_vigencia').notNull(),
  dataTerminoVigencia: date('data_termino_vigencia'),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Task force (força-tarefa): servers of any agency who, while it is active and before its deadline, analyse
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
});

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
