import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import { MENSAGENS_SOLICITACAO_API } from '../../../shared/schemas/solicitacao-api';
import { createTestApp, type TestApp } from '../../test/helpers';
import {
  BELEM, enviada, novoPescador, passo1, passo2, passo3, passo4, salvar, umaLinha, type Pescador,
} from './passos.test-utils';

let t: TestApp;
let seq = 100;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const novo = () => novoPescador(t, ++seq);

/** A fisher whose registration was deferred: request DEFERIDA, registry ATIVO with an RGP number. */
async function pescadorDeferido(): Promise<{ p: Pescador; origem: number }> {
  const p = await novo();
  const origem = await enviada(t, p, 1);
  await t.db.execute(sql`UPDATE solicitacao SET situacao = 4 WHERE id = ${origem}`);
  await t.db.execute(sql`
    UPDATE pescador SET situacao_registro = 1, numero_rgp = ${`PAPA${String(seq).padStart(11, '0')}`}, id_solicitacao_ativa = ${origem}
    WHERE id = ${p.id}`);
  return { p, origem };
}

const consultar = (p: Pescador) => p.sessao.api({ method: 'GET', url: `/api/solicitacao-pescador-ativo-edicao-registro/consultar/${p.id}` });

describe('POST /api/solicitacao-edicao-registro/editar-solicitacao/{id}', () => {
  it('tells the web to clone the active deferred request', async () => {
    const { p, origem } = await pescadorDeferido();
    const res = await consultar(p);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toEqual({ podeEditar: true, idSolicitacaoOrigem: origem, motivo: null });
  });

  it('creates a type-8 draft copying the deferred request, at step 4', async () => {
    const { p, origem } = await pescadorDeferido();
    const res = await p.sessao.api({ method: 'POST', url: `/api/solicitacao-edicao-registro/editar-solicitacao/${origem}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe(MENSAGENS_SOLICITACAO_API.edicaoRegistroCriada);
    const d = res.json().dados;
    expect(d).toMatchObject({
      tipo: 8, situacao: 1, passo: 4, idSolicitacaoOrigem: origem, declaraCiencia: false, numeroProtocolo: null,
      cpf: p.cpf, nome: 'MARIA DA SILVA', endereco: { municipio: BELEM }, dadosAtividadePesca: { ambientePesca: [1, 2] },
      recebeuAjudaPreenchimento: true, protocolo: null,
    });
    expect(d.id).not.toBe(origem);
    const h = await umaLinha<{ motivo: string; nova: number }>(t.db, sql`
      SELECT motivo, situacao_nova AS nova FROM solicitacao_historico WHERE solicitacao_id = ${d.id}`);
    expect(h).toEqual({ motivo: `Edição de registro iniciada a partir da solicitação ${origem}`, nova: 1 });

    // Only one registry edit at a time.
    const outra = await p.sessao.api({ method: 'POST', url: `/api/solicitacao-edicao-registro/editar-solicitacao/${origem}` });
    expect(outra.statusCode).toBe(406);
    expect(outra.json().mensagem).toBe(MENSAGENS_SOLICITACAO_API.edicaoRegistroEmAndamento);
    expect((await consultar(p)).json().dados).toEqual({
      podeEditar: false, idSolicitacaoOrigem: null, motivo: MENSAGENS_SOLICITACAO_API.edicaoRegistroEmAndamento,
    });
  });

  it('submits the edit with the documents already analysed, and applies nothing before approval', async () => {
    const { p, origem } = await pescadorDeferido();
    const id = (await p.sessao.api({ method: 'POST', url: `/api/solicitacao-edicao-registro/editar-solicitacao/${origem}` })).json().dados.id;
    const passo1Editado = await salvar(p, id, 8, 1, passo1(p.cpf, { nome: 'Maria Souza' }));
    expect(passo1Editado.statusCode, passo1Editado.body).toBe(200);
    const res = await salvar(p, id, 8, 5, { declaraCiencia: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toMatchObject({ situacao: 6, tipo: 8, nome: 'MARIA SOUZA' });
    const pes = await umaLinha<{ nome: string; s: number }>(t.db, sql`SELECT nome, situacao_registro AS s FROM pescador WHERE id = ${p.id}`);
    expect(pes).toEqual({ nome: 'MARIA DA SILVA', s: 1 });
    const analise = await umaLinha<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM analise_solicitacao WHERE solicitacao_id = ${id}`);
    expect(analise.n).toBe(1);
  });

  it('refuses a request that is not deferred, and a registry that is not active (406)', async () => {
    const p = await novo();
    const id = await enviada(t, p, 1);
    const naoDeferida = await p.sessao.api({ method: 'POST', url: `/api/solicitacao-edicao-registro/editar-solicitacao/${id}` });
    expect(naoDeferida.json()).toMatchObject({ codigo: 406, mensagem: MENSAGENS_SOLICITACAO_API.edicaoRegistroOrigemNaoDeferida });

    const { p: q, origem } = await pescadorDeferido();
    await t.db.execute(sql`UPDATE pescador SET situacao_registro = 6 WHERE id = ${q.id}`);
    const suspenso = await q.sessao.api({ method: 'POST', url: `/api/solicitacao-edicao-registro/editar-solicitacao/${origem}` });
    expect(suspenso.json()).toMatchObject({ codigo: 406, mensagem: MENSAGENS_SOLICITACAO_API.edicaoRegistroSemRegistroAtivo });
    expect((await consultar(q)).json().dados).toEqual({
      podeEditar: false, idSolicitacaoOrigem: null, motivo: MENSAGENS_SOLICITACAO_API.edicaoRegistroSemRegistroAtivo,
    });
  });
});

describe('POST /api/solicitacao-pescador-ativo-edicao-registro', () => {
  it('clones a migrated registry from its typed columns (without trailing slash)', async () => {
    const p = await novo();
    await t.db.execute(sql`
      UPDATE pescador SET situacao_registro = 1, numero_rgp = ${`PAPA${String(seq).padStart(11, '0')}`}, nome_mae = 'ANA PEREIRA',
        data_nascimento = '1970-01-02', sexo = 1, uf = 'PA', municipio_id = ${BELEM}, cep = '66010000', categoria = 2, forma_atuacao = 2,
        telefone = '91999990000', nacionalidade_brasileira = true, recebeu_ajuda = false
      WHERE id = ${p.id}`);
    await t.db.execute(sql`INSERT INTO pescador_ambiente_pesca VALUES (${p.id}, 2)`);
    expect((await consultar(p)).json().dados).toEqual({ podeEditar: true, idSolicitacaoOrigem: null, motivo: null });

    const res = await p.sessao.api({ method: 'POST', url: '/api/solicitacao-pescador-ativo-edicao-registro' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().dados;
    expect(d).toMatchObject({
      tipo: 8, situacao: 1, passo: 0, idSolicitacaoOrigem: null, cpf: p.cpf, nomeMae: 'ANA PEREIRA', dataNascimento: '1970-01-02',
      nacionalidadeBrasileira: 'BRASILEIRA', endereco: { uf: 'PA', municipio: BELEM, cep: '66010000' }, contato: { telefone: '91999990000' },
      dadosAtividadePesca: { formaAtuacaoPesca: { formaAtuacao: 2, categoria: 2 }, ambientePesca: [2] }, recebeuAjudaPreenchimento: false,
    });
    // The wizard continues from step 1.
    expect((await salvar(p, d.id, 8, 2, passo2())).json().mensagem).toBe(MENSAGENS_SOLICITACAO_API.passoAnterior);
    expect((await salvar(p, d.id, 8, 1, passo1(p.cpf))).statusCode).toBe(200);
  });

  it('clones the declared record with a trailing slash, up to the last step that validates', async () => {
    const p = await novo();
    const registro = { ...passo1(p.cpf), ...passo2(), ...passo3(), ...passo4() };
    const normalizado = { ...registro, cpf: p.cpf, nome: 'MARIA DA SILVA', nomeMae: 'JOANA DA SILVA', nomePai: 'JOSÉ DA SILVA' };
    await t.db.execute(sql`
      UPDATE pescador SET situacao_registro = 1, dados = ${JSON.stringify(normalizado)}::jsonb WHERE id = ${p.id}`);
    const res = await p.sessao.api({ method: 'POST', url: '/api/solicitacao-pescador-ativo-edicao-registro/' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toMatchObject({
      tipo: 8, passo: 4, protocolo: null, documentoSocial: { numero: '12345678901' }, endereco: { cep: '66010000' },
    });
  });

  it('refuses a fisher with a deferred request here, and a registry that is not active (406)', async () => {
    const { p } = await pescadorDeferido();
    const res = await p.sessao.api({ method: 'POST', url: '/api/solicitacao-pescador-ativo-edicao-registro/' });
    expect(res.json()).toMatchObject({ codigo: 406, mensagem: MENSAGENS_SOLICITACAO_API.edicaoRegistroPossuiDeferida });
    const q = await novo();
    const semRegistro = await q.sessao.api({ method: 'POST', url: '/api/solicitacao-pescador-ativo-edicao-registro' });
    expect(semRegistro.json()).toMatchObject({ codigo: 406, mensagem: MENSAGENS_SOLICITACAO_API.edicaoRegistroSemRegistroAtivo });
  });

  it('starts a registry edit through POST /api/solicitacao with type 8 only for an active registry', async () => {
    const q = await novo();
    const semRegistro = await q.sessao.api({ method: 'POST', url: '/api/solicitacao', payload: { tipo: 8, passo: 1, ...passo1(q.cpf) } });
    expect(semRegistro.json()).toMatchObject({ codigo: 406, mensagem: MENSAGENS_SOLICITACAO_API.edicaoRegistroSemRegistroAtivo });
    await t.db.execute(sql`UPDATE pescador SET situacao_registro = 1 WHERE id = ${q.id}`);
    const res = await q.sessao.api({ method: 'POST', url: '/api/solicitacao', payload: { tipo: 8, passo: 1, ...passo1(q.cpf) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toMatchObject({ tipo: 8, passo: 1, protocolo: null });
    // Cannot be sent while the steps are missing.
    expect((await salvar(q, res.json().dados.id, 8, 5, { declaraCiencia: true })).json().mensagem).toBe(MENSAGENS_SOLICITACAO.passosIncompletos);
  });
});
