import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

/**
 * Liveness and readiness are distinct (deploy/kubernetes, issue 23 point 2): an orchestrator restarts an instance
 * that fails liveness, so /api/health/vivo must answer without the database; /api/health (readiness) asks it.
 */
describe('health endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** Calls the route and counts the queries and connections it asked of the pool. */
  async function chamar(url: string) {
    const consultas = vi.spyOn(t.pool, 'query');
    const conexoes = vi.spyOn(t.pool, 'connect');
    try {
      const res = await t.app.inject({ method: 'GET', url });
      return { res, usosDoBanco: consultas.mock.calls.length + conexoes.mock.calls.length };
    } finally {
      consultas.mockRestore();
      conexoes.mockRestore();
    }
  }

  it('answers liveness without touching the database', async () => {
    const { res, usosDoBanco } = await chamar('/api/health/vivo');
    expect(res.statusCode).toBe(200);
    expect(res.json().dados).toEqual({ status: 'ok' });
    expect(usosDoBanco).toBe(0);
  });

  it('answers readiness by asking the database', async () => {
    const { res, usosDoBanco } = await chamar('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json().dados).toMatchObject({ status: 'ok', banco: 'ok' });
    expect(usosDoBanco).toBeGreaterThan(0);
  });
});
