import { CodigoErro } from '../../shared/codigos-erro';
import { mensagemDeErro } from '../../shared/envelope';
import { CAMINHO_RENOVAR_SESSAO, lerRenovacao } from '../../shared/renovacao';
import { ApiError, isApiError } from './erros';
import { navigation } from './navigation';
import { clearSession, getSession, updateToken } from './session';
import { clearStoredSession, getToken } from './storage';
import { queueToast } from './toast';

/** What a caller asks for. */
export interface ApiRequestConfig {
  /** GET (the default), POST, PUT, PATCH or DELETE, in any case. */
  method?: string;
  url?: string;
  /**
   * The body: FormData, Blob and URLSearchParams go as they are (a FormData with the browser's own multipart
   * boundary); a string goes as JSON text; anything else is sent as JSON.
   */
  data?: unknown;
  headers?: Record<string, string>;
  /** The caller's cancellation, combined with the timeout. */
  signal?: AbortSignal;
  /** 'blob': a successful answer comes as a Blob (files). A failed one is read as JSON or text all the same. */
  responseType?: 'json' | 'blob';
  /** In milliseconds; 120 s by default (spec point 7). */
  timeout?: number;
  /** The 401 handling (refresh, sign-out) does not apply: auth endpoints handle their own errors. */
  skipAuthRefresh?: boolean;
  /** Set on a request replayed after a token refresh, so that it is never refreshed twice. */
  retried?: boolean;
}

/** A request as it leaves, what the transport receives. */
export interface ApiRequest {
  /** Upper case. */
  method: string;
  url: string;
  headers: Headers;
  /** The body as sent: JSON text, FormData, Blob, URLSearchParams, or none. */
  data: string | FormData | Blob | URLSearchParams | undefined;
  /** Aborts on the timeout or on the caller's signal. */
  signal: AbortSignal;
  credentials: RequestCredentials;
  timeout: number;
  responseType: 'json' | 'blob';
}

/** What the transport answers: a fetch `Response` is one. */
export interface RawResponse {
  status: number;
  headers: Headers;
  text(): Promise<string>;
  blob(): Promise<Blob>;
}

/** The network: `fetch` in the app; the unit tests put a fake in its place (src/web/test/http.ts). */
export type Transport = (request: ApiRequest) => Promise<RawResponse>;

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export const fetchTransport: Transport = (request) =>
  fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.data ?? null,
    signal: request.signal,
    credentials: request.credentials,
  });

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The anti-forgery cookie's value, if the server set it. */
function xsrfToken(): string | null {
  const match = new RegExp(`(?:^|;\\s*)${XSRF_COOKIE}=([^;]*)`).exec(document.cookie);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** Aborts when any of the signals does (AbortSignal.any where the browser has it: Chrome 116, Safari 17.4). */
function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

function bodyOf(data: unknown): { body: ApiRequest['data']; json: boolean } {
  if (data === undefined || data === null) return { body: undefined, json: false };
  if (data instanceof FormData || data instanceof Blob || data instanceof URLSearchParams) return { body: data, json: false };
  return { body: typeof data === 'string' ? data : JSON.stringify(data), json: true };
}

/** The answer's body: parsed JSON when the server says JSON, else text; a Blob for a successful blob request. */
async function readBody(response: RawResponse, asBlob: boolean): Promise<unknown> {
  if (asBlob) return response.blob();
  const text = await response.text();
  if (!/[/+]json\b/i.test(response.headers.get('Content-Type') ?? '')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One call, with no session handling: headers, body, timeout, transport, answer or error. */
async function send<T>(config: ApiRequestConfig): Promise<ApiResponse<T>> {
  const headers = new Headers(api.defaults.headers);
  for (const [name, value] of Object.entries(config.headers ?? {})) headers.set(name, value);
  const { body, json } = bodyOf(config.data);
  // No JSON body, no JSON Content-Type: Fastify refuses an empty body announced as JSON, and for FormData the
  // browser writes the Content-Type itself, with its multipart boundary.
  if (!json) headers.delete('Content-Type');
  else if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  const token = getToken();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  const xsrf = xsrfToken();
  if (xsrf) headers.set(XSRF_HEADER, xsrf);

  const timeout = config.timeout ?? api.defaults.timeout;
  const timeoutSignal = AbortSignal.timeout(timeout);
  const request: ApiRequest = {
    method: (config.method ?? 'GET').toUpperCase(),
    url: config.url ?? '',
    headers,
    data: body,
    signal: config.signal ? anySignal([config.signal, timeoutSignal]) : timeoutSignal,
    credentials: 'include',
    timeout,
    responseType: config.responseType ?? 'json',
  };

  let response: RawResponse;
  let data: unknown;
  try {
    response = await api.defaults.transport(request);
    const ok = response.status >= 200 && response.status < 300;
    data = await readBody(response, ok && request.responseType === 'blob');
  } catch (cause) {
    if (timeoutSignal.aborted) throw new ApiError(`timeout of ${timeout}ms exceeded`, 'ETIMEDOUT', request, undefined, { cause });
    if (request.signal.aborted) throw new ApiError('canceled', 'ERR_CANCELED', request, undefined, { cause });
    throw new ApiError(cause instanceof Error ? cause.message : 'Network Error', 'ERR_NETWORK', request, undefined, { cause });
  }
  const { status } = response;
  if (status >= 200 && status < 300) return { data: data as T, status, headers: response.headers };
  throw new ApiError(`Request failed with status code ${status}`, status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST', request, {
    status,
    data,
    headers: response.headers,
  });
}

/** A call with the session's rules: on a refused token, refresh once and replay (`recover`). */
async function request<T = unknown>(config: ApiRequestConfig): Promise<ApiResponse<T>> {
  try {
    return await send<T>(config);
  } catch (error) {
    return recover<T>(error, config);
  }
}

/**
 * The API client (spec point 7), over fetch: same origin, with credentials, JSON, 120 s timeout, bearer token
 * from localStorage, anti-forgery cookie XSRF-TOKEN echoed in X-XSRF-TOKEN on every call. Answers are
 * `{ data, status, headers }`; a failed call rejects with an `ApiError` (lib/erros.ts), with `response` when the
 * server answered. `defaults.transport` is the network, which the unit tests replace.
 */
export const api = {
  defaults: {
    transport: fetchTransport,
    timeout: 120_000,
    headers: { Accept: 'application/json' } as Record<string, string>,
  },
  request,
  get: <T = unknown>(url: string, config?: ApiRequestConfig) => request<T>({ ...config, method: 'GET', url }),
  delete: <T = unknown>(url: string, config?: ApiRequestConfig) => request<T>({ ...config, method: 'DELETE', url }),
  post: <T = unknown>(url: string, data?: unknown, config?: ApiRequestConfig) => request<T>({ ...config, method: 'POST', url, data }),
  put: <T = unknown>(url: string, data?: unknown, config?: ApiRequestConfig) => request<T>({ ...config, method: 'PUT', url, data }),
  patch: <T = unknown>(url: string, data?: unknown, config?: ApiRequestConfig) => request<T>({ ...config, method: 'PATCH', url, data }),
};

function bearerOf(request: ApiRequest): string | null {
  const header = request.headers.get('Authorization');
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
}

/**
 * Session lost (it expired, or was closed elsewhere): remove the token and session values; erase what the phone
 * keeps of the fisher that does not wait for the RGP (decision 0069: what waits stays, until it expires, for the
 * fisher's next sign-in); leave for the public root with a full page load.
 */
async function endSession(): Promise<void> {
  const dono = getSession()?.idCelular;
  clearSession();
  if (dono) await apagarOQueNaoEspera(dono);
  navigation.assign('/');
}

/** The phone's erasure at the session's end, loaded only then; a phone that does not answer never holds the page. */
function apagarOQueNaoEspera(dono: string): Promise<void> {
  const apagar = import('../offline/neste-celular').then((m) => m.apagarOQueNaoEspera(dono)).catch(() => undefined);
  return Promise.race([apagar, new Promise<void>((resolve) => setTimeout(resolve, 3000))]);
}

let refreshing: Promise<string> | null = null;
/** Set once a request found the staff user outside their access window: the page is being left. */
let saindoForaDaJanela = false;

/**
 * Refreshes the token once for all concurrent callers: while a refresh is under way, every failing request
 * waits for the same promise (the queue) and is replayed with the new token when it resolves. If the refresh
 * fails, the session ends once and every waiting request fails with its own error.
 */
function refreshToken(): Promise<string> {
  // Read without zod and with nothing to fetch first (src/shared/renovacao.ts, decision 0065): a tab left open across
  // a release still refreshes.
  refreshing ??= request<unknown>({ method: 'POST', url: CAMINHO_RENOVAR_SESSAO, data: {}, skipAuthRefresh: true })
    .then(({ data }) => {
      const lida = lerRenovacao(data);
      if (!lida) throw new Error(`POST ${CAMINHO_RENOVAR_SESSAO}: resposta fora do contrato`);
      return lida;
    })
    .then(({ dados: { token } }) => {
      updateToken(token);
      return token;
    })
    .catch(async (error: unknown) => {
      await endSession();
      throw error;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * A failed call under the session's rules: a staff user outside their access window leaves; a 401 ends the
 * session, except an expired token, which is refreshed once (for all waiting calls) and the call replayed.
 */
async function recover<T>(error: unknown, config: ApiRequestConfig): Promise<ApiResponse<T>> {
  // Errors without a response (network, timeout, cancellation) are rethrown untouched.
  if (!isApiError(error) || !error.response) throw error;
  const { response } = error;
  // A staff user blocked, demoted out of their validity or outside their hours since the last click: the server
  // refuses every request now, so the session ends at once, with the server's reason shown on the public page.
  if (response.status === 403 && !config.skipAuthRefresh && codigoErroOf(error) === CodigoErro.FORA_DO_HORARIO) {
    if (!saindoForaDaJanela) {
      saindoForaDaJanela = true;
      queueToast('error', mensagemDeErro(response.data, 'Seu acesso não está permitido agora.'));
      // The stored session goes without telling the screens: told, they would route to '/' at once and show the
      // queued message on the page being left. The full page load starts clean and shows it.
      clearStoredSession();
      navigation.assign('/');
    }
    throw error;
  }
  if (response.status !== 401 || config.skipAuthRefresh) throw error;

  if (codigoErroOf(error) !== CodigoErro.TOKEN_EXPIRADO || config.retried) {
    await endSession();
    throw error;
  }

  let token: string;
  const current = getToken();
  const sent = bearerOf(error.config);
  if (current && sent && current !== sent && !refreshing) {
    // The token was already refreshed after this request left: replay without refreshing again.
    token = current;
  } else {
    try {
      token = await refreshToken();
    } catch {
      throw error;
    }
  }
  return request<T>({ ...config, retried: true, headers: { ...config.headers, Authorization: `Bearer ${token}` } });
}

/**
 * The message to show for a failed call (spec point 8): the server's `mensagem`, else the first of `erros`,
 * else the fallback.
 */
export function mensagemErro(error: unknown, fallback: string): string {
  if (isApiError(error)) return mensagemDeErro(error.response?.data, fallback);
  return fallback;
}

export { ApiError, ERRO_DESCONHECIDO, isApiError, statusOf, type ApiErrorCode, type ApiErrorResponse } from './erros';

/** The machine-readable code of a failed call (src/shared/codigos-erro.ts), if the server named one in its body. */
function codigoErroOf(error: unknown): string | undefined {
  const corpo: unknown = isApiError(error) ? error.response?.data : undefined;
  const codigo = corpo !== null && typeof corpo === 'object' ? (corpo as { codigoErro?: unknown }).codigoErro : undefined;
  return typeof codigo === 'string' ? codigo : undefined;
}
