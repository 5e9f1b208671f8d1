import { sql } from 'drizzle-orm';
import {
  boolean, char, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import { atoNormativo } from './administracao';
import { lotePescador } from './lote';
import { pescador, solicitacao } from './pescador';

/** Decisions 0026, 0052; its history is kept apart. */
export const reapPrazo = pgTable('reap_prazo', {
  anoReferencia: smallint('ano_referencia').primaryKey(),
  inicioPreenchimento: date('inicio_preenchimento').notNull(),
  fimPreenchimento: date('fim_preenchimento').notNull(),
  /** Null for a window set before acts were cited. */
  atoNormativoId: integer('ato_normativo_id').references(() => atoNormativo.id),
  cpfAtualizou: char('cpf_atualizou', { length: 11 }),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
});

/** Never updated nor deleted: the defaulters' warning and suspension cite it. */
export const reapPrazoHistorico = pgTable('reap_prazo_historico', {
  id: serial('id').primaryKey(),
  anoReferencia: smallint('ano_referencia').notNull(),
  inicioPreenchimento: date('inicio_preenchimento').notNull(),
  fimPreenchimento: date('fim_preenchimento').notNull(),
  atoNormativoId: integer('ato_normativo_id').references(() => atoNormativo.id),
  cpfAtor: char('cpf_ator', { length: 11 }),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('reap_prazo_historico_ano_idx').on(t.anoReferencia, t.id)]);

/** Decision 0051: blocks by fisher id, so a run killed mid-way resumes after `ultimoPescadorId`. */
export const reapGeracaoObrigacoes = pgTable('reap_geracao_obrigacoes', {
  anoReferencia: smallint('ano_referencia').primaryKey(),
  ultimoPescadorId: integer('ultimo_pescador_id').notNull().default(0),
  criadas: integer('criadas').notNull().default(0),
  iniciadaEm: timestamp('iniciada_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadaEm: timestamp('atualizada_em', { withTimezone: true }).notNull().defaultNow(),
  concluidaEm: timestamp('concluida_em', { withTimezone: true }),
});

/** Decision 0055: one round per year and closed end date. */
export const reapAviso = pgTable('reap_aviso', {
  id: serial('id').primaryKey(),
  anoReferencia: smallint('ano_referencia').notNull(),
  fimPreenchimento: date('fim_preenchimento').notNull(),
  ultimoPescadorId: integer('ultimo_pescador_id').notNull().default(0),
  avisados: integer('avisados').notNull().default(0),
  emailsEnviados: integer('emails_enviados').notNull().default(0),
  iniciadoEm: timestamp('iniciado_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  concluidoEm: timestamp('concluido_em', { withTimezone: true }),
}, (t) => [uniqueIndex('reap_aviso_ano_fim_key').on(t.anoReferencia, t.fimPreenchimento)]);

/** Written with the notification, in the block's transaction, so nobody is warned twice in a round. */
export const reapAvisoPescador = pgTable('reap_aviso_pescador', {
  avisoId: integer('aviso_id').notNull().references(() => reapAviso.id),
  pescadorId: integer('pescador_id').notNull().references(() => pescador.id),
  emailEnviadoEm: timestamp('email_enviado_em', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.avisoId, t.pescadorId] }),
  index('reap_aviso_pescador_pescador_idx').on(t.pescadorId),
]);

/** Decision 0055, carried out by a batch. */
export const reapSuspensao = pgTable('reap_suspensao', {
  anoReferencia: smallint('ano_referencia').primaryKey(),
  atoNormativoId: integer('ato_normativo_id').notNull().references(() => atoNormativo.id),
  dataSuspensao: date('data_suspensao').notNull(),
  cpfAtor: char('cpf_ator', { length: 11 }).notNull(),
  perfilAtor: smallint('perfil_ator').notNull(),
  loteId: integer('lote_id').references(() => lotePescador.id),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
});

/** One per fisher and reference year, under a request of tipo 4. */
export const reapQuestionario = pgTable('reap_questionario', {
  id: serial('id').primaryKey(),
  solicitacaoId: integer('solicitacao_id').notNull().references(() => solicitacao.id),
  pescadorId: integer('pescador_id').notNull().references(() => pescador.id),
  anoReferencia: smallint('ano_referencia').notNull(),
  categoria: smallint('categoria').notNull(),
  enviada: boolean('enviada').notNull().default(false),
  realizouPesca: boolean('realizou_pesca'),
  tipoPrestacaoServico: smallint('tipo_prestacao_servico'),
  totalDiasTrabalhadoAno: smallint('total_dias_trabalhado_ano'),
  dados: jsonb('dados'),
  codigoVerificacao: varchar('codigo_verificacao', { length: 16 }),
  enviadaEm: timestamp('enviada_em', { withTimezone: true }),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('reap_questionario_pescador_ano_key').on(t.pescadorId, t.anoReferencia),
  uniqueIndex('reap_questionario_solicitacao_key').on(t.solicitacaoId),
  uniqueIndex('reap_questionario_codigo_key').on(t.codigoVerificacao).where(sql`${t.codigoVerificacao} IS NOT NULL`),
  index('reap_questionario_ano_enviada_idx').on(t.anoReferencia, t.enviada, t.id),
]);
