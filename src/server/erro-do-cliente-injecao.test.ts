import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drenarCorpoAposRespostaAntecipada, PRAZO_DRENAGEM_MS } from './erro-do-cliente';

/**
 * The development identity provider talks OpenID Connect to its own server through `app.inject`
 * (adapters/identity/dev-idp.ts, `injectFetch`): light-my-request's request has no `complete` and its socket no
 * `destroy`. The drain's deadline took such a request for an unread body and, ten seconds after every sign-in,
 * called `socket.destroy()`, which threw out of a timer and stopped the product.
 */
describe('the drain of an unread body leaves injected requests alone', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a POST through app.inject does not stop the process when the deadline passes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const app = Fastify();
    drenarCorpoAposRespostaAntecipada(app);
    app.post('/token', async () => ({ ok: true }));
    const res = await app.inject({ method: 'POST', url: '/token', payload: 'grant_type=authorization_code', headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(200);
    expect(() => vi.advanceTimersByTime(PRAZO_DRENAGEM_MS + 1)).not.toThrow();
    await app.close();
  });
});
