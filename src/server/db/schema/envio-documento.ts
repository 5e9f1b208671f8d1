import { index, integer, pgTable, primaryKey, smallint, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { pescador, solicitacao } from './pescador';
import { bytea } from './tipos';

/**
 * A document upload in parts (decision 0064). Deleted with its parts in the transaction that records the document,
 * or a day after its last part.
 */
export const envioDocumento = pgTable('envio_documento', {
  id: uuid('id').primaryKey(),
  pescadorId: integer('pescador_id').notNull().references(() => pescador.id),
  solicitacaoId: integer('solicitacao_id').notNull().references(() => solicitacao.id),
  tipoDocumento: smallint('tipo_documento').notNull(),
  nomeArquivo: varchar('nome_arquivo', { length: 255 }).notNull(),
  tamanho: integer('tamanho').notNull(),
  recebido: integer('recebido').notNull().default(0),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('envio_documento_pescador_idx').on(t.pescadorId),
  index('envio_documento_atualizado_em_idx').on(t.atualizadoEm),
]);

/** The bytes of an upload, one row per part, at its offset. */
export const envioDocumentoParte = pgTable('envio_documento_parte', {
  envioId: uuid('envio_id').notNull().references(() => envioDocumento.id, { onDelete: 'cascade' }),
  inicio: integer('inicio').notNull(),
  dados: bytea('dados').notNull(),
}, (t) => [primaryKey({ columns: [t.envioId, t.inicio] })]);
