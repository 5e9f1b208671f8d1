import { sql } from 'drizzle-orm';
import {
  bigint, boolean, char, date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, varchar,
} from 'drizzle-orm/pg-core';
import { atoNormativo } from './administracao';
import { pescador } from './pescador';

/** A batch of fishers; its counters are kept in each chunk's transaction, so progress needs no count. */
export const lotePescador = pgTable('lote_pescador', {
  id: serial('id').primaryKey(),
  tipo: smallint('tipo').notNull(),
  formaProcessamento: boolean('forma_processamento').notNull(),
  atoNormativoId: integer('ato_normativo_id').notNull().references(() => atoNormativo.id),
  orgaoSolicitante: varchar('orgao_solicitante', { length: 200 }).notNull(),
  justificativa: text('justificativa').notNull(),
  dataLimiteSuspensao: date('data_limite_suspensao'),
  nomeArquivo: varchar('nome_arquivo', { length: 255 }),
  /** 1 processing, 2 done. */
  situacao: smallint('situacao').notNull().default(1),
  total: integer('total').notNull(),
  qtdProcessados: integer('qtd_processados').notNull().default(0),
  qtdNaoEncontrados: integer('qtd_nao_encontrados').notNull().default(0),
  qtdInvalidos: integer('qtd_invalidos').notNull().default(0),
  qtdJaNaSituacao: integer('qtd_ja_na_situacao').notNull().default(0),
  qtdNaoPermitidos: integer('qtd_nao_permitidos').notNull().default(0),
  qtdRepetidos: integer('qtd_repetidos').notNull().default(0),
  cpfSolicitante: char('cpf_solicitante', { length: 11 }).notNull(),
  perfilSolicitante: smallint('perfil_solicitante').notNull(),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  concluidoEm: timestamp('concluido_em', { withTimezone: true }),
  emailEnviadoEm: timestamp('email_enviado_em', { withTimezone: true }),
  /** Only on the batches a scheduled REAP suspension creates (decision 0055). */
  reapAnoReferencia: smallint('reap_ano_referencia'),
}, (t) => [
  index('lote_pescador_criado_idx').on(t.criadoEm, t.id),
  index('lote_pescador_em_processamento_idx').on(t.atualizadoEm).where(sql`${t.situacao} = 1`),
]);

/** The outcome is written with the change it reports, so a crashed batch resumes exactly where it stopped. */
export const lotePescadorItem = pgTable('lote_pescador_item', {
  loteId: integer('lote_id').notNull().references(() => lotePescador.id, { onDelete: 'cascade' }),
  linha: integer('linha').notNull(),
  /** As sent (masked or not), at most 20 characters. */
  cpfInformado: varchar('cpf_informado', { length: 20 }).notNull(),
  /** The 11 digits of a valid CPF; null for a malformed one. */
  cpf: char('cpf', { length: 11 }),
  pescadorId: integer('pescador_id'),
  resultado: smallint('resultado'),
  situacaoAnterior: smallint('situacao_anterior'),
  processadoEm: timestamp('processado_em', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.loteId, t.linha] }),
  index('lote_pescador_item_pendente_idx').on(t.loteId, t.linha).where(sql`${t.resultado} IS NULL`),
  index('lote_pescador_item_resultado_idx').on(t.loteId, t.resultado, t.linha),
  // Whether a fisher was suspended by a REAP batch (the late send of that year, decision 0055).
  index('lote_pescador_item_pescador_idx').on(t.pescadorId).where(sql`${t.pescadorId} IS NOT NULL`),
]);

/** Every change of `situacao_registro` made by a batch or the end of a suspension. */
export const pescadorHistoricoSituacao = pgTable('pescador_historico_situacao', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  pescadorId: integer('pescador_id').notNull().references(() => pescador.id),
  situacaoAnterior: smallint('situacao_anterior'),
  situacaoNova: smallint('situacao_nova').notNull(),
  loteId: integer('lote_id').references(() => lotePescador.id),
  atoNormativoId: integer('ato_normativo_id').references(() => atoNormativo.id),
  suspensoAte: date('suspenso_ate'),
  cpfAtor: char('cpf_ator', { length: 11 }),
  perfilAtor: smallint('perfil_ator'),
  motivo: text('motivo').notNull(),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('pescador_historico_situacao_pescador_idx').on(t.pescadorId, t.id),
]);
