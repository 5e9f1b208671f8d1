import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connect, type DbHandle } from '../db/client';
import { FilaDeJobs } from '../jobs/job';
import { createTestApp, type TestApp } from '../test/helpers';
import { MENSAGEM_ENDERECO_INVALIDO, MENSAGEM_ENDERECO_LONGO, MENSAGEM_INDISPONIVEL } from './envelope';

/** Failures that are not the caller's body still answer in the envelope, in Portuguese, with the right status. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the router\'s own refusals', () => {
  it('answers a path that is not valid percent-encoding with 400 in the envelope, without echoing it', async () => {
    for (const url of ['/api/pescador/%C0%AE', '/%C0%AE']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ codigo: 400, mensagem: MENSAGEM_ENDERECO_INVALIDO, erros: [MENSAGEM_ENDERECO_INVALIDO], codigoErro: 'DADOS_INVALIDOS' });
    }
  });

  it('answers a parameter over the length limit with 414 in the envelope, never echoing the address and its token', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/arquivos/${'a'.repeat(120)}?jwt=SEGREDO` });
    expect(r.statusCode).toBe(414);
    expect(r.json()).toMatchObject({ codigo: 414, mensagem: MENSAGEM_ENDERECO_LONGO, codigoErro: 'DADOS_INVALIDOS' });
    expect(r.body).not.toContain('SEGREDO');
    expect(r.body).not.toContain('aaaaaaaa');
  });
});

describe('with the database down', () => {
  let app: FastifyInstance;
  let handle: DbHandle;
  beforeAll(async () => {
    // A port nothing listens on: every query fails to connect.
    const url = 'postgres://rgp@127.0.0.1:1/rgp';
    handle = connect(url, 2);
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent', WEB_DIST_DIR: './dist/web' }),
      db: handle.db, jwtSecret: crypto.randomBytes(32), logger: false, fila: new FilaDeJobs(new PgBoss({ connectionString: url })),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it('answers 503 INDISPONIVEL, not 500, on a route that needs it', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/reap/especies' });
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ codigo: 503, mensagem: MENSAGEM_INDISPONIVEL, erros: [MENSAGEM_INDISPONIVEL], codigoErro: 'INDISPONIVEL' });
  });
});
