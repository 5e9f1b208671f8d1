import { z } from 'zod';
import { onlyDigits } from '../cpf';
import { TipoDocumento } from '../enums';
import { guardarRgp } from '../rgp';
import { vazioAusente } from './formulario';
import { id, idCoagido, idParam, texto } from './primitivos';
import { dataPassada, rgpLeituraSchema } from './solicitacao';
import { MENSAGENS_SOLICITACAO_API } from '../mensagens/solicitacao-api';

export { MENSAGENS_SOLICITACAO_API };

export const MOTIVOS_HISTORICO = {
  rascunhoCriado: 'Rascunho criado pelo pescador',
  rascunhoInativado: 'Rascunho excluído pelo pescador',
  enviada: 'Solicitação enviada pelo pescador',
  reenviada: 'Reenviada após atualização',
  edicaoRegistro: 'Edição de registro iniciada',
  edicaoRgp: 'Edição do primeiro RGP solicitada pelo pescador',
  cancelamentoPescador: 'Cancelamento solicitado pelo pescador',
  cancelamentoServidor: 'Cancelamento solicitado por servidor',
  regularizacao: 'Regularização solicitada pelo pescador',
  edicaoDocumentos: 'Edição de documentos iniciada pelo pescador',
  analiseIniciada: 'Análise iniciada',
  analiseAssumida: (analistaAnterior: string | null) => `Análise assumida após o tempo de bloqueio de ${analistaAnterior ?? 'outro servidor'}`,
  inicioAnaliseCancelado: 'Início da análise cancelado',
  analiseDeferida: 'Análise deferida: todos os documentos aprovados',
  analiseIndeferida: 'Análise indeferida: documentos reprovados',
  prazoAtualizacaoEncerrado: (dias: number) => `Prazo de ${dias} dias para atualização encerrado`,
  analiseEscalada: 'Prazo de análise vencido: encaminhada ao gestor (Decreto 10.178/2019, art. 15, § 2º)',
  analiseReatribuida: (servidor: string) => `Análise atrasada atribuída pelo gestor a ${servidor}`,
} as const;

export const MENSAGENS_EDICAO_DOCUMENTOS = {
  criada: 'Edição de documentos iniciada. Envie os novos documentos e depois a solicitação.',
  enviada: 'Solicitação enviada com sucesso!',
  semRegistroAtivo: 'A edição de documentos só pode ser solicitada com o registro ativo.',
  jaAberta: 'Já existe uma edição de documentos em andamento. Continue a edição existente.',
  semDocumentos: 'Envie pelo menos um documento antes de enviar a solicitação.',
  naoEdicaoDocumentos: 'Esta solicitação não é uma edição de documentos.',
} as const;

/** A documents edit is sent with the declaration of step 5 accepted, as every request is (decision 0033). */
export const envioEdicaoDocumentosCorpo = z.object({ declaraCiencia: z.boolean().optional() });
export type EnvioEdicaoDocumentosCorpo = z.infer<typeof envioEdicaoDocumentosCorpo>;

export { idParam };

export const rgpPescadorSchema = rgpLeituraSchema.extend({
  situacaoDescricao: z.string().nullable(),
});
export type RgpPescador = z.infer<typeof rgpPescadorSchema>;

const solicitacaoBase = z.object({
  id: z.number().int(),
  tipo: z.number().int(),
  tipoDescricao: z.string(),
  situacao: z.number().int(),
  situacaoDescricao: z.string(),
  /** 0 before step 1 is saved. */
  passo: z.number().int(),
  idPescador: z.number().int(),
  dataCriacao: z.string(),
  dataEnvio: z.string().nullable(),
  numeroProtocolo: z.string().nullable(),
});

/** Plus the saved steps' fields, flat, as the wizard sends them. */
export const solicitacaoDetalheSchema = solicitacaoBase.extend({
  declaraCiencia: z.boolean(),
  idSolicitacaoOrigem: z.number().int().nullable(),
  inativa: z.boolean(),
  rgp: rgpPescadorSchema,
  justificativaDeclaracaoSolicitacaoCancelamento: z.string().nullable().optional(),
}).loose();
export type SolicitacaoDetalheResposta = z.infer<typeof solicitacaoDetalheSchema>;

export const solicitacaoResumoSchema = solicitacaoBase.extend({ nomePescador: z.string() });
export type SolicitacaoResumo = z.infer<typeof solicitacaoResumoSchema>;

export const listaSolicitacoesSchema = z.object({
  total: z.number().int(),
  solicitacoes: z.array(solicitacaoResumoSchema),
});
export type ListaSolicitacoes = z.infer<typeof listaSolicitacoesSchema>;

export const TAMANHO_PAGINA_PADRAO = 20;
export const TAMANHO_PAGINA_MAXIMO = 100;

/** One or more statuses: `situacao=2`, `situacao=2,3` or `situacao=2&situacao=3`. */
const listaDeNumeros = z.union([texto(), z.array(texto())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^\d{1,2}$/, 'Valor inválido').transform(Number)).max(20));

export const paginacaoSchema = z.object({
  pagina: z.coerce.number().int().min(1).max(100_000).default(1),
  tamanhoPagina: z.coerce.number().int().min(1).max(TAMANHO_PAGINA_MAXIMO, `Deve ser menor ou igual a ${TAMANHO_PAGINA_MAXIMO}`)
    .default(TAMANHO_PAGINA_PADRAO),
});

/** `cpf` and `nome` are staff filters; a fisher always sees only their own. */
export const filtroSolicitacoesSchema = paginacaoSchema.extend({
  situacao: listaDeNumeros.optional(),
  tipo: listaDeNumeros.optional(),
  cpf: texto().transform(onlyDigits).pipe(z.string().regex(/^\d{11}$/, 'CPF inválido')).optional(),
  nome: texto().trim().min(1).max(150).optional(),
  idPescador: idCoagido().optional(),
});
export type FiltroSolicitacoes = z.infer<typeof filtroSolicitacoesSchema>;

export const filtroUltimaSolicitacaoSchema = z.object({
  tipo: z.coerce.number().int().min(1).max(99).optional(),
});

export const consultaEdicaoRegistroSchema = z.object({
  podeEditar: z.boolean(),
  /** Null: clone the registry. */
  idSolicitacaoOrigem: z.number().int().nullable(),
  motivo: z.string().nullable(),
});
export type ConsultaEdicaoRegistro = z.infer<typeof consultaEdicaoRegistroSchema>;

const siglaOrgao = texto({ error: 'Campo obrigatório' }).trim().min(1).max(20).transform((v) => v.toUpperCase());
const numeroPrimeiroRgp = texto({ error: 'Campo obrigatório' }).trim().min(1).max(30).transform(guardarRgp);

/** See docs/decisions/0020. */
export const DOCUMENTOS_EDICAO_RGP: number[][] = [[TipoDocumento.COMPROVANTE_PRIMEIRO_RGP]];

export const edicaoRgpCorpo = z.object({
  numeroPrimeiroRGP: numeroPrimeiroRgp,
  dataPrimeiroRgp: dataPassada,
  orgao: siglaOrgao,
});
export type EdicaoRgpCorpo = z.infer<typeof edicaoRgpCorpo>;

/** The empty date is a date not given. */
export const edicaoRgpFormulario = edicaoRgpCorpo.extend({ dataPrimeiroRgp: vazioAusente(edicaoRgpCorpo.shape.dataPrimeiroRgp) });

/** At least one field. */
export const atualizarRgpCorpo = edicaoRgpCorpo.partial().refine(
  (v) => v.numeroPrimeiroRGP !== undefined || v.dataPrimeiroRgp !== undefined || v.orgao !== undefined,
  { message: MENSAGENS_SOLICITACAO_API.rgpNenhumCampo },
);
export type AtualizarRgpCorpo = z.infer<typeof atualizarRgpCorpo>;

/** The justification may be empty only for GESTOR. */
export const cancelamentoCorpo = z.object({
  idPescador: id(),
  justificativaDeclaracaoSolicitacaoCancelamento: texto().max(4000).nullable().optional()
    .transform((v) => (v ?? '').trim()),
});
export type CancelamentoCorpo = z.infer<typeof cancelamentoCorpo>;

/** Decision 0009. */
export const regularizacaoCorpo = z.object({
  justificativa: texto({ error: 'Campo obrigatório' }).trim()
    .min(10, MENSAGENS_SOLICITACAO_API.justificativaRegularizacao).max(4000),
});
export type RegularizacaoCorpo = z.infer<typeof regularizacaoCorpo>;
