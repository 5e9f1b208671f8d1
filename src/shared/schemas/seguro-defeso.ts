import { z } from 'zod';

/**
 * Whether the fisher's registry meets the Seguro-Defeso's registry conditions and what is missing (decision 0126).
 * /home reads it without zod (`leituras-pescador.ts`); this schema is the contract's.
 */
export const condicoesSeguroDefesoSchema = z.object({
  situacaoDescricao: z.string().nullable(),
  /** YYYY-MM-DD; null unless the registry is active. */
  ativoDesde: z.string().nullable(),
  ativoHaUmAnoOuMais: z.boolean(),
  /** YYYY-MM-DD: when an active registry completes a year, if it has not yet. */
  umAnoEm: z.string().nullable(),
  reapAnosPendentes: z.array(z.number().int()),
  categoriaDescricao: z.string().nullable(),
  artesanal: z.boolean(),
  atende: z.boolean(),
});
export type CondicoesSeguroDefesoPescador = z.infer<typeof condicoesSeguroDefesoSchema>;
