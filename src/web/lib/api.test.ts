import { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodigoErro } from '../../shared/codigos-erro';
import { deferred, fail, installMockHttp, networkError, ok, type MockHttp, type MockReply } from '../test/http';
import { makeToken } from '../test/tokens';
import { api, mensagemErro, REFRESH_PATH } from './api';
import { setNavigation } from './navigation';
import { getFoto, getToken, setFoto, setToken } from './storage';

const bearer = (config: InternalAxiosRequestConfig) => AxiosHeaders.from(config.headers).get('Authorization');
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

describe('api client configuration', () => {
  it('calls the same origin with credentials, JSON, 120 s timeout, anti-forgery names and the bearer token', async () => {
    setToken('token-atual');
    http.get('/api/ping', ok({ pong: true }));

    const response = await api.get('/api/ping');

    expect(response.data.dados).toEqual({ pong: true });
    const [call] = http.calls;
    expect(call?.authorization).toBe('Bearer token-atual');
    expect(call?.config.baseURL).toBe('');
    expect(call?.config.withCredentials).toBe(true);
    expect(call?.config.timeout).toBe(120000);
    expect(call?.config.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(call?.config.xsrfHeaderName).toBe('X-XSRF-TOKEN');
    expect(AxiosHeaders.from(call?.config.headers).get('Accept')).toBe('application/json');
  });

  it('sends no Authorization header without a stored token', async () => {
    http.get('/api/publico', ok({}));
    await api.get('/api/publico');
    expect(http.calls[0]?.authorization).toBeNull();
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

    expect(results.map((r) => r.data.dados.url)).toEqual(['/api/a', '/api/b', '/api/c']);
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
    expect(results.map((r) => (r.status === 'rejected' ? r.reason.response.status : 0))).toEqual([401, 401]);
    expect(http.callsTo(REFRESH_PATH)).toHaveLength(1);
    expect(getToken()).toBeNull();
    expect(getFoto()).toBeNull();
    expect(assign).toHaveBeenCalledTimes(1);
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

  it('errors without a response are rethrown untouched, and the session is kept', async () => {
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
