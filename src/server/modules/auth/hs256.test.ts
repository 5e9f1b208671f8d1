import crypto from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenRecusado, verificarHs256 } from './hs256';

const SEGREDO = new TextEncoder().encode('segredo-de-teste-0123456789abcdef-0123456789');
const CHAVE = crypto.createSecretKey(SEGREDO);
const AGORA = new Date('2026-12-07T15:00:00.400Z');
const AGORA_S = Math.floor(AGORA.getTime() / 1000);

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
/** A token signed by hand: any header and payload, HMAC-SHA256 with `segredo`. */
function assinado(cabecalho: unknown, carga: unknown, segredo: Uint8Array = SEGREDO): string {
  const base = `${b64(cabecalho)}.${b64(carga)}`;
  return `${base}.${crypto.createHmac('sha256', segredo).update(base).digest('base64url')}`;
}
const sessao = { sub: '10000000108', sid: crypto.randomUUID(), perfil: 1, nome: 'GESTOR', idPescador: null };

/** jose's answer: the payload, 'expirado' or 'recusado'. */
async function pelaJose(token: string): Promise<unknown> {
  try {
    return (await jwtVerify(token, SEGREDO, { algorithms: ['HS256'], currentDate: AGORA })).payload;
  } catch (e) {
    return e instanceof errors.JWTExpired ? 'expirado' : 'recusado';
  }
}
function pelaNossa(token: string): unknown {
  try {
    return verificarHs256(token, CHAVE, AGORA);
  } catch (e) {
    if (!(e instanceof TokenRecusado)) throw e;
    return e.expirado ? 'expirado' : 'recusado';
  }
}

describe('HS256 session tokens by one synchronous HMAC (decision 0220)', () => {
  it('answers as jose does on genuine, expired, early, tampered and foreign tokens', async () => {
    const genuino = await new SignJWT({ ...sessao }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(AGORA_S - 60).setExpirationTime(AGORA_S + 3600).setJti(crypto.randomUUID()).sign(SEGREDO);
    const [h, p, s] = genuino.split('.') as [string, string, string];
    const casos: Record<string, string> = {
      genuino,
      'sem exp': assinado({ alg: 'HS256' }, sessao),
      'exp neste segundo': assinado({ alg: 'HS256' }, { ...sessao, exp: AGORA_S }),
      'exp no segundo seguinte': assinado({ alg: 'HS256' }, { ...sessao, exp: AGORA_S + 1 }),
      'nbf no futuro': assinado({ alg: 'HS256' }, { ...sessao, nbf: AGORA_S + 1, exp: AGORA_S + 60 }),
      'nbf no futuro e expirado': assinado({ alg: 'HS256' }, { ...sessao, nbf: AGORA_S + 1, exp: AGORA_S - 1 }),
      'nbf agora': assinado({ alg: 'HS256' }, { ...sessao, nbf: AGORA_S, exp: AGORA_S + 60 }),
      'exp em texto': assinado({ alg: 'HS256' }, { ...sessao, exp: String(AGORA_S + 60) }),
      'iat em texto': assinado({ alg: 'HS256' }, { ...sessao, iat: 'ontem', exp: AGORA_S + 60 }),
      'outro segredo': assinado({ alg: 'HS256' }, { ...sessao, exp: AGORA_S + 60 }, new TextEncoder().encode('outro-segredo-0123456789abcdef-0123456789')),
      'alg none': `${b64({ alg: 'none' })}.${b64({ ...sessao, exp: AGORA_S + 60 })}.`,
      'alg none assinado': assinado({ alg: 'none' }, { ...sessao, exp: AGORA_S + 60 }),
      'alg HS512': await new SignJWT({ ...sessao }).setProtectedHeader({ alg: 'HS512' }).setExpirationTime(AGORA_S + 60).sign(SEGREDO),
      crit: assinado({ alg: 'HS256', crit: ['exp'] }, { ...sessao, exp: AGORA_S + 60 }),
      'cabeçalho não objeto': assinado('[1,2]', { ...sessao, exp: AGORA_S + 60 }),
      'carga não objeto': assinado({ alg: 'HS256' }, '[1,2]'),
      'carga não JSON': assinado({ alg: 'HS256' }, 'não é json'),
      'carga trocada': `${h}.${b64({ ...sessao, perfil: 5, exp: AGORA_S + 3600 })}.${s}`,
      'assinatura trocada': `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'AB' : 'AA'}`,
      'assinatura curta': `${h}.${p}.${s.slice(0, 20)}`,
      'quatro partes': `${genuino}.${s}`,
      'duas partes': `${h}.${p}`,
      'caracteres fora do base64url': `${h}.${p}.${s}!`,
      vazio: '',
    };
    for (const [nome, token] of Object.entries(casos)) {
      expect({ nome, resposta: pelaNossa(token) }).toEqual({ nome, resposta: await pelaJose(token) });
    }
    expect(pelaNossa(genuino)).toMatchObject({ sub: sessao.sub, sid: sessao.sid });
    expect(pelaNossa(casos['exp neste segundo']!)).toBe('expirado');
  });
});
