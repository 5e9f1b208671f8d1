import { z } from 'zod';
import { onlyDigits } from '../cpf';
import { documentoSchema } from './documento';
import { pescadorSchema } from './pescador';
import { idCoagido, texto } from './primitivos';
import { solicitacaoDetalheSchema } from './solicitacao-api';

/**
 * Reading the audit trail (issue 11, point 6; decision 0032): the audit screen of GESTOR and ADMIN, and the
 * fisher's own view of who among the staff viewed or changed their data (LGPD transparency) and their data export
 * (LGPD art. 18).
 */

export const MENSAGENS_AUDITORIA = {
  semPermissao: 'Somente gestores e administradores podem consultar a auditoria.',
  periodoInvalido: 'A data inicial deve ser anterior ou igual à data final',
  dataInvalida: 'Informe uma data válida',
  cpfInvalido: 'Informe os 11 dígitos do CPF',
  cursorInvalido: 'Página inválida',
  erroConsultar: 'Erro ao consultar a auditoria',
  nenhumRegistro: 'Nenhum registro de auditoria encontrado para os filtros informados.',
  nenhumAcesso: 'Nenhum servidor acessou seus dados até agora.',
  erroAcessos: 'Erro ao consultar quem acessou seus dados',
  erroExportar: 'Erro ao baixar seus dados, tente novamente mais tarde',
  exportado: 'Seus dados foram baixados.',
} as const;

/** Rows per page of the audit screen (default, at most). */
export const TAMANHO_PAGINA_AUDITORIA = { padrao: 50, maximo: 100 } as const;

/** The keyset cursor: the id of the last row of the previous page (bigserial, so digits, not an int32 id). */
const cursor = texto().regex(/^[1-9]\d{0,17}$/, MENSAGENS_AUDITORIA.cursorInvalido);

const dataIso = texto().regex(/^\d{4}-\d{2}-\d{2}$/, MENSAGENS_AUDITORIA.dataInvalida)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    MENSAGENS_AUDITORIA.dataInvalida);

const cpfFiltro = texto().transform(onlyDigits).refine((v) => v.length === 11, MENSAGENS_AUDITORIA.cpfInvalido);

/** An optional text filter: an empty field of the form is no filter. */
function opcional<T extends z.ZodType>(s: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v), s.optional());
}

/** GET /api/auditoria query: every filter optional; the period in São Paulo dates, both ends included. */
export const filtrosAuditoriaSchema = z.object({
  cpfAtor: opcional(cpfFiltro),
  cpfPescador: opcional(cpfFiltro),
  recurso: opcional(texto().max(200)),
  recursoId: opcional(texto().max(120)),
  acao: opcional(texto().max(60)),
  de: opcional(dataIso),
  ate: opcional(dataIso),
  apos: opcional(cursor),
  tamanhoPagina: opcional(idCoagido().max(TAMANHO_PAGINA_AUDITORIA.maximo)),
}).refine((f) => !f.de || !f.ate || f.de <= f.ate, { message: MENSAGENS_AUDITORIA.periodoInvalido, path: ['ate'] });
export type FiltrosAuditoria = z.infer<typeof filtrosAuditoriaSchema>;

export const registroAuditoriaSchema = z.object({
  id: z.string(),
  criadoEm: z.string(),
  acao: z.string(),
  cpfAtor: z.string().nullable(),
  perfilAtor: z.object({ id: z.number().int(), descricao: z.string() }).nullable(),
  orgaoAtor: z.string().nullable(),
  recurso: z.string().nullable(),
  recursoId: z.string().nullable(),
  idPescador: z.number().int().nullable(),
  ip: z.string().nullable(),
  sucesso: z.boolean(),
  detalhes: z.string().nullable(),
});
export type RegistroAuditoria = z.infer<typeof registroAuditoriaSchema>;

/** A page of the trail, newest first; `proximo` is the cursor of the next page (null on the last). */
export const paginaAuditoriaSchema = z.object({
  registros: z.array(registroAuditoriaSchema),
  proximo: z.string().nullable(),
});
export type PaginaAuditoria = z.infer<typeof paginaAuditoriaSchema>;

/** GET /api/lgpd/acessos query. */
export const filtrosAcessosSchema = z.object({ apos: opcional(cursor) });

/** One staff view or change of the fisher's data, as the fisher sees it: the agency and profile, never the person. */
export const acessoAosMeusDadosSchema = z.object({
  id: z.string(),
  criadoEm: z.string(),
  tipo: z.enum(['VISUALIZACAO', 'ALTERACAO']),
  descricao: z.string(),
  orgao: z.string().nullable(),
  nomeOrgao: z.string().nullable(),
  perfil: z.string(),
});
export type AcessoAosMeusDados = z.infer<typeof acessoAosMeusDadosSchema>;

export const acessosAosMeusDadosSchema = z.object({
  acessos: z.array(acessoAosMeusDadosSchema),
  proximo: z.string().nullable(),
});
export type AcessosAosMeusDados = z.infer<typeof acessosAosMeusDadosSchema>;

/** The audit actions the screen offers as a filter (free text is accepted too). */
export const ACOES_AUDITORIA = [
  'VISUALIZACAO_DADOS_PESSOAIS', 'VISUALIZACAO_LISTA_ANALISES', 'ANALISE_INICIADA', 'ANALISE_CANCELADA',
  'ANALISE_CONCLUIDA', 'PARECER_ANEXADO', 'PRIMEIRO_RGP_ALTERADO', 'ATUALIZACAO_ENDERECO', 'LOGIN', 'LOGOUT',
  'LOGIN_RECUSADO', 'AUTORIZACAO_RECUSADA', 'CONSULTA_AUDITORIA', 'EXPORTACAO_DADOS_PESSOAIS',
] as const;

/**
 * A document as the export lists it: its metadata, never an address or a key to its file; the type's label beside
 * its code.
 */
export const documentoExportadoSchema = documentoSchema.pick({ id: true, nome: true, nomeArquivo: true, tipoDocumento: true, migrado: true, aprovado: true })
  .extend({ tipoDocumentoDescricao: z.string().optional() });

export const notificacaoExportadaSchema = z.object({
  id: z.number().int(),
  tipo: z.number().int(),
  tipoDescricao: z.string().optional(),
  conteudo: z.string(),
  criadaEm: z.string(),
  lidaEm: z.string().nullable(),
});
export type NotificacaoExportada = z.infer<typeof notificacaoExportadaSchema>;

/**
 * In the export, a save or send the server keeps for 24 hours so that the phone can repeat it without doing it
 * twice (Idempotency-Key, decisions 0060 and 0068): the operation, its status and the answer kept, as it was sent.
 */
export const chaveIdempotenciaExportadaSchema = z.object({
  chave: z.string(),
  operacao: z.string(),
  /** The answer's HTTP status; null while the save still runs. */
  status: z.number().int().nullable(),
  guardadaEm: z.string(),
  expiraEm: z.string(),
  /** The answer's body as it was sent (JSON text), or null. */
  resposta: z.string().nullable(),
});

/**
 * In the export, who among the staff viewed or changed the fisher's data, and the reports whose filters named them
 * (tipo RELATORIO): agency, profile and when, never the person (decision 0044).
 */
export const acessoExportadoSchema = acessoAosMeusDadosSchema.extend({ tipo: z.enum(['VISUALIZACAO', 'ALTERACAO', 'RELATORIO']) });
export type AcessoExportado = z.infer<typeof acessoExportadoSchema>;

/**
 * A REAP in the export: the questionnaire as GET /api/reap/questionario-basico/{id} answers it (what was declared,
 * with labels beside the codes), its documents' metadata only.
 */
export const reapExportadaSchema = z.looseObject({
  id: z.number().int(),
  anoReferencia: z.number().int(),
  categoria: z.number().int(),
  categoriaDescricao: z.string().optional(),
  enviada: z.boolean(),
  situacao: z.number().int(),
  situacaoDescricao: z.string(),
  enviadaEm: z.string().nullable(),
  documentosJustificativa: z.array(documentoExportadoSchema),
  documentoRelacaoTrabalho: z.array(documentoExportadoSchema),
});
export type ReapExportada = z.infer<typeof reapExportadaSchema>;

/**
 * GET /api/lgpd/meus-dados: everything the registry holds about the signed-in fisher (LGPD art. 18, II and VII),
 * and nobody else's. Every code an enumeration or a fixed list names carries its label in a sibling field
 * `<campo>Descricao` (`sexo: 2, sexoDescricao: 'Feminino'`), as the API's own `situacaoDescricao` does (decision
 * 0044): the codes stay where a program reads them, the words beside them for the person.
 */
export const exportacaoDadosSchema = z.object({
  geradoEm: z.string(),
  /** What the file holds, in words. */
  sobre: z.string(),
  pescador: pescadorSchema.loose(),
  solicitacoes: z.array(solicitacaoDetalheSchema.extend({ documentos: z.array(documentoExportadoSchema) })),
  reaps: z.array(reapExportadaSchema),
  /** Documents migrated from the legacy system (decision 0010), which belong to no request. */
  documentosMigrados: z.array(documentoExportadoSchema),
  notificacoes: z.array(notificacaoExportadaSchema),
  /** Staff views and changes of the fisher's data, and reports that named them, newest first. */
  acessos: z.array(acessoExportadoSchema),
  /** Saves and sends kept for a repetition from the phone (Idempotency-Key), with their answers (decision 0068). */
  chavesIdempotencia: z.array(chaveIdempotenciaExportadaSchema),
});
export type ExportacaoDados = z.infer<typeof exportacaoDadosSchema>;

/** The name of the downloaded file. */
export const NOME_ARQUIVO_EXPORTACAO = 'meus-dados-rgp.json';
/** The name of the readable version (GET /api/lgpd/meus-dados/pdf). */
export const NOME_ARQUIVO_EXPORTACAO_PDF = 'meus-dados-rgp.pdf';
