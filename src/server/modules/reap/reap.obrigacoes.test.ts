import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodigoErro } from '../../../shared/codigos-erro';
import { MENSAGENS_REAP, MOTIVOS_REAP } from '../../../shared/regras/reap';
import { MENSAGENS_PRAZO_REAP } from '../../../shared/schemas/reap';
import { createTestApp, entrarComo, executarJobsPendentes, type Sessao, type TestApp } from '../../test/helpers';
import type { Pescador } from '../solicitacao/passos.test-utils';
import { pescadorComRgp } from './reap.test-utils';

/**
 * Every fisher's obligations, created by jobs (decision 0051), and the windows with their acts (decision 0052).
 * Today is 2026-03-10: 2025 is open by its exception (spec point 5), 2024 opens when its window is saved.
 */
let t: TestApp;
let gestor: Sessao;
let sfpa: Sessao;
let consultaInterno: Sessao;
let antigo: Pescador;
let recente: Pescador;
let paulista: Pescador;
let novo: Pescador;
let semRgp: Pescador;
let atoPrazo: number;
let atoProrrogacao: number;

async function ato(nome: string): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO ato_normativo (nome, descricao, data_inicio_vigencia) VALUES (${nome}, 'Prazo da REAP', '2026-01-01') RETURNING id`);
  return rows[0]!.id;
}

async function anosDe(pescadorId: number): Promise<number[]> {
  const { rows } = await t.db.execute<{ ano: number }>(sql`
    SELECT ano_referencia AS ano FROM reap_questionario WHERE pescador_id = ${pescadorId} ORDER BY ano_referencia`);
  return rows.map((r) => r.ano);
}

/** No obligation twice, and each has its own REAP request (tipo 4, pending) with one history row. */
async function semDuplicatas(): Promise<void> {
  const { rows } = await t.db.execute<{ duplicadas: number; orfas: number; semHistorico: number; solicitacoesSemQuestionario: number }>(sql`
    SELECT
      (SELECT count(*)::int FROM (SELECT 1 FROM reap_questionario GROUP BY pescador_id, ano_referencia HAVING count(*) > 1) d) AS duplicadas,
      (SELECT count(*)::int FROM reap_questionario q JOIN solicitacao s ON s.id = q.solicitacao_id
        WHERE s.tipo <> 4 OR s.pescador_id <> q.pescador_id) AS orfas,
      (SELECT count(*)::int FROM reap_questionario q
        WHERE (SELECT count(*) FROM solicitacao_historico h WHERE h.solicitacao_id = q.solicitacao_id AND h.situacao_nova = 8) <> 1) AS "semHistorico",
      (SELECT count(*)::int FROM solicitacao s WHERE s.tipo = 4
        AND NOT EXISTS (SELECT 1 FROM reap_questionario q WHERE q.solicitacao_id = s.id)) AS "solicitacoesSemQuestionario"`);
  expect(rows[0]).toEqual({ duplicadas: 0, orfas: 0, semHistorico: 0, solicitacoesSemQuestionario: 0 });
}

const listaServidor = (s: Sessao, q: string) => s.api({ method: 'GET', url: `/api/reap/consultar-obrigacoes/filtro?${q}` });
const salvarPrazo = (s: Sessao, ano: number, corpo: Record<string, unknown>) => s.api({ method: 'PUT', url: `/api/reap/prazos/${ano}`, payload: corpo });

beforeAll(async () => {
  // Blocks of 2 fishers, so that a handful of fishers takes several blocks.
  t = await createTestApp({ now: () => new Date('2026-03-10T15:00:00Z'), env: { REAP_BLOCO_OBRIGACOES: '2' } });
  gestor = await entrarComo(t.app, '10000000108');
  sfpa = await entrarComo(t.app, '30000000388');
  consultaInterno = await entrarComo(t.app, '60000000655');
  antigo = await pescadorComRgp(t, 701, { dataPrimeiroRgp: '2023-06-15' });
  recente = await pescadorComRgp(t, 702, { dataPrimeiroRgp: '2025-02-01' });
  paulista = await pescadorComRgp(t, 703, { dataPrimeiroRgp: '2020-01-10', uf: 'SP' });
  novo = await pescadorComRgp(t, 704, { dataPrimeiroRgp: '2026-01-05' });
  semRgp = await pescadorComRgp(t, 705);
  await t.db.execute(sql`UPDATE pescador SET numero_rgp = NULL, data_primeiro_rgp = NULL WHERE id = ${semRgp.id}`);
  atoPrazo = await ato('Portaria MPA nº 10, de 2 de janeiro de 2026');
  atoProrrogacao = await ato('Portaria MPA nº 55, de 20 de junho de 2026');
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('a window opened on screen', () => {
  it('creates the year\'s obligations of every fisher with an RGP who owes it, whether or not they opened /reap', async () => {
    const res = await salvarPrazo(gestor, 2024, { inicioPreenchimento: '2026-01-01', fimPreenchimento: '2026-06-30', idAtoNormativo: atoPrazo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      mensagem: MENSAGENS_REAP.prazoSalvo,
      dados: { anoReferencia: 2024, atoNormativo: { id: atoPrazo, nome: 'Portaria MPA nº 10, de 2 de janeiro de 2026' } },
    });
    // Nobody opened /reap: before the job, the defaulter is not in the staff list.
    expect((await listaServidor(gestor, `cpf=${antigo.cpf}`)).json().dados.total).toBe(0);
    expect(await executarJobsPendentes(t)).toBeGreaterThan(0);

    expect(await anosDe(antigo.id)).toEqual([2024]);
    expect(await anosDe(paulista.id)).toEqual([2024]);
    expect(await anosDe(recente.id)).toEqual([]); // registered in 2025: owes no 2024
    expect(await anosDe(novo.id)).toEqual([]);
    expect(await anosDe(semRgp.id)).toEqual([]);
    const lista = await listaServidor(gestor, `cpf=${antigo.cpf}&enviada=false`);
    expect(lista.json().dados).toMatchObject({ total: 1, obrigacoes: [{ anoReferencia: 2024, enviada: false, cpfPescador: antigo.cpf }] });
    const { rows } = await t.db.execute<{ motivo: string; cpf: string | null }>(sql`
      SELECT h.motivo, h.cpf_ator AS cpf FROM reap_questionario q JOIN solicitacao_historico h ON h.solicitacao_id = q.solicitacao_id
      WHERE q.pescador_id = ${antigo.id}`);
    expect(rows).toEqual([{ motivo: MOTIVOS_REAP.geradaPeloSistema, cpf: null }]);
    await semDuplicatas();

    const prazos = (await gestor.api({ method: 'GET', url: '/api/reap/prazos' })).json().dados as { anoReferencia: number; obrigacoes: unknown }[];
    expect(prazos.find((p) => p.anoReferencia === 2024)?.obrigacoes).toMatchObject({ criadas: 2, concluidaEm: expect.any(String) });
  });

  it('the daily job opens the years not created yet (2025, the exception) and the CSV lists every defaulter; SFPA sees its states', async () => {
    const daily = await t.app.servicos.reap.abrirPrazos();
    expect(daily).toEqual([2025]);
    await executarJobsPendentes(t);
    expect(await anosDe(antigo.id)).toEqual([2024, 2025]);
    expect(await anosDe(recente.id)).toEqual([2025]);
    expect(await anosDe(novo.id)).toEqual([]);
    await semDuplicatas();
    // Nothing left to open.
    expect(await t.app.servicos.reap.abrirPrazos()).toEqual([]);

    const csv = await gestor.api({ method: 'GET', url: '/api/reap/consultar-obrigacoes/csv?anoReferencia=2025' });
    expect(csv.body).toContain(`2025;${recente.cpf};`);
    expect(csv.body).toContain(`2025;${paulista.cpf};`);
    const doPara = (await listaServidor(sfpa, 'anoReferencia=2025&tamanhoPagina=100')).json().dados.obrigacoes as { cpfPescador: string }[];
    expect(doPara.map((o) => o.cpfPescador)).toContain(recente.cpf);
    expect(doPara.map((o) => o.cpfPescador)).not.toContain(paulista.cpf);
  });

  it('running the job again creates nothing twice, and the fisher\'s "Gerar" finds nothing left to create', async () => {
    const antes = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM reap_questionario`);
    expect(await t.app.servicos.reap.gerarObrigacoesDoAno(2024)).toEqual({ aberto: true, criadas: 0 });
    expect(await t.app.servicos.reap.gerarObrigacoesDoAno(2025)).toEqual({ aberto: true, criadas: 0 });
    const depois = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM reap_questionario`);
    expect(depois.rows[0]!.n).toBe(antes.rows[0]!.n);
    await semDuplicatas();
    // "Gerar" still creates what the rule owes and no open window did: 2023 (its window has not started).
    const pend = await antigo.sessao.api({ method: 'GET', url: `/api/reap/listar-reap-pendente-pescador/${antigo.id}` });
    expect(pend.json().dados).toEqual([
      { ano: 2023, status: 'toCreate', months: [6, 7, 8, 9, 10, 11, 12] }, { ano: 2024, status: 'pending', months: [] }, { ano: 2025, status: 'pending', months: [] },
    ]);
    const gerar = await antigo.sessao.api({ method: 'POST', url: `/api/reap/gerar-reap-pescador/${antigo.id}` });
    expect(gerar.statusCode).toBe(200);
    expect(gerar.json().dados.criadas).toHaveLength(1);
    const outra = await antigo.sessao.api({ method: 'POST', url: `/api/reap/gerar-reap-pescador/${antigo.id}` });
    expect(outra.statusCode).toBe(406);
    expect(outra.json().mensagem).toBe(MENSAGENS_REAP.semPendencias);
    expect(outra.json().codigoErro).toBe(CodigoErro.REAP_SEM_PENDENCIAS);
    expect(await anosDe(antigo.id)).toEqual([2023, 2024, 2025]);
    await semDuplicatas();
  });

  it('a year whose window has not started, or that is not closed yet, creates nothing', async () => {
    const futuro = await salvarPrazo(gestor, 2023, { inicioPreenchimento: '2026-05-01', fimPreenchimento: '2026-06-30', idAtoNormativo: atoPrazo });
    expect(futuro.statusCode).toBe(200);
    expect(await t.app.servicos.reap.gerarObrigacoesDoAno(2023)).toEqual({ aberto: false, criadas: 0 });
    expect(await t.app.servicos.reap.gerarObrigacoesDoAno(2026)).toEqual({ aberto: false, criadas: 0 });
    expect(await anosDe(paulista.id)).toEqual([2024, 2025]);
  });
});

describe('a run killed mid-way', () => {
  it('resumes after its last committed block on the next run, creating each obligation once', async () => {
    const mais: Pescador[] = [];
    for (let i = 0; i < 5; i++) mais.push(await pescadorComRgp(t, 710 + i, { dataPrimeiroRgp: '2022-03-01' }));
    await t.db.execute(sql`INSERT INTO reap_prazo (ano_referencia, inicio_preenchimento, fim_preenchimento) VALUES (2022, '2026-01-01', '2026-12-31')`);
    // The first two blocks commit, then the process dies (nothing else runs).
    const b1 = await t.app.servicos.reap.gerarObrigacoesBloco(2022);
    const b2 = await t.app.servicos.reap.gerarObrigacoesBloco(2022);
    expect(b1.fim || b2.fim).toBe(false);
    const { rows: meio } = await t.db.execute<{ ultimo: number; criadas: number; concluida: Date | null }>(sql`
      SELECT ultimo_pescador_id AS ultimo, criadas, concluida_em AS concluida FROM reap_geracao_obrigacoes WHERE ano_referencia = 2022`);
    expect(meio[0]).toMatchObject({ criadas: b1.criadas + b2.criadas, concluida: null });
    const feitosAntes = meio[0]!.ultimo;

    // The retried job resumes there.
    const r = await t.app.servicos.reap.gerarObrigacoesDoAno(2022);
    const devem = [paulista, ...mais]; // registered by 2022

    expect(b1.criadas + b2.criadas + r.criadas).toBe(devem.length);
    for (const p of devem) expect(await anosDe(p.id)).toContain(2022);
    for (const p of [antigo, recente, novo]) expect(await anosDe(p.id)).not.toContain(2022);
    await semDuplicatas();
    const { rows: fim } = await t.db.execute<{ ultimo: number; concluida: Date | null }>(sql`
      SELECT ultimo_pescador_id AS ultimo, concluida_em AS concluida FROM reap_geracao_obrigacoes WHERE ano_referencia = 2022`);
    expect(fim[0]!.ultimo).toBeGreaterThan(feitosAntes);
    expect(fim[0]!.concluida).not.toBeNull();
  });
});

describe('a registry made active', () => {
  it('an approved request enqueues, in its transaction, the creation of the fisher\'s obligations of the open years', async () => {
    const cpf = crypto.randomInt(10 ** 10, 10 ** 11 - 1).toString().padStart(11, '0');
    const { rows } = await t.db.execute<{ pescador: number; solicitacao: number; analise: number }>(sql`
      WITH p AS (
        INSERT INTO pescador (cpf, nome, uf, categoria, situacao_registro, data_primeiro_rgp) VALUES (${cpf}, 'PESCADOR RECADASTRADO', 'PA', 2, 4, '2019-05-01') RETURNING id
      ), s AS (
        INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, declara_ciencia, uf_pescador, enviada_em, numero_protocolo, dados)
        SELECT id, 1, 6, 4, true, 'PA', now(), ${`T${crypto.randomBytes(6).toString('hex')}`}, '{}'::jsonb FROM p RETURNING id, pescador_id
      ), d AS (
        INSERT INTO documento (solicitacao_id, pescador_id, tipo_documento, nome_arquivo, chave_arquivo, mime, tamanho)
        SELECT s.id, s.pescador_id, t.tipo, 'doc.pdf', md5(random()::text || t.tipo), 'application/pdf', 1000
        FROM s, (VALUES (1), (2), (3), (4)) AS t(tipo) RETURNING id
      ), a AS (
        INSERT INTO analise_solicitacao (solicitacao_id, situacao_analise, uf_pescador, instancia) SELECT id, 1, 'PA', 'SFPA' FROM s RETURNING id
      )
      SELECT (SELECT id FROM p) AS pescador, (SELECT id FROM s) AS solicitacao, (SELECT id FROM a) AS analise`);
    const p = rows[0]!;
    expect((await sfpa.api({ method: 'POST', url: '/api/analise-solicitacao/bloquear', payload: { idAnaliseSolicitacao: p.analise } })).statusCode).toBe(200);
    const { rows: docs } = await t.db.execute<{ id: number; tipoDocumento: number }>(sql`
      SELECT id, tipo_documento AS "tipoDocumento" FROM documento WHERE solicitacao_id = ${p.solicitacao} ORDER BY id`);
    const res = await sfpa.api({
      method: 'POST', url: '/api/analise-solicitacao/atualizar-analise-solicitacao',
      payload: { id: p.analise, solicitacao: p.solicitacao, documentos: docs.map((d) => ({ ...d, aprovado: true })) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows: fila } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'gerar-obrigacoes-reap-pescador' AND (data->>'idPescador')::int = ${p.pescador}`);
    expect(fila[0]!.n).toBe(1);
    await executarJobsPendentes(t);
    // Open years: 2022, 2024 (windows started) and 2025 (the exception); 2023's window starts in May.
    const { rows: reg } = await t.db.execute<{ primeiro: string }>(sql`SELECT data_primeiro_rgp::text AS primeiro FROM pescador WHERE id = ${p.pescador}`);
    const desde = Number(reg[0]!.primeiro.slice(0, 4));
    expect(desde).toBeLessThanOrEqual(2022);
    expect(await anosDe(p.pescador)).toEqual([2022, 2024, 2025]);
    await semDuplicatas();
  });
});

describe('windows and their acts', () => {
  it('an extension is a new act and a new end, both kept in the history, audited', async () => {
    const res = await salvarPrazo(gestor, 2024, { inicioPreenchimento: '2026-01-01', fimPreenchimento: '2026-08-31', idAtoNormativo: atoProrrogacao });
    expect(res.statusCode, res.body).toBe(200);
    const hist = await consultaInterno.api({ method: 'GET', url: '/api/reap/prazos/historico' });
    expect(hist.statusCode).toBe(200);
    const de2024 = (hist.json().dados as { anoReferencia: number }[]).filter((h) => h.anoReferencia === 2024);
    expect(de2024).toMatchObject([
      { fimPreenchimento: '2026-08-31', atoNormativo: { id: atoProrrogacao } },
      { fimPreenchimento: '2026-06-30', atoNormativo: { id: atoPrazo } },
    ]);
    const prazos = (await gestor.api({ method: 'GET', url: '/api/reap/prazos' })).json().dados as { anoReferencia: number }[];
    expect(prazos.find((p) => p.anoReferencia === 2024)).toMatchObject({ fimPreenchimento: '2026-08-31', atoNormativo: { id: atoProrrogacao } });
    const { rows } = await t.db.execute<{ detalhes: Record<string, unknown> }>(sql`
      SELECT detalhes FROM auditoria WHERE acao = 'REAP_PRAZO_ALTERADO' AND recurso_id = '2024' ORDER BY id DESC LIMIT 1`);
    expect(rows[0]!.detalhes).toMatchObject({
      fimPreenchimento: '2026-08-31', idAtoNormativo: atoProrrogacao, antes: { fimPreenchimento: '2026-06-30', idAtoNormativo: atoPrazo },
    });
  });

  it('refuses an act that does not exist, and a window that ends before it starts, at the field', async () => {
    const semAto = await salvarPrazo(gestor, 2024, { inicioPreenchimento: '2026-01-01', fimPreenchimento: '2026-08-31', idAtoNormativo: 999_999 });
    expect(semAto.statusCode).toBe(400);
    expect(semAto.body).toContain(MENSAGENS_PRAZO_REAP.atoNaoEncontrado);
    const invertido = await salvarPrazo(gestor, 2024, { inicioPreenchimento: '2026-09-01', fimPreenchimento: '2026-08-31', idAtoNormativo: atoPrazo });
    expect(invertido.statusCode).toBe(400);
    expect(invertido.body).toContain(MENSAGENS_REAP.prazoInvalido);
  });
});
