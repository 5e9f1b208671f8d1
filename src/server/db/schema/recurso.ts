import { sql } from 'drizzle-orm';
import {
  bigint, boolean, char, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import { atoNormativo } from './administracao';
import { pescador, solicitacao } from './pescador';

/**
 * An appeal (recurso administrativo, decision 0088): one per fisher and contested thing, carried by a request of
 * type 11 (its protocol, status history and documents). Written only by the recurso module. The row holds where
 * the appeal stands now (instance, clock, lock, outcome); each instance's decision is a row of `recurso_decisao`.
 */
export const recurso = pgTable('recurso', {
  id: serial4('id'),
  solicitacaoId: integer('solicitacao_id').notNull().references(() => solicitacao.id),
  pescadorId: integer('pescador_id').notNull().references(() => pescador.id),
  /** The fisher's state when filed: the SFPA instance and the queue's scope. */
  uf: char('uf', { length: 2 }),
  /** What is contested: 1 refusal, 2 suspension, 3 cancellation, 4 REAP warning (ObjetoRecurso). */
  objeto: smallint('objeto').notNull(),
  /** One appeal per contested thing: 'S<request>', 'H<registry history line>', 'A<warning round>'. */
  chaveObjeto: varchar('chave_objeto', { length: 24 }).notNull(),
  solicitacaoContestadaId: integer('solicitacao_contestada_id'),
  historicoSituacaoId: bigint('historico_situacao_id', { mode: 'number' }),
  loteId: integer('lote_id'),
  avisoId: integer('aviso_id'),
  anoReferencia: smallint('ano_referencia'),
  atoNormativoId: integer('ato_normativo_id').references(() => atoNormativo.id),
  /** The day the window opened (the act's entry into force or the notice's delivery) and its last day (São Paulo). */
  inicioPrazo: date('inicio_prazo').notNull(),
  ultimoDia: date('ultimo_dia').notNull(),
  /** The days to decide at each instance (the act's or the law's 30). */
  prazoDecisaoDias: smallint('prazo_decisao_dias').notNull(),
  razoes: text('razoes'),
  /** Filed within the window; false: answered NÃO CONHECIDO at filing (art. 63). */
  tempestivo: boolean('tempestivo'),
  /** 1: with the authority that decided (reconsideration); 2 and 3: the higher instances (art. 57). */
  instancia: smallint('instancia').notNull().default(1),
  /** Who decides now: 'SFPA' (of `uf`), 'MPA', 'GESTOR'. */
  orgao: varchar('orgao', { length: 6 }).notNull(),
  /** When the current instance received it and its last day to decide (São Paulo). */
  recebidoEm: date('recebido_em'),
  prazoInstancia: date('prazo_instancia'),
  prorrogado: boolean('prorrogado').notNull().default(false),
  justificativaProrrogacao: text('justificativa_prorrogacao'),
  analistaId: integer('analista_id'),
  bloqueadoEm: timestamp('bloqueado_em', { withTimezone: true }),
  /** The current instance's outcome (ResultadoRecurso); null while pending. */
  resultado: smallint('resultado'),
  /** After NÃO PROVIDO: the last day to take it to the next instance; null when there is none. */
  ultimoDiaProximaInstancia: date('ultimo_dia_proxima_instancia'),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('recurso_solicitacao_key').on(t.solicitacaoId),
  uniqueIndex('recurso_pescador_objeto_key').on(t.pescadorId, t.chaveObjeto),
  // The staff queue: pending appeals of an instance, by state, oldest clock first.
  index('recurso_fila_idx').on(t.orgao, t.uf, t.prazoInstancia).where(sql`${t.resultado} IS NULL AND ${t.prazoInstancia} IS NOT NULL`),
]);

/** Each decision of an appeal, one per instance that decided (or the system, for what it decides by itself). */
export const recursoDecisao = pgTable('recurso_decisao', {
  id: serial4('id'),
  recursoId: integer('recurso_id').notNull().references(() => recurso.id),
  instancia: smallint('instancia').notNull(),
  orgao: varchar('orgao', { length: 6 }).notNull(),
  /** ResultadoRecurso, or 5: not reconsidered and forwarded. */
  resultado: smallint('resultado').notNull(),
  justificativa: text('justificativa').notNull(),
  documentoParecerId: integer('documento_parecer_id'),
  /** Null: decided by the system (a late filing, a REAP already sent). */
  cpfAtor: char('cpf_ator', { length: 11 }),
  perfilAtor: smallint('perfil_ator'),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('recurso_decisao_recurso_idx').on(t.recursoId, t.id)]);

function serial4(nome: string) {
  return integer(nome).primaryKey().generatedAlwaysAsIdentity();
}
