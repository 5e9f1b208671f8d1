import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { connect, type DbHandle } from '../db/client';
import { LIMITE_CONSULTAS_POR_MINUTO } from '../modules/consulta-publica/consulta-publica.routes';
import { novoIp } from '../modules/carteira/carteira.test-utils';
import { createTestApp, type TestApp } from '../test/helpers';
import { storeLimitesPostgres } from './rate-limit-store';

const URL_CONSULTA = '/api/carteira-profissional/consulta-publica?cpf=52998224725&rgp=PAPA00000000042';

let a: TestApp;
let segunda: { app: FastifyInstance; handle: DbHandle };

/** A second server on the same database, with its own pool: what a second instance behind a balancer is. */
async function outraInstancia(t: TestApp) {
  const handle = connect(t.config.database.url!, 5);
  const app = await buildApp({ config: t.config, db: handle.db, jwtSecret: crypto.randomBytes(32), logger: false, fila: t.jobs.fila });
  await app.ready();
  return { app, handle };
}

beforeAll(async () => {
  a = await createTestApp();
  segunda = await outraInstancia(a);
});
afterAll(async () => {
  await segunda.app.close();
  await segunda.handle.close();
  await a.close();
});

const consulta = (app: FastifyInstance, ip: string) => app.inject({ method: 'GET', url: URL_CONSULTA, remoteAddress: ip });

describe('rate limits shared through PostgreSQL (decision 0041)', () => {
  it('two instances on one database share one limit: the second refuses once the first used it up', async () => {
    const ip = novoIp();
    for (let i = 0; i < LIMITE_CONSULTAS_POR_MINUTO; i++) {
      expect((await consulta(a.app, ip)).statusCode).toBe(403); // no captcha: refused, but counted
    }
    const res = await consulta(segunda.app, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().mensagem).toMatch(/^Muitas requisições\. Tente novamente em \d+ segundos\.$/);
    expect((await consulta(a.app, ip)).statusCode).toBe(429);
    // Another client, on either instance, is not affected.
    expect((await consulta(segunda.app, novoIp())).statusCode).toBe(403);
  });

  it('counts exactly under concurrency across both instances: the limit, never more', async () => {
    const ip = novoIp();
    const n = LIMITE_CONSULTAS_POR_MINUTO + 12;
    const res = await Promise.all(Array.from({ length: n }, (_, i) => consulta(i % 2 ? a.app : segunda.app, ip)));
    const codigos = res.map((r) => r.statusCode);
    expect(codigos.filter((c) => c === 403)).toHaveLength(LIMITE_CONSULTAS_POR_MINUTO);
    expect(codigos.filter((c) => c === 429)).toHaveLength(n - LIMITE_CONSULTAS_POR_MINUTO);
    const { rows } = await a.db.execute<{ contagem: number }>(sql`
      SELECT contagem FROM limite_requisicao WHERE chave LIKE ${`%/api/carteira-profissional/consulta-publica-${ip}`}`);
    expect(rows).toEqual([{ contagem: n }]);
  });

  it('keeps each route apart, and starts a new window when the old one has ended', async () => {
    const Store = storeLimitesPostgres(a.db);
    const raiz = new Store({});
    const rotaA = raiz.child({ routeInfo: { method: 'GET', url: '/a' } } as never);
    const rotaB = raiz.child({ routeInfo: { method: 'GET', url: '/b' } } as never);
    const incr = (s: typeof rotaA, janela: number) => new Promise<{ current: number; ttl: number }>((resolve, reject) => {
      s.incr('10.9.9.9', (err, r) => (err ? reject(err) : resolve(r!)), janela, 5);
    });
    expect((await incr(rotaA, 400)).current).toBe(1);
    const segundo = await incr(rotaA, 400);
    expect(segundo.current).toBe(2);
    expect(segundo.ttl).toBeGreaterThan(0);
    expect(segundo.ttl).toBeLessThanOrEqual(400);
    expect((await incr(rotaB, 400)).current).toBe(1);
    await new Promise((r) => setTimeout(r, 450));
    expect((await incr(rotaA, 400)).current).toBe(1);
  });

  it('refuses options it would silently ignore', () => {
    const Store = storeLimitesPostgres(a.db);
    expect(() => new Store({ continueExceeding: true } as never)).toThrow(/continueExceeding/);
  });
});
