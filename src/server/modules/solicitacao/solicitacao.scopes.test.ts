import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, entrarComo, Navegador, type Sessao, type TestApp } from '../../test/helpers';
import {
  enviada, novoPescador, passo1, passo2, SAO_PAULO, umaLinha, type Pescador,
} from './passos.test-utils';

/**
 * Who may call each endpoint of the requests module (product guide, "Who may do what"): a fisher only their
 * own (403 otherwise, never the data); staff read per escopo.ts (SFPA only its state); CONSULTA_EXTERNO never
 * reads requests; read-only profiles never write; anonymous callers get 401.
 */

let t: TestApp;
const staff: Record<string, Sessao> = {};
let a: Pescador;
let b: Pescador;
let rascA = 0;
let deferidaA = 0;
let rascB = 0;
let anonimo: Navegador;

const STAFF = ['gestor', 'mpa', 'sfpa', 'admin', 'consultaInterno', 'consultaExterno'] as const;
const LEITORES_TOTAIS = ['gestor', 'mpa', 'admin', 'consultaInterno'] as const;
const PERFIL = { gestor: 1, mpa: 2, admin: 5, consultaInterno: 6 } as const;

beforeAll(async () => {
  t = await createTestApp();
  const cpfs = {
    gestor: '10000000108', mpa: '20000000299', sfpa: '30000000388', admin: '50000000566',
    consultaInterno: '60000000655', consultaExterno: '70000000744',
  };
  for (const [k, cpf] of Object.entries(cpfs)) staff[k] = await entrarComo(t.app, cpf);

  // Fisher A lives in Pará (SFPA-PA's state): a deferred registration, an active registry and a draft at step 2.
  a = await novoPescador(t, 301);
  deferidaA = await enviada(t, a, 1);
  await t.db.execute(sql`UPDATE solicitacao SET situacao = 4 WHERE id = ${deferidaA}`);
  await t.db.execute(sql`UPDATE pescador SET situacao_registro = 1, numero_rgp = 'PAPA00000000301' WHERE id = ${a.id}`);
  rascA = (await a.sessao.api({ method: 'POST', url: `/api/solicitacao-edicao-registro/editar-solicitacao/${deferidaA}` })).json().dados.id;

  // Fisher B lives in São Paulo: a draft at step 1.
  b = await novoPescador(t, 302);
  const corpoB = passo1(b.cpf, { endereco: { ...(passo1(b.cpf).endereco as object), municipio: SAO_PAULO, uf: 'SP' } });
  rascB = (await b.sessao.api({ method: 'POST', url: '/api/solicitacao', payload: { tipo: 1, passo: 1, ...corpoB } })).json().dados.id;
  await t.db.execute(sql`UPDATE pescador SET uf = 'SP', situacao_registro = 6, numero_rgp = 'SPPA00000000302' WHERE id = ${b.id}`);

  // Anonymous: holds the anti-forgery cookie, so that the answer is about authentication only.
  anonimo = new Navegador(t.app);
  await anonimo.request({ method: 'GET', url: '/api/health' });
});
afterAll(async () => {
  await t.close();
});

function semToken(opts: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
  return anonimo.request({ ...opts, headers: { 'x-xsrf-token': anonimo.xsrf, ...opts.headers } });
}

function esperarRecusa(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().codigo).toBe(status);
  expect(res.json().dados?.id).toBeUndefined();
}

async function estadoDe(id: number) {
  return umaLinha<{ passo: number; situacao: number; inativa: boolean; dados: unknown }>(t.db, sql`
    SELECT passo, situacao, inativa, dados FROM solicitacao WHERE id = ${id}`);
}

// ---------------------------------------------------------------- writes of the fisher's own requests

const escritas: { nome: string; req: () => InjectOptions & { url: string } }[] = [
  { nome: 'PUT /api/solicitacao (save a step)', req: () => ({ method: 'PUT', url: '/api/solicitacao', payload: { id: rascA, tipo: 8, passo: 2, ...passo2() } }) },
  { nome: 'PUT /api/solicitacao (submit, step 5)', req: () => ({ method: 'PUT', url: '/api/solicitacao', payload: { id: rascA, tipo: 8, passo: 5, declaraCiencia: true } }) },
  { nome: 'DELETE /api/solicitacao/{id}/embarcacao', req: () => ({ method: 'DELETE', url: `/api/solicitacao/${rascA}/embarcacao` }) },
  { nome: 'DELETE /api/solicitacao/{id}/inativar', req: () => ({ method: 'DELETE', url: `/api/solicitacao/${rascA}/inativar` }) },
  { nome: 'POST /api/solicitacao-edicao-registro/editar-solicitacao/{id} (clone)', req: () => ({ method: 'POST', url: `/api/solicitacao-edicao-registro/editar-solicitacao/${deferidaA}` }) },
];

describe.each(escritas)('$nome', ({ req }) => {
  it("refuses another fisher with 403 and changes nothing", async () => {
    const antes = await estadoDe(rascA);
    esperarRecusa(await b.sessao.api(req()), 403);
    expect(await estadoDe(rascA)).toEqual(antes);
    const { rows } = await t.db.execute(sql`SELECT id FROM solicitacao WHERE pescador_id = ${b.id} AND tipo = 8`);
    expect(rows).toHaveLength(0);
  });

  it('refuses a nonexistent request with 403 as well (existence is not revealed)', async () => {
    const r = req();
    const url = r.url.replace(String(rascA), '99999999').replace(String(deferidaA), '99999999');
    const payload = r.payload && typeof r.payload === 'object' ? { ...(r.payload as object), id: 99999999 } : r.payload;
    esperarRecusa(await b.sessao.api({ ...r, url, payload }), 403);
  });

  it.each(STAFF)('refuses %s (requests are written by their fisher only)', async (who) => {
    esperarRecusa(await staff[who]!.api(req()), 403);
  });

  it('answers 401 without a token', async () => {
    esperarRecusa(await semToken(req()), 401);
  });
});

describe('POST /api/solicitacao (create)', () => {
  const corpo = () => ({ tipo: 1, passo: 1, ...passo1(a.cpf) });

  it("refuses a fisher filing with another fisher's CPF", async () => {
    esperarRecusa(await b.sessao.api({ method: 'POST', url: '/api/solicitacao', payload: corpo() }), 403);
  });

  it.each(STAFF)('refuses %s', async (who) => {
    esperarRecusa(await staff[who]!.api({ method: 'POST', url: '/api/solicitacao', payload: corpo() }), 403);
  });

  it('answers 401 without a token, before looking at the body', async () => {
    esperarRecusa(await semToken({ method: 'POST', url: '/api/solicitacao', payload: { tipo: 99 } }), 401);
  });
});

describe.each([
  { nome: 'POST /api/solicitacao-pescador-ativo-edicao-registro', req: { method: 'POST' as const, url: '/api/solicitacao-pescador-ativo-edicao-registro' } },
  { nome: 'POST /api/solicitacao-pescador-ativo-edicao-registro/', req: { method: 'POST' as const, url: '/api/solicitacao-pescador-ativo-edicao-registro/' } },
  {
    nome: 'POST /api/solicitacao-edicao-rgp',
    req: { method: 'POST' as const, url: '/api/solicitacao-edicao-rgp', payload: { numeroPrimeiroRGP: 'X1', dataPrimeiroRgp: '2000-01-01', orgao: 'MPA' } },
  },
  { nome: 'POST /api/solicitacao-regularizacao', req: { method: 'POST' as const, url: '/api/solicitacao-regularizacao', payload: { justificativa: 'Justificativa longa.' } } },
])('$nome (the signed-in fisher for themselves)', ({ req }) => {
  it.each(STAFF)('refuses %s', async (who) => {
    esperarRecusa(await staff[who]!.api(req), 403);
  });

  it('answers 401 without a token', async () => {
    esperarRecusa(await semToken(req), 401);
  });
});

describe('POST /api/solicitacao-cancelamento-pescador/motivoCancelamento', () => {
  const req = () => ({
    method: 'POST' as const, url: '/api/solicitacao-cancelamento-pescador/motivoCancelamento',
    payload: { idPescador: a.id, justificativaDeclaracaoSolicitacaoCancelamento: 'Outro pescador tentando.' },
  });

  it('refuses a fisher filing for another fisher', async () => {
    esperarRecusa(await b.sessao.api(req()), 403);
    const { rows } = await t.db.execute(sql`SELECT id FROM solicitacao WHERE pescador_id = ${a.id} AND tipo = 5`);
    expect(rows).toHaveLength(0);
  });

  it.each(['mpa', 'sfpa', 'consultaInterno', 'consultaExterno'])('refuses %s (only the fisher, GESTOR or ADMIN file it)', async (who) => {
    esperarRecusa(await staff[who]!.api(req()), 403);
  });

  it('answers 401 without a token', async () => {
    esperarRecusa(await semToken(req()), 401);
  });
});

describe('PUT /api/rgp/pescador/{id}', () => {
  const req = () => ({ method: 'PUT' as const, url: `/api/rgp/pescador/${a.id}`, payload: { orgao: 'MPA' } });

  it('refuses fishers, even for their own registry', async () => {
    esperarRecusa(await a.sessao.api(req()), 403);
    esperarRecusa(await b.sessao.api(req()), 403);
  });

  it.each(['sfpa', 'consultaInterno', 'consultaExterno'])('refuses %s', async (who) => {
    esperarRecusa(await staff[who]!.api(req()), 403);
  });

  it('answers 401 without a token', async () => {
    esperarRecusa(await semToken(req()), 401);
  });
});

// ---------------------------------------------------------------- reads

describe('GET /api/solicitacao/{id}', () => {
  const url = () => `/api/solicitacao/${rascA}`;

  it('answers the fisher their own request, and 403 to another fisher (also for a nonexistent id)', async () => {
    expect((await a.sessao.api({ method: 'GET', url: url() })).statusCode).toBe(200);
    esperarRecusa(await b.sessao.api({ method: 'GET', url: url() }), 403);
    esperarRecusa(await b.sessao.api({ method: 'GET', url: '/api/solicitacao/99999999' }), 403);
  });

  it.each(LEITORES_TOTAIS)('lets %s read any request, audited', async (who) => {
    expect((await staff[who]!.api({ method: 'GET', url: url() })).statusCode).toBe(200);
    expect((await staff[who]!.api({ method: 'GET', url: `/api/solicitacao/${rascB}` })).statusCode).toBe(200);
    const { rows } = await t.db.execute(sql`
      SELECT 1 FROM auditoria
      WHERE acao = 'VISUALIZACAO_DADOS_PESSOAIS' AND recurso = 'solicitacao' AND recurso_id = ${String(rascA)} AND perfil_ator = ${PERFIL[who]}`);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('answers 404 for a nonexistent request only to those who may read any', async () => {
    expect((await staff.gestor!.api({ method: 'GET', url: '/api/solicitacao/99999999' })).statusCode).toBe(404);
    esperarRecusa(await staff.sfpa!.api({ method: 'GET', url: '/api/solicitacao/99999999' }), 403);
  });

  it("lets SFPA read requests of its state only (the fisher's address or the state the request was sent from)", async () => {
    expect((await staff.sfpa!.api({ method: 'GET', url: url() })).statusCode).toBe(200);
    esperarRecusa(await staff.sfpa!.api({ method: 'GET', url: `/api/solicitacao/${rascB}` }), 403);
    await t.db.execute(sql`UPDATE solicitacao SET uf_pescador = 'PA' WHERE id = ${rascB}`);
    expect((await staff.sfpa!.api({ method: 'GET', url: `/api/solicitacao/${rascB}` })).statusCode).toBe(200);
    await t.db.execute(sql`UPDATE solicitacao SET uf_pescador = NULL WHERE id = ${rascB}`);
  });

  it('refuses CONSULTA_EXTERNO, and anonymous callers with 401', async () => {
    esperarRecusa(await staff.consultaExterno!.api({ method: 'GET', url: url() }), 403);
    esperarRecusa(await semToken({ method: 'GET', url: url() }), 401);
  });
});

describe('GET /api/solicitacao (list)', () => {
  it("shows a fisher only their own, and refuses another fisher's id", async () => {
    const res = await b.sessao.api({ method: 'GET', url: '/api/solicitacao' });
    expect(res.statusCode).toBe(200);
    expect(res.json().dados.solicitacoes.map((s: { idPescador: number }) => s.idPescador)).toEqual([b.id]);
    const alheio = await b.sessao.api({ method: 'GET', url: `/api/solicitacao?cpf=${a.cpf}` });
    expect(alheio.json().dados.total).toBe(0);
    esperarRecusa(await b.sessao.api({ method: 'GET', url: `/api/solicitacao?idPescador=${a.id}` }), 403);
  });

  it("shows SFPA only its state's requests, and refuses a fisher of another state", async () => {
    const res = await staff.sfpa!.api({ method: 'GET', url: '/api/solicitacao' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().dados.solicitacoes.map((s: { id: number }) => s.id);
    expect(ids).toEqual(expect.arrayContaining([rascA, deferidaA]));
    expect(ids).not.toContain(rascB);
    esperarRecusa(await staff.sfpa!.api({ method: 'GET', url: `/api/solicitacao?idPescador=${b.id}` }), 403);
  });

  it.each(LEITORES_TOTAIS)('shows %s every state', async (who) => {
    const ids = (await staff[who]!.api({ method: 'GET', url: '/api/solicitacao' })).json().dados.solicitacoes.map((s: { id: number }) => s.id);
    expect(ids).toEqual(expect.arrayContaining([rascA, deferidaA, rascB]));
  });

  it('refuses CONSULTA_EXTERNO, and anonymous callers with 401', async () => {
    esperarRecusa(await staff.consultaExterno!.api({ method: 'GET', url: '/api/solicitacao' }), 403);
    esperarRecusa(await semToken({ method: 'GET', url: '/api/solicitacao' }), 401);
  });
});

describe.each([
  { nome: 'GET /api/solicitacao/pescador/{id}', url: (id: number) => `/api/solicitacao/pescador/${id}` },
  { nome: 'GET /api/solicitacao-pescador-ativo-edicao-registro/consultar/{id}', url: (id: number) => `/api/solicitacao-pescador-ativo-edicao-registro/consultar/${id}` },
  { nome: 'GET /api/rgp/pescador/{id}', url: (id: number) => `/api/rgp/pescador/${id}` },
  { nome: 'GET /api/solicitacao-cancelamento-pescador/{id}', url: (id: number) => `/api/solicitacao-cancelamento-pescador/${id}` },
  { nome: 'GET /api/solicitacao/totalizadores/{id}', url: (id: number) => `/api/solicitacao/totalizadores/${id}` },
])('$nome (by fisher id)', ({ url }) => {
  it('answers the fisher about themselves, and 403 about another fisher', async () => {
    expect((await a.sessao.api({ method: 'GET', url: url(a.id) })).statusCode).toBe(200);
    esperarRecusa(await b.sessao.api({ method: 'GET', url: url(a.id) }), 403);
    esperarRecusa(await b.sessao.api({ method: 'GET', url: url(99999999) }), 403);
  });

  it.each(LEITORES_TOTAIS)('lets %s read any fisher', async (who) => {
    expect((await staff[who]!.api({ method: 'GET', url: url(a.id) })).statusCode).toBe(200);
    expect((await staff[who]!.api({ method: 'GET', url: url(b.id) })).statusCode).toBe(200);
  });

  it('lets SFPA read a fisher of its state only', async () => {
    expect((await staff.sfpa!.api({ method: 'GET', url: url(a.id) })).statusCode).toBe(200);
    esperarRecusa(await staff.sfpa!.api({ method: 'GET', url: url(b.id) }), 403);
  });

  it('refuses CONSULTA_EXTERNO, and anonymous callers with 401', async () => {
    esperarRecusa(await staff.consultaExterno!.api({ method: 'GET', url: url(a.id) }), 403);
    esperarRecusa(await semToken({ method: 'GET', url: url(a.id) }), 401);
  });
});

describe('GET /api/solicitacao/ultima/solicitacao', () => {
  it('answers the signed-in fisher only', async () => {
    expect((await a.sessao.api({ method: 'GET', url: '/api/solicitacao/ultima/solicitacao' })).json().dados).toMatchObject({ id: rascA });
    expect((await b.sessao.api({ method: 'GET', url: '/api/solicitacao/ultima/solicitacao' })).json().dados).toMatchObject({ id: rascB });
  });

  it.each(STAFF)('refuses %s', async (who) => {
    esperarRecusa(await staff[who]!.api({ method: 'GET', url: '/api/solicitacao/ultima/solicitacao' }), 403);
  });

  it('answers 401 without a token', async () => {
    esperarRecusa(await semToken({ method: 'GET', url: '/api/solicitacao/ultima/solicitacao' }), 401);
  });
});

describe('the fisher acts on their own request', () => {
  it('saves a step of and removes the vessel from their own draft', async () => {
    const corpo = { id: rascA, tipo: 8, passo: 1, ...passo1(a.cpf) };
    expect((await a.sessao.api({ method: 'PUT', url: '/api/solicitacao', payload: corpo })).statusCode).toBe(200);
    expect((await a.sessao.api({ method: 'DELETE', url: `/api/solicitacao/${rascA}/embarcacao` })).statusCode).toBe(200);
  });
});
