import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { LIMITE_VERIFICACAO_COMPROVANTE_POR_MINUTO } from '../modules/consulta-publica/consulta-publica.routes';
import { createTestApp, type TestApp } from '../test/helpers';

/**
 * Issue 33, point 3 (decision 0067): the caller's address comes from X-Forwarded-For only as far as the proxies
 * named in TRUST_PROXY wrote it. With `true` (every hop) 33 addresses a client wrote itself passed the public
 * check's limit of 30, each leaving a rate-limit row and an audit row under a forged address.
 */

describe('TRUST_PROXY', () => {
  it('takes false or the proxies\' addresses, CIDR ranges and range names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(loadConfig({ TRUST_PROXY: ' 10.244.0.0/16, fd00::/8 ,Loopback' }).trustProxy).toEqual(['10.244.0.0/16', 'fd00::/8', 'loopback']);
  });

  it('refuses true (every hop) and a hop count with a message saying what to set', () => {
    for (const v of ['true', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: v })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: v })).toThrow(/TRUST_PROXY: true would trust every hop[\s\S]*10\.0\.0\.5/);
    }
    for (const v of ['1', '2']) expect(() => loadConfig({ TRUST_PROXY: v })).toThrow(/TRUST_PROXY: a hop count cannot tell the proxy/);
    for (const v of ['proxy.interno', '10.0.0.0/33', '10.0.0.1/8/2', '300.1.1.1', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: v }), v).toThrow(/TRUST_PROXY: not an IP address/);
    }
  });

  it('refuses in production a range name that covers every private address (a client on a private network would be a proxy)', () => {
    const producao = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), CARTEIRA_TOKEN_SECRET: 'y'.repeat(40), CAPTCHA_HMAC_SECRET: 'z'.repeat(40),
      OIDC_ISSUER: 'https://sso.acesso.gov.br', OIDC_CLIENT_ID: 'rgp', OIDC_CLIENT_SECRET: 'segredo' };
    for (const v of ['uniquelocal', '10.244.0.5, linklocal']) {
      expect(() => loadConfig({ ...producao, TRUST_PROXY: v }), v).toThrow(/TRUST_PROXY: (uniquelocal|linklocal) trusts every private address in production/);
    }
    expect(loadConfig({ ...producao, TRUST_PROXY: '10.244.0.0/16' }).trustProxy).toEqual(['10.244.0.0/16']);
    expect(loadConfig({ TRUST_PROXY: 'uniquelocal' }).trustProxy).toEqual(['uniquelocal']);
  });
});

describe('the caller\'s address behind a trusted proxy', () => {
  let t: TestApp;
  const PROXY = '127.0.0.1';
  const CLIENTE = '203.0.113.7';
  const url = '/api/protocolo-solicitacao/verificar/nao-e-um-codigo';
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: PROXY } });
  });
  afterAll(async () => {
    await t.close();
  });

  it(`counts a client that writes ${LIMITE_VERIFICACAO_COMPROVANTE_POR_MINUTO + 3} addresses of its own in X-Forwarded-For under its real one`, async () => {
    const limite = LIMITE_VERIFICACAO_COMPROVANTE_POR_MINUTO;
    const status: number[] = [];
    for (let i = 1; i <= limite + 3; i++) {
      // The client forges the header; the proxy appends the address it saw.
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: PROXY, headers: { 'x-forwarded-for': `198.51.100.${i}, ${CLIENTE}` } });
      status.push(res.statusCode);
    }
    expect(status.slice(0, limite).every((s) => s === 400), String(status)).toBe(true);
    expect(status.slice(limite)).toEqual([429, 429, 429]);
    // One counter, under the real address; none under a forged one.
    const chaves = (await t.db.execute<{ chave: string }>(sql`SELECT chave FROM limite_requisicao`)).rows.map((r) => r.chave);
    expect(chaves.some((c) => c.includes(CLIENTE))).toBe(true);
    expect(chaves.some((c) => c.includes('198.51.100.'))).toBe(false);
    // Another client behind the same proxy is not held back.
    const outro = await t.app.inject({ method: 'GET', url, remoteAddress: PROXY, headers: { 'x-forwarded-for': '203.0.113.8' } });
    expect(outro.statusCode).toBe(400);
  });

  it('believes no X-Forwarded-For from a client that reaches the server directly', async () => {
    const direto = '192.0.2.44';
    const status: number[] = [];
    for (let i = 1; i <= LIMITE_VERIFICACAO_COMPROVANTE_POR_MINUTO + 1; i++) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: direto, headers: { 'x-forwarded-for': `198.51.100.${i}` } });
      status.push(res.statusCode);
    }
    expect(status.at(-1)).toBe(429);
  });
});
