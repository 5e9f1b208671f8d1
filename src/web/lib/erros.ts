import { CODIGOS_FALHA_DO_SERVIDOR, CodigoErro, codigoErroDoStatus, isCodigoErro } from '../../shared/codigos-erro';
import type { ApiRequest } from './api';

/**
 * What every screen may need from a failed call without loading the API client (the envelope's schemas): the
 * landing page and the frame stay light (decision 0017). `api.ts` re-exports all of it.
 */

/** The fallback message when nothing (or nothing readable) answered. */
export const ERRO_DESCONHECIDO = 'Erro desconhecido, tente novamente mais tarde';

/** The server's answer to a failed call: its status, its body (parsed JSON when JSON, else text) and headers. */
export interface ApiErrorResponse {
  status: number;
  data: unknown;
  headers: Headers;
}

/**
 * Codes of a failed call: `ERR_NETWORK` (nothing answered), `ETIMEDOUT` (the client's timeout), `ERR_CANCELED`
 * (the caller's signal), `ERR_BAD_REQUEST` (4xx) and `ERR_BAD_RESPONSE` (5xx).
 */
export type ApiErrorCode = 'ERR_NETWORK' | 'ETIMEDOUT' | 'ERR_CANCELED' | 'ERR_BAD_REQUEST' | 'ERR_BAD_RESPONSE';

/** A failed call of the API client: `response` is there when the server answered. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly code: ApiErrorCode,
    /** The request as it left (method, url, headers, body). */
    readonly config: ApiRequest,
    readonly response?: ApiErrorResponse,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Whether a value is a failed call of the API client. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** HTTP status of a failed call, if the server answered. */
export function statusOf(error: unknown): number | undefined {
  return isApiError(error) ? error.response?.status : undefined;
}

/**
 * The machine-readable code of a failed call (src/shared/codigos-erro.ts): the envelope's `codigoErro`, or for an
 * answer without it (a proxy's page) the code of its status; undefined when nothing answered (network, timeout,
 * cancellation) or the failure is not a call's. Screens decide on it, never on the status or the message.
 */
export function codigoErroDe(error: unknown): CodigoErro | undefined {
  if (!isApiError(error) || !error.response) return undefined;
  const { data, status } = error.response;
  const codigo = data !== null && typeof data === 'object' ? (data as { codigoErro?: unknown }).codigoErro : undefined;
  return isCodigoErro(codigo) ? codigo : codigoErroDoStatus(status);
}

/**
 * Whether the server refused what was asked (a code of a refusal: invalid, not found, not allowed…), as opposed to
 * nothing answering, too many calls, or a failure of the server: a public check shows the first as "invalid".
 */
export function ehRecusaDoPedido(error: unknown): boolean {
  const codigo = codigoErroDe(error);
  return codigo !== undefined && codigo !== CodigoErro.MUITAS_REQUISICOES && !CODIGOS_FALHA_DO_SERVIDOR.includes(codigo);
}
