import type { Session } from '../lib/session';

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token carrying a session payload (the browser never verifies signatures). */
export function makeToken(payload: Partial<Session> & Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const body = {
    sub: '12345678909',
    nome: 'MARIA DAS GRAÇAS PESCADORA',
    perfil: 4,
    sid: 'sessao-1',
    idPescador: 42,
    iat: now,
    exp: now + 3600,
    ...payload,
  };
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(body))}.assinatura`;
}

export const fisherToken = (extra: Partial<Session> = {}) => makeToken({ perfil: 4, idPescador: 42, ...extra });

export const staffToken = (extra: Partial<Session> = {}) =>
  makeToken({
    sub: '98765432100',
    nome: 'JOÃO ANALISTA',
    perfil: 2,
    idPescador: undefined,
    idUsuarioMapa: 7,
    siglaOrgao: 'SFPA-PA',
    ufOrgao: 'PA',
    ...extra,
  });
