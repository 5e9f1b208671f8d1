import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfComDigitos } from '../../../shared/cpf';
import { hojeSaoPaulo } from '../../../shared/datas';
import { Perfil } from '../../../shared/enums';
import type { CondicoesSeguroDefesoPescador } from '../../../shared/schemas/seguro-defeso';
import { CONTAS_DEMO, PESCADOR_DEMO } from '../../db/seeds/demo';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';

/** What the fisher's /home says of the Seguro-Defeso's registry conditions (decision 0126). */

let t: TestApp;
const DIA = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

let proximo = 883_000_000;
/** A fisher whose registry's history says it became active at `ativadoEm`. */
async function ativado(campos: { categoria: number; primeiroRgp: string; ativadoEm?: Date }): Promise<number> {
  const cpf = cpfComDigitos(proximo++);
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO pescador (cpf, nome, uf, municipio_id, categoria, forma_atuacao, situacao_registro, data_primeiro_rgp, numero_rgp)
    VALUES (${cpf}, 'Pescadora do Defeso', 'PA', 1501402, ${campos.categoria}, 1, 1, ${campos.primeiroRgp}, ${`PAPA${cpf}`}) RETURNING id`);
  await t.db.execute(sql`INSERT INTO pescador_historico_situacao (pescador_id, situacao_anterior, situacao_nova, motivo, criado_em)
    VALUES (${rows[0]!.id}, 5, 1, 'Reativação', ${(campos.ativadoEm ?? new Date()).toISOString()}::timestamptz)`);
  return rows[0]!.id;
}

async function reapEnviada(pescadorId: number, ano: number): Promise<void> {
  await t.db.execute(sql`
    WITH s AS (INSERT INTO solicitacao (pescador_id, tipo, situacao) VALUES (${pescadorId}, 4, 8) RETURNING id)
    INSERT INTO reap_questionario (solicitacao_id, pescador_id, ano_referencia, categoria, enviada) SELECT id, ${pescadorId}, ${ano}, 2, true FROM s`);
}

async function ler(sessao: Sessao, id: number) {
  return sessao.navegador.request({ method: 'GET', url: `/api/pescador/${id}/seguro-defeso`, headers: { authorization: `Bearer ${sessao.token}` } });
}

const cpfMpa = CONTAS_DEMO.find((c) => c.perfil === Perfil.MPA)!.cpf;

describe('GET /api/pescador/{id}/seguro-defeso', () => {
  it('says what is missing: a year of activity not yet complete, REAPs owed, a category other than artesanal', async () => {
    const hoje = hojeSaoPaulo(new Date());
    const ano = Number(hoje.slice(0, 4));
    const id = await ativado({ categoria: 1, primeiroRgp: `${ano - 2}-05-01` });
    const mpa = await entrarComo(t.app, cpfMpa);
    const res = await ler(mpa, id);
    expect(res.statusCode, res.body).toBe(200);
    const umAnoDepois = `${ano + 1}${hoje.slice(4)}`;
    expect(res.json().dados).toEqual({
      situacaoDescricao: 'Ativo', ativoDesde: hoje, ativoHaUmAnoOuMais: false,
      umAnoEm: umAnoDepois.endsWith('-02-29') ? `${ano + 1}-03-01` : umAnoDepois,
      reapAnosPendentes: [ano - 2, ano - 1], categoriaDescricao: 'Industrial', artesanal: false, atende: false,
    } satisfies CondicoesSeguroDefesoPescador);
    // A staff view of the fisher's data, audited as such.
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE recurso = 'pescador-seguro-defeso' AND pescador_id = ${id}`);
    expect(rows[0]!.n).toBe(1);
  });

  it('meets every condition after a year of activity, every REAP owed sent, as artesanal; suspended, it no longer does', async () => {
    const ano = Number(hojeSaoPaulo(new Date()).slice(0, 4));
    const ativadoEm = new Date(Date.now() - 400 * DIA);
    const id = await ativado({ categoria: 2, primeiroRgp: `${ano - 1}-01-02`, ativadoEm });
    const mpa = await entrarComo(t.app, cpfMpa);
    let dados = (await ler(mpa, id)).json().dados as CondicoesSeguroDefesoPescador;
    expect(dados).toMatchObject({ ativoDesde: hojeSaoPaulo(ativadoEm), ativoHaUmAnoOuMais: true, umAnoEm: null, artesanal: true, atende: false });
    expect(dados.reapAnosPendentes).toEqual([ano - 1]);
    await reapEnviada(id, ano - 1);
    dados = (await ler(mpa, id)).json().dados as CondicoesSeguroDefesoPescador;
    expect(dados).toEqual({
      situacaoDescricao: 'Ativo', ativoDesde: hojeSaoPaulo(ativadoEm), ativoHaUmAnoOuMais: true, umAnoEm: null,
      reapAnosPendentes: [], categoriaDescricao: 'Artesanal', artesanal: true, atende: true,
    });
    await t.db.execute(sql`UPDATE pescador SET situacao_registro = 6 WHERE id = ${id}`);
    dados = (await ler(mpa, id)).json().dados as CondicoesSeguroDefesoPescador;
    expect(dados).toMatchObject({ situacaoDescricao: 'Suspenso', ativoDesde: null, ativoHaUmAnoOuMais: false, atende: false });
  });

  it('answers the fisher about their own registry, and not about another\'s', async () => {
    const { rows } = await t.db.execute<{ id: number }>(sql`SELECT id FROM pescador WHERE cpf = ${PESCADOR_DEMO.cpf}`);
    const pescador = await entrarComo(t.app, PESCADOR_DEMO.cpf);
    const proprio = await ler(pescador, rows[0]!.id);
    expect(proprio.statusCode, proprio.body).toBe(200);
    expect(proprio.json().dados).toHaveProperty('atende');
    const outro = await ativado({ categoria: 2, primeiroRgp: '2015-03-10' });
    expect((await ler(pescador, outro)).statusCode).toBe(403);
  });
});
