import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tokenPayload } from '../../shared/schemas/auth';
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

// The session is read without zod, so that the landing page does not load it (decision 0017): it must read
// every payload as the shared schema does, but for the formats of the CPF and the session id, which only the
// server, that signed them, checks.
describe('decodeToken agrees with the shared tokenPayload schema', () => {
  const esquema = tokenPayload.partial({ iat: true }).extend({ sub: z.string(), sid: z.string() });
  const casos: Record<string, Record<string, unknown>> = {
    'a fisher': {},
    'a servant': { perfil: 2, idPescador: undefined, idUsuarioMapa: 7, siglaOrgao: 'SFPA-PA', ufOrgao: 'PA' },
    'every profile': { perfil: 7 },
    'an unknown profile': { perfil: 9 },
    'a profile as text': { perfil: '4' },
    'no name': { nome: undefined },
    'a numeric subject': { sub: 12345678909 },
    'no session id': { sid: undefined },
    'no expiry': { exp: undefined },
    'an expiry as text': { exp: '2000000000' },
    'no issue time': { iat: undefined },
    'an issue time as text': { iat: 'ontem' },
    'a fractional fisher id': { idPescador: 1.5 },
    'a fisher id as text': { idPescador: '9' },
    'a fisher id beyond safe integers': { idPescador: 2 ** 60 },
    'an agency as a number': { siglaOrgao: 7 },
    'a state as a number': { ufOrgao: 15 },
    "a fisher's phone id": { idCelular: '0123456789abcdef0123456789abcdef' },
    'a phone id as a number': { idCelular: 7 },
    'extra claims': { aud: 'rgp', iss: 'rgp', jti: 'x' },
    'null optional claims': { idPescador: null, siglaOrgao: null, ufOrgao: null },
  };
  for (const [nome, claims] of Object.entries(casos)) {
    it(nome, () => {
      const token = makeToken(claims);
      const bytes = Uint8Array.from(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      const payload = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
      const semNulos = Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== null));
      const lido = esquema.safeParse(semNulos);
      expect(decodeToken(token)).toEqual(lido.success ? lido.data : null);
    });
  }
});
