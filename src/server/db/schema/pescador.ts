import { sql } from 'drizzle-orm';
import {
  bigint, boolean, char, date, index, integer, jsonb, pgSequence, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';

/** Staff filter two million fishers by typed, indexed columns; `dados` keeps the declared record for display. */
export const pescador = pgTable('pescador', {
  id: serial('id').primaryKey(),
  cpf: char('cpf', { length: 11 }).notNull().unique(),
  nome: varchar('nome', { length: 200 }).notNull(),
  nomeMae: varchar('nome_mae', { length: 200 }),
  nomePai: varchar('nome_pai', { length: 200 }),
  apelido: varchar('apelido', { length: 60 }),
  email: varchar('email', { length: 200 }),
  telefone: varchar('telefone', { length: 11 }),
  dataNascimento: date('data_nascimento'),
  sexo: smallint('sexo'),
  escolaridade: smallint('escolaridade'),
  etnia: smallint('etnia'),
  alfabetizacao: boolean('alfabetizacao'),
  nacionalidadeBrasileira: boolean('nacionalidade_brasileira'),
  // Address
  uf: char('uf', { length: 2 }),
  municipioId: integer('municipio_id'),
  cep: char('cep', { length: 8 }),
  logradouro: varchar('logradouro', { length: 150 }),
  numeroLogradouro: varchar('numero_logradouro', { length: 10 }),
  bairro: varchar('bairro', { length: 100 }),
  complemento: varchar('complemento', { length: 100 }),
  // Fishing activity
  categoria: smallint('categoria'),
  formaAtuacao: smallint('forma_atuacao'),
  propriedadeEmbarcacao: smallint('propriedade_embarcacao'),
  possuiRegistroEmbarcacao: boolean('possui_registro_embarcacao'),
  tie: varchar('tie', { length: 30 }),
  cnpjEntidadeRepresentante: char('cnpj_entidade_representante', { length: 14 }),
  recebeuAjuda: boolean('recebeu_ajuda'),
  // Registry (RGP)
  numeroRgp: varchar('numero_rgp', { length: 15 }),
  numeroPrimeiroRgp: varchar('numero_primeiro_rgp', { length: 30 }),
  orgaoRgp: varchar('orgao_rgp', { length: 20 }),
  dataPrimeiroRgp: date('data_primeiro_rgp'),
  origemRgp: varchar('origem_rgp', { length: 30 }),
  situacaoRegistro: smallint('situacao_registro'),
  dataSuspensoCancelado: date('data_suspenso_cancelado'),
  podeAcessarSistema: boolean('pode_acessar_sistema').notNull().default(true),
  dataEmissaoCarteira: timestamp('data_emissao_carteira', { withTimezone: true }),
  idSolicitacaoAtiva: integer('id_solicitacao_ativa'),
  dados: jsonb('dados'),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('pescador_uf_municipio_idx').on(t.uf, t.municipioId),
  index('pescador_situacao_registro_idx').on(t.situacaoRegistro),
  index('pescador_data_nascimento_idx').on(t.dataNascimento),
  index('pescador_data_emissao_carteira_idx').on(t.dataEmissaoCarteira),
  index('pescador_tie_idx').on(t.tie),
  index('pescador_cnpj_entidade_idx').on(t.cnpjEntidadeRepresentante),
  uniqueIndex('pescador_numero_rgp_key').on(t.numeroRgp),
  index('pescador_nome_idx').on(t.nome),
  // Name search anywhere in the name (ILIKE '%…%'): trigrams.
  index('pescador_nome_trgm_idx').using('gin', sql`${t.nome} gin_trgm_ops`),
  // The fisher report's filters (decision 0036).
  index('pescador_nome_prefixo_idx').on(t.nome.op('varchar_pattern_ops')),
  index('pescador_uf_sexo_nascimento_idx').on(t.uf, t.sexo, t.dataNascimento),
  index('pescador_municipio_idx').on(t.municipioId),
]);

export const pescadorAmbientePesca = pgTable('pescador_ambiente_pesca', {
  pescadorId: integer('pescador_id').notNull().references(() => pescador.id, { onDelete: 'cascade' }),
  ambientePesca: smallint('ambiente_pesca').notNull(),
}, (t) => [
  primaryKey({ columns: [t.pescadorId, t.ambientePesca] }),
  index('pescador_ambiente_pesca_ambiente_idx').on(t.ambientePesca, t.pescadorId),
]);

export const pescadorGrupoAlvo = pgTable('pescador_grupo_alvo', {
  pescadorId: integer('pescador_id').notNull().references(() => pescador.id, { onDelete: 'cascade' }),
  grupoAlvo: smallint('grupo_alvo').notNull(),
}, (t) => [
  primaryKey({ columns: [t.pescadorId, t.grupoAlvo] }),
  index('pescador_grupo_alvo_grupo_idx').on(t.grupoAlvo, t.pescadorId),
]);

export const rgpSequencia = pgSequence('rgp_numero_seq', { startWith: 1, increment: 1 });

export const solicitacao = pgTable('solicitacao', {
  id: serial('id').primaryKey(),
  pescadorId: integer('pescador_id').notNull().references(() => pescador.id),
  tipo: smallint('tipo').notNull(),
  situacao: smallint('situacao').notNull(),
  passo: smallint('passo').notNull().default(0),
  declaraCiencia: boolean('declara_ciencia').notNull().default(false),
  dados: jsonb('dados').notNull().default(sql`'{}'::jsonb`),
  solicitacaoOrigemId: integer('solicitacao_origem_id'),
  justificativaCancelamento: text('justificativa_cancelamento'),
  numeroProtocolo: varchar('numero_protocolo', { length: 20 }).unique(),
  /** State of the fisher's address at submission: the analysis queue is partitioned by it. */
  ufPescador: char('uf_pescador', { length: 2 }),
  inativa: boolean('inativa').notNull().default(false),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  enviadaEm: timestamp('enviada_em', { withTimezone: true }),
}, (t) => [
  index('solicitacao_pescador_situacao_idx').on(t.pescadorId, t.situacao),
  index('solicitacao_situacao_enviada_idx').on(t.situacao, t.enviadaEm),
  // The fisher report's request-date range: the fishers with a request sent in the period (migration 0011).
  index('solicitacao_enviada_pescador_idx').on(t.enviadaEm, t.pescadorId),
]);

/** Every change of a request's status: who, when, from, to, why. */
export const solicitacaoHistorico = pgTable('solicitacao_historico', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  solicitacaoId: integer('solicitacao_id').notNull().references(() => solicitacao.id),
  situacaoAnterior: smallint('situacao_anterior'),
  situacaoNova: smallint('situacao_nova').notNull(),
  cpfAtor: char('cpf_ator', { length: 11 }),
  perfilAtor: smallint('perfil_ator'),
  motivo: text('motivo'),
  /** The entity whose agent acted for the fisher (docs/decisions/0110). */
  entidadeId: integer('entidade_id'),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('solicitacao_historico_solicitacao_idx').on(t.solicitacaoId, t.criadoEm)]);

/**
 * A document of a request. Files live behind the storage adapter under a random key (`chaveArquivo`);
 * `removidoEm` keeps a replaced or deleted document's row for the record while the file is gone.
 */
export const documento = pgTable('documento', {
  id: serial('id').primaryKey(),
  solicitacaoId: integer('solicitacao_id').references(() => solicitacao.id),
  pescadorId: integer('pescador_id').notNull().references(() => pescador.id),
  tipoDocumento: smallint('tipo_documento').notNull(),
  nomeArquivo: varchar('nome_arquivo', { length: 255 }).notNull(),
  chaveArquivo: varchar('chave_arquivo', { length: 100 }).notNull().unique(),
  mime: varchar('mime', { length: 100 }).notNull(),
  tamanho: integer('tamanho').notNull(),
  /** Migrated from the legacy system: served through a signed address of the cloud storage. */
  migrado: boolean('migrado').notNull().default(false),
  urlArquivo: text('url_arquivo'),
  aprovado: boolean('aprovado').notNull().default(false),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  removidoEm: timestamp('removido_em', { withTimezone: true }),
}, (t) => [
  index('documento_solicitacao_idx').on(t.solicitacaoId, t.tipoDocumento),
  index('documento_pescador_idx').on(t.pescadorId),
  // Storage order of file keys: the reconciliation of files and rows walks both side by side.
  index('documento_chave_ativa_idx').on(sql`${t.chaveArquivo} COLLATE "C"`).where(sql`${t.removidoEm} IS NULL`),
]);

export const notificacao = pgTable('notificacao', {
  id: serial('id').primaryKey(),
  pescadorId: integer('pescador_id').notNull().references(() => pescador.id),
  tipo: smallint('tipo').notNull(),
  conteudo: text('conteudo').notNull(),
  urlRedirecionamento: varchar('url_redirecionamento', { length: 300 }),
  criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
  lidaEm: timestamp('lida_em', { withTimezone: true }),
}, (t) => [index('notificacao_pescador_nao_lida_idx').on(t.pescadorId).where(sql`lida_em IS NULL`)]);

export const analiseSolicitacao = pgTable('analise_solicitacao', {
  id: serial('id').primaryKey(),
  solicitacaoId: integer('solicitacao_id').notNull().references(() => solicitacao.id),
  situacaoAnalise: smallint('situacao_analise').notNull(),
  ufPescador: char('uf_pescador', { length: 2 }),
  usuarioMapaId: integer('usuario_mapa_id'),
  dataHoraBloqueio: timestamp('data_hora_bloqueio', { withTimezone: true }),
  justificativa: text('justificativa'),
  /** 'MPA' when the request came back from the ministry instance (ATUALIZACAO_MPA): SFPA may not take it. */
  instancia: varchar('instancia', { length: 4 }).notNull().default('SFPA'),
  perfilAnalista: smallint('perfil_analista'),
  documentoParecerId: integer('documento_parecer_id'),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  concluidaEm: timestamp('concluida_em', { withTimezone: true }),
  /** Copied from the request (which never changes type) so the list filters without reading every request. */
  tipoSolicitacao: smallint('tipo_solicitacao'),
}, (t) => [
  // The follow-up list by arrival, unfiltered, by situation, by state (SFPA's scope) and by both;
  // bench/analise-fila.ts measures them.
  index('analise_situacao_uf_idx').on(t.situacaoAnalise, t.ufPescador, t.criadoEm),
  index('analise_situacao_tipo_idx').on(t.situacaoAnalise, t.tipoSolicitacao, t.criadoEm),
  index('analise_fila_idx').on(t.situacaoAnalise, t.criadoEm),
  index('analise_uf_criado_idx').on(t.ufPescador, t.criadoEm),
  index('analise_criado_idx').on(t.criadoEm, t.id),
  index('analise_solicitacao_idx').on(t.solicitacaoId),
]);

/**
 * Kept totals of analyses, so the staff counters never count two million rows per visit. Written only by the
 * statement triggers of migration 0006, in the changing transaction: exact by construction.
 */
export const analiseTotais = pgTable('analise_totais', {
  uf: char('uf', { length: 2 }).notNull(),
  tipoSolicitacao: smallint('tipo_solicitacao').notNull(),
  situacaoAnalise: smallint('situacao_analise').notNull(),
  total: bigint('total', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.uf, t.tipoSolicitacao, t.situacaoAnalise] })]);

/** The checklist of one analysis: each document of the request, approved or rejected. */
export const analiseDocumento = pgTable('analise_documento', {
  analiseId: integer('analise_id').notNull().references(() => analiseSolicitacao.id),
  documentoId: integer('documento_id').notNull().references(() => documento.id),
  tipoDocumento: smallint('tipo_documento').notNull(),
  aprovado: boolean('aprovado').notNull(),
}, (t) => [primaryKey({ columns: [t.analiseId, t.documentoId] })]);
