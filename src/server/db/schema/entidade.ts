import { sql } from 'drizzle-orm';
import {
  char, check, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import { documento, pescador } from './pescador';

/** A representative entity (docs/decisions/0110): colônia, association, union, municipal office. */
export const entidadeRepresentativa = pgTable('entidade_representativa', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  tipo: smallint('tipo').notNull(),
  cnpj: char('cnpj', { length: 14 }).notNull(),
  nome: varchar('nome', { length: 200 }).notNull(),
  ufs: char('ufs', { length: 2 }).array().notNull(),
  municipios: integer('municipios').array().notNull().default(sql`'{}'`),
  atoCooperacao: varchar('ato_cooperacao', { length: 300 }).notNull(),
  vigenciaInicio: date('vigencia_inicio').notNull(),
  vigenciaFim: date('vigencia_fim').notNull(),
  situacao: smallint('situacao').notNull().default(1),
  motivoSuspensao: text('motivo_suspensao'),
  cpfAtualizou: char('cpf_atualizou', { length: 11 }).notNull(),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('entidade_representativa_cnpj_key').on(t.cnpj),
  check('entidade_representativa_tipo_check', sql`${t.tipo} BETWEEN 1 AND 5`),
  check('entidade_representativa_situacao_check', sql`${t.situacao} IN (1, 2)`),
  check('entidade_representativa_vigencia_check', sql`${t.vigenciaFim} > ${t.vigenciaInicio}`),
  check('entidade_representativa_suspensa_check', sql`${t.situacao} = 1 OR ${t.motivoSuspensao} IS NOT NULL`),
  check('entidade_representativa_ufs_check', sql`cardinality(${t.ufs}) BETWEEN 1 AND 27`),
]);

/** A person linked to an entity until `validade`; `desligadoEm` ends it early. */
export const agenteEntidade = pgTable('agente_entidade', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  entidadeId: integer('entidade_id').notNull().references(() => entidadeRepresentativa.id),
  cpf: char('cpf', { length: 11 }).notNull(),
  nome: varchar('nome', { length: 200 }).notNull(),
  validade: date('validade').notNull(),
  desligadoEm: timestamp('desligado_em', { withTimezone: true }),
  cpfAtualizou: char('cpf_atualizou', { length: 11 }).notNull(),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('agente_entidade_ativo_key').on(t.entidadeId, t.cpf).where(sql`${t.desligadoEm} IS NULL`),
  index('agente_entidade_cpf_idx').on(t.cpf),
]);

/** A fisher's delegation of named services to an entity for a period (situation: SituacaoDelegacao). */
export const delegacao = pgTable('delegacao', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  pescadorId: integer('pescador_id').notNull().references(() => pescador.id),
  entidadeId: integer('entidade_id').notNull().references(() => entidadeRepresentativa.id),
  servicos: smallint('servicos').array().notNull(),
  inicio: date('inicio').notNull(),
  fim: date('fim').notNull(),
  situacao: smallint('situacao').notNull(),
  origem: smallint('origem').notNull(),
  /** The fisher's state as the consent term declares it, for a fisher with no address yet. */
  uf: char('uf', { length: 2 }),
  /** The agent who filed the consent term. */
  cpfAgente: char('cpf_agente', { length: 11 }),
  documentoTermoId: integer('documento_termo_id').references(() => documento.id),
  documentoIdentidadeId: integer('documento_identidade_id').references(() => documento.id),
  cpfValidou: char('cpf_validou', { length: 11 }),
  validadaEm: timestamp('validada_em', { withTimezone: true }),
  justificativaRecusa: text('justificativa_recusa'),
  revogadaEm: timestamp('revogada_em', { withTimezone: true }),
  criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('delegacao_pescador_idx').on(t.pescadorId, t.entidadeId),
  index('delegacao_entidade_idx').on(t.entidadeId, t.situacao),
  index('delegacao_pendente_idx').on(t.criadaEm).where(sql`${t.situacao} = 2`),
  // At most one open delegation (active or waiting for validation) per fisher and entity (decision 0111).
  uniqueIndex('delegacao_aberta_key').on(t.pescadorId, t.entidadeId).where(sql`${t.situacao} IN (1, 2)`),
  check('delegacao_situacao_check', sql`${t.situacao} BETWEEN 1 AND 4`),
  check('delegacao_origem_check', sql`${t.origem} IN (1, 2)`),
  check('delegacao_periodo_check', sql`${t.fim} >= ${t.inicio}`),
  check('delegacao_servicos_check', sql`cardinality(${t.servicos}) >= 1 AND ${t.servicos} <@ ARRAY[1, 2, 3, 4]::smallint[]`),
  check('delegacao_termo_check', sql`${t.origem} = 1 OR (${t.cpfAgente} IS NOT NULL AND ${t.documentoTermoId} IS NOT NULL)`),
  check('delegacao_recusa_check', sql`${t.situacao} <> 4 OR ${t.justificativaRecusa} IS NOT NULL`),
]);
