import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { DOCUMENTOS_BASICOS, inserirDocumentos, novoPescador, rascunhoAte, type Pescador } from '../solicitacao/passos.test-utils';
import { consultaPagina, type FiltrosSql } from './auditoria.repository';

/**
 * Reading the audit trail (issue 11, point 6; decision 0032): the GESTOR's and ADMIN's screen with its filters
 * and keyset pages; the fisher's "Quem acessou meus dados" (agency and profile, never the person) and their data
 * export; the indexes that serve each filter (EXPLAIN over a few hundred thousand rows).
 */
let t: TestApp;
let gestor: Sessao;
let sfpa: Sessao;
let pescador: Pescador;
const CPF_SFPA = '30000000388';

beforeAll(async () => {
  t = await createTestApp();
  gestor = await entrarComo(t.app, '10000000108');
  sfpa = await entrarComo(t.app, CPF_SFPA);
  pescador = await novoPescador(t, 7301);
  await t.db.execute(sql`UPDATE pescador SET uf = 'PA' WHERE id = ${pescador.id}`);
});
afterAll(async () => {
  await t.close();
});

interface Registro { id: string; acao: string; cpfAtor: string | null; orgaoAtor: string | null; recurso: string | null; idPescador: number | null }
async function pagina(query: string): Promise<{ registros: Registro[]; proximo: string | null }> {
  const res = await gestor.api({ method: 'GET', url: `/api/auditoria?${query}` });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json().dados;
}

describe('an analyst views a fisher: the fisher sees it, the GESTOR finds it', () => {
  it("writes the fisher and the analyst's agency on the view, and the fisher reads the agency and profile only", async () => {
    expect((await sfpa.api({ method: 'GET', url: `/api/pescador/${pescador.id}` })).statusCode).toBe(200);

    const res = await pescador.sessao.api({ method: 'GET', url: '/api/lgpd/acessos' });
    expect(res.statusCode).toBe(200);
    const { acessos } = res.json().dados as { acessos: Record<string, unknown>[] };
    expect(acessos).toEqual([expect.objectContaining({
      tipo: 'VISUALIZACAO', descricao: 'Visualizou seu cadastro', orgao: 'SFPA-PA', perfil: 'SFPA',
      nomeOrgao: expect.stringMatching(/\S/),
    })]);
    // Never the staff member's CPF (in any form) or name.
    expect(res.body).not.toMatch(/300\.?000\.?003-?88/);
    const { rows } = await t.db.execute<{ nome: string }>(sql`SELECT nome FROM usuario WHERE cpf = ${CPF_SFPA}`);
    expect(res.body).not.toContain(rows[0]!.nome);
  });

  it("lets the GESTOR find that view by the fisher's CPF, with who, from which agency, and audits the reading", async () => {
    const { registros } = await pagina(`cpfPescador=${pescador.cpf}`);
    expect(registros).toEqual([expect.objectContaining({
      acao: 'VISUALIZACAO_DADOS_PESSOAIS', cpfAtor: '300.000.003-88', orgaoAtor: 'SFPA-PA', recurso: 'pescador', idPescador: pescador.id,
    })]);
    const { rows } = await t.db.execute<{ detalhes: { filtros: Record<string, string> } }>(sql`
      SELECT detalhes FROM auditoria WHERE acao = 'CONSULTA_AUDITORIA' AND cpf_ator = '10000000108' ORDER BY id DESC LIMIT 1`);
    expect(rows[0]!.detalhes.filtros).toEqual({ cpfPescador: pescador.cpf });
  });

  it('a fisher\'s own reading of their record is not listed as a staff access', async () => {
    await pescador.sessao.api({ method: 'GET', url: `/api/pescador/${pescador.id}` });
    const { acessos } = (await pescador.sessao.api({ method: 'GET', url: '/api/lgpd/acessos' })).json().dados as { acessos: unknown[] };
    expect(acessos).toHaveLength(1);
  });
});

describe('GET /api/auditoria: filters and keyset pages', () => {
  beforeAll(async () => {
    // 230 events of a fictitious actor over 23 days (10 a day), two actions, two records.
    await t.db.execute(sql`
      INSERT INTO auditoria (criado_em, acao, cpf_ator, perfil_ator, recurso, recurso_id)
      SELECT timestamptz '2024-03-01 12:00:00-03' + (g / 10) * interval '1 day' + (g % 10) * interval '1 minute',
             CASE WHEN g % 2 = 0 THEN 'TESTE_PAR' ELSE 'TESTE_IMPAR' END, '11144477735', 1,
             'teste', (g % 3)::text
      FROM generate_series(0, 229) g`);
  });

  it('pages through every row once, newest first, with no gap and no repeat', async () => {
    const vistos: string[] = [];
    let apos: string | null = null;
    do {
      const p = await pagina(`cpfAtor=111.444.777-35&tamanhoPagina=100${apos ? `&apos=${apos}` : ''}`);
      vistos.push(...p.registros.map((r) => r.id));
      apos = p.proximo;
    } while (apos);
    expect(vistos).toHaveLength(230);
    expect(new Set(vistos).size).toBe(230);
    expect([...vistos].map(Number)).toEqual([...vistos].map(Number).sort((a, b) => b - a));
  });

  it('filters by action, record and period (São Paulo dates, both ends included)', async () => {
    expect((await pagina('cpfAtor=11144477735&acao=TESTE_PAR&tamanhoPagina=100')).registros.every((r) => r.acao === 'TESTE_PAR')).toBe(true);
    const porRegistro = await pagina('recurso=teste&recursoId=2&tamanhoPagina=100');
    expect(porRegistro.registros.length).toBe(76);
    const doDia = await pagina('cpfAtor=11144477735&de=2024-03-02&ate=2024-03-03');
    expect(doDia.registros).toHaveLength(20);
    expect(doDia.proximo).toBeNull();
  });

  it('refuses a period that ends before it starts, and a malformed CPF, at the field', async () => {
    const res = await gestor.api({ method: 'GET', url: '/api/auditoria?de=2024-03-05&ate=2024-03-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().erros).toContain('ate: A data inicial deve ser anterior ou igual à data final');
    const cpf = await gestor.api({ method: 'GET', url: '/api/auditoria?cpfAtor=123' });
    expect(cpf.statusCode).toBe(400);
    expect(cpf.json().erros).toContain('cpfAtor: Informe os 11 dígitos do CPF');
  });
});

describe('GET /api/lgpd/meus-dados', () => {
  it('answers the registry, each request with its documents (no file address or key) and every notification', async () => {
    const id = await rascunhoAte(t, pescador, 1, 1);
    await inserirDocumentos(t.db, pescador.id, id, DOCUMENTOS_BASICOS);
    await t.db.execute(sql`INSERT INTO notificacao (pescador_id, tipo, conteudo, lida_em) VALUES (${pescador.id}, 1, 'Lida.', now())`);
    const res = await pescador.sessao.api({ method: 'GET', url: '/api/lgpd/meus-dados' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="meus-dados-rgp.json"');
    const d = res.json().dados;
    expect(d.pescador).toMatchObject({ id: pescador.id });
    expect(d.solicitacoes.map((s: { id: number }) => s.id)).toEqual([id]);
    expect(d.solicitacoes[0].documentos.map((x: { tipoDocumento: number }) => x.tipoDocumento).sort((a: number, b: number) => a - b)).toEqual([...DOCUMENTOS_BASICOS].sort((a, b) => a - b));
    expect(Object.keys(d.solicitacoes[0].documentos[0]).sort()).toEqual(['aprovado', 'id', 'migrado', 'nome', 'nomeArquivo', 'tipoDocumento', 'tipoDocumentoDescricao']);
    expect(d.notificacoes).toEqual([expect.objectContaining({ conteudo: 'Lida.', lidaEm: expect.any(String) })]);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'EXPORTACAO_DADOS_PESSOAIS' AND recurso_id = ${String(pescador.id)}`);
    expect(rows[0]!.n).toBe(1);
  });
});

describe("a machine client's read, naming the fisher among many (decision 0127)", () => {
  it("is found by the fisher's CPF beside the staff views, newest first, and keeps the other filters", async () => {
    const outro = await novoPescador(t, 7302);
    await t.app.servicos.auditoria.visualizacoesDeCliente(
      { id: 91, clientId: 'inss-defeso', orgao: 'INSS', ip: '10.0.0.9' }, 'integracao-consulta', [outro.id, pescador.id], { finalidade: 'teste' });
    const { registros } = await pagina(`cpfPescador=${pescador.cpf}`);
    expect(registros[0]).toEqual(expect.objectContaining({ recurso: 'integracao-consulta', orgaoAtor: 'INSS', cpfAtor: null, idPescador: null }));
    expect(registros.slice(1)).toContainEqual(expect.objectContaining({ acao: 'VISUALIZACAO_DADOS_PESSOAIS', recurso: 'pescador', idPescador: pescador.id }));
    expect((await pagina(`cpfPescador=${outro.cpf}`)).registros.map((r) => r.recurso)).toEqual(['integracao-consulta']);
    expect((await pagina(`cpfPescador=${pescador.cpf}&recurso=pescador`)).registros.every((r) => r.recurso === 'pescador')).toBe(true);
  });
});

describe('the indexes serve every filter (EXPLAIN over 300 000 rows)', () => {
  beforeAll(async () => {
    await t.db.execute(sql`
      INSERT INTO auditoria (criado_em, acao, cpf_ator, perfil_ator, recurso, recurso_id, pescador_id, orgao_ator)
      SELECT now() - g * interval '7 seconds', (ARRAY['VISUALIZACAO_DADOS_PESSOAIS','LOGIN','ANALISE_INICIADA'])[1 + g % 3],
             lpad((g % 5000)::text, 11, '0'), 3, 'pescador', (g % 100000)::text, g % 100000, 'SFPA-PA'
      FROM generate_series(1, 300000) g`);
    await t.db.execute(sql`ANALYZE auditoria`);
  }, 120_000);

  const CASOS: [string, FiltrosSql][] = [
    ['no filter', {}],
    ['actor', { cpfAtor: '00000001234' }],
    ['record', { recurso: 'pescador', recursoId: '4242' }],
    ['action', { acao: 'ANALISE_INICIADA' }],
    ['fisher by CPF', { cpfPescador: '40000000477' }],
    ['period', { de: '2024-01-01', ate: '2024-01-31' }],
    ['actor and period', { cpfAtor: '00000001234', de: '2024-01-01' }],
    ['a later page', { acao: 'LOGIN', apos: '150000' }],
  ];

  it.each(CASOS)('%s: an index scan in (criado_em, id) order, no sequential scan, no sort', async (_nome, f) => {
    const { rows } = await t.db.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${consultaPagina(f, 51)}`);
    const plano = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plano).toMatch(/Index (Only )?Scan (Backward )?using auditoria_\w+_idx/);
    expect(plano).not.toMatch(/Seq Scan on auditoria\b/);
    // By fisher, the clients' reads naming them come from the GIN index by key and are sorted (a few rows; 51 at most
    // from each arm), merged with the fisher's own rows in index order.
    if (!f.cpfPescador) expect(plano).not.toMatch(/Sort\b/);
    else expect(plano).toMatch(/auditoria_pescadores_ids_idx/);
  });
});
