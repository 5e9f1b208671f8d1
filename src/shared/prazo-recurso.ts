import { PRAZO_RECURSO_PADRAO_DIAS } from './schemas/recurso';

/**
 * The appeal's calendar on São Paulo dates (yyyy-MM-dd), decision 0089: a window of `n` days opened on `inicio`
 * ends on `inicio + n` (Lei 9.784/1999 art. 66), and that last day lasts until São Paulo midnight.
 */
export function somarDias(iso: string, dias: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** The last day to appeal: the act's own days or the law's 10. */
export function ultimoDiaParaRecorrer(inicio: string, prazoDoAto: number | null): string {
  return somarDias(inicio, prazoDoAto ?? PRAZO_RECURSO_PADRAO_DIAS);
}
