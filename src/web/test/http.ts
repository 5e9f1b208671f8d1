import { api, type ApiRequest, type RawResponse, type Transport } from '../lib/api';

/**
 * A fake network at the API client's transport: the client's own encoding, parsing, errors and session handling run,
 * and only the network is replaced. Like fetch, a call fails when its signal aborts.
 */
export interface MockReply {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (config: ApiRequest) => MockReply | Promise<MockReply>;

interface Route {
  method: string;
  path: string | RegExp;
  handler: Handler;
}

export interface RecordedCall {
  method: string;
  url: string;
  authorization: string | null;
  /** The body: JSON parsed back, else as sent (FormData). */
  data: unknown;
  config: ApiRequest;
}

function rawResponse({ status, data, headers: extra }: MockReply): RawResponse {
  const headers = new Headers(extra);
  let body: string | Blob = '';
  if (data instanceof Blob) body = data;
  else if (typeof data === 'string') body = data;
  else if (data !== undefined) body = JSON.stringify(data);
  if (!headers.has('Content-Type') && data !== undefined) {
    const type = data instanceof Blob ? data.type : typeof data === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
    if (type) headers.set('Content-Type', type);
  }
  return {
    status,
    headers,
    text: async () => (typeof body === 'string' ? body : body.text()),
    blob: async () => (typeof body === 'string' ? new Blob([body], { type: headers.get('Content-Type') ?? '' }) : body),
  };
}

function replyOf(handler: Handler, config: ApiRequest): Promise<MockReply> {
  const { signal } = config;
  return new Promise<MockReply>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    void (async () => handler(config))()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', abort));
  });
}

export function createMockHttp() {
  const routes: Route[] = [];
  const calls: RecordedCall[] = [];

  const transport: Transport = async (config) => {
    const { method, url } = config;
    calls.push({
      method,
      url,
      authorization: config.headers.get('Authorization'),
      data: typeof config.data === 'string' ? safeJson(config.data) : config.data,
      config,
    });
    const route = routes.find(
      (r) => r.method === method && (typeof r.path === 'string' ? r.path === url : r.path.test(url)),
    );
    if (!route) throw new Error(`Sem resposta simulada para ${method} ${url}`);
    return rawResponse(await replyOf(route.handler, config));
  };

  const on = (method: string) => (path: string | RegExp, handler: Handler | MockReply) => {
    routes.unshift({ method, path, handler: typeof handler === 'function' ? handler : () => handler });
  };

  return {
    transport,
    calls,
    get: on('GET'),
    post: on('POST'),
    put: on('PUT'),
    patch: on('PATCH'),
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

export function installMockHttp(): MockHttp & { restore: () => void } {
  const mock = createMockHttp();
  const previous = api.defaults.transport;
  api.defaults.transport = mock.transport;
  return { ...mock, restore: () => void (api.defaults.transport = previous) };
}

/** The spec's envelope. */
export function ok<T>(dados: T, codigo = 200): MockReply {
  return { status: codigo, data: { codigo, mensagem: 'OK', dados } };
}

export function fail(status: number, mensagem: string, extra: Record<string, unknown> = {}): MockReply {
  return { status, data: { codigo: status, mensagem, erros: [], ...extra } };
}

/** The client rejects with code 'ERR_NETWORK'. */
export function networkError(config: ApiRequest): never {
  throw new TypeError(`Failed to fetch ${config.url}`);
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
