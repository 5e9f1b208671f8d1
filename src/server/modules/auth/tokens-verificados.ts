import type { TokenPayload } from '../../../shared/schemas/auth';

/**
 * The claims of access tokens whose signature was already checked, by the token itself (decision 0200). The same
 * string under the same key verifies the same way, so a request repeating a token skips the HMAC (WebCrypto, a
 * promise job) and the claims' schema; its expiry is still checked at each use, and the session (revocation, the
 * access window) is still read from the database on every request. Bounded: the oldest entry goes first.
 */
export class TokensVerificados {
  private readonly porToken = new Map<string, TokenPayload>();

  constructor(private readonly maximo = 5000) {}

  /** The claims of a token seen before, or undefined; an expired one is dropped (the caller verifies it again). */
  ler(token: string, agoraSegundos: number): TokenPayload | undefined {
    const claims = this.porToken.get(token);
    if (claims && claims.exp <= agoraSegundos) {
      this.porToken.delete(token);
      return undefined;
    }
    return claims;
  }

  guardar(token: string, claims: TokenPayload): void {
    if (this.porToken.size >= this.maximo) {
      const maisAntigo = this.porToken.keys().next();
      if (!maisAntigo.done) this.porToken.delete(maisAntigo.value);
    }
    this.porToken.set(token, Object.freeze(claims));
  }

  get tamanho(): number {
    return this.porToken.size;
  }
}
