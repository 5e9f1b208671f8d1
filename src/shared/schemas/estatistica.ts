import { z } from 'zod';
import { isUf } from '../ufs';
import { texto } from './primitivos';

/**
 * Public aggregates. A count under `LIMIAR_SUPRESSAO` travels as null, so no small group can be singled out; where
 * cells add up to a published total the next smallest is suppressed too, or subtraction would recover it.
 */

export const LIMIAR_SUPRESSAO = 5;
export const TEXTO_SUPRIMIDO = '< 5';

export const MENSAGENS_ESTATISTICA = {
  ufInvalida: 'UF inválida',
  erroCarregar: 'Não foi possível carregar as estatísticas. Tente novamente em instantes.',
} as const;

export const contagemPublicaSchema = z.number().int().min(LIMIAR_SUPRESSAO).nullable();

export const itemEstatisticaSchema = z.object({
  chave: z.string(),
  rotulo: z.string(),
  total: contagemPublicaSchema,
});
export type ItemEstatistica = z.infer<typeof itemEstatisticaSchema>;

export const mesSolicitacoesSchema = z.object({
  /** São Paulo time. */
  mes: z.string(),
  /** By their situation now. */
  situacoes: z.array(itemEstatisticaSchema),
});
export type MesSolicitacoes = z.infer<typeof mesSolicitacoesSchema>;

export const estatisticasSchema = z.object({
  /** The counts are live; the age bands were computed for this day. */
  referencia: z.string(),
  totalPescadores: contagemPublicaSchema,
  porUf: z.array(itemEstatisticaSchema),
  porCategoria: z.array(itemEstatisticaSchema),
  porSexo: z.array(itemEstatisticaSchema),
  porFaixaEtaria: z.array(itemEstatisticaSchema),
  porAtividade: z.array(itemEstatisticaSchema),
  porSituacaoRegistro: z.array(itemEstatisticaSchema),
  municipios: z.object({ uf: z.string().nullable(), itens: z.array(itemEstatisticaSchema) }),
  /** Oldest first. */
  solicitacoesPorMes: z.array(mesSolicitacoesSchema),
});
export type Estatisticas = z.infer<typeof estatisticasSchema>;

/** The current one included. */
export const MESES_SOLICITACOES = 12;

export const estatisticasQuery = z.object({
  uf: texto().max(2).transform((v) => v.toUpperCase()).refine(isUf, MENSAGENS_ESTATISTICA.ufInvalida).optional(),
});
export type EstatisticasQuery = z.infer<typeof estatisticasQuery>;

export const FAIXAS_ETARIAS = [
  { chave: '18-24', rotulo: '18 a 24 anos', de: 18, ate: 24 },
  { chave: '25-34', rotulo: '25 a 34 anos', de: 25, ate: 34 },
  { chave: '35-44', rotulo: '35 a 44 anos', de: 35, ate: 44 },
  { chave: '45-54', rotulo: '45 a 54 anos', de: 45, ate: 54 },
  { chave: '55-64', rotulo: '55 a 64 anos', de: 55, ate: 64 },
  { chave: '65+', rotulo: '65 anos ou mais', de: 65, ate: null },
] as const;
export const FAIXA_MENOR_DE_18 = { chave: '<18', rotulo: 'Menos de 18 anos' } as const;
export const ROTULO_NAO_INFORMADO = 'Não informado';

export function rotuloSituacaoSolicitacao(situacao: number): string {
  const rotulos: Record<number, string> = {
    1: 'Rascunho', 2: 'Em atualização (SFPA)', 3: 'Em atualização (MPA)', 4: 'Deferida', 5: 'Indeferida',
    6: 'Aguardando análise', 7: 'Em análise', 8: 'REAP pendente', 9: 'REAP enviado',
  };
  return rotulos[situacao] ?? `Situação ${situacao}`;
}

export function rotuloMes(mes: string): string {
  return `${mes.slice(5, 7)}/${mes.slice(0, 4)}`;
}

export function formatarContagem(total: number | null): string {
  return total === null ? TEXTO_SUPRIMIDO : total.toLocaleString('pt-BR');
}

/** Art. 17 of Decreto 10.178/2019: the average time to decide, published. */
export const tempoDecisaoPublicoSchema = z.object({
  mediaDias: z.number().nullable(),
  decididas: z.number(),
  porTipo: z.array(z.object({ tipoDescricao: z.string(), mediaDias: z.number(), decididas: z.number() })),
});
export type TempoDecisaoPublico = z.infer<typeof tempoDecisaoPublicoSchema>;
