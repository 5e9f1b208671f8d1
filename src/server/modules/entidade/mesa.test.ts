import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjComDigitos } from '../../../shared/cnpj';
import { cpfComDigitos } from '../../../shared/cpf';
import { ServicoDelegado } from '../../../shared/schemas/entidade';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { definirPrazo, pescadorComRgp } from '../reap/reap.test-utils';
import { comEndereco, type Pescador, umaLinha } from '../solicitacao/passos.test-utils';

/** The agent's desk (decision 0118): filters, count, keyset pages, the CSV, and only the agent's own entities. */

let t: TestApp;
let gestor: Sessao;
let agente: Sessao;
let outroAgente: Sessao;
const CPF_AGENTE = cpfComDigitos('777000811');
const CPF_OUTRO = cpfComDigitos('777000822');
const FIM = `${new Date().getUTCFullYear() + 3}-06-30`;

type Linha = {
  idPescador: number; nome: string; situacaoPescador: number | null; reapsDevidas: number; prazoReap: string | null;
  solicitacoesEmAndamento: number; recursosPendentes: number; situacaoDelegacao: number;
};
type Mesa = { total: number; representados: Linha[]; proximo: number | null };

// reap: owes a REAP; suspenso: registry suspended, with a request in progress; recurso: a pending appeal;
// aguardando: a delegation waiting for validation; alheio: delegated to another entity only.
let reap: Pescador;
let suspenso: Pescador;
let recurso: Pescador;
let aguardando: Pescador;
let alheio: Pescador;
let anoReap: number;
let devidas: number;

async function entidadeCom(agenteCpf: string, n: number): Promise<number> {
  const res = await gestor.api({
    method: 'POST', url: '/api/entidades', payload: {
      tipo: 1, cnpj: cnpjComDigitos(`9988877${String(n).padStart(5, '0')}`), nome: `Colônia da Mesa ${n}`, ufs: ['PA'], municipios: [],
      atoCooperacao: 'Acordo 7/2026', vigenciaInicio: '2025-01-01', vigenciaFim: '2099-12-31',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json().dados as { id: number }).id;
  const ag = await gestor.api({ method: 'POST', url: `/api/entidades/${id}/agentes`, payload: { cpf: agenteCpf, nome: 'AGENTE DA MESA', validade: FIM } });
  expect(ag.statusCode, ag.body).toBe(200);
  return id;
}

async function nomear(p: Pescador, nome: string) {
  await t.db.execute(sql`UPDATE pescador SET nome = ${nome} WHERE id = ${p.id}`);
}

async function mesa(consulta = '', quem = agente): Promise<Mesa> {
  const res = await quem.api({ method: 'GET', url: `/api/representacao/pescadores${consulta ? `?${consulta}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dados as Mesa;
}
const ids = (m: Mesa) => m.representados.map((r) => r.idPescador);

beforeAll(async () => {
  t = await createTestApp();
  gestor = await entrarComo(comEndereco(t.app, '10.9.1.1'), '10000000108');
  agente = await entrarComo(comEndereco(t.app, '10.9.1.2'), CPF_AGENTE);
  outroAgente = await entrarComo(comEndereco(t.app, '10.9.1.3'), CPF_OUTRO);
  const e = await entidadeCom(CPF_AGENTE, 1);
  const outra = await entidadeCom(CPF_OUTRO, 2);
  const criados = await Promise.all([9801, 9802, 9803, 9804, 9805].map((n) => pescadorComRgp(t, n)));
  [reap, suspenso, recurso, aguardando, alheio] = criados as [Pescador, Pescador, Pescador, Pescador, Pescador];
  // Names set so the order by name is known: the formula-looking name sorts first.
  await nomear(reap, '=HYPERLINK("http://x") ANA');
  await nomear(suspenso, 'BENEDITO MESA');
  await nomear(recurso, 'CARLOS MESA');
  await nomear(aguardando, 'DALVA MESA');
  await nomear(alheio, 'EDSON MESA');
  for (const p of [reap, suspenso, recurso, aguardando]) {
    const res = await p.sessao.api({ method: 'POST', url: '/api/delegacoes', payload: { idEntidade: e, servicos: [ServicoDelegado.REAP], fim: FIM } });
    expect(res.statusCode, res.body).toBe(200);
  }
  const res = await alheio.sessao.api({ method: 'POST', url: '/api/delegacoes', payload: { idEntidade: outra, servicos: [ServicoDelegado.REAP], fim: FIM } });
  expect(res.statusCode, res.body).toBe(200);
  await t.db.execute(sql`UPDATE delegacao SET situacao = 2 WHERE pescador_id = ${aguardando.id}`);

  expect((await reap.sessao.api({ method: 'POST', url: `/api/reap/gerar-reap-pescador/${reap.id}` })).statusCode).toBe(200);
  anoReap = (await umaLinha<{ ano: number }>(t.db, sql`SELECT min(ano_referencia)::int AS ano FROM reap_questionario WHERE pescador_id = ${reap.id} AND NOT enviada`)).ano;
  devidas = (await umaLinha<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM reap_questionario WHERE pescador_id = ${reap.id} AND NOT enviada`)).n;
  await definirPrazo(t.db, anoReap, `${anoReap + 1}-01-01`, `${anoReap + 1}-10-31`);

  await t.db.execute(sql`UPDATE pescador SET situacao_registro = 6 WHERE id = ${suspenso.id}`);
  await t.db.execute(sql`INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, enviada_em, uf_pescador) VALUES (${suspenso.id}, 2, 6, 5, now(), 'PA')`);

  const { id: ato } = await umaLinha<{ id: number }>(t.db, sql`
    INSERT INTO ato_normativo (nome, descricao, data_inicio_vigencia, prazo_recurso_dias, prazo_decisao_recurso_dias)
    VALUES ('Portaria da mesa (teste)', 'Suspensão.', current_date - 10, 30, 60) RETURNING id`);
  const { id: sol } = await umaLinha<{ id: number }>(t.db, sql`
    INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, enviada_em, uf_pescador) VALUES (${recurso.id}, 11, 6, 1, now(), 'PA') RETURNING id`);
  await t.db.execute(sql`
    INSERT INTO recurso (solicitacao_id, pescador_id, uf, objeto, chave_objeto, ato_normativo_id, inicio_prazo, ultimo_dia, prazo_decisao_dias,
      razoes, tempestivo, instancia, orgao, recebido_em, prazo_instancia)
    VALUES (${sol}, ${recurso.id}, 'PA', 2, 'M' || ${sol}, ${ato}, current_date - 10, current_date + 20, 60, 'Eu pesco.', true, 2, 'MPA',
      current_date - 5, current_date + 55)`);
}, 90_000);
afterAll(async () => {
  await t.close();
});

describe("the agent's desk", () => {
  it('lists the represented fishers by name with their situation, REAP deadline, requests and appeals, and the total', async () => {
    const m = await mesa();
    expect(m.total).toBe(4);
    expect(ids(m)).toEqual([reap.id, suspenso.id, recurso.id, aguardando.id]);
    expect(m.proximo).toBeNull();
    const por = new Map(m.representados.map((r) => [r.idPescador, r]));
    expect(por.get(reap.id)).toMatchObject({ reapsDevidas: devidas, prazoReap: `${anoReap + 1}-10-31`, solicitacoesEmAndamento: 0, recursosPendentes: 0 });
    expect(por.get(suspenso.id)).toMatchObject({ situacaoPescador: 6, solicitacoesEmAndamento: 1, recursosPendentes: 0, prazoReap: null });
    // The appeal is a request of type 11: counted as an appeal, not as a request in progress.
    expect(por.get(recurso.id)).toMatchObject({ recursosPendentes: 1, solicitacoesEmAndamento: 0 });
    // The term awaits an analyst: the entity sees the name and CPF it typed, nothing of the registry.
    expect(por.get(aguardando.id)).toMatchObject({
      situacaoDelegacao: 2, situacaoPescador: null, numeroRgp: null, reapsDevidas: null, prazoReap: null, solicitacoesEmAndamento: null, recursosPendentes: null,
    });
  });

  it('filters by each criterion, alone and together, and counts what the filter finds', async () => {
    const casos: [string, number[]][] = [
      ['nome=mesa', [suspenso.id, recurso.id, aguardando.id]],
      ['nome=CARLOS', [recurso.id]],
      ['situacaoRegistro=6', [suspenso.id]],
      // A filter on the registry's data never finds a fisher whose term awaits validation.
      ['situacaoRegistro=1', [reap.id, recurso.id]],
      ['deveReap=sim', [reap.id]],
      ['deveReap=nao', [suspenso.id, recurso.id]],
      ['emAndamento=sim', [suspenso.id]],
      ['emAndamento=nao', [reap.id, recurso.id]],
      ['recursoPendente=sim', [recurso.id]],
      ['recursoPendente=nao', [reap.id, suspenso.id]],
      ['situacaoDelegacao=2', [aguardando.id]],
      ['situacaoDelegacao=1', [reap.id, suspenso.id, recurso.id]],
      ['deveReap=nao&situacaoRegistro=1&recursoPendente=nao', []],
      ['deveReap=sim&situacaoRegistro=1', [reap.id]],
      ['nome=%25', []],
    ];
    for (const [consulta, esperados] of casos) {
      const m = await mesa(consulta);
      expect(ids(m), consulta).toEqual(esperados);
      expect(m.total, consulta).toBe(esperados.length);
    }
  });

  it('pages by keyset: every fisher once, in order, with the same total on each page', async () => {
    const vistos: number[] = [];
    let apos: number | null = null;
    for (let i = 0; i < 5; i++) {
      const m: Mesa = await mesa(`tamanhoPagina=3${apos ? `&apos=${apos}` : ''}`);
      expect(m.total).toBe(4);
      vistos.push(...ids(m));
      apos = m.proximo;
      if (apos === null) break;
    }
    expect(vistos).toEqual([reap.id, suspenso.id, recurso.id, aguardando.id]);
    // A page after a filter keeps the filter.
    const p1 = await mesa('deveReap=nao&tamanhoPagina=1');
    const p2 = await mesa(`deveReap=nao&tamanhoPagina=1&apos=${p1.proximo}`);
    expect([...ids(p1), ...ids(p2)]).toEqual([suspenso.id, recurso.id]);
  });

  it("never shows another entity's fishers, not by name, nor through a cursor on one of them", async () => {
    expect(ids(await mesa('nome=EDSON'))).toEqual([]);
    expect(ids(await mesa(`apos=${alheio.id}`))).toEqual([]);
    const doOutro = await mesa('', outroAgente);
    expect(ids(doOutro)).toEqual([alheio.id]);
    expect(doOutro.total).toBe(1);
  });

  it('refuses a bad filter in Portuguese', async () => {
    const res = await agente.api({ method: 'GET', url: '/api/representacao/pescadores?deveReap=talvez' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Use sim ou nao.');
    const pagina = await agente.api({ method: 'GET', url: '/api/representacao/pescadores?apos=abc' });
    expect(pagina.statusCode).toBe(400);
    expect(pagina.body).toContain('Página inválida.');
  });

  it('audits one view per fisher listed on a page', async () => {
    const antes = (await umaLinha<{ n: number }>(t.db, sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'MESA_AGENTE_LIDA' AND cpf_ator = ${CPF_AGENTE} AND recurso = 'representacao/pescadores'`)).n;
    await mesa('situacaoDelegacao=1&tamanhoPagina=2');
    const { rows } = await t.db.execute<{ pescador_id: number }>(sql`
      SELECT pescador_id FROM auditoria WHERE acao = 'MESA_AGENTE_LIDA' AND cpf_ator = ${CPF_AGENTE} AND recurso = 'representacao/pescadores'
      ORDER BY id DESC LIMIT 2`);
    expect(rows.map((r) => r.pescador_id).sort()).toEqual([reap.id, suspenso.id].sort());
    const depois = (await umaLinha<{ n: number }>(t.db, sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'MESA_AGENTE_LIDA' AND cpf_ator = ${CPF_AGENTE} AND recurso = 'representacao/pescadores'`)).n;
    expect(depois - antes).toBe(2);
  });

  it("writes a first page's audit rows (in the page's statement) as a later page's are written", async () => {
    const primeira = await mesa('situacaoDelegacao=1&tamanhoPagina=1');
    const segunda = await mesa(`situacaoDelegacao=1&tamanhoPagina=1&apos=${primeira.proximo}`);
    const linha = (pescadorId: number) => umaLinha<Record<string, unknown>>(t.db, sql`
      SELECT acao, cpf_ator, perfil_ator, sessao_id, recurso, recurso_id, host(ip) AS ip, sucesso, detalhes, orgao_ator FROM auditoria
      WHERE acao = 'MESA_AGENTE_LIDA' AND cpf_ator = ${CPF_AGENTE} AND pescador_id = ${pescadorId} ORDER BY id DESC LIMIT 1`);
    const [a, b] = [await linha(ids(primeira)[0]!), await linha(ids(segunda)[0]!)];
    expect(a).toEqual(b);
    expect(a).toMatchObject({ recurso: 'representacao/pescadores', sucesso: true, detalhes: { entidade: expect.any(String) } });
    expect(a.recurso_id).toBe(String((a.detalhes as { idEntidade: number }).idEntidade));
    expect(a.sessao_id).not.toBeNull();
  });

  it('exports the filtered list as CSV, a formula written as text, each fisher listed audited with the filter', async () => {
    const res = await agente.api({ method: 'GET', url: '/api/representacao/pescadores/csv?situacaoRegistro=1&nome=a' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const linhas = res.body.trim().split('\r\n');
    expect(linhas[0]).toBe('Nome;CPF;UF;RGP;Situação do registro;REAPs devidas;Prazo da REAP mais antiga;Pedidos em andamento;Recursos pendentes;Delegação;Delegação até');
    expect(linhas).toHaveLength(3);
    expect(linhas[1]!.startsWith(`"'=HYPERLINK(""http://x"") ANA";`)).toBe(true);
    expect(linhas[1]).toContain(`;Ativo;${devidas};31/10/${anoReap + 1};0;0;Ativa;`);
    expect(linhas.slice(2).map((l) => l.split(';')[0])).toEqual(['CARLOS MESA']);
    // A term awaiting validation: its line carries nothing of the registry.
    const pendente = await agente.api({ method: 'GET', url: '/api/representacao/pescadores/csv?situacaoDelegacao=2' });
    const [, dalva] = pendente.body.trim().split('\r\n');
    expect(dalva!.split(';').slice(3, 9)).toEqual(['', '', '', '', '', '']);
    const { rows } = await t.db.execute<{ pescador_id: number; detalhes: { formato: string; filtros: Record<string, unknown> } }>(sql`
      SELECT pescador_id, detalhes FROM auditoria WHERE acao = 'MESA_AGENTE_LIDA' AND cpf_ator = ${CPF_AGENTE} AND recurso = 'representacao/pescadores/csv'
      ORDER BY id`);
    expect(rows.map((r) => r.pescador_id)).toEqual([reap.id, recurso.id, aguardando.id]);
    expect(rows[0]!.detalhes).toMatchObject({ formato: 'csv', filtros: { situacaoRegistro: 1, nome: '***' } });
  });

  it('gives someone who is no agent an empty desk and an empty CSV', async () => {
    const m = await mesa('', reap.sessao);
    expect(m).toMatchObject({ total: 0, representados: [], proximo: null });
    const csv = await reap.sessao.api({ method: 'GET', url: '/api/representacao/pescadores/csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(1);
  });
});
