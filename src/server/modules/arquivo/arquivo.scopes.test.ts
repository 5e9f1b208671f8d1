import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TipoDocumento as T } from '../../../shared/enums';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { multipart, pdf } from '../documento/documento.fixtures';

/** Who may obtain a file's signed address or read it with a session (the demo fisher in PA, the other in SP). */
let t: TestApp;
let dataDir: string;
const s: Record<string, Sessao> = {};
const chave = { pa: '', sp: '' };

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-arqs-'));
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
      INSERT INTO solicitacao (pescador_id, tipo, situacao) VALUES (${idP}, 1, 1) RETURNING id`);
    const res = await sessao.api({
      method: 'POST', url: '/api/documentos', ...multipart({ idSolicitacao: rows[0]!.id, tipo: T.IDENTIFICACAO }, [{ nome: 'a.pdf', bytes: pdf() }]),
    });
    chave[k] = res.json().dados.documentos[0].chave;
  }
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** As a browser tab: the token in the query, no header. */
function cloud(who: string, k: string) {
  return t.app.inject({ method: 'GET', url: `/api/cloud-storage/${k}?jwt=${s[who]!.token}` });
}

describe('GET /api/cloud-storage/{chave}?jwt=', () => {
  it('gives the fisher the address of their own file', async () => {
    expect((await cloud('pescador', chave.pa)).statusCode).toBe(200);
  });

  it("refuses a fisher another fisher's file with 403, without an address", async () => {
    const res = await cloud('outro', chave.pa);
    expect(res.statusCode).toBe(403);
    expect(res.json().dados).toBeUndefined();
  });

  it.each(['gestor', 'mpa', 'admin', 'consultaInterno', 'sfpa'])('lets %s obtain it, audited', async (who) => {
    const cpf = decodeJwt(s[who]!.token).sub!;
    const contar = async () => (await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'VISUALIZACAO_DADOS_PESSOAIS' AND cpf_ator = ${cpf} AND recurso = 'documento'`)).rows[0]!.n;
    const antes = await contar();
    expect((await cloud(who, chave.pa)).statusCode).toBe(200);
    expect(await contar()).toBe(antes + 1);
  });

  it('refuses SFPA a file of a fisher of another state, and CONSULTA_EXTERNO any file', async () => {
    expect((await cloud('sfpa', chave.sp)).statusCode).toBe(403);
    expect((await cloud('consultaExterno', chave.pa)).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/cloud-storage/${chave.pa}` })).statusCode).toBe(401);
  });
});

describe('GET /api/arquivos/{chave}?jwt=', () => {
  const ler = (who: string, k: string) => t.app.inject({ method: 'GET', url: `/api/arquivos/${k}?jwt=${s[who]!.token}` });

  it('serves the fisher and staff in scope; 403 to another fisher, SFPA of another state and CONSULTA_EXTERNO', async () => {
    expect((await ler('pescador', chave.pa)).statusCode).toBe(200);
    expect((await ler('mpa', chave.pa)).statusCode).toBe(200);
    expect((await ler('sfpa', chave.pa)).statusCode).toBe(200);
    for (const [who, k] of [['outro', chave.pa], ['pescador', chave.sp], ['sfpa', chave.sp], ['consultaExterno', chave.pa]] as const) {
      const res = await ler(who, k);
      expect(res.statusCode, `${who}`).toBe(403);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });

  it('answers 403 without a token or a signature', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/arquivos/${chave.pa}` })).statusCode).toBe(403);
  });
});
