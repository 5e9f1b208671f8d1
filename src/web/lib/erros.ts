/**
 * What every screen may need from a failed call without loading the API client (axios, the envelope's
 * schemas): the landing page and the frame stay light (decision 0017). `api.ts` re-exports both.
 */

/** The fallback message when nothing (or nothing readable) answered. */
export const ERRO_DESCONHECIDO = 'Erro desconhecido, tente novamente mais tarde';

/** HTTP status of a failed call, if the server answered (an axios error carries `isAxiosError` and `response`). */
export function statusOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object' || (error as { isAxiosError?: unknown }).isAxiosError !== true) return undefined;
  const status = (error as { response?: { status?: unknown } }).response?.status;
  return typeof status === 'number' ? status : undefined;
}
