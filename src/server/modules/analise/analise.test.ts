import { CodigoErro } from '../../../shared/codigos-erro';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRgpValido } from '../../../shared/rgp';
import { MENSAGEM_DOCUMENTO_REPETIDO, MENSAGENS_ANALISE } from '../../../shared/schemas/analise';
import { criarForcaTarefa } from '../../test/forca-tarefa';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { multipart, pdf, png } from '../documento/documento.fixtures';

let t: TestApp;
let agora = new Date();
const s: Record<string, Sessao> = {};

/** A fisher with a submitted request of `tipo`, its four documents and a waiting analysis, straight in SQL. */
async function pedidoEnviado(
  opts: { uf?: string; tipo?: number; categoria?: number; instancia?: string; cpf?: string; nome?: string } = {},
) {
  const uf = opts.uf ?? 'PA';
  const cpf = opts.cpf ?? crypto.randomInt(10 ** 10, 10 ** 11 - 1).toString().padStart(11, '0');
  const { rows } = await t.db.execute<{ pescador: number; solicitacao: number; analise: number }>(sql`
    WITH p AS (
      INSERT INTO pescador (cpf, nome, uf, categoria, situacao_registro) VALUES (${cpf}, ${opts.nome ?? 'PESCADORA DE TESTE'}, ${uf}, ${opts.categoria ?? 2}, 4)
      ON CONFLICT (cpf) DO UPDATE SET uf = EXCLUDED.uf RETURNING id
    ), s AS (
      INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, declara_ciencia, uf_pescador, enviada_em, numero_protocolo, dados)
      SELECT id, ${opts.tipo ?? 1}, 6, 4, true, ${uf}, now(), ${`T${crypto.randomBytes(6).toString('hex')}`},
        ${JSON.stringify({ numeroPrimeiroRGP: 'PA123', dataPrimeiroRgp: '2001-02-03', orgao: 'SFPA-PA' })}::jsonb FROM p RETURNING id, pescador_id
    ), d AS (
      INSERT INTO documento (solicitacao_id, pescador_id, tipo_documento, nome_arquivo, chave_arquivo, mime, tamanho)
      SELECT s.id, s.pescador_id, t.tipo, 'doc.pdf', md5(random()::text || t.tipo), 'application/pdf', 1000
      FROM s, (VALUES (1), (2), (3), (4)) AS t(tipo) RETURNING id
    ), a AS (
      INSERT INTO analise_solicitacao (solicitacao_id, situacao_analise, uf_pescador, instancia)
      SELECT id, 1, ${uf}, ${opts.instancia ?? 'SFPA'} FROM s RETURNING id
    )
    SELECT (SELECT id FROM p) AS pescador, (SELECT id FROM s) AS solicitacao, (SELECT id FROM a) AS analise`);
  return rows[0]!;
}

async function documentosDe(solicitacao: number) {
  const { rows } = await t.db.execute<{ id: number; tipoDocumento: number }>(sql`
    SELECT id, tipo_documento AS "tipoDocumento" FROM documento WHERE solicitacao_id = ${solicitacao} ORDER BY id`);
  return rows;
}

async function situacaoSolicitacao(id: number) {
  const { rows } = await t.db.execute<{ situacao: number }>(sql`SELECT situacao FROM solicitacao WHERE id = ${id}`);
  return rows[0]!.situacao;
}

const JUSTIFICATIVA = 'O comprovante de residência está ilegível e fora da validade exigida.';

beforeAll(async () => {
  t = await createTestApp({ now: () => agora, env: { ANALISE_TEMPO_BLOQUEIO_MINUTOS: '10', TOKEN_TTL_SECONDS: '3600' } });
  // A second SFPA analyst, in São Paulo.
  await t.db.execute(sql`
    WITH u AS (INSERT INTO usuario (cpf, nome) VALUES ('11144477735', 'ANALISTA SFPA-SP') RETURNING id)
    INSERT INTO usuario_mapa (usuario_id, tipo_usuario, sigla_orgao, uf_orgao, acesso_customizado,
      hora_limite_inicio_acesso, hora_limite_termino_acesso, usuario_pode_acessar_todos_dias)
    SELECT id, 3, 'SFPA-SP', 'SP', true, '00:00', '23:59', true FROM u`);
  for (const [k, cpf] of Object.entries({
    sfpa: '30000000388', sfpaSp: '11144477735', mpa: '20000000299', gestor: '10000000108', admin: '50000000566',
    consultaInterno: '60000000655', consultaExterno: '70000000744', pescador: '40000000477',
  })) {
    s[k] = await entrarComo(t.app, cpf);
  }
});
afterAll(async () => {
  await t.close();
});

const bloquear = (who: string, id: number) =>
  s[who]!.api({ method: 'POST', url: '/api/analise-solicitacao/bloquear', payload: { idAnaliseSolicitacao: id } });
const desbloquear = (who: string, id: number) =>
  s[who]!.api({ method: 'POST', url: '/api/analise-solicitacao/desbloquear', payload: { idAnaliseSolicitacao: id } });
const concluir = (who: string, body: object, url = '/api/analise-solicitacao/atualizar-analise-solicitacao') =>
  s[who]!.api({ method: 'POST', url, payload: body });

describe('the follow-up list', () => {
  it('lists the waiting analyses of the scope, oldest first, with the days waited and filters', async () => {
    const velho = await pedidoEnviado();
    await t.db.execute(sql`UPDATE analise_solicitacao SET criado_em = now() - interval '5 days' WHERE id = ${velho.analise}`);
    const novo = await pedidoEnviado();
    const emSp = await pedidoEnviado({ uf: 'SP' });

    const res = await s.sfpa!.api({ method: 'GET', url: '/api/analise-solicitacao?situacao=1&tamanhoPagina=100' });
    expect(res.statusCode).toBe(200);
    const ids = (res.json().dados.analises as { idAnaliseSolicitacao: number }[]).map((a) => a.idAnaliseSolicitacao);
    expect(ids.indexOf(velho.analise)).toBeLessThan(ids.indexOf(novo.analise));
    expect(ids).not.toContain(emSp.analise);
    const linha = res.json().dados.analises.find((a: { idAnaliseSolicitacao: number }) => a.idAnaliseSolicitacao === velho.analise);
    expect(linha).toMatchObject({ diasAguardando: 5, uf: 'PA', tipoSolicitacao: 1, situacaoAnalise: { id: 1, descricao: 'Aguardando análise' } });

    const mpa = await s.mpa!.api({ method: 'GET', url: '/api/analise-solicitacao?uf=SP&tamanhoPagina=100' });
    expect((mpa.json().dados.analises as { idAnaliseSolicitacao: number }[]).map((a) => a.idAnaliseSolicitacao)).toEqual([emSp.analise]);
    expect(mpa.json().dados.total).toBe(1);

    const bad = await s.mpa!.api({ method: 'GET', url: '/api/analise-solicitacao?cpf=123' });
    expect(bad.statusCode).toBe(400);
  });

  it('"Todas" lists the open analyses first, then the concluded ones, each oldest first', async () => {
    const marca = Array.from({ length: 8 }, () => String.fromCharCode(65 + crypto.randomInt(26))).join('');
    const concluida = await pedidoEnviado({ nome: `CONCLUIDA ${marca}` });
    await t.db.execute(sql`UPDATE analise_solicitacao SET situacao_analise = 3, concluida_em = now(), criado_em = now() - interval '30 days'
      WHERE id = ${concluida.analise}`);
    const aguardando = await pedidoEnviado({ nome: `AGUARDANDO ${marca}` });
    const res = await s.gestor!.api({ method: 'GET', url: `/api/analise-solicitacao?nome=${marca}&tamanhoPagina=10` });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().dados.analises as { idAnaliseSolicitacao: number }[]).map((a) => a.idAnaliseSolicitacao))
      .toEqual([aguardando.analise, concluida.analise]);
  });

  it('filters by name, CPF, request type and São Paulo period, and pages, counting the whole filter', async () => {
    const marca = Array.from({ length: 8 }, () => String.fromCharCode(65 + crypto.randomInt(26))).join('');
    const cpfDois = crypto.randomInt(10 ** 10, 10 ** 11 - 1).toString().padStart(11, '0');
    const um = await pedidoEnviado({ nome: `MARIA ${marca} UM` });
    const dois = await pedidoEnviado({ nome: `JOSE ${marca} DOIS`, tipo: 5, cpf: cpfDois });
    const tres = await pedidoEnviado({ nome: `ANA ${marca} TRES`, uf: 'SP' });
    // 01/03 09:00, 10/03 12:00 and 10/03 23:30 in São Paulo (UTC−3): the last is 11/03 in UTC.
    for (const [analise, quando] of [[um.analise, '2026-03-01T12:00:00Z'], [dois.analise, '2026-03-10T15:00:00Z'], [tres.analise, '2026-03-11T02:30:00Z']] as const) {
      await t.db.execute(sql`UPDATE analise_solicitacao SET criado_em = ${quando}::timestamptz WHERE id = ${analise}`);
    }
    const listar = async (quem: string, consulta: string) => {
      const res = await s[quem]!.api({ method: 'GET', url: `/api/analise-solicitacao?${consulta}` });
      expect(res.statusCode, res.body).toBe(200);
      const dados = res.json().dados as { total: number; analises: { idAnaliseSolicitacao: number }[] };
      return { total: dados.total, ids: dados.analises.map((a) => a.idAnaliseSolicitacao) };
    };
    // Part of the name, in any case; oldest first.
    expect(await listar('gestor', `nome=${marca.toLowerCase()}`)).toEqual({ total: 3, ids: [um.analise, dois.analise, tres.analise] });
    expect(await listar('gestor', `nome=${marca}&tipoSolicitacao=5`)).toEqual({ total: 1, ids: [dois.analise] });
    expect(await listar('gestor', `cpf=${cpfDois}`)).toEqual({ total: 1, ids: [dois.analise] });
    expect(await listar('gestor', `nome=${marca}&dataInicio=2026-03-10&dataFim=2026-03-10`)).toEqual({ total: 2, ids: [dois.analise, tres.analise] });
    expect(await listar('gestor', `nome=${marca}&dataFim=2026-03-09`)).toEqual({ total: 1, ids: [um.analise] });
    expect(await listar('gestor', `nome=${marca}&pagina=2&tamanhoPagina=2`)).toEqual({ total: 3, ids: [tres.analise] });
    // Characters of LIKE patterns are searched as text, not as wildcards.
    expect(await listar('gestor', `nome=${marca.slice(0, 3)}%25_${marca.slice(5)}`)).toEqual({ total: 0, ids: [] });
    // The SFPA of Pará sees Pará only; with a task force serving São Paulo, both states (several states at once).
    expect(await listar('sfpa', `nome=${marca}`)).toEqual({ total: 2, ids: [um.analise, dois.analise] });
    const ft = await criarForcaTarefa(t.db, '30000000388', 'SP');
    try {
      expect(await listar('sfpa', `nome=${marca}`)).toEqual({ total: 3, ids: [um.analise, dois.analise, tres.analise] });
      expect(await listar('sfpa', `nome=${marca}&uf=SP`)).toEqual({ total: 1, ids: [tres.analise] });
    } finally {
      await t.db.execute(sql`UPDATE forca_tarefa SET ativa = false WHERE id = ${ft}`);
    }
  });

  it('refuses fishers and external read-only users', async () => {
    expect((await s.pescador!.api({ method: 'GET', url: '/api/analise-solicitacao' })).statusCode).toBe(403);
    expect((await s.consultaExterno!.api({ method: 'GET', url: '/api/analise-solicitacao' })).statusCode).toBe(403);
  });
});

describe('starting and cancelling an analysis', () => {
  it('locks the analysis to its analyst and moves the request to EM_ANALISE', async () => {
    const p = await pedidoEnviado();
    const res = await bloquear('sfpa', p.analise);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mensagem: MENSAGENS_ANALISE.iniciada, dados: { situacaoAnalise: { id: 2 } } });
    expect(Date.parse(res.json().dados.dataHoraBloqueio)).not.toBeNaN();
    expect(await situacaoSolicitacao(p.solicitacao)).toBe(7);

    const detalhe = await s.sfpa!.api({ method: 'GET', url: `/api/analise-solicitacao/${p.analise}` });
    expect(detalhe.json().dados).toMatchObject({ bloqueadaPorMim: true, opcoesHabilitadas: true, podeConcluir: true });
    const outro = await s.mpa!.api({ method: 'GET', url: `/api/analise-solicitacao/${p.analise}` });
    expect(outro.json().dados).toMatchObject({ bloqueadaPorMim: false, opcoesHabilitadas: false, podeConcluir: false });
  });

  it('refuses a second analyst with 406 naming since when, until the lock time passes', async () => {
    const p = await pedidoEnviado();
    await bloquear('sfpa', p.analise);
    const res = await bloquear('mpa', p.analise);
    expect(res.statusCode).toBe(406);
    expect(res.json().codigoErro).toBe(CodigoErro.ANALISE_INDISPONIVEL);
    expect(res.json().mensagem).toMatch(/^Esta análise está em andamento por ANALISTA SFPA-PA DE DEMONSTRAÇÃO desde \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}\./);

    const antes = agora;
    agora = new Date(antes.getTime() + (t.config.analise.tempoBloqueioMinutos + 1) * 60_000);
    try {
      const detalhe = await s.mpa!.api({ method: 'GET', url: `/api/analise-solicitacao/${p.analise}` });
      expect(detalhe.json().dados).toMatchObject({ bloqueioExpirado: true, opcoesHabilitadas: true });
      const takeover = await bloquear('mpa', p.analise);
      expect(takeover.statusCode).toBe(200);
      // The first analyst has lost it.
      expect((await bloquear('sfpa', p.analise)).statusCode).toBe(406);
    } finally {
      agora = antes;
    }
  });

  it('lets only the holder cancel the start, back to waiting and ENVIADA', async () => {
    const p = await pedidoEnviado();
    await bloquear('sfpa', p.analise);
    const alheio = await desbloquear('gestor', p.analise);
    expect(alheio.statusCode).toBe(406);
    const res = await desbloquear('sfpa', p.analise);
    expect(res.statusCode).toBe(200);
    expect(res.json().mensagem).toBe('Inicio da analise cancelado!');
    expect(await situacaoSolicitacao(p.solicitacao)).toBe(6);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM solicitacao_historico WHERE solicitacao_id = ${p.solicitacao}`);
    expect(rows[0]!.n).toBe(2);
    // Each action is on record with who did it, written with the action itself.
    const { rows: trilha } = await t.db.execute<{ acao: string; cpf: string }>(sql`
      SELECT acao, cpf_ator AS cpf FROM auditoria
      WHERE recurso = 'analise-solicitacao' AND recurso_id = ${String(p.analise)} AND acao LIKE 'ANALISE_%' ORDER BY id`);
    expect(trilha).toEqual([{ acao: 'ANALISE_INICIADA', cpf: '30000000388' }, { acao: 'ANALISE_CANCELADA', cpf: '30000000388' }]);
  });

  it('answers 403 with a message to a profile or a scope that may not analyse', async () => {
    const p = await pedidoEnviado();
    const ci = await bloquear('consultaInterno', p.analise);
    expect(ci.statusCode).toBe(403);
    expect((await bloquear('pescador', p.analise)).statusCode).toBe(403);
    const sp = await bloquear('sfpaSp', p.analise);
    expect(sp.statusCode).toBe(403);
    expect(sp.json().mensagem).toBe(MENSAGENS_ANALISE.foraDoEscopo);
    const mpaInstancia = await pedidoEnviado({ instancia: 'MPA' });
    const r = await bloquear('sfpa', mpaInstancia.analise);
    expect(r.statusCode).toBe(403);
    expect(r.json().mensagem).toBe(MENSAGENS_ANALISE.instanciaMpa);
    expect((await bloquear('mpa', mpaInstancia.analise)).statusCode).toBe(200);
  });

  it('keeps a request and its documents with the state it was sent from when the fisher moves', async () => {
    const p = await pedidoEnviado();
    expect((await bloquear('sfpa', p.analise)).statusCode).toBe(200);
    await t.db.execute(sql`UPDATE pescador SET uf = 'SP' WHERE id = ${p.pescador}`);
    const { rows } = await t.db.execute<{ chave: string }>(sql`
      SELECT chave_arquivo AS chave FROM documento WHERE solicitacao_id = ${p.solicitacao} ORDER BY id LIMIT 1`);
    const abrir = (quem: string) =>
      t.app.inject({ method: 'GET', url: `/api/cloud-storage/${rows[0]!.chave}?jwt=${encodeURIComponent(s[quem]!.token)}` });
    const listar = (quem: string) => s[quem]!.api({ method: 'GET', url: `/api/documentos/solicitacao/${p.solicitacao}` });
    // The analyst of Pará holding the analysis still reads everything it needs; São Paulo's SFPA does not.
    expect((await abrir('sfpa')).statusCode).toBe(200);
    expect((await listar('sfpa')).statusCode).toBe(200);
    expect((await s.sfpa!.api({ method: 'GET', url: `/api/analise-solicitacao/${p.analise}` })).statusCode).toBe(200);
    expect((await abrir('sfpaSp')).statusCode).toBe(403);
    expect((await listar('sfpaSp')).statusCode).toBe(403);
    expect((await s.sfpaSp!.api({ method: 'GET', url: `/api/analise-solicitacao/${p.analise}` })).statusCode).toBe(403);
  });
});

describe('the decision', () => {
  it('requires the justification when a document is rejected, with the two messages of the spec', async () => {
    const p = await pedidoEnviado();
    await bloquear('sfpa', p.analise);
    const docs = await documentosDe(p.solicitacao);
    const checklist = docs.map((d, i) => ({ id: d.id, tipoDocumento: d.tipoDocumento, aprovado: i !== 1 }));
    const vazio = await concluir('sfpa', { id: p.analise, solicitacao: p.solicitacao, documentos: checklist, justificativa: '' });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().mensagem).toBe('O campo justificativa é obrigatório para casos de INDEFERIMENTOS');
    const curto = await concluir('sfpa', { id: p.analise, solicitacao: p.solicitacao, documentos: checklist, justificativa: 'Documento ruim.' });
    expect(curto.statusCode).toBe(400);
    expect(curto.json().mensagem).toBe('A justificativa precisa ter no mínimo 30 caracteres');
    const incompleto = await concluir('sfpa', {
      id: p.analise, solicitacao: p.solicitacao, documentos: checklist.slice(1), justificativa: JUSTIFICATIVA,
    });
    expect(incompleto.statusCode).toBe(400);
    expect(incompleto.json().mensagem).toBe(MENSAGENS_ANALISE.checklistIncompleto);
    // The same document twice, rejected then approved, is refused: the record could contradict the outcome.
    const repetido = await concluir('sfpa', {
      id: p.analise, solicitacao: p.solicitacao, justificativa: JUSTIFICATIVA,
      documentos: [...checklist, { ...checklist[1]!, aprovado: true }],
    });
    expect(repetido.statusCode).toBe(400);
    expect(repetido.json().mensagem).toBe(MENSAGEM_DOCUMENTO_REPETIDO);
  });

  it('a request with nothing to check goes back to the fisher for the missing document, with a notification (decision 0020)', async () => {
    // A first-RGP edit sent before its type required the proof: no document at all.
    const p = await pedidoEnviado({ tipo: 7 });
    await t.db.execute(sql`DELETE FROM documento WHERE solicitacao_id = ${p.solicitacao}`);
    await bloquear('sfpa', p.analise);
    const semJustificativa = await concluir('sfpa', { id: p.analise, solicitacao: p.solicitacao, documentos: [], justificativa: '' });
    expect(semJustificativa.statusCode).toBe(400);
    expect(semJustificativa.json().mensagem).toBe(MENSAGENS_ANALISE.justificativaObrigatoria);
    const res = await concluir('sfpa', { id: p.analise, solicitacao: p.solicitacao, documentos: [], justificativa: JUSTIFICATIVA });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toMatchObject({ situacaoAnalise: { id: 4 }, situacaoSolicitacao: 2 });
    expect(await situacaoSolicitacao(p.solicitacao)).toBe(2);
    const { rows } = await t.db.execute<{ url: string }>(sql`
      SELECT url_redirecionamento AS url FROM notificacao WHERE pescador_id = ${p.pescador} ORDER BY id DESC LIMIT 1`);
    expect(rows[0]?.url).toContain(String(p.solicitacao));
    // With documents, an empty checklist is still incomplete.
    const q = await pedidoEnviado();
    await bloquear('sfpa', q.analise);
    const vazio = await concluir('sfpa', { id: q.analise, solicitacao: q.solicitacao, documentos: [], justificativa: JUSTIFICATIVA });
    expect(vazio.json().mensagem).toBe(MENSAGENS_ANALISE.checklistIncompleto);
  });

  it('refuses a decision without holding the analysis', async () => {
    const p = await pedidoEnviado();
    const docs = await documentosDe(p.solicitacao);
    const body = { id: p.analise, solicitacao: p.solicitacao, documentos: docs.map((d) => ({ ...d, aprovado: true })) };
    expect((await concluir('sfpa', body)).statusCode).toBe(406);
    await bloquear('sfpa', p.analise);
    expect((await concluir('mpa', body)).statusCode).toBe(406);
  });

  it('INDEFERIDA sends the request to updating, notifies the fisher and keeps the rejection record', async () => {
    const p = await pedidoEnviado();
    await bloquear('sfpa', p.analise);
    const docs = await documentosDe(p.solicitacao);
    const res = await concluir('sfpa', {
      id: p.analise, solicitacao: p.solicitacao, justificativa: JUSTIFICATIVA,
      documentos: docs.map((d) => ({ id: d.id, tipoDocumento: d.tipoDocumento, aprovado: d.tipoDocumento !== 2 })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mensagem: 'Análise INDEFERIDA com sucesso!', dados: { situacaoAnalise: { id: 4 }, situacaoSolicitacao: 2 } });
    expect(await situacaoSolicitacao(p.solicitacao)).toBe(2);
    const { rows } = await t.db.execute<{ tipo: number; url: string }>(sql`
      SELECT tipo, url_redirecionamento AS url FROM notificacao WHERE pescador_id = ${p.pescador}`);
    expect(rows).toEqual([{ tipo: 1, url: `/pescador/documentos?idSolicitacao=${p.solicitacao}&tipoSolicitacao=1` }]);

    const registro = await s.mpa!.api({ method: 'GET', url: `/api/analise-solicitacao/indeferimento/${p.solicitacao}` });
    expect(registro.statusCode).toBe(200);
    const dados = registro.json().dados;
    expect(dados.justificativa).toBe(JUSTIFICATIVA);
    expect(dados.dataAnalise).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(dados.documentos).toContainEqual({ tipoDocumento: 2, nomeDocumento: 'Comprovante de residência', aprovado: false, situacao: 'REPROVADO' });
    expect(dados.documentos).toContainEqual({ tipoDocumento: 1, nomeDocumento: 'Documento de identificação', aprovado: true, situacao: 'APROVADO' });
    expect(dados.documentoReprovado).toContainEqual({ nomeDocumento: 'Comprovante de residência', situacao: 'REPROVADO' });
    expect(dados.registros[0]).toMatchObject({ documentoAnalisado: { tipoDocumento: 1, aprovado: true }, parecerDocSolicitacao: { parecer: JUSTIFICATIVA } });

    // Another fisher never sees it.
    expect((await s.pescador!.api({ method: 'GET', url: `/api/analise-solicitacao/indeferimento/${p.solicitacao}` })).statusCode).toBe(403);
  });

  it('INDEFERIDA by the ministry returns the request to the MPA instance', async () => {
    const p = await pedidoEnviado();
    await bloquear('mpa', p.analise);
    const docs = await documentosDe(p.solicitacao);
    const res = await concluir('mpa', {
      id: p.analise, solicitacao: p.solicitacao, justificativa: JUSTIFICATIVA,
      documentos: docs.map((d) => ({ id: d.id, tipoDocumento: d.tipoDocumento, aprovado: false })),
    });
    expect(res.json().dados.situacaoSolicitacao).toBe(3);
  });

  it('DEFERIDA activates the registry and issues an RGP number and the first RGP date', async () => {
    const p = await pedidoEnviado({ uf: 'PA', categoria: 2 });
    await bloquear('sfpa', p.analise);
    const docs = await documentosDe(p.solicitacao);
    const res = await concluir('sfpa', { id: p.analise, solicitacao: p.solicitacao, documentos: docs.map((d) => ({ ...d, aprovado: true })) });
    expect(res.statusCode).toBe(200);
    expect(res.json().mensagem).toBe('Análise DEFERIDA com sucesso!');
    const numero = res.json().dados.numeroRGP as string;
    expect(numero).toMatch(/^PAPA\d{11}$/);
    expect(isRgpValido(numero)).toBe(true);
    const { rows } = await t.db.execute<{ situacao: number; rgp: string; primeiro: string | null; orgao: string; ativa: number; carteira: Date | null }>(sql`
      SELECT situacao_registro AS situacao, numero_rgp AS rgp, data_primeiro_rgp AS primeiro, orgao_rgp AS orgao,
             id_solicitacao_ativa AS ativa, data_emissao_carteira AS carteira FROM pescador WHERE id = ${p.pescador}`);
    expect(rows[0]).toMatchObject({ situacao: 1, rgp: numero, orgao: 'SFPA-PA', ativa: p.solicitacao });
    expect(rows[0]!.primeiro).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rows[0]!.carteira).not.toBeNull();
    expect(await situacaoSolicitacao(p.solicitacao)).toBe(4);
    const { rows: aprov } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM documento WHERE solicitacao_id = ${p.solicitacao} AND aprovado`);
    expect(aprov[0]!.n).toBe(4);
  });

  it('issues unique, valid RGP numbers under concurrent approvals', async () => {
    const pedidos = await Promise.all(Array.from({ length: 12 }, (_, i) => pedidoEnviado({ uf: 'PA', categoria: (i % 2) + 1 })));
    for (const p of pedidos) expect((await bloquear('gestor', p.analise)).statusCode).toBe(200);
    const respostas = await Promise.all(pedidos.map(async (p) => {
      const docs = await documentosDe(p.solicitacao);
      return concluir('gestor', { id: p.analise, solicitacao: p.solicitacao, documentos: docs.map((d) => ({ ...d, aprovado: true })) });
    }));
    const numeros = respostas.map((r) => r.json().dados.numeroRGP as string);
    expect(respostas.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(numeros).size).toBe(12);
    expect(numeros.every(isRgpValido)).toBe(true);
    expect(numeros.filter((n) => n.startsWith('PAPI'))).toHaveLength(6);
  });

  it('DEFERIDA of a cancellation cancels the registry and notifies the fisher', async () => {
    const p = await pedidoEnviado({ tipo: 5 });
    await bloquear('mpa', p.analise);
    const docs = await documentosDe(p.solicitacao);
    expect((await concluir('mpa', { id: p.analise, solicitacao: p.solicitacao, documentos: docs.map((d) => ({ ...d, aprovado: true })) })).statusCode).toBe(200);
    const { rows } = await t.db.execute<{ situacao: number; tipo: number }>(sql`
      SELECT p.situacao_registro AS situacao, n.tipo FROM pescador p JOIN notificacao n ON n.pescador_id = p.id WHERE p.id = ${p.pescador}`);
    expect(rows).toEqual([{ situacao: 2, tipo: 2 }]);
  });

  it('sends edição de documentos through its own address', async () => {
    const p = await pedidoEnviado({ tipo: 9 });
    await bloquear('mpa', p.analise);
    const docs = await documentosDe(p.solicitacao);
    const body = { id: p.analise, solicitacao: p.solicitacao, documentos: docs.map((d) => ({ ...d, aprovado: true })) };
    expect((await concluir('mpa', body)).statusCode).toBe(400);
    expect((await concluir('mpa', body, '/api/analise-solicitacao-edicao-documento')).statusCode).toBe(200);
  });
});

describe('the opinion document (parecer)', () => {
  /** The file deletions waiting in the queue for this key (enqueued by the transaction that removed its row). */
  const delecoes = async (chave: string) => (await t.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'apagar-arquivo-de-documento-removido' AND data->>'chave' = ${chave}`)).rows[0]!.n;
  const anexar = async (who: string, idAnalise: number, arquivo: { nome: string; bytes: Buffer }) => {
    const form = multipart({ idAnaliseSolicitacao: idAnalise }, [arquivo]);
    return s[who]!.api({ method: 'POST', url: '/api/documentos/parecer', payload: form.payload, headers: form.headers });
  };

  it('is attached by the analyst holding the analysis, PDF only, replaced, removed, and named in the decision', async () => {
    const p = await pedidoEnviado();
    expect((await anexar('sfpa', p.analise, { nome: 'parecer.pdf', bytes: pdf('Parecer') })).statusCode).toBe(406);
    await bloquear('sfpa', p.analise);
    const imagem = await anexar('sfpa', p.analise, { nome: 'parecer.pdf', bytes: await png() });
    expect(imagem.statusCode).toBe(400);
    expect(imagem.json().mensagem).toBe('O documento precisa ser formato PDF');
    expect((await anexar('mpa', p.analise, { nome: 'parecer.pdf', bytes: pdf('Parecer') })).statusCode).toBe(406);

    const primeiro = await anexar('sfpa', p.analise, { nome: 'parecer.pdf', bytes: pdf('Parecer 1') });
    expect(primeiro.statusCode).toBe(200);
    const segundo = await anexar('sfpa', p.analise, { nome: 'parecer-final.pdf', bytes: pdf('Parecer 2') });
    const idParecer = segundo.json().dados.documentos[0].id as number;
    // The replaced file is deleted by a job its transaction enqueued; the new one is not.
    expect(await delecoes(primeiro.json().dados.documentos[0].chave as string)).toBe(1);
    expect(await delecoes(segundo.json().dados.documentos[0].chave as string)).toBe(0);
    const detalhe = await s.sfpa!.api({ method: 'GET', url: `/api/analise-solicitacao/${p.analise}` });
    expect(detalhe.json().dados.documentoParecer).toMatchObject({ id: idParecer, nomeArquivo: 'parecer-final.pdf' });
    // Never among the fisher's documents of the request.
    expect(detalhe.json().dados.documentos.map((d: { id: number }) => d.id)).not.toContain(idParecer);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM documento WHERE tipo_documento = 99 AND removido_em IS NULL AND pescador_id = ${p.pescador}`);
    expect(rows[0]!.n).toBe(1);

    const docs = await documentosDe(p.solicitacao);
    const conclusao = await concluir('sfpa', {
      id: p.analise, solicitacao: p.solicitacao, documentos: docs.map((d) => ({ ...d, aprovado: true })), documentoParecer: idParecer,
    });
    expect(conclusao.statusCode).toBe(200);
    // After the decision it can no longer be removed.
    const remocao = await s.sfpa!.api({ method: 'DELETE', url: `/api/documentos/parecer/documento/${idParecer}` });
    expect(remocao.statusCode).toBe(406);
  });

  it('is removed with 204 while the analysis is open', async () => {
    const p = await pedidoEnviado();
    await bloquear('mpa', p.analise);
    const r = await anexar('mpa', p.analise, { nome: 'p.pdf', bytes: pdf('x') });
    const id = r.json().dados.documentos[0].id as number;
    const chave = r.json().dados.documentos[0].chave as string;
    expect((await s.sfpa!.api({ method: 'DELETE', url: `/api/documentos/parecer/documento/${id}` })).statusCode).toBe(406);
    expect((await s.consultaInterno!.api({ method: 'DELETE', url: `/api/documentos/parecer/documento/${id}` })).statusCode).toBe(403);
    // A refused removal rolls its job back with it.
    expect(await delecoes(chave)).toBe(0);
    const res = await s.mpa!.api({ method: 'DELETE', url: `/api/documentos/parecer/documento/${id}` });
    expect(res.statusCode).toBe(204);
    expect(await delecoes(chave)).toBe(1);
    const detalhe = await s.mpa!.api({ method: 'GET', url: `/api/analise-solicitacao/${p.analise}` });
    expect(detalhe.json().dados.documentoParecer).toBeNull();
  });
});

describe('the daily deadline job', () => {
  it('finalises requests left in updating past the deadline, and only those', async () => {
    const velho = await pedidoEnviado();
    const recente = await pedidoEnviado();
    for (const p of [velho, recente]) {
      await t.db.execute(sql`UPDATE solicitacao SET situacao = 2 WHERE id = ${p.solicitacao}`);
      await t.db.execute(sql`INSERT INTO solicitacao_historico (solicitacao_id, situacao_anterior, situacao_nova, motivo) VALUES (${p.solicitacao}, 7, 2, 'teste')`);
    }
    await t.db.execute(sql`UPDATE solicitacao_historico SET criado_em = now() - interval '31 days' WHERE solicitacao_id = ${velho.solicitacao}`);
    const finalizadas = await t.app.servicos.analise.finalizarVencidas();
    expect(finalizadas).toBeGreaterThanOrEqual(1);
    expect(await situacaoSolicitacao(velho.solicitacao)).toBe(5);
    expect(await situacaoSolicitacao(recente.solicitacao)).toBe(2);
  });
});
