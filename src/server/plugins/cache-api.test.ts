import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_REFERENCIA } from '../modules/referencia/referencia.routes';
import { criar, novoPescador, type Pescador } from '../modules/solicitacao/passos.test-utils';
import { createTestApp, type TestApp } from '../test/helpers';
import { CACHE_API_PADRAO } from './cache-api';

/**
 * Issue 33, point 3 (decision 0067): GET /api/solicitacao/{id} answered a fisher's request (name, CPF, address)
 * without Cache-Control. Every /api answer without a policy of its own is now kept by no cache.
 */
let t: TestApp;
let p: Pescador;
let id: number;
beforeAll(async () => {
  t = await createTestApp();
  p = await novoPescador(t, 7301);
  const res = await criar(p, 1);
  expect(res.statusCode, res.body).toBe(200);
  id = res.json().dados.id as number;
});
afterAll(async () => {
  await t.close();
});

describe('Cache-Control of the API', () => {
  it('keeps a fisher\'s request out of every cache', async () => {
    const res = await p.sessao.api({ method: 'GET', url: `/api/solicitacao/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(p.cpf);
    expect(res.headers['cache-control']).toBe(CACHE_API_PADRAO);
  });

  it('does so on refusals and unknown addresses too', async () => {
    const semToken = await t.app.inject({ method: 'GET', url: `/api/solicitacao/${id}` });
    expect(semToken.statusCode).toBe(401);
    expect(semToken.headers['cache-control']).toBe(CACHE_API_PADRAO);
    const desconhecido = await t.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(desconhecido.statusCode).toBe(404);
    expect(desconhecido.headers['cache-control']).toBe(CACHE_API_PADRAO);
  });

  it('leaves a route\'s own policy alone (the public reference lists)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/solicitacao/profissoes', headers: { cookie: 'XSRF-TOKEN=x' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe(CACHE_REFERENCIA);
  });
});
