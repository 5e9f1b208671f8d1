import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../test/helpers';
import { criarForcaTarefa } from '../test/forca-tarefa';

let t: TestApp;
const s: Record<string, Sessao> = {};
let idPescadorDemo = 0;
let idOutroPescador = 0;

beforeAll(async () => {
  t = await createTestApp();
  const cpfs = {
    gestor: '10000000108', mpa: '20000000299', sfpa: '30000000388', admin: '50000000566',
    consultaInterno: '60000000655', consultaExterno: '70000000744', pescador: '40000000477', outro: '52998224725',
  };
  for (const [k, cpf] of Object.entries(cpfs)) s[k] = await entrarComo(t.app, cpf);
  idPescadorDemo = decodeJwt(s.pescador!.token).idPescador as number;
  idOutroPescador = decodeJwt(s.outro!.token).idPescador as number;
  // The demo fisher lives in Pará; the other one in São Paulo. Two requests and their analyses.
  await t.db.execute(sql`UPDATE pescador SET uf = 'PA' WHERE id = ${idPescadorDemo}`);
  await t.db.execute(sql`UPDATE pescador SET uf = 'SP' WHERE id = ${idOutroPescador}`);
  await t.db.execute(sql`
    INSERT INTO solicitacao (pescador_id, tipo, situacao) VALUES
      (${idPescadorDemo}, 1, 6), (${idPescadorDemo}, 2, 1), (${idOutroPescador}, 1, 7)`);
  await t.db.execute(sql`
    INSERT INTO analise_solicitacao (solicitacao_id, situacao_analise, uf_pescador)
    SELECT id, CASE situacao WHEN 6 THEN 1 ELSE 2 END, CASE pescador_id WHEN ${idPescadorDemo} THEN 'PA' ELSE 'SP' END
    FROM solicitacao WHERE situacao IN (6, 7)`);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/solicitacao/totalizadores/{id}', () => {
  const url = () => `/api/solicitacao/totalizadores/${idPescadorDemo}`;

  it('gives the fisher their own counters from the requests table', async () => {
    const res = await s.pescador!.api({ method: 'GET', url: url() });
    expect(res.statusCode).toBe(200);
    expect(res.json().dados).toEqual({
      rascunhos: 1, enviadas: 1, deferidas: 0, finalizadas: 0, emAnalise: 0, emAtualizacao: 0, todas: 2,
    });
  });

  it("refuses a fisher another fisher's counters with 403", async () => {
    const res = await s.outro!.api({ method: 'GET', url: url() });
    expect(res.statusCode).toBe(403);
    expect(res.json().dados).toBeUndefined();
  });

  it.each(['gestor', 'mpa', 'admin', 'consultaInterno', 'sfpa'])('lets %s read a fisher in scope', async (who) => {
    expect((await s[who]!.api({ method: 'GET', url: url() })).statusCode).toBe(200);
  });

  it('refuses SFPA a fisher of another state, and CONSULTA_EXTERNO any fisher', async () => {
    expect((await s.sfpa!.api({ method: 'GET', url: `/api/solicitacao/totalizadores/${idOutroPescador}` })).statusCode).toBe(403);
    expect((await s.consultaExterno!.api({ method: 'GET', url: url() })).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
  });
});

describe('task forces widen the SFPA scope', () => {
  it('lets an SFPA member of an active task force read the states it serves, until it ends or is deactivated', async () => {
    const url = `/api/solicitacao/totalizadores/${idOutroPescador}`;
    expect((await s.sfpa!.api({ method: 'GET', url })).statusCode).toBe(403);
    const ft = await criarForcaTarefa(t.db, '30000000388', 'SP');
    expect((await s.sfpa!.api({ method: 'GET', url })).statusCode).toBe(200);
    const counters = await s.sfpa!.api({ method: 'GET', url: '/api/analise-solicitacao/totalizadores' });
    expect(counters.json().dados).toEqual({ aguardandoAnalise: 1, analisadas: 0, emAnalise: 1 });

    await t.db.execute(sql`UPDATE forca_tarefa SET ativa = false WHERE id = ${ft}`);
    expect((await s.sfpa!.api({ method: 'GET', url })).statusCode).toBe(403);
    await t.db.execute(sql`UPDATE forca_tarefa SET ativa = true, data_limite = (now() - interval '2 days')::date WHERE id = ${ft}`);
    expect((await s.sfpa!.api({ method: 'GET', url })).statusCode).toBe(403);
  });
});

describe('GET /api/analise-solicitacao/totalizadores', () => {
  const url = '/api/analise-solicitacao/totalizadores';

  it('counts every state for MPA, GESTOR, ADMIN and CONSULTA_INTERNO', async () => {
    for (const who of ['gestor', 'mpa', 'admin', 'consultaInterno']) {
      const res = await s[who]!.api({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json().dados).toEqual({ aguardandoAnalise: 1, analisadas: 0, emAnalise: 1 });
    }
  });

  it("counts only the SFPA agency's state", async () => {
    const res = await s.sfpa!.api({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toEqual({ aguardandoAnalise: 1, analisadas: 0, emAnalise: 0 });
  });

  it('refuses fishers and CONSULTA_EXTERNO with 403, and audits the refusal', async () => {
    expect((await s.pescador!.api({ method: 'GET', url })).statusCode).toBe(403);
    expect((await s.consultaExterno!.api({ method: 'GET', url })).statusCode).toBe(403);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'AUTORIZACAO_RECUSADA' AND cpf_ator IN ('40000000477', '70000000744')`);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
  });
});
