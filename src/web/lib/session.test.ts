import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeToken, staffToken } from '../test/tokens';
import { clearSession, decodeToken, getSession, login, updateToken, useSession } from './session';
import { STORAGE_KEYS, getFoto, getToken, setChaveLogin } from './storage';

describe('decodeToken', () => {
  it('reads the payload of a JWT (base64url, UTF-8) as the session', () => {
    const token = makeToken({ nome: 'JOSÉ CONCEIÇÃO ÁGUA-DOCE', perfil: 4, idPescador: 9, exp: 2000000000 });
    expect(decodeToken(token)).toMatchObject({
      sub: '12345678909',
      nome: 'JOSÉ CONCEIÇÃO ÁGUA-DOCE',
      perfil: 4,
      sid: 'sessao-1',
      idPescador: 9,
      exp: 2000000000,
    });
  });

  it('reads the staff fields', () => {
    expect(decodeToken(staffToken())).toMatchObject({
      perfil: 2,
      idUsuarioMapa: 7,
      siglaOrgao: 'SFPA-PA',
      ufOrgao: 'PA',
    });
    expect(decodeToken(staffToken())?.idPescador).toBeUndefined();
  });

  it('rejects malformed tokens and payloads without the session fields', () => {
    expect(decodeToken(null)).toBeNull();
    expect(decodeToken('')).toBeNull();
    expect(decodeToken('abc')).toBeNull();
    expect(decodeToken('a.!!!.c')).toBeNull();
    expect(decodeToken(makeToken({ perfil: 9 as never }))).toBeNull();
    expect(decodeToken(makeToken({ nome: undefined }))).toBeNull();
  });

  it('treats null optional claims as absent', () => {
    const session = decodeToken(makeToken({ perfil: 2, idPescador: null, siglaOrgao: null } as never));
    expect(session?.perfil).toBe(2);
    expect(session?.idPescador).toBeUndefined();
  });

  it('does not require iat', () => {
    expect(decodeToken(makeToken({ iat: undefined }))).not.toBeNull();
  });
});

describe('session store', () => {
  it('login stores token and photo under the fixed keys; clearSession removes every session value', () => {
    const token = makeToken();
    setChaveLogin('a'.repeat(32));

    const session = login(token, 'Zm90bw==');

    expect(session?.nome).toBe('MARIA DAS GRAÇAS PESCADORA');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
    expect(localStorage.getItem(STORAGE_KEYS.foto)).toBe('Zm90bw==');

    clearSession();

    expect(getToken()).toBeNull();
    expect(getFoto()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.chaveLogin)).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('useSession follows login, token refresh and sign-out', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();

    act(() => void login(makeToken({ nome: 'ANA' }), null));
    expect(result.current?.nome).toBe('ANA');
    const first = result.current;

    act(() => updateToken(makeToken({ nome: 'ANA', sid: 'outra' })));
    expect(result.current?.sid).toBe('outra');
    expect(result.current).not.toBe(first);

    act(() => clearSession());
    expect(result.current).toBeNull();
  });

  it('useSession follows sign-out in another tab (storage event)', () => {
    login(makeToken(), null);
    const { result } = renderHook(() => useSession());
    expect(result.current).not.toBeNull();

    act(() => {
      localStorage.removeItem(STORAGE_KEYS.token);
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    });

    expect(result.current).toBeNull();
  });
});
