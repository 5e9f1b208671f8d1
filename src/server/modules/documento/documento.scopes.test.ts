import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TipoDocumento as T } from '../../../shared/enums';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { multipart, pdf } from './documento.fixtures';

/**
 * Who may call each documents endpoint. The demo fisher lives in Pará (the SFPA demo user's state), the other
 * fisher in São Paulo; each has a draft request with one document.
 */
let t: TestApp;
let dataDir: string;
const s: Record<string, Sessao> = {};
const sol = { pa: 0, sp: 0 };
const doc = { pa: 0, sp: 0 };

const STAFF = ['gestor', 'mpa', 'sfpa', 'admin', 'consultaInterno', 'consultaExterno'] as const;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-docs-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  const cpfs = {
    gestor: '10000000108', mpa: '20000000299', sfpa: '30000000388', admin: '50000000566',
    consultaInterno: '60000000655', consultaExterno: '70000000744', pescador: '40000000477', outro: '52998224725',
  };
  for (const [k, cpf] of Object.entries(cpfs)) s[k] = await entrarComo(t.app, cpf);
  const idPa = decodeJwt(s.pescador!.token).idPescador as number;
  const idSp = decodeJwt(s.outro!.token).idPescador as number;
  await t.db.execute(sql`UPDATE pescador SET uf = 'PA' WHERE id = ${idPa}`);
  await t.db.execute(sql`UPDATE pescador SET uf = 'SP' WHERE id = ${idSp}`);
  for (const [k, idP, sessao] of [['pa', idPa, s.pescador!], ['sp', idSp, s.outro!]] as const) {
    const { rows } = await t.db.execute<{ id: number }>(sql`
      INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, dados) VALUES (${idP}, 1, 1, 1, '{}'::jsonb) RETURNING id`);
    sol[k] = rows[0]!.id;
    const res = await sessao.api({ method: 'POST', url: '/api/documentos', ...multipart({ idSolicitacao: sol[k], tipo: T.IDENTIFICACAO }, [{ nome: 'a.pdf', bytes: pdf() }]) });
    doc[k] = res.json().dados.documentos[0].id;
  }
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function documentosAtivos(idSolicitacao: number) {
  const { rows } = await t.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM documento WHERE solicitacao_id = ${idSolicitacao} AND removido_em IS NULL`);
  return rows[0]!.n;
}

function upload(idSolicitacao: number) {
  return multipart({ idSolicitacao, tipo: T.COMPROVANTE_RESIDENCIA }, [{ nome: 'c.pdf', bytes: pdf() }]);
}

describe('POST /api/documentos', () => {
  it("refuses another fisher's request with 403 and stores nothing", async () => {
    const res = await s.outro!.api({ method: 'POST', url: '/api/documentos', ...upload(sol.pa) });
    expect(res.statusCode).toBe(403);
    expect(res.json().dados).toBeUndefined();
    expect(await documentosAtivos(sol.pa)).toBe(1);
  });

  it.each(STAFF)('refuses %s (only the fisher uploads)', async (who) => {
    const res = await s[who]!.api({ method: 'POST', url: '/api/documentos', ...upload(sol.pa) });
    expect(res.statusCode).toBe(403);
    expect(await documentosAtivos(sol.pa)).toBe(1);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/documentos', ...upload(sol.pa),
      headers: { ...upload(sol.pa).headers, cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('needs the anti-forgery header', async () => {
    const { payload, headers } = upload(sol.pa);
    const res = await s.pescador!.api({ method: 'POST', url: '/api/documentos', payload, headers: { ...headers, 'x-xsrf-token': '' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/documentos/{id}', () => {
  it("refuses another fisher's document with 403 and keeps it", async () => {
    expect((await s.outro!.api({ method: 'DELETE', url: `/api/documentos/${doc.pa}` })).statusCode).toBe(403);
    expect(await documentosAtivos(sol.pa)).toBe(1);
  });

  it.each(STAFF)('refuses %s', async (who) => {
    expect((await s[who]!.api({ method: 'DELETE', url: `/api/documentos/${doc.pa}` })).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({
      method: 'DELETE', url: `/api/documentos/${doc.pa}`, headers: { cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' },
    });
    expect(res.statusCode).toBe(401);
    expect(await documentosAtivos(sol.pa)).toBe(1);
  });
});

describe('GET /api/documentos/solicitacao/{id}', () => {
  const url = () => `/api/documentos/solicitacao/${sol.pa}`;

  it('gives the fisher their own documents', async () => {
    const res = await s.pescador!.api({ method: 'GET', url: url() });
    expect(res.statusCode).toBe(200);
    expect(res.json().dados.documentos).toHaveLength(1);
  });

  it("refuses a fisher another fisher's documents with 403", async () => {
    const res = await s.outro!.api({ method: 'GET', url: url() });
    expect(res.statusCode).toBe(403);
    expect(res.json().dados).toBeUndefined();
  });

  it.each(['gestor', 'mpa', 'admin', 'consultaInterno', 'sfpa'])('lets %s read them, and audits the view', async (who) => {
    const cpf = decodeJwt(s[who]!.token).sub!;
    const contar = async () => (await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'VISUALIZACAO_DADOS_PESSOAIS' AND cpf_ator = ${cpf}
        AND recurso = 'solicitacao/documentos' AND recurso_id = ${String(sol.pa)}`)).rows[0]!.n;
    const antes = await contar();
    const res = await s[who]!.api({ method: 'GET', url: url() });
    expect(res.statusCode).toBe(200);
    expect(await contar()).toBe(antes + 1);
  });

  it('refuses SFPA a request of a fisher of another state, and CONSULTA_EXTERNO any', async () => {
    expect((await s.sfpa!.api({ method: 'GET', url: `/api/documentos/solicitacao/${sol.sp}` })).statusCode).toBe(403);
    expect((await s.consultaExterno!.api({ method: 'GET', url: url() })).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
  });
});
