import { z } from 'zod';

/** Why a fisher owes no REAP now (decision 0054): no RGP number yet; the registry began this year (the first REAP is of this year, declared from the next); or every owed year was sent. */
export const MotivoSemReap = { SEM_RGP: 'semRgp', REGISTRO_RECENTE: 'registroRecente', TODAS_ENVIADAS: 'todasEnviadas' } as const;
export type MotivoSemReap = (typeof MotivoSemReap)[keyof typeof MotivoSemReap];

/**
 * GET /api/reap/situacao-pescador/{idPescador}: the fisher's view of their REAPs (issue 22, point 5). `devidas`: each
 * year owed and not sent, oldest first, with its window's end (null while no window is set); when none, `motivo`
 * says why, and `anoInicioRegistro` the year the registry began (null without an RGP).
 */
export const situacaoReapPescadorSchema = z.object({
  devidas: z.array(z.object({ ano: z.number().int(), fimPreenchimento: z.iso.date().nullable() })),
  motivo: z.enum([MotivoSemReap.SEM_RGP, MotivoSemReap.REGISTRO_RECENTE, MotivoSemReap.TODAS_ENVIADAS]).nullable(),
  anoInicioRegistro: z.number().int().nullable(),
  /**
   * The years whose REAP defaulters' suspension suspended this registry, while it is suspended (decision 0055): the
   * fisher may send them late and then ask for regularisation.
   */
  anosSuspensao: z.array(z.number().int()),
});
export type SituacaoReapPescador = z.infer<typeof situacaoReapPescadorSchema>;
