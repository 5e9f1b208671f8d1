import { z } from 'zod';
import { MotivoSemReap } from '../reap-motivo';

export { MotivoSemReap };

/** The fisher's view of their REAPs: the years owed, oldest first, or why none. */
export const situacaoReapPescadorSchema = z.object({
  devidas: z.array(z.object({ ano: z.number().int(), fimPreenchimento: z.iso.date().nullable() })),
  motivo: z.enum([MotivoSemReap.SEM_RGP, MotivoSemReap.REGISTRO_RECENTE, MotivoSemReap.TODAS_ENVIADAS]).nullable(),
  anoInicioRegistro: z.number().int().nullable(),
  /** The fisher may send them late and then ask for regularisation (decision 0055). */
  anosSuspensao: z.array(z.number().int()),
});
export type SituacaoReapPescador = z.infer<typeof situacaoReapPescadorSchema>;
