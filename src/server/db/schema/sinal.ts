import { sql } from 'drizzle-orm';
import {
  char, check, customType, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import { documento, pescador, solicitacao } from './pescador';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** The SHA-256 of a document's stored bytes, written with the document (docs/decisions/0112). */
export const documentoHash = pgTable('documento_hash', {
  documentoId: integer('documento_id').primaryKey().references(() => documento.id),
  pescadorId: integer('pescador_id').notNull().references(() => pescador.id),
  sha256: bytea('sha256').notNull(),
}, (t) => [
  index('documento_hash_sha256_idx').on(t.sha256, t.pescadorId),
  check('documento_hash_tamanho_check', sql`octet_length(${t.sha256}) = 32`),
]);

/**
 * A fisher's phone, e-mail and address as last submitted, each kept as an HMAC of its normalised value (never in
 * clear), so "the same contact across many fishers" is one index lookup (tipo: TipoContatoSinal).
 */
export const contatoPescador = pgTable('contato_pescador', {
  pescadorId: integer('pescador_id').notNull().references(() => pescador.id),
  tipo: smallint('tipo').notNull(),
  valor: bytea('valor').notNull(),
}, (t) => [
  primaryKey({ columns: [t.pescadorId, t.tipo] }),
  index('contato_pescador_valor_idx').on(t.tipo, t.valor),
  check('contato_pescador_tipo_check', sql`${t.tipo} BETWEEN 1 AND 3`),
]);

/** One row per submission an agent made for a fisher: the entity's and the agent's filings. */
export const envioEntidade = pgTable('envio_entidade', {
  solicitacaoId: integer('solicitacao_id').notNull().references(() => solicitacao.id),
  entidadeId: integer('entidade_id').notNull(),
  cpfAgente: char('cpf_agente', { length: 11 }).notNull(),
  enviadoEm: timestamp('enviado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.solicitacaoId, t.enviadoEm] }),
  index('envio_entidade_entidade_idx').on(t.entidadeId, t.enviadoEm),
  index('envio_entidade_agente_idx').on(t.cpfAgente, t.enviadoEm),
]);

/** IBGE's adult (18+) population of a municipality: reference data. */
export const municipioPopulacao = pgTable('municipio_populacao', {
  municipioId: integer('municipio_id').primaryKey(),
  populacaoAdulta: integer('populacao_adulta').notNull(),
  ano: smallint('ano').notNull(),
}, (t) => [check('municipio_populacao_positiva_check', sql`${t.populacaoAdulta} > 0`)]);

/** CPFs the federal CPF registry reports as irregular (situacao: SituacaoCpfReceita), as last imported. */
export const cpfSituacaoReceita = pgTable('cpf_situacao_receita', {
  cpf: char('cpf', { length: 11 }).primaryKey(),
  situacao: smallint('situacao').notNull(),
  atualizadoEm: date('atualizado_em').notNull(),
}, (t) => [check('cpf_situacao_receita_situacao_check', sql`${t.situacao} BETWEEN 1 AND 4`)]);

/**
 * One load of reference data the signals read (tipo: TipoCargaReferencia): what file, when, by whom, and what it
 * changed (decision 0113). A load replaces the previous one of its kind in one transaction.
 */
export const cargaReferencia = pgTable('carga_referencia', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  tipo: smallint('tipo').notNull(),
  arquivo: varchar('arquivo', { length: 255 }).notNull(),
  sha256: bytea('sha256').notNull(),
  linhas: integer('linhas').notNull(),
  mantidas: integer('mantidas').notNull(),
  inseridas: integer('inseridas').notNull(),
  atualizadas: integer('atualizadas').notNull(),
  removidas: integer('removidas').notNull(),
  cpfOperador: char('cpf_operador', { length: 11 }).notNull(),
  carregadoEm: timestamp('carregado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('carga_referencia_tipo_idx').on(t.tipo, t.carregadoEm),
  check('carga_referencia_tipo_check', sql`${t.tipo} BETWEEN 1 AND 2`),
  check('carga_referencia_contagens_check', sql`${t.linhas} >= 0 AND ${t.mantidas} >= 0 AND ${t.inseridas} >= 0 AND ${t.atualizadas} >= 0 AND ${t.removidas} >= 0`),
  check('carga_referencia_sha256_check', sql`octet_length(${t.sha256}) = 32`),
]);

/** A signal raised at a request's submission (tipo: TipoSinal; situacao: SituacaoSinal). Never a refusal. */
export const sinalSolicitacao = pgTable('sinal_solicitacao', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  solicitacaoId: integer('solicitacao_id').notNull().references(() => solicitacao.id),
  tipo: smallint('tipo').notNull(),
  detalhes: jsonb('detalhes').notNull(),
  entidadeId: integer('entidade_id'),
  situacao: smallint('situacao').notNull().default(1),
  cpfMarcou: char('cpf_marcou', { length: 11 }),
  nomeMarcou: varchar('nome_marcou', { length: 200 }),
  marcadoEm: timestamp('marcado_em', { withTimezone: true }),
  observacao: text('observacao'),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('sinal_solicitacao_tipo_key').on(t.solicitacaoId, t.tipo),
  index('sinal_solicitacao_entidade_idx').on(t.entidadeId, t.criadoEm).where(sql`${t.entidadeId} IS NOT NULL`),
  check('sinal_solicitacao_tipo_check', sql`${t.tipo} BETWEEN 1 AND 5`),
  check('sinal_solicitacao_situacao_check', sql`${t.situacao} BETWEEN 1 AND 3`),
  check('sinal_solicitacao_marcado_check', sql`${t.situacao} = 1 OR (${t.cpfMarcou} IS NOT NULL AND ${t.marcadoEm} IS NOT NULL)`),
]);
