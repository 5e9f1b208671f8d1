import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodigoErro } from '../../shared/codigos-erro';
import { deferred, fail, installMockHttp, networkError, ok, type MockHttp, type MockReply } from '../test/http';
import { makeToken } from '../test/tokens';
import { CAMINHO_RENOVAR_SESSAO } from '../../shared/renovacao';
import { api, ApiError, fetchTransport, mensagemErro, statusOf, type ApiRequest } from './api';
import { setNavigation } from './navigation';
import { getFoto, getToken, setFoto, setToken } from './storage';

const REFRESH_PATH = CAMINHO_RENOVAR_SESSAO;
const bearer = (config: ApiRequest) => config.headers.get('Authorization');
const expired = () => fail(401, 'Token expirado', { codigoErro: CodigoErro.TOKEN_EXPIRADO });

let http: MockHttp & { restore: () => void };
let assign: ReturnType<typeof vi.fn<(url: string) => void>>;
let restoreNavigation: () => void;

beforeEach(() => {
  http = installMockHttp();
  assign = vi.fn<(url: string) => void>();
  restoreNavigation = setNavigation({ assign, route: vi.fn() });
});

afterEach(() => {
  http.restore();
  restoreNavigation();
});

/** The envelope's dados of an answer (the client leaves answers untyped). */
const dadosOf = (response: { data: unknown }) => (response.data as { dados: unknown }).dados;

describe('api client configuration', () => {
  it('calls the same origin with credentials, JSON, 120 s timeout and the bearer token', async () => {
    setToken('token-atual');
    http.get('/api/ping', ok({ pong: true }));

    const response = await api.get('/api/ping');

    expect(response.status).toBe(200);
    expect(dadosOf(response)).toEqual({ pong: true });
    const [call] = http.calls;
    expect(call?.url).toBe('/api/ping');
    expect(call?.authorization).toBe('Bearer token-atual');
    expect(call?.config.credentials).toBe('include');
    expect(call?.config.timeout).toBe(120000);
    expect(call?.config.headers.get('Accept')).toBe('application/json');
    // No body, no Content-Type (Fastify refuses an empty body announced as JSON).
    expect(call?.config.headers.has('Content-Type')).toBe(false);
    expect(call?.config.data).toBeUndefined();
  });

  it('sends no Authorization header without a stored token', async () => {
    http.get('/api/publico', ok({}));
    await api.get('/api/publico');
    expect(http.calls[0]?.authorization).toBeNull();
  });

  it('echoes the anti-forgery cookie XSRF-TOKEN in X-XSRF-TOKEN on every call', async () => {
    document.cookie = 'outro=1';
    document.cookie = 'XSRF-TOKEN=abc%2B123';
    try {
      http.get('/api/a', ok({}));
      http.post('/api/b', ok({}));
      await api.get('/api/a');
      await api.post('/api/b', { x: 1 });
      expect(http.calls.map((c) => c.config.headers.get('X-XSRF-TOKEN'))).toEqual(['abc+123', 'abc+123']);
    } finally {
      document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
    http.get('/api/c', ok({}));
    await api.get('/api/c');
    expect(http.callsTo('/api/c')[0]?.config.headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('sends an object as JSON text with its Content-Type, and lets a caller add headers', async () => {
    http.put('/api/x', ok({}));
    await api.put('/api/x', { nome: 'Ana', itens: [1] }, { headers: { 'x-hcaptcha-token': 'prova' } });

    const [call] = http.calls;
    expect(call?.config.data).toBe('{"nome":"Ana","itens":[1]}');
    expect(call?.data).toEqual({ nome: 'Ana', itens: [1] });
    expect(call?.config.headers.get('Content-Type')).toBe('application/json');
    expect(call?.config.headers.get('x-hcaptcha-token')).toBe('prova');
  });

  it('sends FormData as it is, without Content-Type, so that the browser writes the multipart boundary', async () => {
    http.post('/api/upload', ok({}));
    const form = new FormData();
    form.append('campo', 'valor');

    await api.post('/api/upload', form, { headers: { 'Content-Type': 'multipart/form-data' } });

    expect(http.calls[0]?.config.data).toBe(form);
    expect(http.calls[0]?.config.headers.has('Content-Type')).toBe(false);
  });

  it('reads a JSON answer as JSON and any other as text; a 204 as empty text', async () => {
    http.get('/api/texto', { status: 200, data: 'linha;outra' });
    http.delete('/api/doc/1', { status: 204 });
    await expect(api.get('/api/texto')).resolves.toMatchObject({ data: 'linha;outra' });
    await expect(api.delete('/api/doc/1')).resolves.toMatchObject({ status: 204, data: '' });
  });

  it("responseType 'blob': a successful answer is a Blob; a failed one is still read as the JSON envelope", async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    http.get('/api/pdf', { status: 200, data: pdf });
    http.get('/api/pdf-falha', fail(406, 'Registro inativo'));

    const { data } = await api.get<Blob>('/api/pdf', { responseType: 'blob' });
    expect(data).toBeInstanceOf(Blob);
    expect(data.type).toBe('application/pdf');
    expect(await data.text()).toBe('%PDF-1.7');
    expect(http.calls[0]?.config.responseType).toBe('blob');

    const error = await api.get('/api/pdf-falha', { responseType: 'blob' }).catch((e: unknown) => e);
    expect(statusOf(error)).toBe(406);
    expect(mensagemErro(error, 'x')).toBe('Registro inativo');
  });
});

describe('failures without an answer', () => {
  it('a network failure rejects with an ApiError of code ERR_NETWORK and no response', async () => {
    http.get('/api/a', (config) => networkError(config));
    const error = await api.get('/api/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'ERR_NETWORK', response: undefined });
    expect(statusOf(error)).toBeUndefined();
  });

  it('the timeout aborts the call: code ETIMEDOUT', async () => {
    http.get('/api/lenta', () => deferred<MockReply>().promise);
    await expect(api.get('/api/lenta', { timeout: 20 })).rejects.toMatchObject({ code: 'ETIMEDOUT', response: undefined });
    expect(http.calls[0]?.config.signal.aborted).toBe(true);
  });

  it("the caller's signal aborts the call: code ERR_CANCELED", async () => {
    http.get('/api/lenta', () => deferred<MockReply>().promise);
    const controller = new AbortController();
    const pendente = api.get('/api/lenta', { signal: controller.signal });
    await vi.waitFor(() => expect(http.calls).toHaveLength(1));
    controller.abort();
    await expect(pendente).rejects.toMatchObject({ code: 'ERR_CANCELED' });
  });
});

describe('fetch transport', () => {
  it('calls fetch with the method, headers, body, signal and credentials, and reads its Response', async () => {
    const fetchFalso = vi.fn<typeof fetch>(async () =>
      new Response(JSON.stringify({ codigo: 200, mensagem: 'OK', dados: { id: 1 } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      }),
    );
    vi.stubGlobal('fetch', fetchFalso);
    api.defaults.transport = fetchTransport;
    setToken('token-atual');
    try {
      const response = await api.post('/api/itens', { nome: 'x' });

      expect(dadosOf(response)).toEqual({ id: 1 });
      const [url, init] = fetchFalso.mock.calls[0] ?? [];
      expect(url).toBe('/api/itens');
      expect(init).toMatchObject({ method: 'POST', body: '{"nome":"x"}', credentials: 'include' });
      expect(init?.signal).toBeInstanceOf(AbortSignal);
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-atual');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a fetch that rejects (no network) is ERR_NETWORK', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))));
    api.defaults.transport = fetchTransport;
    try {
      await expect(api.get('/api/a')).rejects.toMatchObject({ code: 'ERR_NETWORK', message: 'Failed to fetch' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('401 with codigoErro TOKEN_EXPIRADO: refresh once and replay', () => {
  it('queues concurrent failing requests behind one refresh and replays them with the new token', async () => {
    const antigo = makeToken({ sid: 'antigo' });
    const novo = makeToken({ sid: 'novo' });
    setToken(antigo);
    const refresh = deferred<MockReply>();
    http.get(/^\/api\/(a|b|c)$/, (config) =>
      bearer(config) === `Bearer ${novo}` ? ok({ url: config.url }) : expired(),
    );
    http.post(REFRESH_PATH, () => refresh.promise);

    const all = Promise.all([api.get('/api/a'), api.get('/api/b'), api.get('/api/c')]);

    // All three fail while the single refresh is still pending: they wait in the queue.
    await vi.waitFor(() => {
      expect(http.calls.filter((c) => c.url !== REFRESH_PATH)).toHaveLength(3);
      expect(http.callsTo(REFRESH_PATH)).toHaveLength(1);
    });
    refresh.resolve(ok({ token: novo }));
    const results = await all;

    expect(results.map((r) => (dadosOf(r) as { url: string }).url)).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(http.callsTo(REFRESH_PATH)).toHaveLength(1);
    expect(http.callsTo(REFRESH_PATH)[0]?.authorization).toBe(`Bearer ${antigo}`);
    for (const path of ['/api/a', '/api/b', '/api/c']) {
      expect(http.callsTo(path).map((c) => c.authorization)).toEqual([`Bearer ${antigo}`, `Bearer ${novo}`]);
    }
    expect(getToken()).toBe(novo);
    expect(assign).not.toHaveBeenCalled();
  });

  it('replays without a second refresh a request that fails after the token was already refreshed', async () => {
    const antigo = makeToken({ sid: 'antigo' });
    const novo = makeToken({ sid: 'novo' });
    setToken(antigo);
    const lenta = deferred<MockReply>();
    http.get('/api/rapida', (config) => (bearer(config) === `Bearer ${novo}` ? ok('rapida') : expired()));
    http.get('/api/lenta', (config) => (bearer(config) === `Bearer ${novo}` ? ok('lenta') : lenta.promise));
    http.post(REFRESH_PATH, ok({ token: novo }));

    const pendente = api.get('/api/lenta');
    await expect(api.get('/api/rapida')).resolves.toMatchObject({ data: { dados: 'rapida' } });
    lenta.resolve(expired());

    await expect(pendente).resolves.toMatchObject({ data: { dados: 'lenta' } });
    expect(http.callsTo(REFRESH_PATH)).toHaveLength(1);
  });

  it('when the refresh fails: removes the token and session values, goes to / once, and fails every queued request', async () => {
    setToken(makeToken());
    setFoto('Zm90bw==');
    http.get(/^\/api\/(a|b)$/, expired());
    http.post(REFRESH_PATH, fail(401, 'Sessão encerrada', { codigoErro: CodigoErro.NAO_AUTENTICADO }));

    const results = await Promise.allSettled([api.get('/api/a'), api.get('/api/b')]);

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(results.map((r) => (r.status === 'rejected' ? statusOf(r.reason) : 0))).toEqual([401, 401]);
    expect(http.callsTo(REFRESH_PATH)).toHaveLength(1);
    expect(getToken()).toBeNull();
    expect(getFoto()).toBeNull();
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('when the refresh answers outside its contract (read without zod): the session ends as for a refused refresh', async () => {
    setToken(makeToken());
    http.get('/api/a', expired());
    http.post(REFRESH_PATH, ok({ outro: 'campo' }));

    await expect(api.get('/api/a')).rejects.toSatisfy((e) => statusOf(e) === 401);
    expect(http.callsTo(REFRESH_PATH)).toHaveLength(1);
    expect(getToken()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('a replayed request that is refused again is not refreshed twice: token removed, user sent to /', async () => {
    setToken(makeToken({ sid: 'antigo' }));
    http.get('/api/a', expired());
    http.post(REFRESH_PATH, ok({ token: makeToken({ sid: 'novo' }) }));

    await expect(api.get('/api/a')).rejects.toMatchObject({ response: { status: 401 } });

    expect(http.callsTo('/api/a')).toHaveLength(2);
    expect(http.callsTo(REFRESH_PATH)).toHaveLength(1);
    expect(getToken()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });
});

describe('other failures', () => {
  it('401 not expired: removes the token and sends the user to / without refreshing', async () => {
    setToken(makeToken());
    http.get('/api/a', fail(401, 'Não autorizado', { codigoErro: CodigoErro.NAO_AUTENTICADO }));

    await expect(api.get('/api/a')).rejects.toMatchObject({ response: { status: 401 } });

    expect(http.callsTo(REFRESH_PATH)).toHaveLength(0);
    expect(getToken()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('errors without a response are rethrown, and the session is kept', async () => {
    const token = makeToken();
    setToken(token);
    http.get('/api/a', (config) => networkError(config));

    await expect(api.get('/api/a')).rejects.toMatchObject({ code: 'ERR_NETWORK' });

    expect(getToken()).toBe(token);
    expect(assign).not.toHaveBeenCalled();
  });

  it('other statuses are rethrown and keep the session', async () => {
    const token = makeToken();
    setToken(token);
    http.get('/api/a', fail(403, 'Sem permissão'));

    await expect(api.get('/api/a')).rejects.toMatchObject({ response: { status: 403 } });

    expect(getToken()).toBe(token);
    expect(assign).not.toHaveBeenCalled();
  });

  it('skipAuthRefresh leaves a 401 to the caller', async () => {
    const token = makeToken();
    setToken(token);
    http.post('/api/auth/login', fail(401, 'Código inválido'));

    await expect(api.post('/api/auth/login', {}, { skipAuthRefresh: true })).rejects.toMatchObject({
      response: { status: 401 },
    });

    expect(getToken()).toBe(token);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('mensagemErro', () => {
  it('reads mensagem, else the first of erros, else the fallback', async () => {
    http.get('/api/m', { status: 400, data: { codigo: 400, mensagem: 'CPF inválido', erros: ['outro'] } });
    http.get('/api/e', { status: 422, data: { codigo: 422, mensagem: '', erros: ['Campo obrigatório', 'x'] } });
    http.get('/api/v', { status: 500, data: 'Internal Server Error' });
    http.get('/api/n', (config) => networkError(config));

    const errorOf = (url: string) => api.get(url).catch((e: unknown) => e);

    expect(mensagemErro(await errorOf('/api/m'), 'Erro ao salvar os dados.')).toBe('CPF inválido');
    expect(mensagemErro(await errorOf('/api/e'), 'Erro ao salvar os dados.')).toBe('Campo obrigatório');
    expect(mensagemErro(await errorOf('/api/v'), 'Erro ao salvar os dados.')).toBe('Erro ao salvar os dados.');
    expect(mensagemErro(await errorOf('/api/n'), 'Erro ao salvar os dados.')).toBe('Erro ao salvar os dados.');
    expect(mensagemErro(new Error('boom'), 'Erro desconhecido, tente novamente mais tarde')).toBe(
      'Erro desconhecido, tente novamente mais tarde',
    );
  });
});
