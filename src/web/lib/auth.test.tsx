import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../providers';
import { fail, installMockHttp, ok, type MockHttp } from '../test/http';
import { makeToken } from '../test/tokens';
import { completeLogin, generateLoginKey, logout, startLogin } from './auth';
import { setNavigation } from './navigation';
import { getSession } from './session';
import { STORAGE_KEYS, getChaveLogin, getFoto, getToken, setChaveLogin, setFoto, setToken } from './storage';

let http: MockHttp & { restore: () => void };
let assign: ReturnType<typeof vi.fn<(url: string) => void>>;
let route: ReturnType<typeof vi.fn<(path: string, options?: { replace?: boolean }) => void>>;
let restoreNavigation: () => void;

beforeEach(() => {
  http = installMockHttp();
  assign = vi.fn();
  route = vi.fn();
  restoreNavigation = setNavigation({ assign, route });
  // Toasts need a mounted container to be seen.
  render(<AppProviders>{null}</AppProviders>);
});

afterEach(() => {
  vi.useRealTimers();
  http.restore();
  restoreNavigation();
});

describe('startLogin', () => {
  it('generates a random 16-byte hex key', () => {
    const a = generateLoginKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(generateLoginKey()).not.toBe(a);
  });

  it('stores the key, asks the server for the GOV.BR link and goes there', async () => {
    http.get(/^\/api\/auth\/link\/[0-9a-f]{32}$/, ok({ url: 'https://sso.example/authorize?state=x' }));

    await startLogin();

    const chave = getChaveLogin();
    expect(chave).toMatch(/^[0-9a-f]{32}$/);
    expect(http.calls[0]?.url).toBe(`/api/auth/link/${chave}`);
    expect(assign).toHaveBeenCalledWith('https://sso.example/authorize?state=x');
  });

  it('on failure shows "Erro ao gerar link do GOV.BR" and stays', async () => {
    http.get(/^\/api\/auth\/link\//, fail(500, 'falhou'));

    await startLogin();

    await screen.findByText('Erro ao gerar link do GOV.BR');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('completeLogin', () => {
  const chave = 'ab'.repeat(16);

  it('exchanges code and state for token and photo, stores them, decodes the session and goes to /home', async () => {
    setChaveLogin(chave);
    const token = makeToken({ nome: 'ANA PESCADORA' });
    http.post('/api/auth/login', ok({ token, foto: 'Zm90bw==' }));

    const result = await completeLogin('codigo-1', chave);

    expect(result.ok).toBe(true);
    expect(http.calls[0]?.data).toEqual({ code: 'codigo-1', state: chave });
    expect(getToken()).toBe(token);
    expect(getFoto()).toBe('Zm90bw==');
    expect(getChaveLogin()).toBeNull();
    expect(getSession()?.nome).toBe('ANA PESCADORA');
    expect(route).toHaveBeenCalledWith('/home', { replace: true });
  });

  it('exchanges a code only once when called twice at the same time', async () => {
    setChaveLogin(chave);
    http.post('/api/auth/login', ok({ token: makeToken(), foto: null }));

    await Promise.all([completeLogin('codigo-2', chave), completeLogin('codigo-2', chave)]);

    expect(http.callsTo('/api/auth/login')).toHaveLength(1);
  });

  it.each([400, 401, 403])('%i: shows the server message plus status, then logs out after 3 s', async (status) => {
    vi.useFakeTimers();
    setChaveLogin(chave);
    http.post('/api/auth/login', fail(status, 'CPF sem acesso ao sistema'));
    http.get('/api/auth/logout', ok({ url: 'https://sso.example/logout' }));

    const result = await completeLogin('codigo-3', chave);

    expect(result).toMatchObject({ ok: false, message: `CPF sem acesso ao sistema: ${status}`, status });
    expect(getToken()).toBeNull();
    expect(http.callsTo('/api/auth/logout')).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(3000);

    expect(http.callsTo('/api/auth/logout')).toHaveLength(1);
    expect(assign).toHaveBeenCalledWith('https://sso.example/logout');
    vi.useRealTimers();
    await screen.findByText(`CPF sem acesso ao sistema: ${status}`);
  });

  it('other statuses: "Erro ao logar no GOV.BR, tente novamente mais tarde: {status}"', async () => {
    setChaveLogin(chave);
    http.post('/api/auth/login', fail(502, 'Bad gateway'));

    const result = await completeLogin('codigo-4', chave);

    expect(result).toMatchObject({ ok: false, message: 'Erro ao logar no GOV.BR, tente novamente mais tarde: 502' });
    await screen.findByText('Erro ao logar no GOV.BR, tente novamente mais tarde: 502');
    expect(route).not.toHaveBeenCalled();
  });

  it('refuses an answer whose state is not the key this browser generated', async () => {
    setChaveLogin(chave);

    const result = await completeLogin('codigo-5', 'cd'.repeat(16));

    expect(result.ok).toBe(false);
    expect(http.calls).toHaveLength(0);
    expect(getToken()).toBeNull();
  });
});

describe('logout', () => {
  it('asks for the GOV.BR logout link, clears the stored session values and goes there', async () => {
    setToken(makeToken());
    setFoto('Zm90bw==');
    setChaveLogin('ab'.repeat(16));
    http.get('/api/auth/logout', ok({ url: 'https://sso.example/logout?volta=/' }));

    await logout();

    expect(http.calls[0]?.authorization).toMatch(/^Bearer /);
    expect(getToken()).toBeNull();
    expect(getFoto()).toBeNull();
    expect(getChaveLogin()).toBeNull();
    expect(assign).toHaveBeenCalledWith('https://sso.example/logout?volta=/');
  });

  it('on failure still clears the session, goes to / and shows "Erro ao gerar logout do GOV.BR" there', async () => {
    setToken(makeToken());
    http.get('/api/auth/logout', fail(500, 'falhou'));

    await logout();

    expect(getToken()).toBeNull();
    expect(assign).toHaveBeenLastCalledWith('/');
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.toast) ?? '[]')).toEqual([
      { type: 'error', message: 'Erro ao gerar logout do GOV.BR' },
    ]);
  });
});
