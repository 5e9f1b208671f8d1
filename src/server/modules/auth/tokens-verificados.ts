import crypto from 'node:crypto';
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

// The secret as a KeyObject, made once: createHmac given bytes checks and wraps them anew at every call.
const chaves = new WeakMap<Uint8Array, crypto.KeyObject>();
function chaveDe(segredo: Uint8Array): crypto.KeyObject {
  let chave = chaves.get(segredo);
  if (!chave) chaves.set(segredo, (chave = crypto.createSecretKey(segredo)));
  return chave;
}

/** The protected header every access token this server signs carries, as SignJWT writes it: {"alg":"HS256","typ":"JWT"}. */
const CABECALHO_PROPRIO = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/**
 * The claims of a token with this server's own header and a valid HS256 signature, checked with node:crypto (a
 * synchronous HMAC of a few µs, where jose's WebCrypto verify is a job and a promise per request: 9–11 % of a REAP
 * save's CPU, decision 0200). Undefined for anything else (another header, a wrong signature, claims that are not
 * an object or carry `nbf`): the caller hands those to jose, whose answer stands. The expiry is the caller's to
 * check, as jose's rule (expired when exp <= now); the claims' schema too.
 */
export function assinadoPorNos(token: string, segredo: Uint8Array): Record<string, unknown> | undefined {
  const ponto1 = token.indexOf('.');
  const ponto2 = token.indexOf('.', ponto1 + 1);
  if (ponto1 < 0 || ponto2 < 0 || token.indexOf('.', ponto2 + 1) >= 0) return undefined;
  if (token.slice(0, ponto1) !== CABECALHO_PROPRIO) return undefined;
  const assinatura = Buffer.from(token.slice(ponto2 + 1), 'base64url');
  const esperada = crypto.createHmac('sha256', chaveDe(segredo)).update(token.slice(0, ponto2)).digest();
  if (assinatura.length !== esperada.length || !crypto.timingSafeEqual(assinatura, esperada)) return undefined;
  // The signed text is base64url as written; one that decodes differently re-encoded is left to jose.
  if (assinatura.toString('base64url') !== token.slice(ponto2 + 1)) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(token.slice(ponto1 + 1, ponto2), 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims) || 'nbf' in claims) return undefined;
  return claims as Record<string, unknown>;
}
