import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';
import { codificacaoAceita } from './compressao';

// Decision 0017: the built web app goes compressed (the build's .br/.gz, chosen by Accept-Encoding), hashed files
// are cached a year, index.html is revalidated, a missing hashed file is a 404, and large API answers go
// compressed when the client accepts it.
let t: TestApp;
let dir: string;
const HTML = `<!doctype html><html><body><div id="root"></div>${'<!-- preenchimento -->'.repeat(40)}</body></html>`;
const HTML_INICIO = HTML.replace('<div id="root"></div>', '<div id="root" data-pre-renderizado="/"><h1>RGP</h1></div>');
const HTML_CONSULTA = HTML.replace('<body>', '<head><link rel="modulepreload" href="/assets/consulta-1.js"></head><body>');
const JS = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const SW = `self.addEventListener('message', () => undefined);`;
const MANIFEST = JSON.stringify({ name: 'RGP', start_url: '/', display: 'standalone' });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rgp-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const escrever = (nome: string, texto: string) => {
    fs.writeFileSync(path.join(dir, nome), texto);
    fs.writeFileSync(path.join(dir, `${nome}.br`), zlib.brotliCompressSync(texto));
    fs.writeFileSync(path.join(dir, `${nome}.gz`), zlib.gzipSync(texto));
  };
  escrever('index.html', HTML);
  fs.mkdirSync(path.join(dir, 'paginas'));
  escrever('paginas/consulta-carteira.html', HTML_CONSULTA);
  escrever('paginas/index.html', HTML_INICIO);
  escrever('assets/index-AbCd1234.js', JS);
  fs.writeFileSync(path.join(dir, 'sw.js'), SW);
  escrever('manifest.webmanifest', MANIFEST);
  t = await createTestApp({ env: { WEB_DIST_DIR: dir } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the web app on the wire', () => {
  it('index.html: brotli when asked, revalidated, at any screen address', async () => {
    for (const url of ['/home', '/pescador/solicitacoes?x=1', '/consulta-carteira/outra']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(HTML);
    }
  });

  it('a page the build wrote a copy of (decision 0065) answers that copy at its address, with or without a slash or a query', async () => {
    for (const url of ['/consulta-carteira', '/consulta-carteira/', '/consulta-carteira?cpf=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(HTML_CONSULTA);
    }
  });

  it('the landing page rendered at build time (decision 0066) answers at / only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(HTML_INICIO);
    const outra = await t.app.inject({ method: 'GET', url: '/index', headers: { 'accept-encoding': 'br' } });
    expect(zlib.brotliDecompressSync(outra.rawPayload).toString()).toBe(HTML);
  });

  it('a hashed file: gzip for a client without brotli, the plain file for one without either; a year, immutable', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-AbCd1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/javascript/);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(JS);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbCd1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('the installable app (issue 25): the service worker is revalidated on every check, so a release reaches phones; the manifest is JSON of its type', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.body).toBe(SW);
    const manifesto = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { 'accept-encoding': 'br' } });
    expect(manifesto.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifesto.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(zlib.brotliDecompressSync(manifesto.rawPayload).toString())).toMatchObject({ display: 'standalone' });
  });

  it('a hashed file that is not there is a 404, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-Velho999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ codigo: 404 });
  });

  it('a large API answer goes compressed when the client accepts it, and is the same JSON', async () => {
    const url = '/api/municipios/uf/SP';
    const simples = await t.app.inject({ method: 'GET', url });
    expect(simples.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(simples.rawPayload.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(simples.json());
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(simples.json());
  });

  it('a small API answer goes as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('codificacaoAceita', () => {
  it('prefers brotli, then gzip, honours q=0 and *', () => {
    expect(codificacaoAceita(undefined)).toBeNull();
    expect(codificacaoAceita('gzip, deflate, br, zstd')).toBe('br');
    expect(codificacaoAceita('gzip')).toBe('gzip');
    expect(codificacaoAceita('br;q=0, gzip')).toBe('gzip');
    expect(codificacaoAceita('identity')).toBeNull();
    expect(codificacaoAceita('*')).toBe('br');
    expect(codificacaoAceita('*, br;q=0')).toBe('gzip');
  });
});
