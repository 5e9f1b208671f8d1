import { jwtVerify, SignJWT, type JWTHeaderParameters, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { Perfil } from '../../../shared/enums';
import type { TokenPayload } from '../../../shared/schemas/auth';
import { assinadoPorNos, TokensVerificados } from './tokens-verificados';

const claims = (exp: number): TokenPayload => ({
  sub: '12345678909', nome: 'x', perfil: Perfil.INTERESSADO, sid: '00000000-0000-4000-8000-000000000000', exp, iat: exp - 60,
});

describe('TokensVerificados (decision 0200)', () => {
  it('answers a token seen before until its exp, then drops it', () => {
    const t = new TokensVerificados();
    t.guardar('a', claims(100));
    expect(t.ler('a', 99)?.exp).toBe(100);
    expect(t.ler('b', 99)).toBeUndefined();
    // jose's rule: expired when exp <= now.
    expect(t.ler('a', 100)).toBeUndefined();
    expect(t.tamanho).toBe(0);
  });

  it('keeps at most its bound, the oldest going first', () => {
    const t = new TokensVerificados(2);
    t.guardar('a', claims(100));
    t.guardar('b', claims(100));
    t.guardar('c', claims(100));
    expect(t.tamanho).toBe(2);
    expect(t.ler('a', 0)).toBeUndefined();
    expect(t.ler('c', 0)).toBeDefined();
  });
});

describe('assinadoPorNos (decision 0200)', () => {
  const segredo = new TextEncoder().encode('um-segredo-de-teste-com-32-bytes-ou-mais');
  const outro = new TextEncoder().encode('outro-segredo-de-teste-com-32-bytes-ou-mais');
  const assinar = (cabecalho: JWTHeaderParameters, corpo: JWTPayload = { sub: '1', exp: 2_000_000_000, iat: 1 }, chave = segredo) =>
    new SignJWT(corpo).setProtectedHeader(cabecalho).sign(chave);

  it('reads the claims of a token this server signs, as jose does', async () => {
    const t = await assinar({ alg: 'HS256', typ: 'JWT' });
    expect(assinadoPorNos(t, segredo)).toEqual((await jwtVerify(t, segredo)).payload);
  });

  it('leaves to jose a wrong key, a changed payload or signature, another header, nbf and garbage', async () => {
    const t = await assinar({ alg: 'HS256', typ: 'JWT' });
    const [h, p, s] = t.split('.') as [string, string, string];
    const outroCorpo = Buffer.from(JSON.stringify({ sub: '2', exp: 2_000_000_000, iat: 1 })).toString('base64url');
    const casos = [
      await assinar({ alg: 'HS256', typ: 'JWT' }, undefined, outro),
      `${h}.${outroCorpo}.${s}`,
      `${h}.${p}.${s.slice(0, -2)}`,
      `${h}.${p}.${s}x`,
      await assinar({ alg: 'HS256' }),
      await assinar({ alg: 'HS256', typ: 'JWT', crit: ['b64'], b64: true }),
      await assinar({ alg: 'HS512', typ: 'JWT' }),
      await assinar({ alg: 'HS256', typ: 'JWT' }, { sub: '1', exp: 2_000_000_000, iat: 1, nbf: 1 }),
      `${h}.${p}`,
      `${h}.${p}.${s}.x`,
      'nada',
    ];
    for (const c of casos) expect(assinadoPorNos(c, segredo), c).toBeUndefined();
  });
});
