import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { ehLoopback, linhaDeInicio, provedorDeIdentidade } from './inicio';

/** Issue 33, point 2 (decision 0067): the passwordless development sign-in is never reachable from the network. */

const raiz = path.resolve(import.meta.dirname, '../..');
const OIDC = { OIDC_ISSUER: 'https://sso.acesso.gov.br', OIDC_CLIENT_ID: 'rgp', OIDC_CLIENT_SECRET: 'segredo' };

describe('where the server listens', () => {
  it('listens on loopback outside production unless HOST says otherwise, on every interface in production', () => {
    expect(loadConfig({}).host).toBe('localhost');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('localhost');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const producao = loadConfig({
      NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), CAPTCHA_HMAC_SECRET: 'y'.repeat(32), CARTEIRA_TOKEN_SECRET: 'z'.repeat(32), ...OIDC,
    });
    expect(producao.host).toBe('0.0.0.0');
  });

  it('builds the public address from PORT when PUBLIC_URL is unset', () => {
    expect(loadConfig({ PORT: '3202' }).publicUrl).toBe('http://localhost:3202');
    expect(loadConfig({ PORT: '3202', PUBLIC_URL: 'https://rgp.gov.br/' }).publicUrl).toBe('https://rgp.gov.br');
  });

  it('tells loopback addresses from those the network reaches', () => {
    for (const h of ['localhost', '127.0.0.1', '127.3.2.1', '::1', '[::1]', '::ffff:127.0.0.1']) expect(ehLoopback(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.0.10', '10.0.0.1', 'rgp.gov.br', 'localhost.example.com', '::ffff:10.0.0.1']) {
      expect(ehLoopback(h), h).toBe(false);
    }
  });
});

describe('the development identity provider', () => {
  it('is mounted on loopback with the embedded database', () => {
    expect(provedorDeIdentidade(loadConfig({}))).toEqual({ tipo: 'desenvolvimento', demonstracao: true });
  });

  it('is refused on an address the network reaches, naming HOST and the way out', () => {
    expect(() => provedorDeIdentidade(loadConfig({ HOST: '0.0.0.0' }))).toThrow(ConfigError);
    expect(() => provedorDeIdentidade(loadConfig({ HOST: '0.0.0.0' }))).toThrow(/HOST=0\.0\.0\.0[\s\S]*DEV_IDP_UNSAFE=true/);
    expect(() => provedorDeIdentidade(loadConfig({ HOST: '192.168.1.20' }))).toThrow(/HOST=192\.168\.1\.20/);
  });

  it('is refused with DATABASE_URL (real data), even on loopback', () => {
    expect(() => provedorDeIdentidade(loadConfig({ DATABASE_URL: 'postgres://rgp@db/rgp' }))).toThrow(/DATABASE_URL/);
  });

  it('is mounted where refused only when DEV_IDP_UNSAFE=true says so', () => {
    const c = loadConfig({ HOST: '0.0.0.0', DATABASE_URL: 'postgres://rgp@db/rgp', DEV_IDP_UNSAFE: 'true' });
    expect(provedorDeIdentidade(c)).toEqual({ tipo: 'desenvolvimento', demonstracao: false });
    expect(() => provedorDeIdentidade(loadConfig({ HOST: '0.0.0.0', DEV_IDP_UNSAFE: 'false' }))).toThrow(ConfigError);
  });

  it('is not in question when gov.br is configured, wherever the server listens', () => {
    expect(provedorDeIdentidade(loadConfig({ HOST: '0.0.0.0', DATABASE_URL: 'postgres://rgp@db/rgp', ...OIDC })))
      .toEqual({ tipo: 'oidc', emissor: 'https://sso.acesso.gov.br' });
  });

  it('stops the real start before it opens anything, saying why', async () => {
    const filho = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: raiz,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', HOST: '0.0.0.0', PORT: '1', DATA_DIR: '.test-data/nunca-criada' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let saida = '';
    filho.stdout!.on('data', (c: Buffer) => { saida += c.toString(); });
    filho.stderr!.on('data', (c: Buffer) => { saida += c.toString(); });
    const codigo = await new Promise<number | null>((r) => filho.once('exit', r));
    expect(codigo, saida).toBe(1);
    expect(saida).toMatch(/Refusing to mount the development identity provider[\s\S]*HOST=0\.0\.0\.0/);
    expect(saida).not.toMatch(/embedded PostgreSQL/);
  }, 60_000);
});

describe('the start line', () => {
  it('says in one plain line where the product is and how to sign in', () => {
    const dev = linhaDeInicio('http://localhost:3202', { tipo: 'desenvolvimento', demonstracao: true });
    expect(dev).toBe('RGP em http://localhost:3202 — entre com um CPF de demonstração (ex.: 500.000.005-66, ADMIN; lista no README) '
      + 'ou qualquer CPF válido, sem senha (provedor de identidade de desenvolvimento em /dev-idp).');
    expect(dev).not.toContain('\n');
    expect(linhaDeInicio('https://rgp.gov.br', { tipo: 'oidc', emissor: 'https://sso.acesso.gov.br' }))
      .toBe('RGP em https://rgp.gov.br — entre com o gov.br (https://sso.acesso.gov.br).');
  });
});
