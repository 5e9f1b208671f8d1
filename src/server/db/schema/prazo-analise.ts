import { sql } from 'drizzle-orm';
import {
  bigint, char, date, index, integer, pgTable, primaryKey, smallint, timestamp, varchar,
} from 'drizzle-orm/pg-core';
import { atoNormativo } from './administracao';
import { solicitacao } from './pescador';

/**
 * The deadline to decide each request type, set by a normative act (decision 0152). No row: the default (30 days).
 * A change applies to the clocks started after it.
 */
export const prazoAnaliseTipo = pgTable('prazo_analise_tipo', {
  tipoSolicitacao: smallint('tipo_solicitacao').primaryKey(),
  dias: smallint('dias').notNull(),
  atoNormativoId: integer('ato_normativo_id').notNull().references(() => atoNormativo.id),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One clock per request, not per analysis: a request sent back to the fisher pauses it (the time left is kept) and
 * its resubmission resumes it (decision 0152). `venceEm` is null while paused and once decided.
 */
export const analisePrazo = pgTable('analise_prazo', {
  solicitacaoId: integer('solicitacao_id').primaryKey().references(() => solicitacao.id),
  tipoSolicitacao: smallint('tipo_solicitacao').notNull(),
  uf: char('uf', { length: 2 }).notNull(),
  diasPrazo: smallint('dias_prazo').notNull(),
  /** The first submission: the clock's start and the backlog's age. */
  recebidaEm: timestamp('recebida_em', { withTimezone: true }).notNull(),
  venceEm: timestamp('vence_em', { withTimezone: true }),
  pausadaEm: timestamp('pausada_em', { withTimezone: true }),
  restanteSegundos: integer('restante_segundos'),
  /** The time spent waiting for the fisher, left out of the time to decide. */
  segundosPausada: bigint('segundos_pausada', { mode: 'number' }).notNull().default(0),
  escaladaEm: timestamp('escalada_em', { withTimezone: true }),
  /** The servant the GESTOR assigned the late analysis to (Decreto 10.178/2019, art. 15 §2). */
  designadoUsuarioMapaId: integer('designado_usuario_mapa_id'),
  decididaEm: timestamp('decidida_em', { withTimezone: true }),
}, (t) => [
  // The escalation job: running clocks by deadline.
  index('analise_prazo_vence_idx').on(t.venceEm).where(sql`vence_em IS NOT NULL AND escalada_em IS NULL`),
  // The GESTOR's list of late analyses.
  index('analise_prazo_escalada_idx').on(t.uf, t.escaladaEm).where(sql`escalada_em IS NOT NULL AND decidida_em IS NULL`),
]);

/**
 * Kept totals behind the manager's page (decision 0153), written with the clock in the same statement, so the page
 * never scans the requests. Weeks start on Monday, in São Paulo.
 */
export const painelAnaliseSemana = pgTable('painel_analise_semana', {
  semana: date('semana').notNull(),
  uf: char('uf', { length: 2 }).notNull(),
  instancia: varchar('instancia', { length: 4 }).notNull(),
  tipoSolicitacao: smallint('tipo_solicitacao').notNull(),
  recebidas: bigint('recebidas', { mode: 'number' }).notNull().default(0),
  decididas: bigint('decididas', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.semana, t.uf, t.instancia, t.tipoSolicitacao] })]);

/** Requests the state owes (running clocks) by day of first submission: the backlog's age is read against today. */
export const painelAnaliseAbertas = pgTable('painel_analise_abertas', {
  dia: date('dia').notNull(),
  uf: char('uf', { length: 2 }).notNull(),
  tipoSolicitacao: smallint('tipo_solicitacao').notNull(),
  total: bigint('total', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.dia, t.uf, t.tipoSolicitacao] })]);

/** Days to decide (the clock's time, pauses left out) as a histogram: median, 90th percentile and mean from it. */
export const painelTempoDecisao = pgTable('painel_tempo_decisao', {
  tipoSolicitacao: smallint('tipo_solicitacao').notNull(),
  dias: integer('dias').notNull(),
  total: bigint('total', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.tipoSolicitacao, t.dias] })]);

/** Final decisions per analyst and week. */
export const painelAnalistaSemana = pgTable('painel_analista_semana', {
  semana: date('semana').notNull(),
  usuarioMapaId: integer('usuario_mapa_id').notNull(),
  decididas: bigint('decididas', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.semana, t.usuarioMapaId] })]);
