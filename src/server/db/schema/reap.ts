import { sql } from 'drizzle-orm';
import {
  boolean, char, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import { atoNormativo } from './administracao';
import { lotePescador } from './lote';
import { pescador, solicitacao } from './pescador';

/**
 * The filling window of each REAP reference year in force (decisions 0026 and 0052): GESTOR and ADMIN set it on
 * screen or through PUT /api/reap/prazos/{ano}, citing the normative act that sets it; the seeds add the current
 * reference year's. Every change is also kept in `reap_prazo_historico`.
 */
export const reapPrazo = pgTable('reap_prazo', {
  anoReferencia: smallint('ano_referencia').primaryKey(),
  inicioPreenchimento: date('inicio_preenchimento').notNull(),
  fimPreenchimento: date('fim_preenchimento').notNull(),
  /** The act that set the window in force (the last extension's); null for a window set before acts were cited. */
  atoNormativoId: integer('ato_normativo_id').references(() => atoNormativo.id),
  cpfAtualizou: char('cpf_atualizou', { length: 11 }),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every window a reference year had, oldest first: the first act that set it and each extension (a new act and a
 * new end date). Never updated nor deleted; what the warning and suspension of defaulters cite.
 */
export const reapPrazoHistorico = pgTable('reap_prazo_historico', {
  id: serial('id').primaryKey(),
  anoReferencia: smallint('ano_referencia').notNull(),
  inicioPreenchimento: date('inicio_preenchimento').notNull(),
  fimPreenchimento: date('fim_preenchimento').notNull(),
  atoNormativoId: integer('ato_normativo_id').references(() => atoNormativo.id),
  cpfAtor: char('cpf_ator', { length: 11 }),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('reap_prazo_historico_ano_idx').on(t.anoReferencia, t.id)]);

/**
 * The progress of the creation of one reference year's obligations for every fisher (decision 0051): fishers are
 * walked by id in blocks, one transaction each, and `ultimoPescadorId` is the last id a committed block covered,
 * so a run killed mid-way resumes there. `concluidaEm` is set when the last block commits.
 */
export const reapGeracaoObrigacoes = pgTable('reap_geracao_obrigacoes', {
  anoReferencia: smallint('ano_referencia').primaryKey(),
  ultimoPescadorId: integer('ultimo_pescador_id').notNull().default(0),
  criadas: integer('criadas').notNull().default(0),
  iniciadaEm: timestamp('iniciada_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadaEm: timestamp('atualizada_em', { withTimezone: true }).notNull().defaultNow(),
  concluidaEm: timestamp('concluida_em', { withTimezone: true }),
});

/**
 * The warning of a reference year's defaulters when its window in force closes (decision 0055): one round per year
 * and closed end date (an extension that closes later is a new round). Fishers are walked by id in blocks, one
 * transaction each; `ultimoPescadorId` is the last id a committed block covered, so a killed run resumes there.
 */
export const reapAviso = pgTable('reap_aviso', {
  id: serial('id').primaryKey(),
  anoReferencia: smallint('ano_referencia').notNull(),
  /** The end of the window that closed. */
  fimPreenchimento: date('fim_preenchimento').notNull(),
  ultimoPescadorId: integer('ultimo_pescador_id').notNull().default(0),
  avisados: integer('avisados').notNull().default(0),
  emailsEnviados: integer('emails_enviados').notNull().default(0),
  iniciadoEm: timestamp('iniciado_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  concluidoEm: timestamp('concluido_em', { withTimezone: true }),
}, (t) => [uniqueIndex('reap_aviso_ano_fim_key').on(t.anoReferencia, t.fimPreenchimento)]);

/**
 * Each fisher a warning round reached: written with the notification, in the block's transaction, so nobody is
 * warned twice in a round; `emailEnviadoEm` when the e-mail went out (fishers with an e-mail only).
 */
export const reapAvisoPescador = pgTable('reap_aviso_pescador', {
  avisoId: integer('aviso_id').notNull().references(() => reapAviso.id),
  pescadorId: integer('pescador_id').notNull().references(() => pescador.id),
  emailEnviadoEm: timestamp('email_enviado_em', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.avisoId, t.pescadorId] }),
  // The warnings a fisher may appeal against (decision 0088).
  index('reap_aviso_pescador_pescador_idx').on(t.pescadorId),
]);

/**
 * The suspension of a reference year's defaulters on the date an act sets (decision 0055), scheduled by GESTOR or
 * ADMIN on /administracao/prazos-reap. On that date the daily job creates the batch (`loteId`) that suspends, through
 * the batch machinery, every fisher who still owes the year.
 */
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

/**
 * A REAP (questionario basico): one reference year of one fisher, the request of tipo 4 it belongs to (REAP_PENDENTE
 * until sent, then REAP_ENVIADA), the answers of the artesanal or industrial form (`dados`, the wire's shape) and,
 * once sent, its verification code. One per fisher and year (the generation's idempotence).
 */
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
  /** The form's answers as the wire carries them (src/shared/schemas/reap.ts); null until the first save. */
  dados: jsonb('dados'),
  codigoVerificacao: varchar('codigo_verificacao', { length: 16 }),
  enviadaEm: timestamp('enviada_em', { withTimezone: true }),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('reap_questionario_pescador_ano_key').on(t.pescadorId, t.anoReferencia),
  uniqueIndex('reap_questionario_solicitacao_key').on(t.solicitacaoId),
  uniqueIndex('reap_questionario_codigo_key').on(t.codigoVerificacao).where(sql`${t.codigoVerificacao} IS NOT NULL`),
  // The staff obligations list: by year and sent/pending, in id order (ReapRepository.listarServidor).
  index('reap_questionario_ano_enviada_idx').on(t.anoReferencia, t.enviada, t.id),
]);
