import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConfigError, loadConfig } from './config';
import { createTestApp, type TestApp } from './test/helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { BODY_LIMIT_BYTES: '2048' },
    beforeReady(app) {
      app.get('/api/test/falha', async () => {
        throw new Error('connection string postgres://secret@db/rgp leaked');
      });
      app.withTypeProvider<ZodTypeProvider>().post('/api/test/eco', {
        schema: { body: z.object({ nome: z.string().min(3), idade: z.number().int().min(18), email: z.email() }) },
      }, async (req) => ({ codigo: 200, mensagem: 'ok', dados: req.body }));
    },
  });
});
afterAll(async () => {
  await t.close();
});

function xsrf() {
  return { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' };
}

describe('the envelope on every answer', () => {
  it('answers the database state at /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ codigo: 200, dados: { status: 'ok', banco: 'ok' } });
  });

  it('answers 404 in the envelope for an unknown /api route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ codigo: 404, mensagem: 'Recurso não encontrado.', erros: ['Recurso não encontrado.'], codigoErro: 'NAO_ENCONTRADO' });
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/test/eco', payload: '{"nome": ', headers: { 'content-type': 'application/json', ...xsrf() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ codigo: 400, mensagem: 'O corpo da requisição não é um JSON válido.' });
  });

  it('answers 400 with one Portuguese message per field for a schema violation', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/test/eco', payload: { nome: 'A', idade: 12, email: 'x' }, headers: xsrf(),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.codigo).toBe(400);
    expect(body.mensagem).toBe('Dados inválidos. Confira os campos informados.');
    expect(body.erros).toEqual([
      'nome: Deve ter no mínimo 3 caracteres',
      'idade: Deve ser maior ou igual a 18',
      'email: E-mail inválido',
    ]);
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/test/eco', payload: { nome: 'x'.repeat(5000), idade: 20, email: 'a@b.co' }, headers: xsrf(),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ codigo: 413, mensagem: 'O conteúdo enviado excede o tamanho permitido.' });
  });

  it('answers 500 with the generic message and no internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/falha' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      codigo: 500,
      mensagem: 'Erro interno no servidor, tente novamente mais tarde',
      erros: ['Erro interno no servidor, tente novamente mais tarde'],
      codigoErro: 'ERRO_INTERNO',
    });
    expect(res.body).not.toContain('postgres://');
    expect(res.body).not.toContain('at ');
  });
});

describe('the machine-readable code beside the status (codigoErro)', () => {
  it('names each kind of failure, so that clients never branch on message text', async () => {
    const invalido = await t.app.inject({ method: 'POST', url: '/api/test/eco', payload: { nome: 'A' }, headers: xsrf() });
    expect(invalido.json()).toMatchObject({ codigo: 400, codigoErro: 'DADOS_INVALIDOS' });
    const grande = await t.app.inject({
      method: 'POST', url: '/api/test/eco', payload: { nome: 'x'.repeat(5000), idade: 20, email: 'a@b.co' }, headers: xsrf(),
    });
    expect(grande.json()).toMatchObject({ codigo: 413, codigoErro: 'CORPO_GRANDE_DEMAIS' });
    const semToken = await t.app.inject({ method: 'GET', url: '/api/notificacao' });
    expect(semToken.json()).toMatchObject({ codigo: 401, codigoErro: 'NAO_AUTENTICADO' });
    const tokenQualquer = await t.app.inject({ method: 'GET', url: '/api/notificacao', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(tokenQualquer.json()).toMatchObject({ codigo: 401, codigoErro: 'NAO_AUTENTICADO' });
  });
});

describe('security headers', () => {
  it('sends CSP with frame-ancestors, nosniff, and no HSTS over plain HTTP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents every API route at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as object);
    for (const p of [
      '/api/health', '/api/auth/link/{chave}', '/api/auth/login', '/api/auth/refresh', '/api/auth/logout',
      '/api/solicitacao/totalizadores/{id}', '/api/analise-solicitacao/totalizadores',
    ]) {
      expect(paths).toContain(p);
    }
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe('configuration', () => {
  it('stops with a message naming the variable for a wrong value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://sso.acesso.gov.br' })).toThrow(/OIDC_ISSUER/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@y/z' })).toThrow(/JWT_SECRET/);
  });

  it('runs an embedded database and the demo accounts when DATABASE_URL is absent', () => {
    const c = loadConfig({});
    expect(c.database.url).toBeUndefined();
    expect(c.seedDemo).toBe(true);
    expect(c.port).toBe(3000);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/d' }).seedDemo).toBe(false);
  });

  it('keeps documents in the local folder unless S3_BUCKET names a bucket', () => {
    expect(loadConfig({}).files.s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'rgp-documentos' }).files.s3).toEqual({
      bucket: 'rgp-documentos', region: 'us-east-1', endpoint: undefined, forcePathStyle: false, credentials: undefined, prefix: '',
    });
    // An S3-compatible service: path-style addresses unless told otherwise.
    const minio = loadConfig({
      S3_BUCKET: 'rgp', S3_ENDPOINT: 'https://objetos.mpa.gov.br', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'segredo', S3_PREFIX: 'documentos/',
    }).files.s3;
    expect(minio).toMatchObject({ forcePathStyle: true, credentials: { accessKeyId: 'id', secretAccessKey: 'segredo' }, prefix: 'documentos/' });
    expect(loadConfig({ S3_BUCKET: 'rgp', S3_ENDPOINT: 'https://s3.example', S3_FORCE_PATH_STYLE: 'false' }).files.s3?.forcePathStyle).toBe(false);
    expect(() => loadConfig({ S3_BUCKET: 'Rgp_Documentos' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'rgp', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ S3_BUCKET: 'rgp', S3_PREFIX: '../fora' })).toThrow(/S3_PREFIX/);
  });

  it('takes hCaptcha\'s secret and site key together', () => {
    expect(() => loadConfig({ HCAPTCHA_SECRET: '0x0000000000000000000000000000000000000000' })).toThrow(/HCAPTCHA_SITEKEY/);
    expect(() => loadConfig({ HCAPTCHA_SITEKEY: '10000000-ffff-ffff-ffff-000000000001' })).toThrow(/HCAPTCHA_SITEKEY/);
    const c = loadConfig({ HCAPTCHA_SECRET: '0x0000000000000000000000000000000000000000', HCAPTCHA_SITEKEY: '10000000-ffff-ffff-ffff-000000000001' });
    expect(c.captcha.hcaptchaSiteKey).toBe('10000000-ffff-ffff-ffff-000000000001');
  });
});
