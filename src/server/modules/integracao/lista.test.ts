import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfComDigitos } from '../../../shared/cpf';
import type { ListaSinalizada } from '../../../shared/schemas/integracao';
import { createTestApp, entrarComo, executarJobsPendentes, type Sessao, type TestApp } from '../../test/helpers';
import { novoClienteDeTeste, type ClienteDeTeste } from './integracao.fixtures';

let t: TestApp;
let cliente: ClienteDeTeste;
let gestor: Sessao;
let ato: number;

beforeAll(async () => {
  t = await createTestApp();
  cliente = await novoClienteDeTeste(t.app, ['integracao.listas']);
  gestor = await entrarComo(t.app, '10000000108');
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO ato_normativo (nome, descricao, data_inicio_vigencia) VALUES ('Portaria de fraude 1/2026', 'Listas da CGU', '2026-01-01')
    RETURNING id`);
  ato = rows[0]!.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

let proximo = 882_000_000;
async function ativo(): Promise<{ id: number; cpf: string }> {
  const cpf = cpfComDigitos(proximo++);
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO pescador (cpf, nome, uf, municipio_id, categoria, forma_atuacao, situacao_registro, data_primeiro_rgp)
    VALUES (${cpf}, 'Pescador Apontado', 'PA', 1501402, 2, 1, 1, '2015-03-10') RETURNING id`);
  return { id: rows[0]!.id, cpf };
}

async function situacao(id: number): Promise<number> {
  const { rows } = await t.db.execute<{ s: number }>(sql`SELECT situacao_registro AS s FROM pescador WHERE id = ${id}`);
  return rows[0]!.s;
}

async function enviar(c: ClienteDeTeste, cpfs: string[]) {
  return c.api(await c.token(), {
    method: 'POST', url: '/api/integracao/listas',
    payload: { tipo: 'suspensao', ato: 'Relatório CGU nº 12/2026', motivo: 'Fraude no Seguro-Defeso confirmada', cpfs },
  });
}

function gestao(method: 'GET' | 'POST', url: string, payload?: object) {
  return gestor.navegador.request({
    method, url, headers: { authorization: `Bearer ${gestor.token}`, 'x-xsrf-token': gestor.navegador.xsrf }, ...(payload ? { payload } : {}),
  });
}

describe('lists coming in', () => {
  it('becomes a proposed batch that changes nothing until a GESTOR runs it, and the sender follows it', async () => {
    const [a, b] = [await ativo(), await ativo()];
    const res = await enviar(cliente, [a.cpf, b.cpf, '000.000.000-00']);
    expect(res.statusCode, res.body).toBe(200);
    const lista = res.json().dados as ListaSinalizada;
    expect(lista).toMatchObject({ situacao: 'proposta', total: 3, lote: null, tipo: 'suspensao', ato: 'Relatório CGU nº 12/2026' });
    expect([await situacao(a.id), await situacao(b.id)]).toEqual([1, 1]);

    // Another client never sees it.
    const outro = await novoClienteDeTeste(t.app, ['integracao.listas']);
    expect((await outro.api(await outro.token(), { method: 'GET', url: `/api/integracao/listas/${lista.id}` })).statusCode).toBe(404);

    const recebidas = (await gestao('GET', '/api/integracao/listas-recebidas')).json().dados.itens as ListaSinalizada[];
    expect(recebidas.find((l) => l.id === lista.id)).toMatchObject({ orgao: 'INSS', motivo: 'Fraude no Seguro-Defeso confirmada' });

    // A suspension needs its end date; the refusal frees the list for another try.
    const semData = await gestao('POST', `/api/integracao/listas-recebidas/${lista.id}/aprovacao`, { atoNormativo: ato });
    expect(semData.statusCode).toBe(400);
    const aprovada = await gestao('POST', `/api/integracao/listas-recebidas/${lista.id}/aprovacao`, { atoNormativo: ato, dataLimiteSuspensao: '2099-12-31' });
    expect(aprovada.statusCode, aprovada.body).toBe(200);
    expect(aprovada.json().dados).toMatchObject({ situacao: 'aprovada', lote: { total: 3 } });
    await executarJobsPendentes(t);
    expect([await situacao(a.id), await situacao(b.id)]).toEqual([6, 6]);

    const seguida = await cliente.api(await cliente.token(), { method: 'GET', url: `/api/integracao/listas/${lista.id}` });
    expect(seguida.json().dados).toMatchObject({ situacao: 'aprovada', lote: { situacao: 2, total: 3, concluidos: 3, processados: 2 } });
    const { rows } = await t.db.execute<{ justificativa: string }>(sql`SELECT justificativa FROM lote_pescador WHERE id = ${aprovada.json().dados.lote.id}`);
    expect(rows[0]!.justificativa).toContain('Relatório CGU nº 12/2026');

    const deNovo = await gestao('POST', `/api/integracao/listas-recebidas/${lista.id}/aprovacao`, { atoNormativo: ato, dataLimiteSuspensao: '2099-12-31' });
    expect(deNovo.json().codigoErro).toBe('LISTA_JA_ANALISADA');
  });

  it('is refused with a reason, changing no registry', async () => {
    const c = await ativo();
    const lista = (await enviar(cliente, [c.cpf])).json().dados as ListaSinalizada;
    const recusada = await gestao('POST', `/api/integracao/listas-recebidas/${lista.id}/recusa`, { motivo: 'Ato sem trânsito em julgado' });
    expect(recusada.json().dados).toMatchObject({ situacao: 'recusada', motivoRecusa: 'Ato sem trânsito em julgado', lote: null });
    expect(await situacao(c.id)).toBe(1);
    const depois = await gestao('POST', `/api/integracao/listas-recebidas/${lista.id}/aprovacao`, { atoNormativo: ato, dataLimiteSuspensao: '2099-12-31' });
    expect(depois.json().codigoErro).toBe('LISTA_JA_ANALISADA');
  });

  it('needs the scope to send', async () => {
    const so = await novoClienteDeTeste(t.app, ['integracao.consultar']);
    expect((await enviar(so, ['12345678909'])).statusCode).toBe(403);
  });
});
