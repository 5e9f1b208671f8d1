import { PRAZO_DECISAO_PADRAO_DIAS, PRAZO_RECURSO_PADRAO_DIAS } from '../../../shared/schemas/recurso';

/**
 * The calendar of appeals (decision 0089), on São Paulo dates (yyyy-MM-dd): a window of `n` days opened on `inicio`
 * ends on `inicio + n` (Lei 9.784/1999 art. 66: the first day is left out, the last one counts), and that last day
 * lasts until São Paulo midnight.
 */
export function somarDias(iso: string, dias: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `de` to `ate` (negative when `ate` is before). */
export function diasEntre(de: string, ate: string): number {
  return Math.round((Date.parse(`${ate}T12:00:00Z`) - Date.parse(`${de}T12:00:00Z`)) / 86_400_000);
}

/** The last day to appeal: the act's own days or the law's 10. */
export function ultimoDiaParaRecorrer(inicio: string, prazoDoAto: number | null): string {
  return somarDias(inicio, prazoDoAto ?? PRAZO_RECURSO_PADRAO_DIAS);
}

/** Filed in time: today (São Paulo) is not after the last day. */
export function noPrazo(hoje: string, ultimoDia: string): boolean {
  return hoje <= ultimoDia;
}

/** The days an instance has to decide: the act's own or the law's 30. */
export function diasParaDecidir(prazoDoAto: number | null): number {
  return prazoDoAto ?? PRAZO_DECISAO_PADRAO_DIAS;
}
