import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Contrato } from '../../shared/contrato';
import { CONTRATOS } from '../../shared/contratos';
import { ehPublica, PERMISSOES } from '../../shared/permissoes';
import { createTestApp, entrarComo, Navegador, type Sessao, type TestApp } from '../test/helpers';

/**
 * Issue 33, point 3 (decision 0067): the caller is known before the body is read. An unauthenticated POST with a
 * broken body got 400 (the body was parsed first); now every route that needs a session answers 401 to a caller
 * without a token, and 403 to a signed-in one its permission leaves out, whatever the body: broken JSON, too large,
 * or of a type no route reads. Walked over every contract whose permission leaves the anonymous caller out.
 */

const LIMITE_CORPO = 2048;
let t: TestApp;
let anonimo: Navegador;
let pescador: Sessao;

beforeAll(async () => {
  t = await createTestApp({ env: { BODY_LIMIT_BYTES: String(LIMITE_CORPO) } });
  anonimo = new Navegador(t.app);
  await anonimo.request({ method: 'GET', url: '/api/health' });
  pescador = await entrarComo(t.app, '40000000477');
});
afterAll(async () => {
  await t.close();
});

/** The contract's path with every parameter filled in (its schema is checked only after the guard). */
function urlDe(c: Contrato): string {
  return c.caminho.replace(/\{\w+\}/g, '1');
}

const PROTEGIDAS = CONTRATOS.filter((c) => !ehPublica(c.permissao));

/** Bodies the parser refuses: malformed JSON (400), beyond the body limit (413), a type no route reads (415). */
const CORPOS: { nome: string; headers: Record<string, string>; payload: string }[] = [
  { nome: 'broken JSON', headers: { 'content-type': 'application/json' }, payload: '{"quebrado": ' },
  { nome: 'too large', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ x: 'a'.repeat(LIMITE_CORPO * 2) }) },
  { nome: 'of an unknown type', headers: { 'content-type': 'application/x-desconhecido' }, payload: 'abc' },
];

describe('the guard before the body', () => {
  it('walks the routes that need a session', () => {
    expect(PROTEGIDAS.length).toBeGreaterThan(50);
  });

  it.each(CORPOS)('answers 401 to a caller without a token whose body is $nome, on every route that needs a session', async (corpo) => {
    const divergencias: string[] = [];
    for (const c of PROTEGIDAS) {
      const opts: InjectOptions & { url: string } = {
        method: c.metodo, url: urlDe(c), payload: corpo.payload, headers: { ...corpo.headers, 'x-xsrf-token': anonimo.xsrf },
      };
      const res = await anonimo.request(opts);
      if (res.statusCode !== 401) divergencias.push(`${c.metodo} ${c.caminho}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(divergencias).toEqual([]);
  }, 60_000);

  it('answers 403 to a signed-in caller the permission leaves out, whatever the body', async () => {
    const fora = PROTEGIDAS.filter((c) => !(PERMISSOES[c.permissao] as readonly string[]).includes('INTERESSADO'));
    expect(fora.length).toBeGreaterThan(20);
    const divergencias: string[] = [];
    for (const c of fora) {
      for (const corpo of CORPOS) {
        const res = await pescador.api({ method: c.metodo, url: urlDe(c), payload: corpo.payload, headers: corpo.headers });
        if (res.statusCode !== 403) divergencias.push(`${c.metodo} ${c.caminho} (${corpo.nome}): ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(divergencias).toEqual([]);
  }, 60_000);

  it('still reads the body of a caller who may call the route: a broken one is 400', async () => {
    const res = await pescador.api({
      method: 'POST', url: '/api/solicitacao', payload: '{"quebrado": ', headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});
