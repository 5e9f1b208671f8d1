import { z } from 'zod';

/** Counters of the fisher's requests (spec point 3, "Counters"). */
export const totalizadoresPescador = z.object({
  rascunhos: z.number().int(),
  enviadas: z.number().int(),
  deferidas: z.number().int(),
  finalizadas: z.number().int(),
  emAnalise: z.number().int(),
  emAtualizacao: z.number().int(),
  todas: z.number().int(),
});
export type TotalizadoresPescador = z.infer<typeof totalizadoresPescador>;

/** Counters of the analyses a servant can see. */
export const totalizadoresServidor = z.object({
  aguardandoAnalise: z.number().int(),
  analisadas: z.number().int(),
  emAnalise: z.number().int(),
});
export type TotalizadoresServidor = z.infer<typeof totalizadoresServidor>;
