import { z } from 'zod';
import { onlyDigits } from '../cpf';
import { documentoSchema } from './documento';
import { pescadorSchema } from './pescador';
import { idCoagido, texto } from './primitivos';
import { solicitacaoDetalheSchema } from './solicitacao-api';
import { MENSAGENS_AUDITORIA } from '../mensagens/auditoria';

export { MENSAGENS_AUDITORIA, NOME_ARQUIVO_EXPORTACAO, NOME_ARQUIVO_EXPORTACAO_PDF } from '../mensagens/auditoria';

/** Reading the audit trail (docs/decisions/0032), by staff and by the fisher (LGPD). */

export const TAMANHO_PAGINA_AUDITORIA = { padrao: 50, maximo: 100 } as const;

/** Bigserial: digits, not an int32. */
const cursor = texto().regex(/^[1-9]\d{0,17}$/, MENSAGENS_AUDITORIA.cursorInvalido);

const dataIso = texto().regex(/^\d{4}-\d{2}-\d{2}$/, MENSAGENS_AUDITORIA.dataInvalida)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    MENSAGENS_AUDITORIA.dataInvalida);

const cpfFiltro = texto().transform(onlyDigits).refine((v) => v.length === 11, MENSAGENS_AUDITORIA.cpfInvalido);

function opcional<T extends z.ZodType>(s: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v), s.optional());
}

/** São Paulo dates, both ends included. */
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

export const paginaAuditoriaSchema = z.object({
  registros: z.array(registroAuditoriaSchema),
  proximo: z.string().nullable(),
});
export type PaginaAuditoria = z.infer<typeof paginaAuditoriaSchema>;

export const filtrosAcessosSchema = z.object({ apos: opcional(cursor) });

/** The agency and profile, never the person. */
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

export const ACOES_AUDITORIA = [
  'VISUALIZACAO_DADOS_PESSOAIS', 'VISUALIZACAO_LISTA_ANALISES', 'ANALISE_INICIADA', 'ANALISE_CANCELADA',
  'ANALISE_CONCLUIDA', 'PARECER_ANEXADO', 'PRIMEIRO_RGP_ALTERADO', 'ATUALIZACAO_ENDERECO', 'LOGIN', 'LOGOUT',
  'LOGIN_RECUSADO', 'AUTORIZACAO_RECUSADA', 'CONSULTA_AUDITORIA', 'EXPORTACAO_DADOS_PESSOAIS',
] as const;

/** Never an address or a key to the file. */
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

/** Kept 24 hours so the phone can repeat a save without doing it twice (docs/decisions/0060, 0068). */
export const chaveIdempotenciaExportadaSchema = z.object({
  chave: z.string(),
  operacao: z.string(),
  /** Null while the save still runs. */
  status: z.number().int().nullable(),
  guardadaEm: z.string(),
  expiraEm: z.string(),
  resposta: z.string().nullable(),
});

/** A delegation the fisher gave an entity (decision 0110), with its labels. Never the agent's CPF. */
export const delegacaoExportadaSchema = z.object({
  entidade: z.string(),
  tipoEntidadeDescricao: z.string(),
  servicos: z.array(z.number().int()),
  servicosDescricao: z.array(z.string()),
  inicio: z.string(),
  fim: z.string(),
  situacao: z.number().int(),
  situacaoDescricao: z.string(),
  origemDescricao: z.string(),
  revogadaEm: z.string().nullable(),
  justificativaRecusa: z.string().nullable(),
});
export type DelegacaoExportada = z.infer<typeof delegacaoExportadaSchema>;

/** Which channels beside the screen the fisher takes notices by (decision 0150). */
export const canaisExportadosSchema = z.object({ email: z.boolean(), sms: z.boolean(), govbr: z.boolean() });

/** Never the person (docs/decisions/0044). */
export const acessoExportadoSchema = acessoAosMeusDadosSchema.extend({ tipo: z.enum(['VISUALIZACAO', 'ALTERACAO', 'RELATORIO']) });
export type AcessoExportado = z.infer<typeof acessoExportadoSchema>;

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

/** The signed-in fisher's data, nobody else's (LGPD art. 18, II and VII); labels in `<campo>Descricao`. */
export const exportacaoDadosSchema = z.object({
  geradoEm: z.string(),
  sobre: z.string(),
  pescador: pescadorSchema.loose(),
  solicitacoes: z.array(solicitacaoDetalheSchema.extend({ documentos: z.array(documentoExportadoSchema) })),
  reaps: z.array(reapExportadaSchema),
  documentosMigrados: z.array(documentoExportadoSchema),
  notificacoes: z.array(notificacaoExportadaSchema),
  acessos: z.array(acessoExportadoSchema),
  chavesIdempotencia: z.array(chaveIdempotenciaExportadaSchema),
  delegacoes: z.array(delegacaoExportadaSchema),
  canaisDeAviso: canaisExportadosSchema,
});
export type ExportacaoDados = z.infer<typeof exportacaoDadosSchema>;

