import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, type TestApp } from '../test/helpers';
import { MENSAGEM_XSRF, xsrfPlugin } from './xsrf';

/** The anti-forgery check holds whatever form the request line takes (RFC 9112 absolute-form included). */

let t: TestApp;
let porta: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  porta = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

/** One raw HTTP/1.1 request, exactly as written, and the answer's status line and body. */
function cru(linha: string, corpo: string): Promise<{ status: number; corpo: string }> {
  return new Promise((resolve, reject) => {
    const s = net.connect(porta, '127.0.0.1', () => {
      s.write(`${linha}\r\nHost: 127.0.0.1:${porta}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(corpo)}\r\n`
        + `Connection: close\r\n\r\n${corpo}`);
    });
    let r = '';
    s.on('data', (c) => { r += c.toString(); });
    s.on('end', () => resolve({ status: Number(r.split(' ')[1]), corpo: r.slice(r.indexOf('\r\n\r\n') + 4) }));
    s.on('error', reject);
  });
}

describe('anti-forgery check (XSRF)', () => {
  it('refuses a state-changing call without the token in origin-form and in absolute-form alike', async () => {
    const origem = await cru('POST /api/auth/refresh HTTP/1.1', '{}');
    expect(origem.status).toBe(403);
    expect(origem.corpo).toContain(MENSAGEM_XSRF);
    const absoluta = await cru(`POST http://127.0.0.1:${porta}/api/auth/refresh HTTP/1.1`, '{}');
    expect(absoluta.status).toBe(403);
    expect(absoluta.corpo).toContain(MENSAGEM_XSRF);
  });

  it('sets the cookie a cookieless answer gets as @fastify/cookie wrote it, a new token each time, beside the route\'s own cookies', async () => {
    for (const secure of [false, true]) {
      const app = Fastify();
      await app.register(xsrfPlugin, { secure });
      app.get('/com-cookie', async (_req, reply) => {
        reply.setCookie('outro', 'v', { path: '/x', httpOnly: true });
        return 'ok';
      });
      app.get('/sem', async () => 'ok');
      const formato = new RegExp(`^XSRF-TOKEN=([0-9a-f]{64}); Path=/;${secure ? ' Secure;' : ''} SameSite=Strict$`);
      const [xsrf, outro] = (await app.inject('/com-cookie')).headers['set-cookie'] as string[];
      expect(xsrf).toMatch(formato);
      expect(outro).toBe('outro=v; Path=/x; HttpOnly; SameSite=Lax');
      const tokens = new Set<string>();
      for (let i = 0; i < 300; i++) tokens.add(formato.exec(String((await app.inject('/sem')).headers['set-cookie']))![1]!);
      expect(tokens.size).toBe(300);
      expect((await app.inject({ url: '/sem', headers: { cookie: 'XSRF-TOKEN=abc' } })).headers['set-cookie']).toBeUndefined();
      await app.close();
    }
  });
});
