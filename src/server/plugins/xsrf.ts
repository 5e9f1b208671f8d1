import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { AppError } from '../lib/errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const MENSAGEM_XSRF = 'Falha na verificação de segurança da requisição (XSRF). Recarregue a página e tente novamente.';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a call is to the API, by the path the router matched, never by the raw request line: an
 * absolute-form target (`POST http://host/api/…`) reaches the same route as `/api/…`.
 */
function caminhoDaApi(rota: string | undefined, url: string): boolean {
  if (rota !== undefined) return rota.startsWith('/api/');
  let caminho: string;
  try {
    caminho = new URL(url, 'http://rgp.invalid').pathname;
  } catch {
    return true;
  }
  return caminho.startsWith('/api/') || caminho.startsWith('//');
}

/**
 * Machine clients' routes take only a client token in the Authorization header, never a cookie, so no page can forge
 * them (decision 0120); the management of clients stays under the check.
 */
function deMaquina(rota: string | undefined): boolean {
  return rota === '/api/integracao/token' || rota === '/api/integracao/pescadores/consulta' || rota === '/api/integracao/listas';
}

/** Bytes of a token; tokens are cut from one CSPRNG draw of this many at a time, each slice handed out once. */
const BYTES_TOKEN = 32;
const TOKENS_POR_SORTEIO = 128;
const sorteio = Buffer.alloc(BYTES_TOKEN * TOKENS_POR_SORTEIO);
let proximoToken = TOKENS_POR_SORTEIO;

/**
 * A new cookie value: 32 random bytes in hex, as `randomBytes(32)` gave, but drawn 128 tokens at a time (a cookieless
 * answer, such as every public lookup, paid one draw each: 2–3 % of its CPU).
 */
export function novoTokenXsrf(): string {
  if (proximoToken === TOKENS_POR_SORTEIO) {
    crypto.randomFillSync(sorteio);
    proximoToken = 0;
  }
  const inicio = BYTES_TOKEN * proximoToken++;
  return sorteio.toString('hex', inicio, inicio + BYTES_TOKEN);
}

/**
 * Anti-forgery (double-submit cookie): every answer without the cookie sets `XSRF-TOKEN`; a state-changing
 * call to /api must echo it in `X-XSRF-TOKEN`, else 403.
 */
export const xsrfPlugin = fp(async (app: FastifyInstance, opts: { secure: boolean }) => {
  await app.register(cookie);
  // The cookie's text serialised once with a placeholder of the token's length (the same bytes `setCookie` wrote for
  // it); each answer only puts its token in between. Another cookie of the same answer is added beside it.
  const modelo = app.serializeCookie(XSRF_COOKIE, '0'.repeat(2 * BYTES_TOKEN), { path: '/', sameSite: 'strict', secure: opts.secure, httpOnly: false });
  const [antesDoToken, depoisDoToken] = [modelo.slice(0, XSRF_COOKIE.length + 1), modelo.slice(XSRF_COOKIE.length + 1 + 2 * BYTES_TOKEN)];
  app.addHook('onRequest', (req, reply, done) => {
    const current = req.cookies[XSRF_COOKIE];
    if (!current) reply.header('set-cookie', antesDoToken + novoTokenXsrf() + depoisDoToken);
    if (UNSAFE.has(req.method) && caminhoDaApi(req.routeOptions.url, req.url) && !deMaquina(req.routeOptions.url)) {
      const header = req.headers[XSRF_HEADER];
      const sent = Array.isArray(header) ? header[0] : header;
      if (!current || !sent || sent.length !== current.length
        || !crypto.timingSafeEqual(Buffer.from(sent), Buffer.from(current))) {
        done(AppError.forbidden(MENSAGEM_XSRF));
        return;
      }
    }
    done();
  });
});
