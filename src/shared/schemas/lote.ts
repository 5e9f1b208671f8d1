import { z } from 'zod';
import { isValidCpf, onlyDigits } from '../cpf';
import type { ProblemaDeCampo } from './formulario';
import { idCoagido, id, texto } from './primitivos';

/** Batch processing of fishers (spec point 3); the answers' shapes are docs/decisions/0035. */

export const TipoLote = { CANCELAMENTO: 1, SUSPENSAO: 2, REATIVACAO: 3 } as const;
export type TipoLote = (typeof TipoLote)[keyof typeof TipoLote];
export const tipoLoteLabel: Record<TipoLote, string> = { 1: 'Cancelamento', 2: 'Suspensão', 3: 'Reativação' };

export const SituacaoLote = { EM_PROCESSAMENTO: 1, CONCLUIDO: 2 } as const;
export type SituacaoLote = (typeof SituacaoLote)[keyof typeof SituacaoLote];
export const situacaoLoteLabel: Record<SituacaoLote, string> = { 1: 'Em processamento', 2: 'Concluído' };

export const ResultadoLote = {
  PROCESSADO: 1,
  CPF_NAO_ENCONTRADO: 2,
  CPF_INVALIDO: 3,
  JA_NA_SITUACAO: 4,
  NAO_PERMITIDO: 5,
  CPF_REPETIDO: 6,
} as const;
export type ResultadoLote = (typeof ResultadoLote)[keyof typeof ResultadoLote];
export const resultadoLoteLabel: Record<ResultadoLote, string> = {
  1: 'Processado',
  2: 'CPF não encontrado',
  3: 'CPF inválido',
  4: 'Já estava na situação pretendida',
  5: 'Mudança não permitida para a situação atual',
  6: 'CPF repetido no lote',
};

export const MENSAGENS_LOTE = {
  // The spec's messages, verbatim.
  umArquivo: 'Só é possivel adicionar 1 arquivo de lote por processamento!',
  tamanho: 'O documento não pode ser maior que 70kb',
  tipoArquivo: 'O documento precisa ser formato TXT ou CSV',
  emProcessamento: 'O lote de pescadores está em processamento, assim que concluído você será notificado por e-mail.',
  concluido: 'processamento concluído com sucesso!',
  semAtoVigente: 'Não há ato normativo vigente cadastrado!',
  arquivoObrigatorio: 'Selecione o arquivo do lote (TXT ou CSV, um CPF por linha).',
  arquivoVazio: 'O arquivo não contém nenhum CPF.',
  dataLimiteObrigatoria: 'Informe a data limite da suspensão.',
  dataLimiteFutura: 'A data limite da suspensão deve ser posterior a hoje.',
  listaVazia: 'Informe ao menos um CPF.',
  listaGrande: (max: number) => `Informe no máximo ${max.toLocaleString('pt-BR')} CPFs por lote.`,
  atoInexistente: 'Ato normativo não encontrado.',
  atoForaDeVigencia: 'O ato normativo informado não está vigente.',
  loteNaoEncontrado: 'Lote não encontrado.',
  erroEnviar: 'Erro ao processar o lote de pescadores.',
  erroConsultar: 'Erro ao consultar lotes de pescadores.',
  notificacaoCancelamento: (ato: string) =>
    `Seu Registro Geral da Atividade Pesqueira (RGP) foi CANCELADO por processamento em lote, com base no ato normativo ${ato}. `
    + 'Em caso de dúvida, procure a Superintendência Federal de Pesca e Aquicultura do seu estado.',
  notificacaoSuspensao: (ato: string, ate: string) =>
    `Seu Registro Geral da Atividade Pesqueira (RGP) foi SUSPENSO até ${ate} por processamento em lote, com base no ato normativo ${ato}. `
    + 'Em caso de dúvida, procure a Superintendência Federal de Pesca e Aquicultura do seu estado.',
} as const;

/** Spec point 9. */
export const TAMANHO_MAXIMO_ARQUIVO_LOTE_KB = 70;
export const TAMANHO_MAXIMO_ARQUIVO_LOTE_BYTES = TAMANHO_MAXIMO_ARQUIVO_LOTE_KB * 1024;
/** A 2 MB body. */
export const MAXIMO_CPFS_LOTE_MANUAL = 100_000;
export const EXTENSOES_ARQUIVO_LOTE = ['.txt', '.csv'] as const;

export interface LinhaLote {
  linha: number;
  informado: string;
}

export const TAMANHO_MAXIMO_INFORMADO_LOTE = 20;

/**
 * One CPF per line (docs/decisions/0043). Lines keep the file's numbers so the result names each; a line with no CPF is
 * kept, to be reported invalid.
 */
export function linhasDoTexto(conteudo: string): LinhaLote[] {
  const linhas: LinhaLote[] = [];
  let primeira = true;
  conteudo.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).forEach((texto, i) => {
    if (texto.replace(/[;,\t"\s]/g, '') === '') return;
    const cabecalho = primeira && !/\d/.test(texto) && /cpf/i.test(texto);
    primeira = false;
    if (cabecalho) return;
    const celula = texto.split(/[;,\t]/)[0]!.trim().replace(/^"|"$/g, '').trim();
    linhas.push({ linha: i + 1, informado: (celula || texto.trim()).slice(0, TAMANHO_MAXIMO_INFORMADO_LOTE) });
  });
  return linhas;
}

export function cpfsDoTexto(conteudo: string): string[] {
  return linhasDoTexto(conteudo).map((l) => l.informado);
}

export function cpfNormalizado(informado: string): string | null {
  const digitos = onlyDigits(informado);
  return /^[\d.\-\s]+$/.test(informado.trim()) && isValidCpf(digitos) ? digitos : null;
}

/** No 2025-02-30. */
function dataIsoValida(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const dataIso = texto().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida').refine(dataIsoValida, 'Data inválida');

const camposLote = {
  atoNormativo: id({ obrigatorio: 'Informe o ato normativo.' }),
  tipo: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Tipo de processamento inválido' }),
  orgaoSolicitante: texto({ error: 'Informe o órgão solicitante.' }).trim().min(1, 'Informe o órgão solicitante.')
    .max(200, 'Deve ter no máximo 200 caracteres').transform((v) => v.toUpperCase()),
  justificativa: texto({ error: 'Informe a justificativa.' }).trim().min(1, 'Informe a justificativa.').max(4000, 'Deve ter no máximo 4000 caracteres'),
  dataLimiteSuspensao: dataIso.nullable().optional(),
};

export function regrasLote(v: { tipo?: unknown; dataLimiteSuspensao?: string | null | undefined }): ProblemaDeCampo[] {
  return Number(v.tipo) === TipoLote.SUSPENSAO && !v.dataLimiteSuspensao
    ? [{ path: ['dataLimiteSuspensao'], message: MENSAGENS_LOTE.dataLimiteObrigatoria }] : [];
}

function exigirDataLimite(v: { tipo: number; dataLimiteSuspensao?: string | null | undefined }, ctx: z.RefinementCtx) {
  for (const p of regrasLote(v)) ctx.addIssue({ code: 'custom', path: [...p.path], message: p.message });
}

/** `formaProcessamento` is accepted and ignored: the address says it. */
export const loteManualCorpo = z.object({
  ...camposLote,
  listaCpfPescador: z.array(texto().max(20, 'CPF inválido'), { error: MENSAGENS_LOTE.listaVazia })
    .min(1, MENSAGENS_LOTE.listaVazia).max(MAXIMO_CPFS_LOTE_MANUAL, MENSAGENS_LOTE.listaGrande(MAXIMO_CPFS_LOTE_MANUAL)),
  formaProcessamento: z.boolean().optional(),
}).superRefine(exigirDataLimite);
export type LoteManualCorpo = z.infer<typeof loteManualCorpo>;

export const loteAutomaticoCampos = z.object({
  ...camposLote,
  atoNormativo: idCoagido({ obrigatorio: 'Informe o ato normativo.' }),
  tipo: z.coerce.number({ error: 'Tipo de processamento inválido' }).pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Tipo de processamento inválido' })),
  dataLimiteSuspensao: z.union([z.literal(''), dataIso]).optional().transform((v) => v || null),
  formaProcessamento: texto().optional(),
}).superRefine(exigirDataLimite);
export type LoteAutomaticoCampos = z.infer<typeof loteAutomaticoCampos>;
export type DadosLote = Pick<LoteManualCorpo, 'atoNormativo' | 'tipo' | 'orgaoSolicitante' | 'justificativa' | 'dataLimiteSuspensao'>;

export const loteResumoSchema = z.object({
  id: z.number().int(),
  tipo: z.number().int(),
  /** True: automatic (file). */
  formaProcessamento: z.boolean(),
  atoNormativo: z.object({ id: z.number().int(), nome: z.string() }),
  orgaoSolicitante: z.string(),
  justificativa: z.string(),
  dataLimiteSuspensao: z.string().nullable(),
  nomeArquivo: z.string().nullable(),
  situacao: z.number().int(),
  total: z.number().int(),
  concluidos: z.number().int(),
  totais: z.object({
    processados: z.number().int(),
    naoEncontrados: z.number().int(),
    invalidos: z.number().int(),
    jaNaSituacao: z.number().int(),
    naoPermitidos: z.number().int(),
    repetidos: z.number().int(),
  }),
  criadoEm: z.string(),
  concluidoEm: z.string().nullable(),
});
export type LoteResumo = z.infer<typeof loteResumoSchema>;

/** Outcome null while pending. */
export const itemLoteSchema = z.object({
  linha: z.number().int(),
  cpf: z.string(),
  resultado: z.number().int().nullable(),
  situacaoAnterior: z.number().int().nullable(),
});
export type ItemLote = z.infer<typeof itemLoteSchema>;

export const itemLoteManualSchema = z.object({ cpf: z.string(), resultado: z.number().int() });
export type ItemLoteManual = z.infer<typeof itemLoteManualSchema>;

/** `itens` is written while read, a page at a time (docs/decisions/0035). */
export const resultadoLoteManualSchema = z.object({
  lote: loteResumoSchema,
  itens: z.array(itemLoteManualSchema),
});
export type ResultadoLoteManual = z.infer<typeof resultadoLoteManualSchema>;

export const loteAceitoSchema = z.object({ lote: loteResumoSchema });

const opcional = <T extends z.ZodType>(s: T) => z.union([z.literal(''), s]).optional().transform((v) => (v === '' ? undefined : v));

export const filtroLotesSchema = z.object({
  pagina: z.coerce.number().int().min(1).max(100_000).default(1),
  tamanhoPagina: z.coerce.number().int().min(1).max(100, 'Deve ser menor ou igual a 100').default(10),
  tipo: opcional(z.coerce.number().int().min(1).max(3)),
  situacao: opcional(z.coerce.number().int().min(1).max(2)),
  idLote: opcional(idCoagido()),
  resultado: opcional(z.coerce.number().int().min(1).max(6)),
  cpf: opcional(texto().transform(onlyDigits).pipe(z.string().regex(/^\d{1,11}$/, 'CPF inválido'))),
  paginaItens: z.coerce.number().int().min(1).max(100_000).default(1),
  tamanhoPaginaItens: z.coerce.number().int().min(1).max(500, 'Deve ser menor ou igual a 500').default(50),
});
export type FiltroLotes = z.infer<typeof filtroLotesSchema>;

export const lotesRespostaSchema = z.object({
  total: z.number().int(),
  lotes: z.array(loteResumoSchema),
  itens: z.array(itemLoteSchema).nullable(),
  totalItens: z.number().int().nullable(),
});
export type LotesResposta = z.infer<typeof lotesRespostaSchema>;
