import {
  bigint, char, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar,
} from 'drizzle-orm/pg-core';

/**
 * A run of the fisher report (decision 0036): who asked, with which filters and scope, its progress while a job
 * writes the file, and the file's storage key once written. Written only by the relatorio module.
 */
export const relatorioExecucao = pgTable('relatorio_execucao', {
  id: serial('id').primaryKey(),
  cpfSolicitante: char('cpf_solicitante', { length: 11 }).notNull(),
  perfilSolicitante: smallint('perfil_solicitante').notNull(),
  formato: varchar('formato', { length: 4 }).notNull(),
  /** The normalised filters (FiltrosRelatorio) plus the birth-date bounds the age range meant that day. */
  consulta: jsonb('consulta').notNull(),
  /** The states the caller could read when asking (SFPA); null for every state. */
  ufsEscopo: char('ufs_escopo', { length: 2 }).array(),
  situacao: smallint('situacao').notNull(),
  total: integer('total').notNull(),
  processados: integer('processados').notNull().default(0),
  chaveArquivo: varchar('chave_arquivo', { length: 100 }),
  tamanho: bigint('tamanho', { mode: 'number' }),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  concluidoEm: timestamp('concluido_em', { withTimezone: true }),
  /** What went wrong, for operators (no personal data). */
  erro: text('erro'),
}, (t) => [
  index('relatorio_execucao_solicitante_idx').on(t.cpfSolicitante, t.criadoEm),
  index('relatorio_execucao_criado_idx').on(t.criadoEm),
]);
