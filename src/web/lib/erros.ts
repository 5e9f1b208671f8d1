import { CODIGOS_FALHA_DO_SERVIDOR, CodigoErro, codigoErroDoStatus, isCodigoErro } from '../../shared/codigos-erro';
import type { ApiRequest } from './api';

/** Failed calls, readable without loading the API client, so light pages stay light (decision 0017). */

/** The fallback message when nothing (or nothing readable) answered. */
export const ERRO_DESCONHECIDO = 'Erro desconhecido, tente novamente mais tarde';

export interface ApiErrorResponse {
  status: number;
  data: unknown;
  headers: Headers;
}

export type ApiErrorCode = 'ERR_NETWORK' | 'ETIMEDOUT' | 'ERR_CANCELED' | 'ERR_BAD_REQUEST' | 'ERR_BAD_RESPONSE';

/** A failed call of the API client: `response` is there when the server answered. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly code: ApiErrorCode,
    readonly config: ApiRequest,
    readonly response?: ApiErrorResponse,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function statusOf(error: unknown): number | undefined {
  return isApiError(error) ? error.response?.status : undefined;
}

/**
 * The code of a failed call: the envelope's `codigoErro`, else its status's (a proxy's page); undefined when nothing
 * answered. Screens decide on it, never on the status or the message.
 */
export function codigoErroDe(error: unknown): CodigoErro | undefined {
  if (!isApiError(error) || !error.response) return undefined;
  const { data, status } = error.response;
  const codigo = data !== null && typeof data === 'object' ? (data as { codigoErro?: unknown }).codigoErro : undefined;
  return isCodigoErro(codigo) ? codigo : codigoErroDoStatus(status);
}

/** Whether the server refused what was asked, as opposed to no answer, a rate limit or a server failure. */
export function ehRecusaDoPedido(error: unknown): boolean {
  const codigo = codigoErroDe(error);
  return codigo !== undefined && codigo !== CodigoErro.MUITAS_REQUISICOES && !CODIGOS_FALHA_DO_SERVIDOR.includes(codigo);
}
