import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGENS_FILTRO_REAP } from '../../../shared/schemas/reap';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { textoDoPdf } from '../../test/pdf-texto';
import { artesanalCompleto, definirPrazo, idDoAno, pescadorComRgp } from './reap.test-utils';

// Issue 21, section 3: what the REAP answers say and print (the fisher named to staff, the quantities of every
// unit with their decimals on the 2ª via) and what the staff filter says of a partial CPF.

let t: TestApp;
let gestor: Sessao;

beforeAll(async () => {
  t = await createTestApp();
  gestor = await entrarComo(t.app, '10000000108');
  await definirPrazo(t.db, 2024, '2026-01-01', '2026-12-31');
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('the questionnaire as staff read it', () => {
  it("names the fisher (name, CPF, state) and audits the view on the fisher's record", async () => {
    const p = await pescadorComRgp(t, 8901, { dataPrimeiroRgp: '2024-02-01' });
    expect((await p.sessao.api({ method: 'POST', url: `/api/reap/gerar-reap-pescador/${p.id}` })).statusCode).toBe(200);
    const id = await idDoAno(t.db, p.id, 2024);
    const { rows: [pescador] } = await t.db.execute<{ nome: string }>(sql`SELECT nome FROM pescador WHERE id = ${p.id}`);

    const res = await gestor.api({ method: 'GET', url: `/api/reap/questionario-basico/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados.pescador).toEqual({ nome: pescador!.nome, cpf: p.cpf, uf: 'PA' });

    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria
      WHERE cpf_ator = '10000000108' AND recurso = 'reap/questionario' AND recurso_id = ${String(id)} AND pescador_id = ${p.id}`);
    expect(rows[0]!.n).toBe(1);
    // The fisher reading their own REAP is not a staff view: nothing audited.
    await p.sessao.api({ method: 'GET', url: `/api/reap/questionario-basico/${id}` });
    const { rows: depois } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE recurso = 'reap/questionario' AND recurso_id = ${String(id)}`);
    expect(depois[0]!.n).toBe(1);
  });
});

describe('the 2ª via', () => {
  it('prints the quantity of every unit with its decimals: 40,5 dz, 12,500 kg, 300 un', async () => {
    const p = await pescadorComRgp(t, 8902, { dataPrimeiroRgp: '2024-02-01' });
    expect((await p.sessao.api({ method: 'POST', url: `/api/reap/gerar-reap-pescador/${p.id}` })).statusCode).toBe(200);
    const id = await idDoAno(t.db, p.id, 2024);
    const corpo = artesanalCompleto(id, 2024, {
      enviada: true,
      resultadosOperacaoPesca: [
        { especiePescado: { id: 1 }, tipoUnidadeMedida: { id: 3 }, totalPescado: 40.5, precoQuilo: 20 },
        { especiePescado: { id: 2 }, tipoUnidadeMedida: { id: 1 }, totalPescado: 12.5, precoQuilo: 15 },
        { especiePescado: { id: 1 }, tipoUnidadeMedida: { id: 2 }, totalPescado: 300, precoQuilo: 2 },
      ],
    });
    const envio = await p.sessao.api({ method: 'POST', url: '/api/reap/questionario-basico', payload: corpo });
    expect(envio.statusCode, envio.body).toBe(200);
    expect(envio.json().dados.resultadosOperacaoPesca.map((o: { totalPescado: number }) => o.totalPescado)).toEqual([40.5, 12.5, 300]);

    const res = await p.sessao.api({ method: 'GET', url: `/api/reap/${id}/comprovante` });
    expect(res.statusCode).toBe(200);
    const texto = (await textoDoPdf(res.rawPayload)).join(' ');
    expect(texto).toContain('40,5 dz a R$ 20,00');
    expect(texto).toContain('12,500 kg a R$ 15,00');
    expect(texto).toContain('300 un a R$ 2,00');
  });
});

describe('the staff obligations filter', () => {
  it('says at the CPF field that a partial CPF is incomplete', async () => {
    const res = await gestor.api({ method: 'GET', url: '/api/reap/consultar-obrigacoes/filtro?cpf=123.456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().erros).toContain(`cpf: ${MENSAGENS_FILTRO_REAP.cpfIncompleto}`);
  });
});
