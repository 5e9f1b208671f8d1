import { PRAZO_DECISAO_PADRAO_DIAS } from '../../../shared/schemas/recurso';

export { somarDias, ultimoDiaParaRecorrer } from '../../../shared/prazo-recurso';

/** Whole days from `de` to `ate` (negative when `ate` is before). */
export function diasEntre(de: string, ate: string): number {
  return Math.round((Date.parse(`${ate}T12:00:00Z`) - Date.parse(`${de}T12:00:00Z`)) / 86_400_000);
}

/** Filed in time: today (São Paulo) is not after the last day. */
export function noPrazo(hoje: string, ultimoDia: string): boolean {
  return hoje <= ultimoDia;
}

/** The days an instance has to decide: the act's own or the law's 30. */
export function diasParaDecidir(prazoDoAto: number | null): number {
  return prazoDoAto ?? PRAZO_DECISAO_PADRAO_DIAS;
}
