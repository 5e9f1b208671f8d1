import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';

/**
 * Who reads the audit trail and the fisher's LGPD routes (product guide, "Who may do what"; decision 0032):
 * GET /api/auditoria GESTOR and ADMIN only; GET /api/lgpd/acessos and /api/lgpd/meus-dados the fisher only, for
 * themself (the routes take no id, so no fisher can name another). Every route × the 8 callers.
 */
let t: TestApp;
const s: Record<string, Sessao> = {};
const CPFS = {
  gestor: '10000000108', mpa: '20000000299', sfpa: '30000000388', pescador: '40000000477', admin: '50000000566',
  consultaInterno: '60000000655', consultaExterno: '70000000744', outro: '52998224725',
};
type Quem = keyof typeof CPFS | 'anonimo';
const TODOS: Quem[] = ['anonimo', 'gestor', 'mpa', 'sfpa', 'pescador', 'admin', 'consultaInterno', 'consultaExterno'];
let idPescador = 0;
let idOutro = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const [k, cpf] of Object.entries(CPFS)) s[k] = await entrarComo(t.app, cpf);
  idPescador = decodeJwt(s.pescador!.token).idPescador as number;
  idOutro = decodeJwt(s.outro!.token).idPescador as number;
  // A staff view of each fisher, as the services write it.
  await t.db.execute(sql`
    INSERT INTO auditoria (acao, cpf_ator, perfil_ator, orgao_ator, recurso, recurso_id, pescador_id)
    VALUES ('VISUALIZACAO_DADOS_PESSOAIS', '30000000388', 3, 'SFPA-PA', 'pescador', ${String(idPescador)}, ${idPescador}),
           ('VISUALIZACAO_DADOS_PESSOAIS', '20000000299', 2, 'MPA', 'pescador', ${String(idOutro)}, ${idOutro})`);
});
afterAll(async () => {
  await t.close();
});

function chamar(quem: Quem, url: string) {
  return quem === 'anonimo' ? t.app.inject({ method: 'GET', url }) : s[quem]!.api({ method: 'GET', url });
}

const ROTAS: { url: string; podem: Quem[] }[] = [
  { url: '/api/auditoria', podem: ['gestor', 'admin'] },
  { url: '/api/lgpd/acessos', podem: ['pescador'] },
  { url: '/api/lgpd/meus-dados', podem: ['pescador'] },
  { url: '/api/lgpd/meus-dados/pdf', podem: ['pescador'] },
];

describe.each(ROTAS)('GET $url', ({ url, podem }) => {
  it.each(TODOS)('%s', async (quem) => {
    const res = await chamar(quem, url);
    const esperado = podem.includes(quem) ? 200 : quem === 'anonimo' ? 401 : 403;
    expect(res.statusCode, res.body.slice(0, 200)).toBe(esperado);
    if (esperado !== 200) {
      // A refusal carries no data (a 401 says only whether the token expired, for the client's refresh).
      if (esperado === 403) expect(res.json().dados).toBeUndefined();
      else expect(res.json().dados ?? {}).toEqual({ expirado: false });
      expect(res.json().mensagem).toMatch(/\S/);
    }
  });
});

describe('a fisher reaches only their own data', () => {
  it("lists only the views of their own data, never another fisher's", async () => {
    const meus = (await chamar('pescador', '/api/lgpd/acessos')).json().dados.acessos as { orgao: string }[];
    expect(meus.map((a) => a.orgao)).toEqual(['SFPA-PA']);
    const doOutro = (await chamar('outro', '/api/lgpd/acessos')).json().dados.acessos as { orgao: string }[];
    expect(doOutro.map((a) => a.orgao)).toEqual(['MPA']);
  });

  it("exports only their own registry (an id in the query is not read)", async () => {
    const res = await s.outro!.api({ method: 'GET', url: `/api/lgpd/meus-dados?idPescador=${idPescador}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().dados.pescador.id).toBe(idOutro);
  });

  it('refuses a refused caller with a message, and audits the refusal', async () => {
    const res = await chamar('sfpa', '/api/auditoria');
    expect(res.json().mensagem).toMatch(/permiss/);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'AUTORIZACAO_RECUSADA' AND recurso = '/api/auditoria' AND cpf_ator = '30000000388'`);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});
