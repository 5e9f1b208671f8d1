import { z } from 'zod';
import { idCoagido, texto } from './primitivos';

/**
 * Signals for the analyst (docs/decisions/0112): raised at a request's submission, shown beside the request, never a
 * refusal. The analyst marks each one reviewed (nothing wrong) or confirmed (a sign of fraud), and it is audited.
 */
export const TipoSinal = {
  ARQUIVO_REPETIDO: 1, CONTATO_REPETIDO: 2, VOLUME_ENTIDADE: 3, MUNICIPIO_ACIMA_POPULACAO: 4, CPF_IRREGULAR: 5,
} as const;
export type TipoSinal = (typeof TipoSinal)[keyof typeof TipoSinal];
export const tipoSinalLabel: Record<TipoSinal, string> = {
  1: 'Mesmo arquivo em outro CPF',
  2: 'Mesmo contato em muitos pescadores',
  3: 'Volume de envios acima do usual',
  4: 'Município com pescadores acima da população adulta',
  5: 'CPF irregular na Receita Federal',
};

export const SituacaoSinal = { PENDENTE: 1, REVISADO: 2, CONFIRMADO: 3 } as const;
export type SituacaoSinal = (typeof SituacaoSinal)[keyof typeof SituacaoSinal];
export const situacaoSinalLabel: Record<SituacaoSinal, string> = { 1: 'Pendente', 2: 'Revisado', 3: 'Confirmado' };

/** The fisher's contacts compared across fishers. */
export const TipoContatoSinal = { TELEFONE: 1, EMAIL: 2, ENDERECO: 3 } as const;
export type TipoContatoSinal = (typeof TipoContatoSinal)[keyof typeof TipoContatoSinal];
export const tipoContatoSinalLabel: Record<TipoContatoSinal, string> = { 1: 'telefone', 2: 'e-mail', 3: 'endereço' };

/** The federal CPF registry's situations kept (the regular ones are not kept). */
export const SituacaoCpfReceita = { SUSPENSA: 1, CANCELADA: 2, TITULAR_FALECIDO: 3, NULA: 4 } as const;
export type SituacaoCpfReceita = (typeof SituacaoCpfReceita)[keyof typeof SituacaoCpfReceita];
export const situacaoCpfReceitaLabel: Record<SituacaoCpfReceita, string> = {
  1: 'suspensa', 2: 'cancelada', 3: 'titular falecido', 4: 'nula',
};
/** A suspended CPF is a pending update at the Receita, not a sign of fraud. */
export const SITUACOES_CPF_SINAL: readonly number[] = [SituacaoCpfReceita.CANCELADA, SituacaoCpfReceita.TITULAR_FALECIDO, SituacaoCpfReceita.NULA];

/** The loads of reference data the signals read (decision 0113). */
export const TipoCargaReferencia = { RECEITA_CPF: 1, IBGE_POPULACAO: 2 } as const;
export type TipoCargaReferencia = (typeof TipoCargaReferencia)[keyof typeof TipoCargaReferencia];

/** The thresholds of decision 0112. */
export const LIMIARES_SINAL = {
  /** A contact shared by this many fishers or more (this one included): a family shares an address, a colony does not. */
  pescadoresPorContato: 5,
  /** Filings in the last 24 h above this many times the daily average of the 30 days before… */
  multiploVolume: 3,
  /** …and above this floor (a small entity's first busy day is not a signal). */
  volumeMinimo: 20,
  /** Registered fishers above this share of the municipality's adult population. */
  parcelaPopulacaoAdulta: 0.5,
} as const;

export const sinalSchema = z.object({
  id: z.number().int(),
  tipo: z.number().int(),
  tipoDescricao: z.string(),
  explicacao: z.string(),
  situacao: z.number().int(),
  situacaoDescricao: z.string(),
  marcadoPor: z.string().nullable(),
  marcadoEm: z.string().nullable(),
  observacao: z.string().nullable(),
  criadoEm: z.string(),
});
export type Sinal = z.infer<typeof sinalSchema>;
export const listaSinaisSchema = z.array(sinalSchema);

export const MENSAGENS_SINAL = {
  naoEncontrado: 'Sinal não encontrado.',
  situacaoInvalida: 'Marque o sinal como revisado ou confirmado.',
  revisado: 'Sinal marcado como revisado.',
  confirmado: 'Sinal confirmado.',
} as const;

export const marcacaoSinalCorpo = z.object({
  situacao: z.union([z.literal(SituacaoSinal.REVISADO), z.literal(SituacaoSinal.CONFIRMADO)], { error: MENSAGENS_SINAL.situacaoInvalida }),
  observacao: texto().max(500, 'A observação tem no máximo 500 caracteres.').optional(),
}).strict();
export type MarcacaoSinalCorpo = z.infer<typeof marcacaoSinalCorpo>;

export const sinalParams = z.object({ id: idCoagido(), idSinal: idCoagido() });

/** Managers' view per entity and month: filings, refusals and confirmed signals. */
export const indicadorMensalSchema = z.object({
  mes: z.string(),
  envios: z.number().int(),
  indeferimentos: z.number().int(),
  sinaisConfirmados: z.number().int(),
});
export const indicadoresEntidadeSchema = z.array(indicadorMensalSchema);
export type IndicadorMensal = z.infer<typeof indicadorMensalSchema>;
