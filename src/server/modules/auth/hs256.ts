import crypto from 'node:crypto';

/** Why a token was refused: `expirado` when only its `exp` is past (the caller answers "sessão expirada"). */
export class TokenRecusado extends Error {
  constructor(readonly expirado: boolean) {
    super(expirado ? 'token expirado' : 'token inválido');
  }
}

const PARTE = /^[A-Za-z0-9_-]+$/;

function json(parte: string): unknown {
  try {
    return JSON.parse(Buffer.from(parte, 'base64url').toString('utf8'));
  } catch {
    throw new TokenRecusado(false);
  }
}

const objeto = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The session token of every signed-in call, verified with one synchronous HMAC (node:crypto), not through WebCrypto
 * (decision 0220): jose imports the key and runs an async job on the thread pool for each token, as altcha-lib did
 * for the captcha (decision 0040). The checks are jose's `jwtVerify` with `algorithms: ['HS256']` (hs256.test.ts holds
 * both to the same answers): three base64url parts; a JSON object header whose `alg` is HS256 and with no `crit`;
 * the signature compared in constant time; a JSON object payload; `exp`, `nbf` and `iat` numbers when present, `exp`
 * not reached and `nbf` reached at `agora` (whole seconds, no tolerance). Answers the payload.
 */
export function verificarHs256(token: string, chave: crypto.KeyObject, agora: Date): Record<string, unknown> {
  const partes = token.split('.');
  if (partes.length !== 3 || !partes.every((p) => PARTE.test(p))) throw new TokenRecusado(false);
  const [cabecalho, carga, assinatura] = partes as [string, string, string];
  const h = json(cabecalho);
  if (!objeto(h) || h.alg !== 'HS256' || 'crit' in h) throw new TokenRecusado(false);
  const esperada = crypto.createHmac('sha256', chave).update(`${cabecalho}.${carga}`).digest();
  const recebida = Buffer.from(assinatura, 'base64url');
  if (recebida.length !== esperada.length || !crypto.timingSafeEqual(recebida, esperada)) throw new TokenRecusado(false);
  const p = json(carga);
  if (!objeto(p)) throw new TokenRecusado(false);
  for (const c of ['exp', 'nbf', 'iat'] as const) if (c in p && typeof p[c] !== 'number') throw new TokenRecusado(false);
  const agoraS = Math.floor(agora.getTime() / 1000);
  if (typeof p.nbf === 'number' && p.nbf > agoraS) throw new TokenRecusado(false);
  if (typeof p.exp === 'number' && p.exp <= agoraS) throw new TokenRecusado(true);
  return p;
}
