import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import { opcoesHelmet, securityPlugin } from './security';

/** Decision 0200: the headers read once are exactly those @fastify/helmet sets per request, on answers and errors. */
async function cabecalhosDe(registrar: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
  const app = Fastify();
  await registrar(app);
  app.get('/ok', async () => ({ a: 1 }));
  app.get('/erro', async () => {
    throw new Error('x');
  });
  const r = await Promise.all(['/ok', '/erro', '/nada'].map((url) => app.inject(url)));
  await app.close();
  return r.map((x) => {
    const { date: _date, ...resto } = x.headers;
    return resto;
  });
}

describe('security headers', () => {
  for (const opts of [{ https: false }, { https: true }, { https: true, hcaptcha: true }]) {
    it(`are helmet's own (${JSON.stringify(opts)})`, async () => {
      const nossos = await cabecalhosDe((app) => app.register(securityPlugin, opts));
      const doHelmet = await cabecalhosDe((app) => app.register(helmet, opcoesHelmet(opts)));
      expect(nossos).toEqual(doHelmet);
      expect(nossos[0]!['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(Boolean(nossos[0]!['strict-transport-security'])).toBe(opts.https);
    });
  }
});
