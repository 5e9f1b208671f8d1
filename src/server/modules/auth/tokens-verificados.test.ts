import { describe, expect, it } from 'vitest';
import { Perfil } from '../../../shared/enums';
import type { TokenPayload } from '../../../shared/schemas/auth';
import { TokensVerificados } from './tokens-verificados';

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
