import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import {
  criar, DOCUMENTOS_BASICOS, inserirDocumentos, novoPescador, passo1, passoPadrao, salvar, umaLinha, type Pescador,
} from './passos.test-utils';

/**
 * Re-registration (type 2) keeps the previous registry (issue 15, point 8; decision 0033): step 1 carries the
 * previous RGP number and first-RGP date the fisher declares, and approval keeps them instead of issuing a new
 * number; a registry that already knows them keeps its own.
 */
let t: TestApp;
let mpa: Sessao;

beforeAll(async () => {
  t = await createTestApp();
  mpa = await entrarComo(t.app, '20000000299');
});
afterAll(async () => {
  await t.close();
});

async function enviarRecadastramento(p: Pescador, rgpAnterior: object | undefined): Promise<number> {
  const res = await criar(p, 2, passo1(p.cpf, rgpAnterior ? { rgpAnterior } : {}));
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().dados.id as number;
  await inserirDocumentos(t.db, p.id, id, DOCUMENTOS_BASICOS);
  for (const n of [2, 3, 4] as const) expect((await salvar(p, id, 2, n, passoPadrao(n, p.cpf))).statusCode).toBe(200);
  expect((await salvar(p, id, 2, 5, { declaraCiencia: true })).statusCode).toBe(200);
  return id;
}

async function aprovar(idSolicitacao: number): Promise<void> {
  const a = (await mpa.api({ method: 'GET', url: `/api/analise-solicitacao/solicitacao/${idSolicitacao}` })).json().dados;
  expect((await mpa.api({ method: 'POST', url: '/api/analise-solicitacao/bloquear', payload: { idAnaliseSolicitacao: a.idAnaliseSolicitacao } })).statusCode).toBe(200);
  const res = await mpa.api({
    method: 'POST', url: '/api/analise-solicitacao/atualizar-analise-solicitacao',
    payload: {
      id: a.idAnaliseSolicitacao, solicitacao: idSolicitacao,
      documentos: (a.documentos as { id: number; tipoDocumento: number }[]).map((d) => ({ id: d.id, tipoDocumento: d.tipoDocumento, aprovado: true })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('re-registration (type 2) and the previous registry', () => {
  it('refuses a previous RGP number that is not one, and a first-RGP date in the future, at their fields', async () => {
    const p = await novoPescador(t, 8801);
    const res = await criar(p, 2, passo1(p.cpf, { rgpAnterior: { numeroRGP: 'XX-123', dataPrimeiroRgp: '2999-01-01' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().erros).toEqual(expect.arrayContaining([
      'rgpAnterior.numeroRGP: RGP inválido', 'rgpAnterior.dataPrimeiroRgp: A data não pode ser futura',
    ]));
  });

  it('keeps the declared number and first-RGP date (stored without separators) and approval keeps them', async () => {
    const p = await novoPescador(t, 8802);
    const id = await enviarRecadastramento(p, { numeroRGP: 'pa-pa-00000012345', dataPrimeiroRgp: '2009-05-04' });
    const salvo = (await p.sessao.api({ method: 'GET', url: `/api/solicitacao/${id}` })).json().dados;
    expect(salvo.rgpAnterior).toEqual({ numeroRGP: 'PAPA00000012345', dataPrimeiroRgp: '2009-05-04' });
    await aprovar(id);
    const r = await umaLinha<{ numero_rgp: string; data_primeiro_rgp: string; situacao_registro: number }>(t.db, sql`
      SELECT numero_rgp, data_primeiro_rgp, situacao_registro FROM pescador WHERE id = ${p.id}`);
    expect(r).toEqual({ numero_rgp: 'PAPA00000012345', data_primeiro_rgp: '2009-05-04', situacao_registro: 1 });
  });

  it('a registry that already knows its number keeps it, whatever the step declares', async () => {
    const p = await novoPescador(t, 8803);
    await t.db.execute(sql`UPDATE pescador SET numero_rgp = 'PAPA00000099999', data_primeiro_rgp = '2001-02-03' WHERE id = ${p.id}`);
    const id = await enviarRecadastramento(p, { numeroRGP: 'PAPA00000012345', dataPrimeiroRgp: '2009-05-04' });
    await aprovar(id);
    const r = await umaLinha<{ numero_rgp: string; data_primeiro_rgp: string }>(t.db, sql`
      SELECT numero_rgp, data_primeiro_rgp FROM pescador WHERE id = ${p.id}`);
    expect(r).toEqual({ numero_rgp: 'PAPA00000099999', data_primeiro_rgp: '2001-02-03' });
  });

  it('without a declared number, approval issues a new one as before', async () => {
    const p = await novoPescador(t, 8804);
    const id = await enviarRecadastramento(p, undefined);
    await aprovar(id);
    const r = await umaLinha<{ numero_rgp: string }>(t.db, sql`SELECT numero_rgp FROM pescador WHERE id = ${p.id}`);
    expect(r.numero_rgp).toMatch(/^PAP[AI]\d{11}$/);
    expect(r.numero_rgp).not.toBe('PAPA00000012345');
  });
});
