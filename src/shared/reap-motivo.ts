/** Why a fisher owes no REAP now (decision 0054); apart from the schema so the fisher's /home reads it without zod. */
export const MotivoSemReap = { SEM_RGP: 'semRgp', REGISTRO_RECENTE: 'registroRecente', TODAS_ENVIADAS: 'todasEnviadas' } as const;
export type MotivoSemReap = (typeof MotivoSemReap)[keyof typeof MotivoSemReap];
