import { z } from 'zod';
import { onlyDigits } from '../cpf';
import { MENSAGENS_DATAS } from '../datas';
import { TipoDocumento } from '../enums';
import { guardarRgp } from '../rgp';
import { vazioAusente } from './formulario';
import { id, idCoagido, idParam, texto } from './primitivos';
import { dataPassada, rgpLeituraSchema } from './solicitacao';

export const MENSAGENS_SOLICITACAO_API = {
  rascunhoExistente: 'Já existe um rascunho desta solicitação. Continue o rascunho existente.',
  registroInicialComRgp: 'Você já possui número de RGP: o registro inicial não está disponível. Para alterar seus dados, solicite a edição do registro.',
  registroInicialIndisponivel: 'O registro inicial não está disponível: já existe solicitação em andamento ou deferida para o seu cadastro.',
  recadastramentoIndisponivel: 'O recadastramento não está disponível: já existe solicitação em andamento ou deferida para o seu cadastro.',
  registroProtocoloIndisponivel: 'O registro inicial com protocolo não está disponível: existe solicitação enviada ou em andamento para o seu cadastro.',
  criacaoPasso1: 'A solicitação é criada com o passo 1 (Dados Pessoais).',
  idObrigatorio: 'Informe o id da solicitação.',
  tipoDiferente: 'O tipo informado não corresponde ao da solicitação.',
  cpfDiferente: 'O CPF dos Dados Pessoais deve ser o do pescador autenticado.',
  passoAnterior: 'Salve o passo anterior antes de prosseguir.',
  municipioUf: 'O município não pertence à UF informada',
  municipioInexistente: 'Município não encontrado',
  valorInvalido: 'Valor inválido',
  solicitacaoNaoEncontrada: 'Solicitação não encontrada.',
  pescadorNaoEncontrado: 'Pescador não encontrado.',
  somenteRascunhoInativa: 'Somente rascunhos podem ser excluídos.',
  rascunhoInativado: 'Rascunho excluído com sucesso.',
  embarcacaoRemovida: 'Embarcação removida com sucesso.',
  edicaoRegistroCriada: 'Solicitação de edição de registro criada com sucesso!',
  edicaoRegistroEmAndamento: 'Já existe uma solicitação de edição de registro em andamento. Continue ou aguarde a solicitação existente.',
  edicaoRegistroSemRegistroAtivo: 'A edição do registro só está disponível para pescador com registro ativo.',
  edicaoRegistroOrigemNaoDeferida: 'A edição do registro deve partir de uma solicitação deferida do pescador.',
  edicaoRegistroPossuiDeferida: 'Você possui solicitação deferida: a edição do registro deve partir dela.',
  edicaoRgpSemRgp: 'A edição do primeiro RGP só está disponível para pescador com número de RGP.',
  edicaoRgpEmAndamento: 'Já existe uma solicitação de edição do primeiro RGP em andamento.',
  edicaoRgpEnviada: 'Solicitação de edição do primeiro RGP enviada com sucesso!',
  edicaoRgpCriada: 'Solicitação de edição do primeiro RGP registrada. Envie o comprovante do primeiro RGP e então a solicitação para análise.',
  naoEdicaoRgp: 'A solicitação não é uma edição do primeiro RGP.',
  orgaoInvalido: 'Órgão inválido',
  rgpAtualizado: 'Dados do primeiro RGP atualizados com sucesso.',
  rgpNenhumCampo: 'Informe ao menos um campo do primeiro RGP para alterar.',
  notificacaoPrimeiroRgp: 'A data ou o órgão do seu primeiro RGP foi alterado. Confira os dados do seu registro.',
  cancelamentoIndisponivel: 'O cancelamento só pode ser solicitado para registro ativo ou suspenso.',
  cancelamentoEmAndamento: 'Já existe uma solicitação de cancelamento em andamento.',
  cancelamentoEnviado: 'Solicitação de cancelamento enviada com sucesso!',
  regularizacaoIndisponivel: 'A regularização só pode ser solicitada por pescador com registro suspenso.',
  regularizacaoEmAndamento: 'Já existe uma solicitação de regularização em andamento.',
  regularizacaoEnviada: 'Solicitação de regularização enviada com sucesso!',
  justificativaRegularizacao: 'A justificativa deve ter no mínimo 10 caracteres',
  dataFutura: MENSAGENS_DATAS.dataFutura,
  notificacaoEdicaoRgpDeferida: 'Seu pedido de alteração da data ou do órgão do primeiro RGP foi deferido e o registro foi atualizado.',
  notificacaoCancelamentoDeferido: 'Seu pedido de cancelamento foi deferido: o seu Registro Geral da Atividade Pesqueira está cancelado.',
  notificacaoIndeferida: (tipo: string, numeroProtocolo: string | null) =>
    `Sua solicitação de ${tipo.toLowerCase()}${numeroProtocolo ? ` (protocolo ${numeroProtocolo})` : ''} foi indeferida. `
    + 'Confira os documentos reprovados e a justificativa, substitua os documentos e envie a solicitação novamente.',
} as const;

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
