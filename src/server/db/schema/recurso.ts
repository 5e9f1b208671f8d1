import { sql } from 'drizzle-orm';
import {
  bigint, boolean, char, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import { atoNormativo } from './administracao';
import { pescador, solicitacao } from './pescador';

/**
 * An appeal (decision 0088): one per fisher and contested thing, carried by a request of type 11. The row holds
 * where it stands now; each instance's decision is a row of `recurso_decisao`.
 */
export const recurso = pgTable('recurso', {
  id: serial4('id'),
  solicitacaoId: integer('solicitacao_id').notNull().references(() => solicitacao.id),
  pescadorId: integer('pescador_id').notNull().references(() => pescador.id),
  uf: char('uf', { length: 2 }),
  objeto: smallint('objeto').notNull(),
  /** 'S<request>', 'H<registry history line>', 'A<warning round>'. */
  chaveObjeto: varchar('chave_objeto', { length: 24 }).notNull(),
  solicitacaoContestadaId: integer('solicitacao_contestada_id'),
  historicoSituacaoId: bigint('historico_situacao_id', { mode: 'number' }),
  loteId: integer('lote_id'),
  avisoId: integer('aviso_id'),
  anoReferencia: smallint('ano_referencia'),
  atoNormativoId: integer('ato_normativo_id').references(() => atoNormativo.id),
  inicioPrazo: date('inicio_prazo').notNull(),
  ultimoDia: date('ultimo_dia').notNull(),
  /** The act's or the law's 30. */
  prazoDecisaoDias: smallint('prazo_decisao_dias').notNull(),
  razoes: text('razoes'),
  /** False: answered NÃO CONHECIDO at filing (art. 63). */
  tempestivo: boolean('tempestivo'),
  /** 1: reconsideration by the authority that decided; 2 and 3: the higher instances (art. 57). */
  instancia: smallint('instancia').notNull().default(1),
  orgao: varchar('orgao', { length: 6 }).notNull(),
  recebidoEm: date('recebido_em'),
  prazoInstancia: date('prazo_instancia'),
  prorrogado: boolean('prorrogado').notNull().default(false),
  justificativaProrrogacao: text('justificativa_prorrogacao'),
  analistaId: integer('analista_id'),
  bloqueadoEm: timestamp('bloqueado_em', { withTimezone: true }),
  resultado: smallint('resultado'),
  ultimoDiaProximaInstancia: date('ultimo_dia_proxima_instancia'),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('recurso_solicitacao_key').on(t.solicitacaoId),
  uniqueIndex('recurso_pescador_objeto_key').on(t.pescadorId, t.chaveObjeto),
  index('recurso_fila_idx').on(t.orgao, t.uf, t.prazoInstancia).where(sql`${t.resultado} IS NULL AND ${t.prazoInstancia} IS NOT NULL`),
  // A wave's queue: one act's pending appeals, and the national queue, both in clock order (keyset pages).
  index('recurso_ato_fila_idx').on(t.atoNormativoId, t.prazoInstancia, t.id).where(sql`${t.resultado} IS NULL AND ${t.prazoInstancia} IS NOT NULL`),
  index('recurso_pendente_prazo_idx').on(t.prazoInstancia, t.id).where(sql`${t.resultado} IS NULL AND ${t.prazoInstancia} IS NOT NULL`),
  index('recurso_decidido_ato_idx').on(t.atoNormativoId, t.resultado, t.prazoInstancia, t.id).where(sql`${t.resultado} IS NOT NULL`),
]);

export const recursoDecisao = pgTable('recurso_decisao', {
  id: serial4('id'),
  recursoId: integer('recurso_id').notNull().references(() => recurso.id),
  instancia: smallint('instancia').notNull(),
  orgao: varchar('orgao', { length: 6 }).notNull(),
  /** 5: not reconsidered and forwarded. */
  resultado: smallint('resultado').notNull(),
  justificativa: text('justificativa').notNull(),
  documentoParecerId: integer('documento_parecer_id'),
  /** Null: decided by the system. */
  cpfAtor: char('cpf_ator', { length: 11 }),
  perfilAtor: smallint('perfil_ator'),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('recurso_decisao_recurso_idx').on(t.recursoId, t.id)]);

/**
 * A batch decision (decision 0103): one act's appeals, chosen by id or by the queue's filter, decided by a job in
 * chunks. `ator` is the manager who asked, as the job re-checks each appeal against them; counters show progress.
 */
export const recursoDecisaoLote = pgTable('recurso_decisao_lote', {
  id: serial4('id'),
  atoNormativoId: integer('ato_normativo_id').notNull().references(() => atoNormativo.id),
  resultado: smallint('resultado').notNull(),
  justificativa: text('justificativa').notNull(),
  /** The queue filter that chose the appeals; null when they were chosen by id. */
  filtro: jsonb('filtro'),
  ator: jsonb('ator').notNull(),
  cpfAtor: char('cpf_ator', { length: 11 }).notNull(),
  total: integer('total').notNull(),
  decididos: integer('decididos').notNull().default(0),
  recusados: integer('recusados').notNull().default(0),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  concluidoEm: timestamp('concluido_em', { withTimezone: true }),
});

/** One appeal of a batch decision: null `decidido` until its chunk runs; `mensagem` says why it was refused. */
export const recursoDecisaoLoteItem = pgTable('recurso_decisao_lote_item', {
  decisaoLoteId: integer('decisao_lote_id').notNull(),
  recursoId: integer('recurso_id').notNull(),
  decidido: boolean('decidido'),
  mensagem: text('mensagem'),
}, (t) => [
  primaryKey({ columns: [t.decisaoLoteId, t.recursoId] }),
  // Named: drizzle's default name is longer than PostgreSQL's 63 bytes.
  foreignKey({ name: 'recurso_decisao_lote_item_lote_fk', columns: [t.decisaoLoteId], foreignColumns: [recursoDecisaoLote.id] }),
]);

function serial4(nome: string) {
  return integer(nome).primaryKey().generatedAlwaysAsIdentity();
}
