import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, char, date, index, inet, integer, jsonb, pgTable, serial, smallint, text, timestamp, uuid, varchar,
} from 'drizzle-orm/pg-core';

/** Agencies (órgãos): MPA in DF and the state inspection units (SFPA-XX). */
export const orgao = pgTable('orgao', {
  sigla: varchar('sigla', { length: 20 }).primaryKey(),
  nome: varchar('nome', { length: 200 }).notNull(),
  uf: char('uf', { length: 2 }).notNull(),
});

/** A person known to the system by CPF (staff). Fishers are in `pescador`. */
export const usuario = pgTable('usuario', {
  id: serial('id').primaryKey(),
  cpf: char('cpf', { length: 11 }).notNull().unique(),
  nome: varchar('nome', { length: 200 }).notNull(),
  bloqueado: boolean('bloqueado').notNull().default(false),
});

export const usuarioMapa = pgTable('usuario_mapa', {
  id: serial('id').primaryKey(),
  usuarioId: integer('usuario_id').notNull().references(() => usuario.id).unique(),
  tipoUsuario: smallint('tipo_usuario').notNull(),
  siglaOrgao: varchar('sigla_orgao', { length: 20 }).notNull().references(() => orgao.sigla),
  ufOrgao: char('uf_orgao', { length: 2 }).notNull(),
  matricula: varchar('matricula', { length: 30 }),
  validade: date('validade'),
  email: varchar('email', { length: 200 }),
  acessoCustomizado: boolean('acesso_customizado').notNull().default(false),
  horaLimiteInicioAcesso: char('hora_limite_inicio_acesso', { length: 5 }),
  horaLimiteTerminoAcesso: char('hora_limite_termino_acesso', { length: 5 }),
  usuarioPodeAcessarTodosDias: boolean('usuario_pode_acessar_todos_dias').notNull().default(false),
}, (t) => [
  index('usuario_mapa_sigla_orgao_idx').on(t.siglaOrgao),
]);

/** The local twin of the federal CPF registry, so the lookup works on a bare machine; a CPF may repeat, as there. */
export const bcpfPessoa = pgTable('bcpf_pessoa', {
  id: serial('id').primaryKey(),
  cpf: char('cpf', { length: 11 }).notNull(),
  nome: varchar('nome', { length: 200 }).notNull(),
  matricula: varchar('matricula', { length: 30 }),
  email: varchar('email', { length: 200 }),
}, (t) => [index('bcpf_pessoa_cpf_idx').on(t.cpf)]);

/** Working hours per agency (configuração de horário de acesso). */
export const configuracaoHorarioAcesso = pgTable('configuracao_horario_acesso', {
  idConfiguracao: serial('id_configuracao').primaryKey(),
  orgao: varchar('orgao', { length: 20 }).notNull().references(() => orgao.sigla).unique(),
  horaLimiteInicioAcesso: char('hora_limite_inicio_acesso', { length: 5 }).notNull(),
  horaLimiteTerminoAcesso: char('hora_limite_termino_acesso', { length: 5 }).notNull(),
  usuarioPodeAcessarTodosDias: boolean('usuario_pode_acessar_todos_dias').notNull().default(false),
});

/** The pending sign-in of one browser: the link key is also the OIDC `state`. */
export const authLink = pgTable('auth_link', {
  chave: char('chave', { length: 32 }).primaryKey(),
  codeVerifier: varchar('code_verifier', { length: 128 }).notNull(),
  nonce: varchar('nonce', { length: 128 }).notNull(),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
});

/** Every request checks it, so logout and blocking take effect on the next request. */
export const sessao = pgTable('sessao', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  cpf: char('cpf', { length: 11 }).notNull(),
  perfil: smallint('perfil').notNull(),
  pescadorId: integer('pescador_id'),
  usuarioMapaId: integer('usuario_mapa_id'),
  idTokenHint: text('id_token_hint'),
  criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
  expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
  revogadaEm: timestamp('revogada_em', { withTimezone: true }),
}, (t) => [index('sessao_cpf_idx').on(t.cpf)]);

/** Kept apart from logs, which never hold personal data. */
export const auditoria = pgTable('auditoria', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  acao: varchar('acao', { length: 60 }).notNull(),
  cpfAtor: char('cpf_ator', { length: 11 }),
  perfilAtor: smallint('perfil_ator'),
  sessaoId: uuid('sessao_id'),
  recurso: varchar('recurso', { length: 200 }),
  recursoId: varchar('recurso_id', { length: 120 }),
  ip: inet('ip'),
  sucesso: boolean('sucesso').notNull().default(true),
  detalhes: jsonb('detalhes'),
  pescadorId: integer('pescador_id'),
  /** At the time of the event (decision 0032): history stays true when a user moves. */
  orgaoAtor: varchar('orgao_ator', { length: 20 }),
}, (t) => [
  // Each filter of the audit screen has an index ending in the keyset order (criado_em, id).
  index('auditoria_criado_em_idx').on(t.criadoEm, t.id),
  index('auditoria_cpf_ator_idx').on(t.cpfAtor, t.criadoEm, t.id),
  index('auditoria_recurso_idx').on(t.recurso, t.recursoId, t.criadoEm, t.id),
  index('auditoria_acao_idx').on(t.acao, t.criadoEm, t.id),
  index('auditoria_pescador_idx').on(t.pescadorId, t.criadoEm, t.id),
]);

/**
 * The fishers one audited read names when it names many: a machine client's feed page or lookup of up to 1,000
 * (decision 0127). One row beside the read's `auditoria` row, the ids as one array indexed by GIN, so the fisher's
 * access log and the audit screen's filter by fisher find the read without 1,000 rows of six indexes each.
 */
export const auditoriaPescadores = pgTable('auditoria_pescadores', {
  auditoriaId: bigint('auditoria_id', { mode: 'number' }).primaryKey().references(() => auditoria.id),
  pescadorIds: integer('pescador_ids').array().notNull(),
}, (t) => [
  index('auditoria_pescadores_ids_idx').using('gin', t.pescadorIds),
]);

