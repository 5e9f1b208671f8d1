import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { api } from '../lib/api';

/**
 * A fake HTTP layer at the axios adapter level: the real interceptors, headers and error handling run, and
 * only the network is replaced. Handlers are matched by method and path (exact string or RegExp).
 */
export interface MockReply {
  status: number;
  data?: unknown;
}

export type Handler = (config: InternalAxiosRequestConfig) => MockReply | Promise<MockReply>;

interface Route {
  method: string;
  path: string | RegExp;
  handler: Handler;
}

export interface RecordedCall {
  method: string;
  url: string;
  authorization: string | null;
  data: unknown;
  config: InternalAxiosRequestConfig;
}

export function createMockHttp() {
  const routes: Route[] = [];
  const calls: RecordedCall[] = [];

  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const auth = AxiosHeaders.from(config.headers).get('Authorization');
    calls.push({
      method,
      url,
      authorization: typeof auth === 'string' ? auth : null,
      data: typeof config.data === 'string' ? safeJson(config.data) : config.data,
      config,
    });
    const route = routes.find(
      (r) => r.method === method && (typeof r.path === 'string' ? r.path === url : r.path.test(url)),
    );
    if (!route) throw new Error(`Sem resposta simulada para ${method} ${url}`);
    const reply = await route.handler(config);
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status,
      statusText: String(reply.status),
      headers: {},
      config,
      request: {},
    };
    const validate = config.validateStatus ?? ((s: number) => s >= 200 && s < 300);
    if (validate(reply.status)) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };

  const on = (method: string) => (path: string | RegExp, handler: Handler | MockReply) => {
    routes.unshift({ method, path, handler: typeof handler === 'function' ? handler : () => handler });
  };

  return {
    adapter,
    calls,
    get: on('GET'),
    post: on('POST'),
    put: on('PUT'),
    delete: on('DELETE'),
    callsTo: (path: string) => calls.filter((c) => c.url === path),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export type MockHttp = ReturnType<typeof createMockHttp>;

/** Installs a fresh mock on the application's axios instance; returns it and a restore function. */
export function installMockHttp(): MockHttp & { restore: () => void } {
  const mock = createMockHttp();
  const previous = api.defaults.adapter;
  api.defaults.adapter = mock.adapter;
  return { ...mock, restore: () => void (api.defaults.adapter = previous) };
}

/** The spec's envelope. */
export function ok<T>(dados: T, codigo = 200): MockReply {
  return { status: codigo, data: { codigo, mensagem: 'OK', dados } };
}

export function fail(status: number, mensagem: string, extra: Record<string, unknown> = {}): MockReply {
  return { status, data: { codigo: status, mensagem, erros: [], ...extra } };
}

/** A network failure (no response). */
export function networkError(config: InternalAxiosRequestConfig): never {
  throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
}

/** A promise resolved from outside, to hold an answer until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
