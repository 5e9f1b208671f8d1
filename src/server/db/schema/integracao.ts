import { sql } from 'drizzle-orm';
import {
  bigint, char, customType, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's 64-bit transaction id, read as text: the feed's visibility horizon (decision 0121). */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * An agency's machine client (decision 0120). Its secret is kept only as a SHA-256 hash; `versaoCredencial` is
 * stamped in every token, so rotating or revoking refuses the old tokens at their next request.
 */
export const clienteIntegracao = pgTable('cliente_integracao', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** The public `client_id`. */
  identificador: varchar('identificador', { length: 40 }).notNull().unique(),
  nome: varchar('nome', { length: 120 }).notNull(),
  orgao: varchar('orgao', { length: 120 }).notNull(),
  contato: varchar('contato', { length: 200 }).notNull(),
  escopos: text('escopos').array().notNull(),
  limitePorMinuto: integer('limite_por_minuto').notNull(),
  validoAte: timestamp('valido_ate', { withTimezone: true }).notNull(),
  /** `client_secret_basic`/`client_secret_post`, or `private_key_jwt` with `chavePublica`. */
  metodoAutenticacao: varchar('metodo_autenticacao', { length: 20 }).notNull(),
  segredoHash: char('segredo_hash', { length: 64 }),
  chavePublica: jsonb('chave_publica'),
  versaoCredencial: integer('versao_credencial').notNull().default(1),
  revogadoEm: timestamp('revogado_em', { withTimezone: true }),
  cpfCriador: char('cpf_criador', { length: 11 }).notNull(),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The `jti` of every `private_key_jwt` assertion already used (decision 0124): the same assertion is refused until
 * its own `exp`, after which its signature check refuses it anyway, so a row is purged once past `expiraEm`.
 */
export const assercaoClienteUsada = pgTable('assercao_cliente_usada', {
  clienteId: integer('cliente_id').notNull().references(() => clienteIntegracao.id),
  jti: varchar('jti', { length: 200 }).notNull(),
  expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.clienteId, t.jti] }), index('assercao_cliente_usada_expira_em_idx').on(t.expiraEm)]);

/**
 * The transactional outbox of changes other agencies follow: written only by the triggers of migration 0022, in the
 * transaction of the change. Read in (xid, id) order below the oldest running transaction (decision 0121).
 */
export const eventoIntegracao = pgTable('evento_integracao', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
  tipo: varchar('tipo', { length: 40 }).notNull(),
  pescadorId: integer('pescador_id').notNull(),
  situacaoAnterior: smallint('situacao_anterior'),
  situacaoNova: smallint('situacao_nova'),
  dados: jsonb('dados').notNull().default(sql`'{}'::jsonb`),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('evento_integracao_xid_id_idx').on(t.xid, t.id)]);

/**
 * A client's webhook endpoint (decision 0122): the event kinds it wants, its signing secret (AES-GCM under a key
 * derived from the server's, since signing needs it back), and how far the outbox has been fanned out to it.
 */
export const assinaturaWebhook = pgTable('assinatura_webhook', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  clienteId: integer('cliente_id').notNull().references(() => clienteIntegracao.id),
  url: varchar('url', { length: 500 }).notNull(),
  tipos: text('tipos').array().notNull(),
  segredoCifrado: text('segredo_cifrado').notNull(),
  /** The last outbox event already turned into deliveries (or skipped as a kind not wanted). */
  cursorXid: xid8('cursor_xid').notNull(),
  cursorId: bigint('cursor_id', { mode: 'number' }).notNull().default(0),
  /** Failed attempts since the last success: past the limit the endpoint is disabled and ADMIN told. */
  falhasSeguidas: integer('falhas_seguidas').notNull().default(0),
  desativadaEm: timestamp('desativada_em', { withTimezone: true }),
  motivoDesativacao: varchar('motivo_desativacao', { length: 200 }),
  cpfCriador: char('cpf_criador', { length: 11 }).notNull(),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('assinatura_webhook_cliente_idx').on(t.clienteId)]);

/** One event to one endpoint: pending until a 2xx, retried with backoff for a day, then parked until replayed. */
export const entregaWebhook = pgTable('entrega_webhook', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  assinaturaId: integer('assinatura_id').notNull().references(() => assinaturaWebhook.id),
  eventoId: bigint('evento_id', { mode: 'number' }).notNull(),
  /** `pendente`, `entregue` or `estacionada`. */
  estado: varchar('estado', { length: 12 }).notNull().default('pendente'),
  tentativas: integer('tentativas').notNull().default(0),
  proximaTentativaEm: timestamp('proxima_tentativa_em', { withTimezone: true }).notNull().defaultNow(),
  /** When the current round of retries began (creation, or the last replay): a day after it, the delivery parks. */
  inicioEm: timestamp('inicio_em', { withTimezone: true }).notNull().defaultNow(),
  ultimoStatus: smallint('ultimo_status'),
  ultimoErro: varchar('ultimo_erro', { length: 200 }),
  entregueEm: timestamp('entregue_em', { withTimezone: true }),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('entrega_webhook_assinatura_evento_idx').on(t.assinaturaId, t.eventoId),
  index('entrega_webhook_pendente_idx').on(t.assinaturaId, t.proximaTentativaEm).where(sql`estado = 'pendente'`),
]);

/** Every attempt of a delivery, for ADMIN to see why an endpoint fails. */
export const tentativaEntregaWebhook = pgTable('tentativa_entrega_webhook', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  entregaId: bigint('entrega_id', { mode: 'number' }).notNull().references(() => entregaWebhook.id),
  statusHttp: smallint('status_http'),
  erro: varchar('erro', { length: 200 }),
  duracaoMs: integer('duracao_ms').notNull(),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('tentativa_entrega_webhook_entrega_idx').on(t.entregaId)]);

/**
 * A list of CPFs an agency flags (decision 0123): a proposed batch until a GESTOR runs it (`loteId`) or refuses it.
 * The CPFs are kept as sent; the batch module validates and settles each when it runs.
 */
export const listaSinalizada = pgTable('lista_sinalizada', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  clienteId: integer('cliente_id').notNull().references(() => clienteIntegracao.id),
  /** `suspensao` or `cancelamento`. */
  tipo: varchar('tipo', { length: 12 }).notNull(),
  ato: varchar('ato', { length: 200 }).notNull(),
  motivo: varchar('motivo', { length: 500 }).notNull(),
  cpfs: text('cpfs').array().notNull(),
  /** `proposta`, `aprovada` or `recusada`. */
  situacao: varchar('situacao', { length: 10 }).notNull().default('proposta'),
  loteId: integer('lote_id'),
  motivoRecusa: varchar('motivo_recusa', { length: 500 }),
  cpfRevisor: char('cpf_revisor', { length: 11 }),
  revisadaEm: timestamp('revisada_em', { withTimezone: true }),
  criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('lista_sinalizada_cliente_idx').on(t.clienteId, t.id)]);
