import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hojeSaoPaulo } from '../../../shared/datas';
import { SituacaoRegistro, SituacaoSolicitacao, TipoNotificacao } from '../../../shared/enums';
import { CABECALHO_CAPTCHA } from '../../../shared/schemas/carteira';
import {
  MENSAGENS_ANEXO, MENSAGENS_RECURSO, ObjetoRecurso, ResultadoRecurso, type ResultadoDecisaoEmLote,
} from '../../../shared/schemas/recurso';
import { createTestApp, entrarComo, executarJobsPendentes, type Sessao, type TestApp } from '../../test/helpers';
import { novoIp, resolverCaptcha } from '../carteira/carteira.test-utils';
import { novoPescador, type Pescador } from '../solicitacao/passos.test-utils';
import { somarDias } from './prazos';

/**
 * A wave of appeals (decision 0100): the queue filtered by act and clock, paged by keyset, and the national
 * management deciding many appeals of one act together, each by the single decision's rules, each audited,
 * with its history line and notice; a fisher probing ids learns nothing.
 */
let t: TestApp;
let gestor: Sessao;
let mpa: Sessao;
let n = 9_700;
/** The app's clock runs this many days ahead of the real one (the daily job's test moves it); 0 otherwise. */
let diasAFrente = 0;
const agora = () => new Date(Date.now() + diasAFrente * 86_400_000);
const hoje = () => hojeSaoPaulo(agora());

beforeAll(async () => {
  t = await createTestApp({ now: agora });
  gestor = await entrarComo(t.app, '10000000108');
  mpa = await entrarComo(t.app, '20000000299');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function ato(): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO ato_normativo (nome, descricao, data_inicio_vigencia, prazo_recurso_dias)
    VALUES (${`Portaria da onda ${n++}`}, 'Ato de teste da onda de recursos.', ${hoje()}, 30) RETURNING id`);
  return rows[0]!.id;
}

/**
 * A fisher of Pará suspended (or, with `cancelar`, cancelled) by a batch of `atoId` requested by MPA, who appeals
 * it (instance 1 at MPA).
 */
async function suspensoQueRecorre(atoId: number, cancelar = false): Promise<Pescador & { recurso: number }> {
  const p = await novoPescador(t, n++);
  await t.db.execute(sql`UPDATE pescador SET uf = 'PA', situacao_registro = 1, numero_rgp = ${`PA${p.id}`} WHERE id = ${p.id}`);
  const lote = await gestor.api({
    method: 'POST', url: '/api/lote-pescador/manual',
    payload: {
      atoNormativo: atoId, tipo: cancelar ? 1 : 2, orgaoSolicitante: 'MPA', justificativa: 'Indícios de fraude.', listaCpfPescador: [p.cpf],
      ...(cancelar ? {} : { dataLimiteSuspensao: somarDias(hoje(), 365) }),
    },
  });
  expect(lote.statusCode, lote.body).toBe(200);
  const c = await p.sessao.api({ method: 'GET', url: '/api/recursos/contestaveis' });
  const objeto = cancelar ? ObjetoRecurso.CANCELAMENTO : ObjetoRecurso.SUSPENSAO;
  const chave = (c.json().dados.contestaveis as { chave: string; objeto: number }[]).find((x) => x.objeto === objeto)!.chave;
  const aberto = await p.sessao.api({ method: 'POST', url: '/api/recursos', payload: { chave } });
  const id = aberto.json().dados.id as number;
  const env = await p.sessao.api({ method: 'POST', url: `/api/recursos/${id}/enviar`, payload: { razoes: 'Eu pesco há vinte anos.' } });
  expect(env.statusCode, env.body).toBe(200);
  return { ...p, recurso: id };
}

/** A batch decision as the manager makes it: accepted, decided by its job, then read back. */
async function emLote(corpo: Record<string, unknown>, quem: Sessao = gestor): Promise<ResultadoDecisaoEmLote> {
  const res = await quem.api({ method: 'POST', url: '/api/recursos/decisao-em-lote', payload: corpo });
  expect(res.statusCode, res.body).toBe(200);
  const { id, total } = res.json().dados as { id: number; total: number };
  expect(res.json().mensagem).toBe(MENSAGENS_RECURSO.decisaoEmLoteIniciada(total));
  await executarJobsPendentes(t);
  const lido = await quem.api({ method: 'GET', url: `/api/recursos/decisao-em-lote/${id}` });
  expect(lido.statusCode, lido.body).toBe(200);
  return lido.json().dados as ResultadoDecisaoEmLote;
}

async function situacao(p: Pescador): Promise<number> {
  const { rows } = await t.db.execute<{ s: number }>(sql`SELECT situacao_registro AS s FROM pescador WHERE id = ${p.id}`);
  return rows[0]!.s;
}

describe('a wave of appeals against one act', () => {
  let atoA: number;
  let daOnda: (Pescador & { recurso: number })[];
  let deOutroAto: Pescador & { recurso: number };

  beforeAll(async () => {
    atoA = await ato();
    daOnda = [];
    for (let i = 0; i < 4; i++) daOnda.push(await suspensoQueRecorre(atoA));
    deOutroAto = await suspensoQueRecorre(await ato());
  }, 120_000);

  it("the queue filters by act and clock, counts, and pages by keyset", async () => {
    const ids = daOnda.map((p) => p.recurso);
    const primeira = await gestor.api({ method: 'GET', url: `/api/recursos?ato=${atoA}&tamanhoPagina=3&prazoAte=${somarDias(hoje(), 5)}` });
    expect(primeira.statusCode, primeira.body).toBe(200);
    const d1 = primeira.json().dados as { total: number; recursos: { id: number }[]; proximo: string | null };
    expect(d1.total).toBe(4);
    expect(d1.recursos.map((r) => r.id)).toEqual(ids.slice(0, 3));
    expect(d1.proximo).toMatch(/^\d{4}-\d{2}-\d{2}_\d+$/);
    const segunda = (await gestor.api({ method: 'GET', url: `/api/recursos?ato=${atoA}&tamanhoPagina=3&apos=${d1.proximo}` })).json().dados;
    expect(segunda).toMatchObject({ total: 4, proximo: null });
    expect(segunda.recursos.map((r: { id: number }) => r.id)).toEqual(ids.slice(3));
    // Clocks ending before the reconsideration's 5 days: none.
    const antes = (await gestor.api({ method: 'GET', url: `/api/recursos?ato=${atoA}&prazoAte=${somarDias(hoje(), 4)}` })).json().dados;
    expect(antes.total).toBe(0);
    expect((await gestor.api({ method: 'GET', url: '/api/recursos?apos=ontem' })).statusCode).toBe(400);
  });

  it('is decided together by the management, each appeal by its own rules, audited, with history and notice', async () => {
    const [a, b, travado, naoProvido] = daOnda as [Pescador & { recurso: number }, Pescador & { recurso: number }, Pescador & { recurso: number }, Pescador & { recurso: number }];
    // One is under an MPA analyst's individual analysis; MPA may not decide in batch.
    expect((await mpa.api({ method: 'POST', url: `/api/recursos/${travado.recurso}/bloquear` })).statusCode).toBe(200);
    const corpo = { ato: atoA, ids: [a.recurso, b.recurso, travado.recurso, deOutroAto.recurso, 999_999], resultado: ResultadoRecurso.PROVIDO, justificativa: 'A lista do ato incluiu pescadores ativos.' };
    expect((await mpa.api({ method: 'POST', url: '/api/recursos/decisao-em-lote', payload: corpo })).statusCode).toBe(403);

    const r = await emLote(corpo);
    expect(r).toMatchObject({ total: 5, processados: 5, decididos: 2, recusados: 3, concluida: true, proximo: null });
    const porId = new Map(r.recusas.map((x) => [x.id, x.mensagem]));
    expect(porId.has(a.recurso)).toBe(false);
    expect(porId.get(travado.recurso)).toBe(MENSAGENS_RECURSO.emAnaliseIndividual);
    expect(porId.get(deOutroAto.recurso)).toBe(MENSAGENS_RECURSO.outroAto);
    expect(porId.get(999_999)).toBe(MENSAGENS_RECURSO.naoEncontrado);
    const { rows: [iniciada] } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'RECURSO_DECISAO_EM_LOTE_INICIADA' AND cpf_ator = '10000000108'`);
    expect(iniciada!.n).toBeGreaterThanOrEqual(1);

    for (const p of [a, b]) {
      expect(await situacao(p)).toBe(SituacaoRegistro.ATIVO);
      const lido = (await p.sessao.api({ method: 'GET', url: `/api/recursos/${p.recurso}` })).json().dados;
      expect(lido).toMatchObject({ resultado: ResultadoRecurso.PROVIDO, situacaoSolicitacao: SituacaoSolicitacao.DEFERIDA });
      expect(lido.decisoes.at(-1)).toMatchObject({ resultado: ResultadoRecurso.PROVIDO, justificativa: corpo.justificativa });
      const { rows } = await t.db.execute<{ notas: number; auditadas: number; historico: string }>(sql`
        SELECT (SELECT count(*)::int FROM notificacao WHERE pescador_id = ${p.id} AND tipo = ${TipoNotificacao.RECURSO}
                  AND url_redirecionamento LIKE ${`%/${p.recurso}`}) AS notas,
               (SELECT count(*)::int FROM auditoria WHERE acao = 'RECURSO_DECIDIDO' AND recurso_id = ${String(p.recurso)}
                  AND (detalhes->>'emLote')::boolean) AS auditadas,
               (SELECT motivo FROM solicitacao_historico h JOIN recurso r ON r.solicitacao_id = h.solicitacao_id
                  WHERE r.id = ${p.recurso} ORDER BY h.id DESC LIMIT 1) AS historico`);
      // Received, decided and the sanction undone: three notices; one audit row of the batch each.
      expect(rows[0]).toMatchObject({ notas: 3, auditadas: 1, historico: expect.stringContaining(corpo.justificativa) });
    }
    expect(await situacao(travado)).toBe(SituacaoRegistro.SUSPENSO);
    expect(await situacao(deOutroAto)).toBe(SituacaoRegistro.SUSPENSO);

    // At the reconsideration NÃO PROVIDO is refused, per appeal, as in a single decision.
    const recusado = await emLote({ ato: atoA, ids: [naoProvido.recurso, a.recurso], resultado: ResultadoRecurso.NAO_PROVIDO, justificativa: 'Mantida.' });
    expect(recusado.recusas.map((x) => x.id)).toEqual([naoProvido.recurso, a.recurso].sort((x, y) => x - y));
    expect(recusado.recusas.map((x) => x.mensagem).sort()).toEqual([MENSAGENS_RECURSO.naoPendente, MENSAGENS_RECURSO.resultadoInvalidoReconsideracao].sort());
    const invalido = await gestor.api({
      method: 'POST', url: '/api/recursos/decisao-em-lote',
      payload: { ato: atoA, ids: [naoProvido.recurso], resultado: ResultadoRecurso.PROVIDO_EM_PARTE, justificativa: 'x' },
    });
    expect(invalido.statusCode).toBe(400);
    expect(invalido.body).toContain('Em lote o resultado deve ser');
  });

  it("chooses all of an act's appeals the filter matches on the server, after the manager confirmed their count", async () => {
    const atoB = await ato();
    const onda = [await suspensoQueRecorre(atoB), await suspensoQueRecorre(atoB), await suspensoQueRecorre(atoB)];
    await t.db.execute(sql`UPDATE pescador SET uf = 'CE' WHERE id = ${onda[2]!.id}`);
    await t.db.execute(sql`UPDATE recurso SET uf = 'CE' WHERE id = ${onda[2]!.recurso}`);
    const filtro = { uf: 'PA', situacao: 'pendentes' };
    const base = { ato: atoB, filtro, resultado: ResultadoRecurso.PROVIDO, justificativa: 'Todos os do Pará comprovaram atividade.' };
    // The count confirmed is not what the filter matches now: nothing is decided, and the new count is said.
    const mudou = await gestor.api({ method: 'POST', url: '/api/recursos/decisao-em-lote', payload: { ...base, totalConfirmado: 3 } });
    expect(mudou.statusCode).toBe(406);
    expect(mudou.json().mensagem).toBe(MENSAGENS_RECURSO.selecaoMudou(2));
    expect((await gestor.api({ method: 'POST', url: '/api/recursos/decisao-em-lote', payload: base })).statusCode).toBe(400);
    expect((await gestor.api({ method: 'POST', url: '/api/recursos/decisao-em-lote', payload: { ...base, ids: [1], totalConfirmado: 2 } })).statusCode).toBe(400);
    expect(await situacao(onda[0]!)).toBe(SituacaoRegistro.SUSPENSO);

    const r = await emLote({ ...base, totalConfirmado: 2 });
    expect(r).toMatchObject({ total: 2, decididos: 2, recusados: 0, concluida: true, recusas: [] });
    expect([await situacao(onda[0]!), await situacao(onda[1]!), await situacao(onda[2]!)])
      .toEqual([SituacaoRegistro.ATIVO, SituacaoRegistro.ATIVO, SituacaoRegistro.SUSPENSO]);
    // Its job run again (a retry) decides nothing twice.
    const { rows: [d] } = await t.db.execute<{ id: number }>(sql`SELECT max(id) AS id FROM recurso_decisao_lote`);
    await t.app.servicos.decisaoEmLoteRecurso.processar(d!.id);
    const { rows: [n] } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM recurso_decisao WHERE recurso_id IN (${onda[0]!.recurso}, ${onda[1]!.recurso})`);
    expect(n!.n).toBe(2);
    // Only a manager who may decide in batch reads it; a missing one is 404.
    expect((await mpa.api({ method: 'GET', url: `/api/recursos/decisao-em-lote/${d!.id}` })).statusCode).toBe(403);
    expect((await gestor.api({ method: 'GET', url: '/api/recursos/decisao-em-lote/999999' })).statusCode).toBe(404);
  });

  it("a fisher probing appeal ids gets the same answer for another's and a missing one", async () => {
    const [a] = daOnda;
    const outro = deOutroAto;
    for (const url of [`/api/recursos/${a!.recurso}/enviar`, '/api/recursos/999998/enviar', `/api/recursos/${a!.recurso}/proxima-instancia`, '/api/recursos/999998/proxima-instancia']) {
      const res = await outro.sessao.api({ method: 'POST', url, payload: { razoes: 'Sondando.' } });
      expect(res.statusCode, url).toBe(403);
    }
    const [x, y] = await Promise.all([`/api/recursos/${a!.recurso}`, '/api/recursos/999998'].map((url) => outro.sessao.api({ method: 'GET', url })));
    expect([x!.statusCode, y!.statusCode]).toEqual([403, 403]);
    expect(x!.body).toBe(y!.body);
  });
});

describe('what a decision leaves in place', () => {
  async function decidir(s: Sessao, id: number, corpo: Record<string, unknown>) {
    await s.api({ method: 'POST', url: `/api/recursos/${id}/bloquear` });
    return s.api({ method: 'POST', url: `/api/recursos/${id}/decidir`, payload: { justificativa: 'Provas parciais.', ...corpo } });
  }

  it('PROVIDO EM PARTE shortens the suspension to a day before its end; a REAP warning has no part', async () => {
    const suspenso = await suspensoQueRecorre(await ato());
    const fim = somarDias(hoje(), 365);
    const semData = await decidir(mpa, suspenso.recurso, { resultado: ResultadoRecurso.PROVIDO_EM_PARTE });
    expect(semData.statusCode).toBe(406);
    expect(semData.json().mensagem).toBe(MENSAGENS_RECURSO.emParteSemData);
    const maisLonga = await decidir(mpa, suspenso.recurso, { resultado: ResultadoRecurso.PROVIDO_EM_PARTE, suspensoAte: somarDias(fim, 1) });
    expect(maisLonga.json().mensagem).toBe(MENSAGENS_RECURSO.emParteNaoReduz(fim.split('-').reverse().join('/')));
    const ate = somarDias(hoje(), 30);
    const ok = await decidir(mpa, suspenso.recurso, { resultado: ResultadoRecurso.PROVIDO_EM_PARTE, suspensoAte: ate });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().dados).toMatchObject({ resultado: ResultadoRecurso.PROVIDO_EM_PARTE, situacaoSolicitacao: SituacaoSolicitacao.DEFERIDA });
    const { rows } = await t.db.execute<{ situacao: number; ate: string; motivo: string }>(sql`
      SELECT p.situacao_registro AS situacao, to_char(h.suspenso_ate, 'YYYY-MM-DD') AS ate, h.motivo
      FROM pescador p JOIN LATERAL (SELECT * FROM pescador_historico_situacao WHERE pescador_id = p.id ORDER BY id DESC LIMIT 1) h ON true
      WHERE p.id = ${suspenso.id}`);
    expect(rows[0]).toMatchObject({ situacao: SituacaoRegistro.SUSPENSO, ate, motivo: expect.stringContaining('provido em parte') });

    // A REAP warning has no part: withdrawn or not.
    const avisado = await novoPescador(t, n++);
    await t.db.execute(sql`UPDATE pescador SET uf = 'PA', situacao_registro = 1 WHERE id = ${avisado.id}`);
    const avisoRecurso = await recorrerDoAviso(avisado, 2018);
    const semParte = await decidir(mpa, avisoRecurso, { resultado: ResultadoRecurso.PROVIDO_EM_PARTE, suspensoAte: ate });
    expect(semParte.json().mensagem).toBe(MENSAGENS_RECURSO.emParteSoSancao);
  });

  it('PROVIDO EM PARTE of a cancellation suspends the registry until the given day; the daily job reactivates it the day after', async () => {
    const cancelado = await suspensoQueRecorre(await ato(), true);
    expect(await situacao(cancelado)).toBe(SituacaoRegistro.CANCELADO);
    const ate = somarDias(hoje(), 20);
    const ok = await decidir(mpa, cancelado.recurso, { resultado: ResultadoRecurso.PROVIDO_EM_PARTE, suspensoAte: ate });
    expect(ok.statusCode, ok.body).toBe(200);
    const { rows } = await t.db.execute<{ anterior: number; nova: number; ate: string }>(sql`
      SELECT situacao_anterior AS anterior, situacao_nova AS nova, to_char(suspenso_ate, 'YYYY-MM-DD') AS ate
      FROM pescador_historico_situacao WHERE pescador_id = ${cancelado.id} ORDER BY id DESC LIMIT 1`);
    expect(rows[0]).toEqual({ anterior: SituacaoRegistro.CANCELADO, nova: SituacaoRegistro.SUSPENSO, ate });
    expect(await situacao(cancelado)).toBe(SituacaoRegistro.SUSPENSO);
    try {
      // On its last day the suspension still runs; the day after, the daily job reactivates the registry.
      diasAFrente = 20;
      await t.app.servicos.lote.encerrarSuspensoesVencidas();
      expect(await situacao(cancelado)).toBe(SituacaoRegistro.SUSPENSO);
      diasAFrente = 21;
      await t.app.servicos.lote.encerrarSuspensoesVencidas();
      expect(await situacao(cancelado)).toBe(SituacaoRegistro.ATIVO);
    } finally {
      diasAFrente = 0;
    }
  });

  it("the year's scheduled REAP suspension leaves out a fisher whose warning a provided appeal withdrew, and no one else", async () => {
    const ano = 2017;
    const [provido, pendente] = [await novoPescador(t, n++), await novoPescador(t, n++)];
    for (const p of [provido, pendente]) {
      await t.db.execute(sql`UPDATE pescador SET uf = 'PA', situacao_registro = 1 WHERE id = ${p.id}`);
      await t.db.execute(sql`
        WITH s AS (INSERT INTO solicitacao (pescador_id, tipo, situacao) VALUES (${p.id}, 4, 8) RETURNING id)
        INSERT INTO reap_questionario (solicitacao_id, pescador_id, ano_referencia, categoria, enviada) SELECT id, ${p.id}, ${ano}, 2, false FROM s`);
    }
    const idProvido = await recorrerDoAviso(provido, ano);
    await recorrerDoAviso(pendente, ano);
    expect((await decidir(mpa, idProvido, { resultado: ResultadoRecurso.PROVIDO })).statusCode).toBe(200);
    const { rows: [atoRow] } = await t.db.execute<{ id: number }>(sql`SELECT id FROM ato_normativo ORDER BY id DESC LIMIT 1`);
    const loteId = await t.db.transaction((tx) => t.app.servicos.lote.criarSuspensaoReap({
      anoReferencia: ano, fimPreenchimento: `${ano + 1}-03-31`, atoNormativoId: atoRow!.id, cpfSolicitante: '10000000108', perfilSolicitante: 1,
    }, tx));
    const { rows } = await t.db.execute<{ cpf: string }>(sql`
      SELECT cpf FROM lote_pescador_item WHERE lote_id = ${loteId} AND cpf IN (${provido.cpf}, ${pendente.cpf})`);
    expect(rows.map((r) => r.cpf)).toEqual([pendente.cpf]);
  });
});

/** A REAP warning of `ano` to the fisher, with no REAP sent, appealed (it goes to MPA); answers the appeal's id. */
async function recorrerDoAviso(p: Pescador, ano: number): Promise<number> {
  await t.db.execute(sql`
    WITH av AS (
      INSERT INTO reap_aviso (ano_referencia, fim_preenchimento, iniciado_em) VALUES (${ano}, ${`${ano + 1}-03-31`}, now())
      ON CONFLICT (ano_referencia, fim_preenchimento) DO UPDATE SET ano_referencia = EXCLUDED.ano_referencia RETURNING id
    )
    INSERT INTO reap_aviso_pescador (aviso_id, pescador_id) SELECT id, ${p.id} FROM av`);
  const c = await p.sessao.api({ method: 'GET', url: '/api/recursos/contestaveis' });
  const chave = (c.json().dados.contestaveis as { chave: string; objeto: number }[]).find((x) => x.objeto === ObjetoRecurso.AVISO_REAP)!.chave;
  const id = (await p.sessao.api({ method: 'POST', url: '/api/recursos', payload: { chave } })).json().dados.id as number;
  const env = await p.sessao.api({ method: 'POST', url: `/api/recursos/${id}/enviar`, payload: { razoes: 'Enviei por outro canal.' } });
  expect(env.statusCode, env.body).toBe(200);
  return id;
}

describe("the act's list", () => {
  it("the annex lists per state the fishers the batch sanctioned, name, masked CPF and RGP, as CSV and PDF, audited", async () => {
    const atoId = await ato();
    const p = await suspensoQueRecorre(atoId);
    const { rows: [l] } = await t.db.execute<{ id: number }>(sql`SELECT lote_id AS id FROM pescador_historico_situacao WHERE pescador_id = ${p.id} AND lote_id IS NOT NULL`);
    const csv = await gestor.api({ method: 'GET', url: `/api/recursos/anexo/${l!.id}?uf=PA` });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [cabecalho, linha] = csv.body.replace('\uFEFF', '').split('\r\n');
    expect(cabecalho).toBe('UF;Nome;CPF;Número do RGP');
    expect(linha).toMatch(new RegExp(`^PA;.+;\\*\\*\\*\\.${p.cpf.slice(3, 6)}\\.${p.cpf.slice(6, 9)}-\\*\\*;PA${p.id}$`));
    expect(linha).not.toContain(p.cpf);
    expect((await gestor.api({ method: 'GET', url: `/api/recursos/anexo/${l!.id}?uf=CE` })).body.split('\r\n').filter(Boolean)).toHaveLength(1);
    const pdf = await gestor.api({ method: 'GET', url: `/api/recursos/anexo/${l!.id}?uf=PA&formato=pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const semUf = await gestor.api({ method: 'GET', url: `/api/recursos/anexo/${l!.id}?formato=pdf` });
    expect(semUf.json().mensagem).toBe(MENSAGENS_ANEXO.pdfPorUf);
    expect((await gestor.api({ method: 'GET', url: '/api/recursos/anexo/999999' })).statusCode).toBe(404);
    expect((await mpa.api({ method: 'GET', url: `/api/recursos/anexo/${l!.id}` })).statusCode).toBe(403);
    const { rows } = await t.db.execute<{ detalhes: { formato: string; uf: string; total: number } }>(sql`
      SELECT detalhes FROM auditoria WHERE recurso = 'lote-pescador/anexo' AND recurso_id = ${String(l!.id)} ORDER BY id`);
    expect(rows.map((r) => r.detalhes)).toEqual([
      { formato: 'csv', uf: 'PA', total: 1 }, { formato: 'csv', uf: 'CE', total: 0 }, { formato: 'pdf', uf: 'PA', total: 1 },
    ]);
    // A name typed as a formula is written as text a spreadsheet does not run.
    await t.db.execute(sql`UPDATE pescador SET nome = '=HYPERLINK("http://x")' WHERE id = ${p.id}`);
    const formula = await gestor.api({ method: 'GET', url: `/api/recursos/anexo/${l!.id}?uf=PA` });
    expect(formula.body).toContain(`PA;"'=HYPERLINK(""http://x"")";`);
  });

  it('"Estou na lista?" answers with the captcha only yes or no, the act, what it means and the last day; a wrong RGP is a "no"', async () => {
    const atoId = await ato();
    const p = await suspensoQueRecorre(atoId);
    const consultar = async (cpf: string, rgp: string) => {
      const ip = novoIp();
      return t.app.inject({
        method: 'GET', url: `/api/consulta-publica/lista-do-ato?cpf=${cpf}&rgp=${rgp}`, remoteAddress: ip,
        headers: { [CABECALHO_CAPTCHA]: await resolverCaptcha(t.app, ip) },
      });
    };
    const rgp = `PAPA${String(p.id).padStart(11, '0')}`;
    await t.db.execute(sql`UPDATE pescador SET numero_rgp = ${rgp} WHERE id = ${p.id}`);
    const sim = await consultar(p.cpf, rgp);
    expect(sim.statusCode, sim.body).toBe(200);
    expect(sim.json().dados).toEqual({
      naLista: true,
      atos: [{ ato: expect.stringContaining('Portaria da onda'), significado: MENSAGENS_ANEXO.significadoSuspensao, ultimoDia: somarDias(hoje(), 30), noPrazo: true }],
    });
    expect(sim.body).not.toContain(p.cpf);
    const errado = await consultar(p.cpf, 'PAPA00000000001');
    expect(errado.json().dados).toEqual({ naLista: false, atos: [] });
    const semCaptcha = await t.app.inject({ method: 'GET', url: `/api/consulta-publica/lista-do-ato?cpf=${p.cpf}&rgp=${rgp}`, remoteAddress: novoIp() });
    expect(semCaptcha.statusCode).toBe(403);
  });
});
