import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hojeSaoPaulo } from '../../shared/datas';
import { createTestApp, entrarComo, Navegador, type Sessao, type TestApp } from '../test/helpers';

/**
 * Issue 21 section 3: a client that sends `Content-Type: application/json` on every call (spec point 7: "JSON
 * headers") sends it on a DELETE without a body too. An empty JSON body is no body: authorisation answers first
 * (401, 403), and an authorised call does what it asks. A body that is there is still parsed strictly.
 */

let t: TestApp;
let gestor: Sessao;
let sfpa: Sessao;
const JSON_HEADERS = { 'content-type': 'application/json' };

beforeAll(async () => {
  t = await createTestApp();
  gestor = await entrarComo(t.app, '10000000108');
  sfpa = await entrarComo(t.app, '30000000388');
});
afterAll(async () => {
  await t?.close();
});

async function criarAto(): Promise<number> {
  const r = await gestor.api({
    method: 'POST', url: '/api/ato-normativo',
    payload: { nome: 'Portaria a excluir', descricao: 'Teste do corpo vazio.', dataInicioVigencia: hojeSaoPaulo() },
  });
  expect(r.statusCode).toBe(200);
  return (r.json().dados as { id: number }).id;
}

describe('an empty JSON body', () => {
  it('on a DELETE without a token answers 401, not 400', async () => {
    const anonimo = new Navegador(t.app);
    await anonimo.request({ method: 'GET', url: '/api/health' });
    const r = await anonimo.request({ method: 'DELETE', url: '/api/ato-normativo/1', headers: { ...JSON_HEADERS, 'x-xsrf-token': anonimo.xsrf } });
    expect(r.statusCode).toBe(401);
  });

  it('on a DELETE by a profile that may not answers 403, not 400', async () => {
    const id = await criarAto();
    const r = await sfpa.api({ method: 'DELETE', url: `/api/ato-normativo/${id}`, headers: JSON_HEADERS });
    expect(r.statusCode).toBe(403);
  });

  it('on a DELETE by a profile that may is no body: the act is deleted', async () => {
    const id = await criarAto();
    const r = await gestor.api({ method: 'DELETE', url: `/api/ato-normativo/${id}`, headers: JSON_HEADERS });
    expect(r.statusCode).toBe(200);
    expect((await gestor.api({ method: 'GET', url: `/api/ato-normativo/${id}` })).statusCode).toBe(404);
  });

  it('also with a charset and with `Content-Length: 0`', async () => {
    const id = await criarAto();
    const r = await gestor.api({
      method: 'DELETE', url: `/api/ato-normativo/${id}`, payload: '',
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': '0' },
    });
    expect(r.statusCode).toBe(200);
  });

  it('on a POST is no body either: authorisation first, then the schema says what is missing', async () => {
    expect((await sfpa.api({ method: 'POST', url: '/api/ato-normativo', headers: JSON_HEADERS })).statusCode).toBe(403);
    const r = await gestor.api({ method: 'POST', url: '/api/ato-normativo', headers: JSON_HEADERS });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ codigo: 400 });
  });
});

describe('a JSON body that is there', () => {
  it('is still refused when malformed or poisoned', async () => {
    const malformado = await gestor.api({ method: 'POST', url: '/api/ato-normativo', headers: JSON_HEADERS, payload: '{"nome":' });
    expect(malformado.statusCode).toBe(400);
    const envenenado = await gestor.api({
      method: 'POST', url: '/api/ato-normativo', headers: JSON_HEADERS,
      payload: '{"nome":"x","descricao":"y","dataInicioVigencia":"2026-01-01","__proto__":{"admin":true}}',
    });
    expect(envenenado.statusCode).toBe(400);
  });
});
