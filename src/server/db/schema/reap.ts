import { sql } from 'drizzle-orm';
import { boolean, char, date, index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { pescador, solicitacao } from './pescador';

/**
 * The filling window of each REAP reference year (decision 0026): GESTOR and ADMIN set it through the API
 * (PUT /api/reap/prazos/{ano}); the seeds add the current reference year's.
 */
export const reapPrazo = pgTable('reap_prazo', {
  anoReferencia: smallint('ano_referencia').primaryKey(),
  inicioPreenchimento: date('inicio_preenchimento').notNull(),
  fimPreenchimento: date('fim_preenchimento').notNull(),
  cpfAtualizou: char('cpf_atualizou', { length: 11 }),
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
