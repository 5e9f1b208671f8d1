import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';

/**
 * Who may call each fisher endpoint. The demo fisher lives in Pará (the SFPA demo user's state), the other fisher
 * in São Paulo; both have a sent request with a protocol number.
 */
let t: TestApp;
let dataDir: string;
const s: Record<string, Sessao> = {};
let idPa = 0;
let idSp = 0;
let belem = 0;
const CPF_PA = '40000000477';
const CPF_SP = '52998224725';

const LEITORES_EM_ESCOPO = ['gestor', 'mpa', 'admin', 'consultaInterno', 'sfpa'] as const;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-pescs-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  const cpfs = {
    gestor: '10000000108', mpa: '20000000299', sfpa: '30000000388', admin: '50000000566',
    consultaInterno: '60000000655', consultaExterno: '70000000744', pescador: CPF_PA, outro: CPF_SP,
  };
  for (const [k, cpf] of Object.entries(cpfs)) s[k] = await entrarComo(t.app, cpf);
  idPa = decodeJwt(s.pescador!.token).idPescador as number;
  idSp = decodeJwt(s.outro!.token).idPescador as number;
  belem = (await t.db.execute<{ id: number }>(sql`SELECT id FROM municipio WHERE uf = 'PA' AND nome = 'Belém'`)).rows[0]!.id;
  await t.db.execute(sql`UPDATE pescador SET uf = 'PA', municipio_id = ${belem} WHERE id = ${idPa}`);
  await t.db.execute(sql`UPDATE pescador SET uf = 'SP' WHERE id = ${idSp}`);
  await t.db.execute(sql`
    INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, numero_protocolo, enviada_em) VALUES
      (${idPa}, 1, 6, 5, '20260000000001', now()), (${idSp}, 1, 6, 5, '20260000000002', now())`);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const get = (who: string, url: string) => s[who]!.api({ method: 'GET', url });

/** Each read endpoint of a fisher, by the fisher's id. */
const leituras: [string, (id: number) => string][] = [
  ['GET /api/pescador/{id}', (id) => `/api/pescador/${id}`],
  ['GET /api/pescador/{id}/endereco', (id) => `/api/pescador/${id}/endereco`],
  ['GET /api/pescador/legado/{id}', (id) => `/api/pescador/legado/${id}`],
  ['GET /api/pescador/{id}/imprimir-protocolo', (id) => `/api/pescador/${id}/imprimir-protocolo`],
];

describe.each(leituras)('%s', (_nome, url) => {
  it('serves the fisher their own', async () => {
    expect((await get('pescador', url(idPa))).statusCode).toBe(200);
  });

  it("refuses a fisher another fisher's with 403 and no data", async () => {
    const res = await get('outro', url(idPa));
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().dados).toBeUndefined();
    expect(res.body).not.toContain(CPF_PA);
  });

  it.each(LEITORES_EM_ESCOPO)('serves %s in scope, audited', async (who) => {
    const cpf = decodeJwt(s[who]!.token).sub!;
    const contar = async () => (await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'VISUALIZACAO_DADOS_PESSOAIS' AND cpf_ator = ${cpf}`)).rows[0]!.n;
    const antes = await contar();
    expect((await get(who, url(idPa))).statusCode).toBe(200);
    expect(await contar()).toBe(antes + 1);
  });

  it('refuses SFPA a fisher of another state', async () => {
    expect((await get('sfpa', url(idSp))).statusCode).toBe(403);
  });

  it('refuses CONSULTA_EXTERNO with 403 and no data, whatever the fisher', async () => {
    for (const id of [idPa, idSp, 999_999]) {
      const res = await get('consultaExterno', url(id));
      expect(res.statusCode).toBe(403);
      expect(res.json().dados).toBeUndefined();
      expect(res.body).not.toContain(CPF_PA);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: url(idPa) })).statusCode).toBe(401);
  });
});

describe('CONSULTA_EXTERNO (the product guide gives it the fisher report and the card lookups, nothing else)', () => {
  const urls = () => [...leituras.map(([, u]) => u(idPa)), `/api/pescador/cpf/${CPF_PA}`, `/api/rgp/pescador/${idPa}`];
  const contar = async (acao: string) => (await t.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM auditoria WHERE acao = ${acao} AND cpf_ator = '70000000744'`)).rows[0]!.n;

  it('reads no fisher record: the record, the address, the legacy registry, the protocol, the CPF lookup and the RGP block answer 403, audited', async () => {
    const recusas = await contar('AUTORIZACAO_RECUSADA');
    for (const url of urls()) {
      const res = await get('consultaExterno', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().dados, url).toBeUndefined();
      for (const dado of [CPF_PA, '000.004', 'Belém']) expect(res.body, url).not.toContain(dado);
    }
    expect(await contar('AUTORIZACAO_RECUSADA')).toBe(recusas + urls().length);
    expect(await contar('VISUALIZACAO_DADOS_PESSOAIS')).toBe(0);
  });

  it('corrects no RGP block, and neither does CONSULTA_INTERNO (read-only)', async () => {
    expect((await s.consultaExterno!.api({ method: 'PUT', url: `/api/rgp/pescador/${idPa}`, payload: { orgao: 'MPA' } })).statusCode).toBe(403);
    expect((await s.consultaInterno!.api({ method: 'PUT', url: `/api/rgp/pescador/${idPa}`, payload: { orgao: 'MPA' } })).statusCode).toBe(403);
  });
});

describe('GET /api/pescador/cpf/{cpf}', () => {
  it.each(LEITORES_EM_ESCOPO)('serves %s', async (who) => {
    const res = await get(who, `/api/pescador/cpf/${CPF_PA}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().dados.id).toBe(idPa);
  });

  it('refuses fishers (even their own CPF), SFPA out of state, and anonymous callers', async () => {
    expect((await get('pescador', `/api/pescador/cpf/${CPF_PA}`)).statusCode).toBe(403);
    expect((await get('outro', `/api/pescador/cpf/${CPF_PA}`)).statusCode).toBe(403);
    expect((await get('sfpa', `/api/pescador/cpf/${CPF_SP}`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/pescador/cpf/${CPF_PA}` })).statusCode).toBe(401);
  });
});

describe('PUT /api/pescador/{id}/atualizacao-endereco', () => {
  const corpo = () => ({ cep: '66010000', logradouro: 'RUA A', numeroLogradouro: '1', bairro: 'CENTRO', municipio: belem, uf: 'PA' });
  const put = (who: string, id: number) => s[who]!.api({ method: 'PUT', url: `/api/pescador/${id}/atualizacao-endereco`, payload: corpo() });

  it("lets the fisher change their own address only: another fisher's is 403 and unchanged", async () => {
    expect((await put('pescador', idPa)).statusCode).toBe(200);
    expect((await put('outro', idPa)).statusCode).toBe(403);
    const { rows } = await t.db.execute<{ uf: string }>(sql`SELECT uf FROM pescador WHERE id = ${idSp}`);
    expect((await put('pescador', idSp)).statusCode).toBe(403);
    expect((await t.db.execute<{ uf: string }>(sql`SELECT uf FROM pescador WHERE id = ${idSp}`)).rows[0]!.uf).toBe(rows[0]!.uf);
  });

  it.each(['gestor', 'mpa', 'sfpa', 'admin', 'consultaInterno', 'consultaExterno'])('refuses %s (staff never write a fisher address)', async (who) => {
    expect((await put(who, idPa)).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({
      method: 'PUT', url: `/api/pescador/${idPa}/atualizacao-endereco`, payload: corpo(), headers: { cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});
