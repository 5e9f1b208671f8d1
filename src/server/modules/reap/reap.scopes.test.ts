import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { multipart, pdf } from '../documento/documento.fixtures';
import type { Pescador } from '../solicitacao/passos.test-utils';
import { artesanalCompleto, definirPrazo, idDoAno, pescadorComRgp } from './reap.test-utils';

/**
 * Who may call each REAP endpoint (product guide, "Who may do what"): the fisher only their own REAPs (403 for
 * another's, never the data); staff who read fishers read REAPs within their scope (SFPA its states), every view
 * audited; CONSULTA_EXTERNO never; only the fisher writes; only GESTOR and ADMIN set the windows.
 */
let t: TestApp;
const s: Record<string, Sessao> = {};
let pa: Pescador;
let sp: Pescador;
let reapPa = 0;
let reapSp = 0;
let docPa = 0;
const cpfs: Record<string, string> = {
  gestor: '10000000108', mpa: '20000000299', sfpa: '30000000388', admin: '50000000566', consultaInterno: '60000000655', consultaExterno: '70000000744',
};
const LEITORES_SERVIDORES = ['gestor', 'mpa', 'admin', 'consultaInterno', 'sfpa'];

beforeAll(async () => {
  t = await createTestApp();
  for (const [k, cpf] of Object.entries(cpfs)) s[k] = await entrarComo(t.app, cpf);
  await definirPrazo(t.db, 2024, '2026-01-01', '2026-12-31');
  pa = await pescadorComRgp(t, 8901, { dataPrimeiroRgp: '2024-03-01' });
  sp = await pescadorComRgp(t, 8902, { dataPrimeiroRgp: '2024-03-01', uf: 'SP', categoria: 1 });
  for (const p of [pa, sp]) expect((await p.sessao.api({ method: 'POST', url: `/api/reap/gerar-reap-pescador/${p.id}` })).statusCode).toBe(200);
  reapPa = await idDoAno(t.db, pa.id, 2024);
  reapSp = await idDoAno(t.db, sp.id, 2024);
  const doc = await pa.sessao.api({ method: 'POST', url: '/api/documentos/reap', ...multipart({ idQuestionarioBasico: reapPa, tipo: 6 }, [{ nome: 'a.pdf', bytes: pdf() }]) });
  docPa = doc.json().dados.documentos[0].id as number;
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** The reads, each naming a record of `p` (fisher id or questionnaire id). */
const leituras = (p: Pescador, reap: number) => [
  `/api/reap/listar-reap-pendente-pescador/${p.id}`,
  `/api/reap/situacao-pescador/${p.id}`,
  `/api/reap/pescador-consultar-obrigacoes/filtro?idPescador=${p.id}`,
  `/api/reap/recuperar-reaps-pescador/${p.id}`,
  `/api/reap/obter-obrigacao/${reap}`,
  `/api/reap/questionario-basico/${reap}`,
];

async function auditados(cpf: string, recurso: string, recursoId: number): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM auditoria WHERE acao = 'VISUALIZACAO_DADOS_PESSOAIS' AND cpf_ator = ${cpf}
      AND recurso = ${recurso} AND recurso_id = ${String(recursoId)}`);
  return rows[0]!.n;
}

describe('reading REAPs', () => {
  it('lets the fisher read their own REAPs, unaudited', async () => {
    for (const url of leituras(pa, reapPa)) {
      const res = await pa.sessao.api({ method: 'GET', url });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
  });

  it("refuses a fisher another fisher's REAPs with 403 and no data, existing or not", async () => {
    for (const url of [...leituras(sp, reapSp), `/api/reap/${reapSp}/comprovante`, '/api/reap/questionario-basico/999999', '/api/reap/obter-obrigacao/999999']) {
      const res = await pa.sessao.api({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().dados, url).toBeUndefined();
    }
  });

  it.each(LEITORES_SERVIDORES)('lets %s read a REAP in scope, and audits each view', async (quem) => {
    for (const url of leituras(pa, reapPa)) {
      const res = await s[quem]!.api({ method: 'GET', url });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    expect(await auditados(cpfs[quem]!, 'reap/questionario', reapPa)).toBe(1);
    expect(await auditados(cpfs[quem]!, 'reap/obrigacao', reapPa)).toBe(1);
    expect(await auditados(cpfs[quem]!, 'reap/pendentes', pa.id)).toBe(1);
  });

  it('refuses SFPA of Pará the REAPs of a São Paulo fisher', async () => {
    for (const url of leituras(sp, reapSp)) expect((await s.sfpa!.api({ method: 'GET', url })).statusCode, url).toBe(403);
    for (const url of leituras(sp, reapSp)) expect((await s.mpa!.api({ method: 'GET', url })).statusCode, url).toBe(200);
  });

  it('refuses CONSULTA_EXTERNO every REAP read, and the anonymous caller with 401', async () => {
    for (const url of [...leituras(pa, reapPa), '/api/reap/consultar-obrigacoes/filtro', '/api/reap/consultar-obrigacoes/csv', '/api/reap/prazos']) {
      expect((await s.consultaExterno!.api({ method: 'GET', url })).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('gives the staff obligations list and its CSV to staff who read fishers only', async () => {
    for (const quem of LEITORES_SERVIDORES) {
      expect((await s[quem]!.api({ method: 'GET', url: '/api/reap/consultar-obrigacoes/filtro' })).statusCode, quem).toBe(200);
      expect((await s[quem]!.api({ method: 'GET', url: '/api/reap/consultar-obrigacoes/csv' })).statusCode, quem).toBe(200);
    }
    expect((await pa.sessao.api({ method: 'GET', url: '/api/reap/consultar-obrigacoes/filtro' })).statusCode).toBe(403);
    expect((await pa.sessao.api({ method: 'GET', url: '/api/reap/consultar-obrigacoes/csv' })).statusCode).toBe(403);
  });
});

describe('writing REAPs', () => {
  const escritas = (p: Pescador, reap: number, doc: number) => [
    { method: 'POST' as const, url: `/api/reap/gerar-reap-pescador/${p.id}` },
    { method: 'POST' as const, url: '/api/reap/questionario-basico', payload: artesanalCompleto(reap, 2024) },
    { method: 'POST' as const, url: '/api/reap/questionario-basico/industrial', payload: { id: reap, anoReferencia: 2024, enviada: false } },
    { method: 'DELETE' as const, url: `/api/documentos/reap/${reap}/documento/${doc}` },
    { method: 'DELETE' as const, url: `/api/documentos/reap-industrial/${reap}/documento/${doc}` },
    { method: 'POST' as const, url: '/api/documentos/reap', ...multipart({ idQuestionarioBasico: reap, tipo: 6 }, [{ nome: 'a.pdf', bytes: pdf() }]) },
    { method: 'POST' as const, url: '/api/documentos/reap-industrial', ...multipart({ idReapIndustrial: reap, tipo: 7 }, [{ nome: 'a.pdf', bytes: pdf() }]) },
  ];

  it("refuses a fisher writing another fisher's REAP with 403, and changes nothing", async () => {
    for (const e of escritas(pa, reapPa, docPa)) {
      const res = await sp.sessao.api(e);
      expect(res.statusCode, e.url).toBe(403);
    }
    const q = (await pa.sessao.api({ method: 'GET', url: `/api/reap/questionario-basico/${reapPa}` })).json().dados;
    expect(q.iniciada).toBe(false);
    expect(q.documentosJustificativa).toHaveLength(1);
  });

  it.each([...LEITORES_SERVIDORES, 'consultaExterno'])('refuses %s every REAP write with 403', async (quem) => {
    for (const e of escritas(pa, reapPa, docPa)) expect((await s[quem]!.api(e)).statusCode, e.url).toBe(403);
  });

  it('lets only GESTOR and ADMIN set a filling window', async () => {
    const corpo = { inicioPreenchimento: '2027-01-01', fimPreenchimento: '2027-12-31' };
    for (const quem of ['gestor', 'admin']) expect((await s[quem]!.api({ method: 'PUT', url: '/api/reap/prazos/2026', payload: corpo })).statusCode).toBe(200);
    for (const quem of ['mpa', 'sfpa', 'consultaInterno', 'consultaExterno']) {
      expect((await s[quem]!.api({ method: 'PUT', url: '/api/reap/prazos/2026', payload: corpo })).statusCode, quem).toBe(403);
    }
    expect((await pa.sessao.api({ method: 'PUT', url: '/api/reap/prazos/2026', payload: corpo })).statusCode).toBe(403);
  });

  it('lets GESTOR, ADMIN and CONSULTA_INTERNO read the windows\' history with their acts, and nobody else', async () => {
    const url = '/api/reap/prazos/historico';
    for (const quem of ['gestor', 'admin', 'consultaInterno']) expect((await s[quem]!.api({ method: 'GET', url })).statusCode, quem).toBe(200);
    for (const quem of ['mpa', 'sfpa', 'consultaExterno']) expect((await s[quem]!.api({ method: 'GET', url })).statusCode, quem).toBe(403);
    expect((await pa.sessao.api({ method: 'GET', url })).statusCode).toBe(403);
  });

  it('lets the fisher write their own', async () => {
    expect((await pa.sessao.api({ method: 'POST', url: '/api/reap/questionario-basico', payload: artesanalCompleto(reapPa, 2024) })).statusCode).toBe(200);
    expect((await pa.sessao.api({ method: 'DELETE', url: `/api/documentos/reap/${reapPa}/documento/${docPa}` })).statusCode).toBe(204);
  });
});

describe('the receipt', () => {
  it('is printed by the fisher and by staff in scope (audited), never by CONSULTA_EXTERNO', async () => {
    expect((await pa.sessao.api({ method: 'POST', url: '/api/reap/questionario-basico', payload: artesanalCompleto(reapPa, 2024, { enviada: true }) })).statusCode).toBe(200);
    expect((await pa.sessao.api({ method: 'GET', url: `/api/reap/${reapPa}/comprovante` })).statusCode).toBe(200);
    for (const quem of LEITORES_SERVIDORES) {
      const res = await s[quem]!.api({ method: 'GET', url: `/api/reap/${reapPa}/comprovante` });
      expect(res.statusCode, quem).toBe(200);
      expect(await auditados(cpfs[quem]!, 'reap/comprovante', reapPa)).toBe(1);
    }
    expect((await s.consultaExterno!.api({ method: 'GET', url: `/api/reap/${reapPa}/comprovante` })).statusCode).toBe(403);
  });
});
