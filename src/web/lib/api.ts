import axios, { type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { mensagemDeErro, type Envelope } from '../../shared/envelope';
import { refreshResposta } from '../../shared/schemas/auth';
import { navigation } from './navigation';
import { clearSession, updateToken } from './session';
import { getToken } from './storage';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The 401 handling (refresh, sign-out) does not apply: auth endpoints handle their own errors. */
    skipAuthRefresh?: boolean;
    /** Set on a request replayed after a token refresh, so that it is never refreshed twice. */
    retried?: boolean;
  }
}

export const REFRESH_PATH = '/api/auth/refresh';

/**
 * The API client (spec point 7): same origin, with credentials, JSON, 120 s timeout, bearer token from
 * localStorage, anti-forgery cookie XSRF-TOKEN echoed in X-XSRF-TOKEN.
 */
export const api = axios.create({
  baseURL: '',
  withCredentials: true,
  timeout: 120_000,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
});

api.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

function isExpired(data: unknown): boolean {
  if (!data || typeof data !== 'object') return false;
  const dados = (data as { dados?: unknown }).dados;
  return !!dados && typeof dados === 'object' && (dados as { expirado?: unknown }).expirado === true;
}

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const header = config.headers.get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
}

/** Session lost: remove the token and session values, leave for the public root with a full page load. */
function endSession(): void {
  clearSession();
  navigation.assign('/');
}

let refreshing: Promise<string> | null = null;

/**
 * Refreshes the token once for all concurrent callers: while a refresh is under way, every failing request
 * waits for the same promise (the queue) and is replayed with the new token when it resolves. If the refresh
 * fails, the session ends once and every waiting request fails with its own error.
 */
function refreshToken(): Promise<string> {
  refreshing ??= api
    .post<Envelope<unknown>>(REFRESH_PATH, {}, { skipAuthRefresh: true })
    .then((response) => {
      const { token } = refreshResposta.parse(response.data.dados);
      updateToken(token);
      return token;
    })
    .catch((error: unknown) => {
      endSession();
      throw error;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

async function onResponseError(error: unknown): Promise<AxiosResponse> {
  // Errors without a response (network, timeout, cancellation) are rethrown untouched.
  if (!axios.isAxiosError(error) || !error.response || !error.config) throw error;
  const { response, config } = error;
  if (response.status !== 401 || config.skipAuthRefresh) throw error;

  if (!isExpired(response.data) || config.retried) {
    endSession();
    throw error;
  }

  let token: string;
  const current = getToken();
  const sent = bearerOf(config);
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
  config.retried = true;
  config.headers.set('Authorization', `Bearer ${token}`);
  return api.request(config);
}

api.interceptors.response.use(undefined, onResponseError);

/**
 * The message to show for a failed call (spec point 8): the server's `mensagem`, else the first of `erros`,
 * else the fallback.
 */
export function mensagemErro(error: unknown, fallback: string): string {
  if (axios.isAxiosError(error)) return mensagemDeErro(error.response?.data, fallback);
  return fallback;
}

/** HTTP status of a failed call, if the server answered. */
export function statusOf(error: unknown): number | undefined {
  return axios.isAxiosError(error) ? error.response?.status : undefined;
}

/** GET returning the envelope's `dados`. */
export async function getDados<T>(url: string): Promise<T> {
  const response = await api.get<Envelope<T>>(url);
  return response.data.dados;
}
