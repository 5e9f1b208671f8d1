import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** hCaptcha's origins, as its documentation lists them for a Content Security Policy. */
export const ORIGENS_HCAPTCHA = ['https://hcaptcha.com', 'https://*.hcaptcha.com'];

/**
 * Security headers: CSP, nosniff, frame-ancestors, referrer policy; HSTS only when served over HTTPS. hCaptcha's
 * origins are allowed only when hCaptcha is the configured captcha (its script, frame, styles and calls).
 */
export function opcoesHelmet(opts: { https: boolean; hcaptcha?: boolean }): FastifyHelmetOptions {
  const externos = opts.hcaptcha ? ORIGENS_HCAPTCHA : [];
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...externos],
        styleSrc: ["'self'", "'unsafe-inline'", ...externos],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...externos],
        // Frames fall back to default-src ('self') unless hCaptcha's challenge frame is needed.
        ...(externos.length ? { frameSrc: ["'self'", ...externos] } : {}),
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    hsts: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
  };
}

/**
 * The headers @fastify/helmet sets with these options, read once from a private instance. The plugin builds helmet's
 * middleware anew on every request (its options parsed, the CSP string joined: 2–4 % of a small answer's CPU,
 * decision 0200); no route uses nonces or options of its own, so every answer gets the same headers.
 */
export async function cabecalhosHelmet(opcoes: FastifyHelmetOptions): Promise<Array<[string, string]>> {
  const [sem, com] = [Fastify(), Fastify()];
  try {
    await com.register(helmet, opcoes);
    for (const sonda of [sem, com]) sonda.get('/', async () => 'ok');
    const deFastify = new Set(Object.keys((await sem.inject('/')).headers));
    return Object.entries((await com.inject('/')).headers)
      .filter(([nome]) => !deFastify.has(nome))
      .map(([nome, valor]) => [nome, String(valor)]);
  } finally {
    await Promise.all([sem.close(), com.close()]);
  }
}

export const securityPlugin = fp(async (app: FastifyInstance, opts: { https: boolean; hcaptcha?: boolean }) => {
  const cabecalhos = await cabecalhosHelmet(opcoesHelmet(opts));
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (const [nome, valor] of cabecalhos) res.setHeader(nome, valor);
    res.removeHeader('x-powered-by');
    done();
  });
});
