import axios, { type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import { CodigoErro } from '../../shared/codigos-erro';
import { envelopeOf, erroEnvelope, mensagemDeErro, type Envelope } from '../../shared/envelope';
import { refreshResposta } from '../../shared/schemas/auth';
import { documentosResposta, type Documento } from '../../shared/schemas/documento';
import { navigation } from './navigation';
import { clearSession, updateToken } from './session';
import { clearStoredSession, getToken } from './storage';
import { queueToast } from './toast';

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
/** Set once a request found the staff user outside their access window: the page is being left. */
let saindoForaDaJanela = false;

/**
 * Refreshes the token once for all concurrent callers: while a refresh is under way, every failing request
 * waits for the same promise (the queue) and is replayed with the new token when it resolves. If the refresh
 * fails, the session ends once and every waiting request fails with its own error.
 */
function refreshToken(): Promise<string> {
  refreshing ??= postEnvelope(REFRESH_PATH, {}, refreshResposta, { skipAuthRefresh: true })
    .then(({ dados: { token } }) => {
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

export { ERRO_DESCONHECIDO, statusOf } from './erros';

const codigoDoErro = erroEnvelope.pick({ codigoErro: true });

/** The machine-readable code of a failed call (src/shared/codigos-erro.ts), if the server named one. */
function codigoErroOf(error: unknown): string | undefined {
  if (!axios.isAxiosError(error)) return undefined;
  const lido = codigoDoErro.safeParse(error.response?.data);
  return lido.success ? lido.data.codigoErro : undefined;
}

/**
 * An answer of the API read with the shared schema of its `dados` (src/shared/schemas, the same the server
 * answers with): the whole envelope is checked, and a shape the contract does not allow is an error.
 */
export function readEnvelope<T extends z.ZodType>(dados: T, corpo: unknown): Envelope<z.output<T>> {
  return envelopeOf(dados).parse(corpo) as Envelope<z.output<T>>;
}

/** GET: the envelope's `dados`, checked with the shared schema. */
export async function getDados<T extends z.ZodType>(url: string, dados: T, config?: AxiosRequestConfig): Promise<z.output<T>> {
  const { data } = await api.get<unknown>(url, config);
  return readEnvelope(dados, data).dados;
}

/** Any call answering the envelope: checked with the shared schema of its `dados`. */
async function requestEnvelope<T extends z.ZodType>(config: AxiosRequestConfig, dados: T): Promise<Envelope<z.output<T>>> {
  const { data } = await api.request<unknown>(config);
  return readEnvelope(dados, data);
}

/** POST: the envelope, checked with the shared schema of its `dados`. */
export function postEnvelope<T extends z.ZodType>(url: string, corpo: unknown, dados: T, config?: AxiosRequestConfig) {
  return requestEnvelope({ ...config, method: 'post', url, data: corpo }, dados);
}

/** PUT: the envelope, checked with the shared schema of its `dados`. */
export function putEnvelope<T extends z.ZodType>(url: string, corpo: unknown, dados: T) {
  return requestEnvelope({ method: 'put', url, data: corpo }, dados);
}

/**
 * POST multipart of one file (`arquivos`) and its text fields, to the documents API (POST /api/documentos and
 * /api/documentos/parecer): the stored document, `dados.documentos[0]`.
 */
export async function postDocumento(url: string, campos: Record<string, string | number>, arquivo: File): Promise<Documento> {
  const form = new FormData();
  for (const [campo, valor] of Object.entries(campos)) form.append(campo, String(valor));
  form.append('arquivos', arquivo, arquivo.name);
  // multipart: axios drops this header for FormData so the browser writes it with the boundary.
  const { dados } = await postEnvelope(url, form, documentosResposta, { headers: { 'Content-Type': 'multipart/form-data' } });
  const documento = dados.documentos[0];
  if (!documento) throw new Error('Resposta sem documento');
  return documento;
}

/** PATCH: the envelope, checked with the shared schema of its `dados`. */
export function patchEnvelope<T extends z.ZodType>(url: string, corpo: unknown, dados: T) {
  return requestEnvelope({ method: 'patch', url, data: corpo }, dados);
}

/** DELETE answering the envelope (not the 204 ones): checked with the shared schema of its `dados`. */
export function deleteEnvelope<T extends z.ZodType>(url: string, dados: T) {
  return requestEnvelope({ method: 'delete', url }, dados);
}
