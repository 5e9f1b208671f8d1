import { CodigoErro } from '../../shared/codigos-erro';
import { mensagemDeErro } from '../../shared/envelope';
import { CAMINHO_RENOVAR_SESSAO, lerRenovacao } from '../../shared/renovacao';
import { ApiError, isApiError } from './erros';
import { navigation } from './navigation';
import { clearSession, getSession, updateToken } from './session';
import { clearStoredSession, getToken } from './storage';
import { queueToast } from './toast';

export interface ApiRequestConfig {
  method?: string;
  url?: string;
  /** A string goes as JSON text; FormData, Blob and URLSearchParams as they are. */
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A failed blob request is read as JSON or text all the same. */
  responseType?: 'json' | 'blob';
  /** 120 s by default (spec point 7). */
  timeout?: number;
  /** Auth endpoints handle their own 401s. */
  skipAuthRefresh?: boolean;
  /** A replayed request is never refreshed twice. */
  retried?: boolean;
}

export interface ApiRequest {
  method: string;
  url: string;
  headers: Headers;
  data: string | FormData | Blob | URLSearchParams | undefined;
  signal: AbortSignal;
  credentials: RequestCredentials;
  timeout: number;
  responseType: 'json' | 'blob';
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text(): Promise<string>;
  blob(): Promise<Blob>;
}

/** The unit tests put a fake in fetch's place. */
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

function xsrfToken(): string | null {
  const match = new RegExp(`(?:^|;\\s*)${XSRF_COOKIE}=([^;]*)`).exec(document.cookie);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** AbortSignal.any where the browser has it (Chrome 116, Safari 17.4). */
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

async function send<T>(config: ApiRequestConfig): Promise<ApiResponse<T>> {
  const headers = new Headers(api.defaults.headers);
  for (const [name, value] of Object.entries(config.headers ?? {})) headers.set(name, value);
  const { body, json } = bodyOf(config.data);
  // Fastify refuses an empty body announced as JSON, and for FormData the browser writes the multipart boundary.
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

async function request<T = unknown>(config: ApiRequestConfig): Promise<ApiResponse<T>> {
  try {
    return await send<T>(config);
  } catch (error) {
    return recover<T>(error, config);
  }
}

/** Bearer token, the XSRF-TOKEN cookie echoed in X-XSRF-TOKEN, a 120 s timeout (spec point 7). */
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

/** What waits for the RGP stays on the phone for the next sign-in (docs/decisions/0069); a full page load follows. */
async function endSession(): Promise<void> {
  const dono = getSession()?.idCelular;
  clearSession();
  if (dono) await apagarOQueNaoEspera(dono);
  navigation.assign('/');
}

/** Loaded only then; a phone that does not answer never holds the page. */
function apagarOQueNaoEspera(dono: string): Promise<void> {
  const apagar = import('../offline/neste-celular').then((m) => m.apagarOQueNaoEspera(dono)).catch(() => undefined);
  return Promise.race([apagar, new Promise<void>((resolve) => setTimeout(resolve, 3000))]);
}

let refreshing: Promise<string> | null = null;
let saindoForaDaJanela = false;

/** Once for all concurrent callers; if it fails, the session ends once. */
function refreshToken(): Promise<string> {
  // Read without zod and with nothing to fetch first (docs/decisions/0065): a tab left open across a release still
  // refreshes.
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

async function recover<T>(error: unknown, config: ApiRequestConfig): Promise<ApiResponse<T>> {
  if (!isApiError(error) || !error.response) throw error;
  const { response } = error;
  // The server refuses every request of a staff user now outside their window: the session ends, with its reason.
  if (response.status === 403 && !config.skipAuthRefresh && codigoErroOf(error) === CodigoErro.FORA_DO_HORARIO) {
    if (!saindoForaDaJanela) {
      saindoForaDaJanela = true;
      queueToast('error', mensagemDeErro(response.data, 'Seu acesso não está permitido agora.'));
      // Told, the screens would route to '/' at once and show the message on the page being left.
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

/** `mensagem`, else the first of `erros`, else the fallback (spec point 8). */
export function mensagemErro(error: unknown, fallback: string): string {
  if (isApiError(error)) return mensagemDeErro(error.response?.data, fallback);
  return fallback;
}

export { ApiError, ERRO_DESCONHECIDO, isApiError, statusOf, type ApiErrorCode, type ApiErrorResponse } from './erros';

function codigoErroOf(error: unknown): string | undefined {
  const corpo: unknown = isApiError(error) ? error.response?.data : undefined;
  const codigo = corpo !== null && typeof corpo === 'object' ? (corpo as { codigoErro?: unknown }).codigoErro : undefined;
  return typeof codigo === 'string' ? codigo : undefined;
}
