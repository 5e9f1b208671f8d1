import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** hCaptcha's origins, as its documentation lists them for a Content Security Policy. */
export const ORIGENS_HCAPTCHA = ['https://hcaptcha.com', 'https://*.hcaptcha.com'];

/**
 * Security headers: CSP, nosniff, frame-ancestors, referrer policy; HSTS only when served over HTTPS. hCaptcha's
 * origins are allowed only when hCaptcha is the configured captcha (its script, frame, styles and calls).
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { https: boolean; hcaptcha?: boolean }) => {
  const externos = opts.hcaptcha ? ORIGENS_HCAPTCHA : [];
  await app.register(helmet, {
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
  });
});
