import { CodigoErro } from '../../../shared/codigos-erro';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TipoDocumento } from '../../../shared/enums';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import { MENSAGENS_SOLICITACAO_API } from '../../../shared/schemas/solicitacao-api';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { inserirDocumentos, novoPescador, umaLinha, type Pescador } from './passos.test-utils';

let t: TestApp;
let seq = 200;
const s: Record<string, Sessao> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const [k, cpf] of Object.entries({ gestor: '10000000108', mpa: '20000000299', admin: '50000000566' })) {
    s[k] = await entrarComo(t.app, cpf);
  }
});
afterAll(async () => {
  await t.close();
});

async function novo(situacaoRegistro: number | null = null, rgp = false): Promise<Pescador> {
  const p = await novoPescador(t, ++seq);
  await t.db.execute(sql`
    UPDATE pescador SET situacao_registro = ${situacaoRegistro}, uf = 'PA',
      numero_rgp = ${rgp ? `PAPA${String(seq).padStart(11, '0')}` : null}
    WHERE id = ${p.id}`);
  return p;
}

async function analiseDe(id: number) {
  return umaLinha<{ situacao: number; uf: string }>(t.db, sql`
    SELECT situacao_analise AS situacao, uf_pescador AS uf FROM analise_solicitacao WHERE solicitacao_id = ${id}`);
}

async function historicoDe(id: number) {
  return umaLinha<{ anterior: number | null; nova: number; cpf: string; perfil: number; motivo: string }>(t.db, sql`
    SELECT situacao_anterior AS anterior, situacao_nova AS nova, cpf_ator AS cpf, perfil_ator AS perfil, motivo
    FROM solicitacao_historico WHERE solicitacao_id = ${id}`);
}

describe('first RGP (type 7)', () => {
  const corpo = { numeroPrimeiroRGP: 'papa00000000123', dataPrimeiroRgp: '2001-02-03', orgao: 'sfpa-pa' };

  it('opens a draft with the data, refuses to send it without the proof of the first RGP, sends it with it (decision 0020)', async () => {
    const p = await novo(1, true);
    const res = await p.sessao.api({ method: 'POST', url: '/api/solicitacao-edicao-rgp', payload: corpo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe(MENSAGENS_SOLICITACAO_API.edicaoRgpCriada);
    const d = res.json().dados;
    expect(d).toMatchObject({
      tipo: 7, tipoDescricao: 'Edição do primeiro RGP', situacao: 1, idPescador: p.id, numeroProtocolo: null,
      numeroPrimeiroRGP: 'PAPA00000000123', dataPrimeiroRgp: '2001-02-03', orgao: 'SFPA-PA',
    });
    // Filing again corrects the same draft.
    const corrigida = await p.sessao.api({ method: 'POST', url: '/api/solicitacao-edicao-rgp', payload: { ...corpo, orgao: 'mpa' } });
    expect(corrigida.json().dados).toMatchObject({ id: d.id, situacao: 1, orgao: 'MPA' });

    const semProva = await p.sessao.api({ method: 'POST', url: `/api/solicitacao-edicao-rgp/${d.id}/enviar` });
    expect(semProva.json()).toMatchObject({
      codigo: 400, mensagem: MENSAGENS_SOLICITACAO.documentos, erros: ['Comprovante do primeiro RGP'],
    });
    const aindaRascunho = await umaLinha<{ situacao: number }>(t.db, sql`SELECT situacao FROM solicitacao WHERE id = ${d.id}`);
    expect(aindaRascunho.situacao).toBe(1);
    expect((await t.db.execute(sql`SELECT 1 FROM analise_solicitacao WHERE solicitacao_id = ${d.id}`)).rows).toHaveLength(0);

    await inserirDocumentos(t.db, p.id, d.id, [TipoDocumento.COMPROVANTE_PRIMEIRO_RGP]);
    const enviada = await p.sessao.api({ method: 'POST', url: `/api/solicitacao-edicao-rgp/${d.id}/enviar` });
    expect(enviada.statusCode, enviada.body).toBe(200);
    expect(enviada.json().mensagem).toBe(MENSAGENS_SOLICITACAO_API.edicaoRgpEnviada);
    expect(enviada.json().dados.situacao).toBe(6);
    expect(enviada.json().dados.numeroProtocolo).toMatch(/^\d{13}$/);
    expect(await analiseDe(d.id)).toEqual({ situacao: 1, uf: 'PA' });

    const outra = await p.sessao.api({ method: 'POST', url: '/api/solicitacao-edicao-rgp', payload: corpo });
    expect(outra.json()).toMatchObject({ codigo: 406, mensagem: MENSAGENS_SOLICITACAO_API.edicaoRgpEmAndamento });
    // Another type's request is not sent by this address.
    const q = await novo(1, true);
    const alheia = await q.sessao.api({ method: 'POST', url: '/api/solicitacao-edicao-documentos' });
    expect((await q.sessao.api({ method: 'POST', url: `/api/solicitacao-edicao-rgp/${alheia.json().dados.id}/enviar` })).statusCode).toBe(400);
  });

  it('requires an RGP number, a known agency and a past date', async () => {
    const sem = await novo(4, false);
    expect((await sem.sessao.api({ method: 'POST', url: '/api/solicitacao-edicao-rgp', payload: corpo })).json())
      .toMatchObject({ codigo: 406, mensagem: MENSAGENS_SOLICITACAO_API.edicaoRgpSemRgp });
    const p = await novo(1, true);
    // The historic issuers of first RGPs are known agencies (decision 0021).
    for (const historico of ['SEAP/PR', 'sudepe', 'IBAMA', 'SFPA-AM']) {
      const res = await p.sessao.api({ method: 'POST', url: '/api/solicitacao-edicao-rgp', payload: { ...corpo, orgao: historico } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().dados.orgao).toBe(historico.toUpperCase());
    }
    const orgao = await p.sessao.api({ method: 'POST', url: '/api/solicitacao-edicao-rgp', payload: { ...corpo, orgao: 'XYZ' } });
    expect(orgao.json()).toMatchObject({ codigo: 400, mensagem: MENSAGENS_SOLICITACAO.confira, erros: ['orgao: Órgão inválido'] });
    const futura = await p.sessao.api({ method: 'POST', url: '/api/solicitacao-edicao-rgp', payload: { ...corpo, dataPrimeiroRgp: '2999-01-01' } });
    expect(futura.json()).toMatchObject({ codigo: 400, mensagem: 'A data não pode ser futura' });
  });

  it('GET /api/rgp/pescador/{id} answers the registry block', async () => {
    const p = await novo(1, true);
    await t.db.execute(sql`UPDATE pescador SET orgao_rgp = 'MPA', data_primeiro_rgp = '1999-09-09', origem_rgp = 'MIGRACAO' WHERE id = ${p.id}`);
    const res = await p.sessao.api({ method: 'GET', url: `/api/rgp/pescador/${p.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toEqual({
      numeroRGP: `PAPA${String(seq).padStart(11, '0')}`, numeroPrimeiroRGP: null, orgao: 'MPA', dataPrimeiroRgp: '1999-09-09',
      origem: 'MIGRACAO', situacao: 1, situacaoDescricao: 'Ativo', dataSuspensoCancelado: null, podeAcessarSistema: true,
    });
    expect((await s.mpa!.api({ method: 'GET', url: `/api/rgp/pescador/${p.id}` })).statusCode).toBe(200);
    const audit = await umaLinha<{ n: number }>(t.db, sql`
      SELECT count(*)::int AS n FROM auditoria WHERE recurso = 'pescador-rgp' AND recurso_id = ${String(p.id)} AND cpf_ator = '20000000299'`);
    expect(audit.n).toBe(1);
  });

  it('PUT /api/rgp/pescador/{id} corrects the first RGP, notifies the fisher and audits the change', async () => {
    const p = await novo(1, true);
    const res = await s.mpa!.api({ method: 'PUT', url: `/api/rgp/pescador/${p.id}`, payload: { dataPrimeiroRgp: '2005-06-07', orgao: 'MPA' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe(MENSAGENS_SOLICITACAO_API.rgpAtualizado);
    expect(res.json().dados).toMatchObject({ dataPrimeiroRgp: '2005-06-07', orgao: 'MPA' });
    const n = await umaLinha<{ tipo: number; conteudo: string; url: string }>(t.db, sql`
      SELECT tipo, conteudo, url_redirecionamento AS url FROM notificacao WHERE pescador_id = ${p.id}`);
    expect(n).toEqual({ tipo: 7, conteudo: MENSAGENS_SOLICITACAO_API.notificacaoPrimeiroRgp, url: '/home' });
    const audit = await umaLinha<{ detalhes: { depois: { orgao: string } } }>(t.db, sql`
      SELECT detalhes FROM auditoria WHERE acao = 'PRIMEIRO_RGP_ALTERADO' AND recurso_id = ${String(p.id)}`);
    expect(audit.detalhes.depois.orgao).toBe('MPA');

    // The same values again change nothing and notify nobody.
    await s.gestor!.api({ method: 'PUT', url: `/api/rgp/pescador/${p.id}`, payload: { dataPrimeiroRgp: '2005-06-07' } });
    expect((await umaLinha<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM notificacao WHERE pescador_id = ${p.id}`)).n).toBe(1);

    const vazio = await s.admin!.api({ method: 'PUT', url: `/api/rgp/pescador/${p.id}`, payload: {} });
    expect(vazio.json()).toMatchObject({ codigo: 400, mensagem: MENSAGENS_SOLICITACAO_API.rgpNenhumCampo });
    expect((await s.admin!.api({ method: 'PUT', url: '/api/rgp/pescador/99999999', payload: { orgao: 'MPA' } })).statusCode).toBe(404);
  });
});

describe('cancellation (type 5)', () => {
  const url = '/api/solicitacao-cancelamento-pescador/motivoCancelamento';

  it('requires the justification of a fisher, files the request and answers it while open', async () => {
    const p = await novo(1, true);
    const vazia = await p.sessao.api({ method: 'POST', url, payload: { idPescador: p.id, justificativaDeclaracaoSolicitacaoCancelamento: '  ' } });
    expect(vazia.json()).toMatchObject({ codigo: 400, mensagem: MENSAGENS_SOLICITACAO.justificativaCancelamento });
    expect((await p.sessao.api({ method: 'GET', url: `/api/solicitacao-cancelamento-pescador/${p.id}` })).json().dados).toBeNull();

    const res = await p.sessao.api({
      method: 'POST', url, payload: { idPescador: p.id, justificativaDeclaracaoSolicitacaoCancelamento: 'Deixei a atividade pesqueira.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe(MENSAGENS_SOLICITACAO_API.cancelamentoEnviado);
    const d = res.json().dados;
    expect(d).toMatchObject({ tipo: 5, situacao: 6, justificativaDeclaracaoSolicitacaoCancelamento: 'Deixei a atividade pesqueira.' });
    expect(await analiseDe(d.id)).toEqual({ situacao: 1, uf: 'PA' });
    expect(await historicoDe(d.id)).toMatchObject({ nova: 6, perfil: 4, motivo: 'Cancelamento solicitado pelo pescador' });
    const col = await umaLinha<{ j: string }>(t.db, sql`SELECT justificativa_cancelamento AS j FROM solicitacao WHERE id = ${d.id}`);
    expect(col.j).toBe('Deixei a atividade pesqueira.');

    const aberta = await p.sessao.api({ method: 'GET', url: `/api/solicitacao-cancelamento-pescador/${p.id}` });
    expect(aberta.json().dados).toMatchObject({ id: d.id, tipo: 5 });
    const outra = await p.sessao.api({ method: 'POST', url, payload: { idPescador: p.id, justificativaDeclaracaoSolicitacaoCancelamento: 'De novo.' } });
    expect(outra.json()).toMatchObject({ codigo: 406, mensagem: MENSAGENS_SOLICITACAO_API.cancelamentoEmAndamento });
  });

  it('lets a GESTOR file it for any fisher without justification; ADMIN must justify', async () => {
    const p = await novo(6, true);
    const admin = await s.admin!.api({ method: 'POST', url, payload: { idPescador: p.id } });
    expect(admin.json()).toMatchObject({ codigo: 400, mensagem: MENSAGENS_SOLICITACAO.justificativaCancelamento });
    const res = await s.gestor!.api({ method: 'POST', url, payload: { idPescador: p.id, justificativaDeclaracaoSolicitacaoCancelamento: '' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toMatchObject({ tipo: 5, idPescador: p.id, justificativaDeclaracaoSolicitacaoCancelamento: null });
    expect(await historicoDe(res.json().dados.id)).toMatchObject({ cpf: '10000000108', perfil: 1, motivo: 'Cancelamento solicitado por servidor' });
  });

  it('filing again resubmits the request returned for update, with a new analysis', async () => {
    const p = await novo(1, true);
    const primeira = await p.sessao.api({ method: 'POST', url, payload: { idPescador: p.id, justificativaDeclaracaoSolicitacaoCancelamento: 'Motivo um.' } });
    const id = primeira.json().dados.id;
    await t.db.execute(sql`UPDATE solicitacao SET situacao = 3 WHERE id = ${id}`);
    await t.db.execute(sql`UPDATE analise_solicitacao SET situacao_analise = 4 WHERE solicitacao_id = ${id}`);
    const res = await p.sessao.api({ method: 'POST', url, payload: { idPescador: p.id, justificativaDeclaracaoSolicitacaoCancelamento: 'Motivo dois.' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toMatchObject({
      id, situacao: 6, numeroProtocolo: primeira.json().dados.numeroProtocolo, justificativaDeclaracaoSolicitacaoCancelamento: 'Motivo dois.',
    });
    const { rows } = await t.db.execute<{ s: number }>(sql`SELECT situacao_analise AS s FROM analise_solicitacao WHERE solicitacao_id = ${id} ORDER BY id`);
    expect(rows.map((r) => r.s)).toEqual([4, 1]);
    const h = await umaLinha<{ anterior: number; motivo: string }>(t.db, sql`
      SELECT situacao_anterior AS anterior, motivo FROM solicitacao_historico WHERE solicitacao_id = ${id} ORDER BY id DESC LIMIT 1`);
    expect(h).toEqual({ anterior: 3, motivo: 'Reenviada após atualização' });
  });

  it('only for an active or suspended registry', async () => {
    const p = await novo(4, false);
    const res = await p.sessao.api({ method: 'POST', url, payload: { idPescador: p.id, justificativaDeclaracaoSolicitacaoCancelamento: 'Motivo.' } });
    expect(res.json()).toMatchObject({ codigo: 406, mensagem: MENSAGENS_SOLICITACAO_API.cancelamentoIndisponivel, codigoErro: CodigoErro.SOLICITACAO_INDISPONIVEL });
    expect((await s.gestor!.api({ method: 'POST', url, payload: { idPescador: 99999999 } })).statusCode).toBe(404);
  });
});

describe('regularisation (type 10)', () => {
  const url = '/api/solicitacao-regularizacao';

  it('files a type-10 request for a suspended registry, one at a time', async () => {
    const p = await novo(6, true);
    const curta = await p.sessao.api({ method: 'POST', url, payload: { justificativa: 'curta' } });
    expect(curta.json()).toMatchObject({ codigo: 400, mensagem: 'A justificativa deve ter no mínimo 10 caracteres' });
    const res = await p.sessao.api({ method: 'POST', url, payload: { justificativa: 'Entreguei as REAPs pendentes.' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe(MENSAGENS_SOLICITACAO_API.regularizacaoEnviada);
    expect(res.json().dados).toMatchObject({ tipo: 10, tipoDescricao: 'Regularização', situacao: 6, justificativa: 'Entreguei as REAPs pendentes.' });
    expect(await analiseDe(res.json().dados.id)).toEqual({ situacao: 1, uf: 'PA' });
    expect(await historicoDe(res.json().dados.id)).toMatchObject({ nova: 6, motivo: 'Regularização solicitada pelo pescador' });
    const outra = await p.sessao.api({ method: 'POST', url, payload: { justificativa: 'Entreguei as REAPs pendentes.' } });
    expect(outra.json()).toMatchObject({ codigo: 406, mensagem: MENSAGENS_SOLICITACAO_API.regularizacaoEmAndamento });
  });

  it('refuses a registry that is not suspended (406)', async () => {
    const p = await novo(1, true);
    const res = await p.sessao.api({ method: 'POST', url, payload: { justificativa: 'Quero regularizar.' } });
    expect(res.json()).toMatchObject({ codigo: 406, mensagem: MENSAGENS_SOLICITACAO_API.regularizacaoIndisponivel });
  });
});
