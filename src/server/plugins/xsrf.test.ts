import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';
import { MENSAGEM_XSRF } from './xsrf';

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
});
