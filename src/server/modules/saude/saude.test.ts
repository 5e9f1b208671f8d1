import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { poolDeProntidao } from '../../db/client';
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

/**
 * Readiness on its own connection (issue 38, point 4): at the peak every connection of the request pool may be busy
 * and queries queue for one; the instance is still ready, and a readiness that queued with them would time out and
 * take every busy instance out of the balancer at once.
 */
describe('readiness with the request pool saturated', () => {
  let t: TestApp;
  let prontidao: pg.Pool;
  beforeAll(async () => {
    prontidao = poolDeProntidao(inject('testAdminUrl'));
    t = await createTestApp({ poolProntidao: prontidao });
  });
  afterAll(async () => {
    await t.close();
    await prontidao.end();
  });

  it('answers 200 from its own pool while every request connection is held and queries wait for one', async () => {
    const max = t.pool.options.max!;
    const presos = await Promise.all(Array.from({ length: max }, () => t.pool.connect()));
    const naFila = t.pool.query('SELECT 1');
    try {
      expect(t.pool.waitingCount).toBeGreaterThan(0);
      const consultas = vi.spyOn(prontidao, 'query');
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json().dados).toMatchObject({ status: 'ok', banco: 'ok' });
      expect(consultas).toHaveBeenCalled();
      consultas.mockRestore();
      // The request pool is still saturated: readiness did not pass through it.
      expect(t.pool.waitingCount).toBeGreaterThan(0);
    } finally {
      for (const c of presos) c.release();
      await naFila;
    }
  });

  it('shows its pool in the metrics beside the others', async () => {
    expect(await t.app.metricas.texto()).toMatch(/rgp_db_pool_max\{pool="prontidao"\} 1/);
  });
});

