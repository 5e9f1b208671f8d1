import { z } from 'zod';
import { prazoDaAnaliseSchema } from './prazo-analise';
import { documentoSchema } from './documento';
import { id, idCoagido, texto } from './primitivos';
import { paginacaoSchema, solicitacaoResumoSchema } from './solicitacao-api';

/** Analysis of requests (spec points 3, 4, 5 and 7). */

export const MENSAGENS_ANALISE = {
  iniciada: 'Análise iniciada com sucesso',
  cancelada: 'Inicio da analise cancelado!',
  deferida: 'Análise DEFERIDA com sucesso!',
  indeferida: 'Análise INDEFERIDA com sucesso!',
  erroIniciar: 'Erro ao iniciar a análise',
  erroEnviar: 'Erro ao submeter analise enviar análise',
  justificativaObrigatoria: 'O campo justificativa é obrigatório para casos de INDEFERIMENTOS',
  justificativaCurta: 'A justificativa precisa ter no mínimo 30 caracteres',
  perfilNaoAnalisa: 'Seu perfil não tem permissão para analisar solicitações.',
  foraDoEscopo: 'Você só pode analisar solicitações de pescadores da UF do seu órgão ou das UFs atendidas pelas forças-tarefa das quais participa.',
  instanciaMpa: 'Esta solicitação retornou à instância MPA e só pode ser analisada por servidores do MPA.',
  concluida: 'Esta análise já foi concluída.',
  naoIniciada: 'Inicie a análise antes de registrar o parecer.',
  outroAnalista: 'Esta análise está em andamento por outro servidor.',
  checklistIncompleto: 'Avalie todos os documentos da solicitação antes de concluir a análise.',
  semDocumentos: 'Esta solicitação não tem documentos. Devolva-a ao pescador com a justificativa, para que envie os documentos que faltam.',
  devolverSemDocumentos: 'Devolver ao pescador',
  erroConsultarIndeferimento: 'Erro ao consultar indeferimento',
  semIndeferimento: 'Esta solicitação não possui indeferimento registrado.',
  naoEncontrada: 'Análise não encontrada.',
  naoEncontradaNaSolicitacao: 'Análise não encontrada para esta solicitação.',
  semAnalise: 'Esta solicitação ainda não tem análise.',
  naoEmAndamento: 'Esta análise não está em andamento.',
  somenteQuemIniciouCancela: 'Somente o servidor que iniciou a análise pode cancelar o início.',
  edicaoDocumentosTemChamadaPropria: 'Use /api/analise-solicitacao-edicao-documento para solicitações de edição de documentos.',
  somenteEdicaoDocumentos: 'Este endereço é apenas para solicitações de edição de documentos.',
  parecerDeOutraAnalise: 'O documento de parecer informado não pertence a esta análise.',
  emAndamentoPor: (analista: string | null, desde: string, minutosBloqueio: number) =>
    `Esta análise está em andamento por ${analista ?? 'outro servidor'} desde ${desde}. `
    + `Ela poderá ser assumida após ${minutosBloqueio} minutos de bloqueio.`,
} as const;

export const JUSTIFICATIVA_MINIMA = 30;

/** See docs/decisions/0031. */
export const ufsEscopoSchema = z.object({ ufs: z.array(z.string()), nacional: z.boolean() });
export type UfsEscopo = z.infer<typeof ufsEscopoSchema>;

export const idAnaliseCorpo = z.object({ idAnaliseSolicitacao: idCoagido() });

export const itemChecklistSchema = z.object({
  id: id(),
  aprovado: z.boolean(),
  tipoDocumento: z.number().int().min(1).max(16),
});

/** The justification is required when any document is rejected. */
export const MENSAGEM_DOCUMENTO_REPETIDO = 'Cada documento deve ser avaliado uma única vez';

export const decisaoAnaliseCorpo = z.object({
  id: id(),
  solicitacao: z.union([id(), z.object({ id: id() })])
    .transform((s) => (typeof s === 'number' ? s : s.id)),
  /** Empty only when nothing is to check: it goes back to the fisher (docs/decisions/0020). */
  documentos: z.array(itemChecklistSchema).max(100),
  justificativa: texto().trim().max(4000, 'Deve ter no máximo 4000 caracteres').nullable().optional().transform((v) => v ?? ''),
  documentoParecer: z.union([id(), z.object({ id: id() }), z.null()]).optional()
    .transform((d) => (d === null || d === undefined ? null : typeof d === 'number' ? d : d.id)),
}).superRefine((v, ctx) => {
  // One verdict per document: a repeated id would let the stored checklist contradict the outcome.
  const vistos = new Set<number>();
  v.documentos.forEach((d, i) => {
    if (vistos.has(d.id)) ctx.addIssue({ code: 'custom', path: ['documentos', i, 'id'], message: MENSAGEM_DOCUMENTO_REPETIDO });
    vistos.add(d.id);
  });
  // Nothing to check is a return to the fisher for the missing documents, with its reason.
  const rejeitado = v.documentos.length === 0 || v.documentos.some((d) => !d.aprovado);
  if (!rejeitado) return;
  if (!v.justificativa) {
    ctx.addIssue({ code: 'custom', path: ['justificativa'], message: MENSAGENS_ANALISE.justificativaObrigatoria });
  } else if (v.justificativa.length < JUSTIFICATIVA_MINIMA) {
    ctx.addIssue({ code: 'custom', path: ['justificativa'], message: MENSAGENS_ANALISE.justificativaCurta });
  }
});
export type DecisaoAnaliseCorpo = z.output<typeof decisaoAnaliseCorpo>;

export const filtrosAnalise = paginacaoSchema.extend({
  situacao: z.coerce.number().int().min(1).max(4).optional(),
  tipoSolicitacao: z.coerce.number().int().min(1).max(10).optional(),
  uf: texto().length(2).transform((v) => v.toUpperCase()).optional(),
  cpf: texto().transform((v) => v.replace(/\D/g, '')).refine((v) => v.length === 11, 'CPF inválido').optional(),
  nome: texto().trim().min(3, 'Informe pelo menos 3 letras do nome').max(100).optional(),
  dataInicio: z.iso.date().optional(),
  dataFim: z.iso.date().optional(),
});
export type FiltrosAnalise = z.output<typeof filtrosAnalise>;

const situacaoAnaliseSchema = z.object({ id: z.number(), descricao: z.string() });

const solicitacaoEmAnaliseSchema = solicitacaoResumoSchema.pick({
  id: true,
  tipo: true,
  tipoDescricao: true,
  situacao: true,
  situacaoDescricao: true,
  idPescador: true,
  nomePescador: true,
  numeroProtocolo: true,
  dataEnvio: true,
}).extend({
  cpfPescador: z.string(),
  uf: z.string().nullable(),
});

const analiseBase = z.object({
  idAnaliseSolicitacao: z.number(),
  situacaoAnalise: situacaoAnaliseSchema,
  dataHoraBloqueio: z.string().nullable(),
  instancia: z.string(),
});

export const analiseResumoSchema = analiseBase.extend({
  idSolicitacao: z.number(),
  tipoSolicitacao: z.number(),
  ...solicitacaoEmAnaliseSchema.pick({
    tipoDescricao: true,
    nomePescador: true,
    cpfPescador: true,
    uf: true,
    numeroProtocolo: true,
    dataEnvio: true,
  }).shape,
  diasAguardando: z.number(),
  analista: z.string().nullable(),
  /** The request's clock to decide (decision 0152). */
  prazo: prazoDaAnaliseSchema.nullable(),
  /** Signals not yet marked by an analyst (decision 0112). */
  sinaisPendentes: z.number().int(),
});
export type AnaliseResumo = z.infer<typeof analiseResumoSchema>;

export const listaAnalisesSchema = z.object({ total: z.number(), analises: z.array(analiseResumoSchema) });
export type ListaAnalises = z.infer<typeof listaAnalisesSchema>;

export const documentoChecklistSchema = documentoSchema.pick({
  id: true,
  tipoDocumento: true,
  nomeArquivo: true,
  chaveArquivo: true,
  migrado: true,
  aprovado: true,
}).extend({
  tipo: z.number(),
  nomeDocumento: z.string(),
});

const documentoParecerSchema = documentoSchema.pick({ id: true, nomeArquivo: true, chaveArquivo: true });
export type DocumentoParecer = z.infer<typeof documentoParecerSchema>;

export const analiseDetalheSchema = analiseBase.extend({
  analista: z.object({ id: z.number(), nome: z.string() }).nullable(),
  bloqueadaPorMim: z.boolean(),
  bloqueioExpirado: z.boolean(),
  /** Spec point 4: waiting, under analysis by me, or by another once the lock expired. */
  opcoesHabilitadas: z.boolean(),
  podeConcluir: z.boolean(),
  justificativa: z.string().nullable(),
  documentoParecer: documentoParecerSchema.nullable(),
  solicitacao: solicitacaoEmAnaliseSchema,
  documentos: z.array(documentoChecklistSchema),
});
export type AnaliseDetalhe = z.infer<typeof analiseDetalheSchema>;

export const bloqueioRespostaSchema = z.object({
  idAnaliseSolicitacao: z.number(),
  situacaoAnalise: situacaoAnaliseSchema.pick({ id: true }),
  dataHoraBloqueio: z.string(),
});

export const decisaoRespostaSchema = z.object({
  idAnaliseSolicitacao: z.number(),
  situacaoAnalise: situacaoAnaliseSchema,
  situacaoSolicitacao: z.number(),
  numeroRGP: z.string().nullable(),
});

const documentoIndeferimentoSchema = z.object({
  tipoDocumento: z.number(),
  nomeDocumento: z.string(),
  aprovado: z.boolean(),
  situacao: z.enum(['APROVADO', 'REPROVADO']),
});

export const indeferimentoSchema = z.object({
  dataCriacao: z.string(),
  dataAnalise: z.string(),
  parecer: z.string(),
  justificativa: z.string(),
  documentos: z.array(documentoIndeferimentoSchema),
  documentoReprovado: z.array(documentoIndeferimentoSchema.pick({ nomeDocumento: true, situacao: true })),
  registros: z.array(z.object({
    dataCriacao: z.string(),
    documentoAnalisado: documentoIndeferimentoSchema.pick({ tipoDocumento: true, aprovado: true }),
    parecerDocSolicitacao: z.object({ parecer: z.string() }),
  })),
});
export type Indeferimento = z.infer<typeof indeferimentoSchema>;
