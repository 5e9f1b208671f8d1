import { CodigoErro } from '../../../shared/codigos-erro';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partesSaoPaulo } from '../../../shared/datas';
import { MENSAGENS_SOLICITACAO, NOME_PAI_NAO_INFORMADO } from '../../../shared/schemas/solicitacao';
import { MENSAGENS_SOLICITACAO_API } from '../../../shared/schemas/solicitacao-api';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import {
  BELEM, CNPJ_VALIDO, criar, DOCUMENTOS_BASICOS, embarcacao, enviada, inserirDocumentos, novoPescador, passo1, passo2, passo3, passo4,
  rascunhoAte, SAO_PAULO, salvar, umaLinha, type Pescador,
} from './passos.test-utils';

let t: TestApp;
let seq = 0;
let gestor: Sessao;

beforeAll(async () => {
  t = await createTestApp();
  gestor = await entrarComo(t.app, '10000000108');
});
afterAll(async () => {
  await t.close();
});

const novo = () => novoPescador(t, ++seq);

async function historico(id: number) {
  const { rows } = await t.db.execute<{ anterior: number | null; nova: number; cpf: string; perfil: number; motivo: string }>(sql`
    SELECT situacao_anterior AS anterior, situacao_nova AS nova, cpf_ator AS cpf, perfil_ator AS perfil, motivo
    FROM solicitacao_historico WHERE solicitacao_id = ${id} ORDER BY id`);
  return rows;
}

describe('POST /api/solicitacao: the draft with step 1', () => {
  it('creates a draft of the fisher with step 1 normalised, and its history', async () => {
    const p = await novo();
    const res = await criar(p, 1);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.codigo).toBe(200);
    expect(body.mensagem).toBe('Dados Pessoais salvos com sucesso!');
    const d = body.dados;
    expect(d).toMatchObject({
      tipo: 1, tipoDescricao: 'Registro inicial', situacao: 1, situacaoDescricao: 'Rascunho', passo: 1, declaraCiencia: false,
      idPescador: p.id, dataEnvio: null, numeroProtocolo: null, inativa: false,
      cpf: p.cpf, nome: 'MARIA DA SILVA', nomeMae: 'JOANA DA SILVA', documentoSocial: { tipo: 10, numero: '12345678901' },
      endereco: { cep: '66010000', municipio: BELEM, uf: 'PA' }, contato: { telefone: '91988887777' },
      protocolo: null,
    });
    expect(typeof d.id).toBe('number');
    expect(d.rgp).toMatchObject({ numeroRGP: null, podeAcessarSistema: true });
    expect(await historico(d.id)).toEqual([
      { anterior: null, nova: 1, cpf: p.cpf, perfil: 4, motivo: 'Rascunho criado pelo pescador' },
    ]);
  });

  it("accepts the father as 'NÃO INFORMADO'", async () => {
    const p = await novo();
    const res = await criar(p, 1, passo1(p.cpf, { nomePai: NOME_PAI_NAO_INFORMADO }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados.nomePai).toBe('NÃO INFORMADO');
  });

  it('drops the social document of a foreigner, and requires it of a Brazilian', async () => {
    const p = await novo();
    const res = await criar(p, 1, passo1(p.cpf, { nacionalidadeBrasileira: 'ESTRANGEIRA' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados.documentoSocial).toBeNull();

    const q = await novo();
    const bad = await criar(q, 1, passo1(q.cpf, { documentoSocial: null }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().mensagem).toBe(MENSAGENS_SOLICITACAO.confira);
    expect(bad.json().erros).toContain('documentoSocial: Campo obrigatório');
  });

  it('keeps the protocol only for type 3, where it is required', async () => {
    const p = await novo();
    const res = await criar(p, 3);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados.protocolo).toEqual({ dataProtocolo: '2024-03-01', numeroNupSei: '12345123456202412' });

    const q = await novo();
    const bad = await criar(q, 3, passo1(q.cpf, { protocolo: null }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().erros).toContain('protocolo: Campo obrigatório');
  });

  it("answers 400 'Confira…' with one `campo: mensagem` per issue", async () => {
    const p = await novo();
    const res = await criar(p, 1, passo1(p.cpf, { nome: '', sexo: 9, endereco: { ...passo1(p.cpf).endereco as object, cep: '123' } }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ codigo: 400, mensagem: 'Confira todos os campos obrigatórios do formulário' });
    expect(body.erros).toEqual(expect.arrayContaining(['nome: Deve ter no mínimo 3 caracteres', 'sexo: Campo obrigatório', 'endereco.cep: CEP inválido']));
  });

  it('keeps the dates of birth and of issue in the past and the fisher of age (decision 0018)', async () => {
    const p = await novo();
    const hoje = partesSaoPaulo(new Date()).data;
    const ano = Number(hoje.slice(0, 4));
    const futura = await criar(p, 1, passo1(p.cpf, {
      dataNascimento: `${ano + 4}-01-01`,
      docIdentificacao: { ...passo1(p.cpf).docIdentificacao as object, dataEmissao: `${ano + 1}-01-01` },
    }));
    expect(futura.statusCode).toBe(400);
    expect(futura.json().erros).toEqual(expect.arrayContaining([
      'dataNascimento: A data não pode ser futura', 'docIdentificacao.dataEmissao: A data não pode ser futura',
    ]));
    const crianca = await criar(p, 1, passo1(p.cpf, { dataNascimento: `${ano - 3}-01-01` }));
    expect(crianca.statusCode).toBe(400);
    expect(crianca.json().erros).toEqual(['dataNascimento: O pescador profissional deve ter pelo menos 18 anos']);
    // Eighteen today is of age; eighteen tomorrow is not.
    const amanha = new Date(`${hoje}T12:00:00Z`);
    amanha.setUTCDate(amanha.getUTCDate() + 1);
    const quaseDezoito = `${Number(amanha.toISOString().slice(0, 4)) - 18}${amanha.toISOString().slice(4, 10)}`;
    expect((await criar(p, 1, passo1(p.cpf, { dataNascimento: quaseDezoito }))).statusCode).toBe(400);
    const dezoito = `${ano - 18}${hoje.slice(4)}`;
    const res = await criar(p, 1, passo1(p.cpf, { dataNascimento: dezoito === `${ano - 18}-02-29` ? `${ano - 18}-02-28` : dezoito }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('checks the envelope (type, step) with the same message', async () => {
    const p = await novo();
    const tipo = await criar(p, 4);
    expect(tipo.statusCode).toBe(400);
    expect(tipo.json().mensagem).toBe(MENSAGENS_SOLICITACAO.confira);
    expect(tipo.json().erros).toContain('tipo: Tipo de solicitação inválido');
    const passo = await p.sessao.api({ method: 'POST', url: '/api/solicitacao', payload: { tipo: 1, passo: 2, ...passo2() } });
    expect(passo.statusCode).toBe(400);
    expect(passo.json().mensagem).toBe(MENSAGENS_SOLICITACAO_API.criacaoPasso1);
  });

  it("refuses step 1 with another person's CPF (403)", async () => {
    const p = await novo();
    const res = await criar(p, 1, passo1('52998224725'));
    expect(res.statusCode).toBe(403);
    expect(res.json().mensagem).toBe(MENSAGENS_SOLICITACAO_API.cpfDiferente);
  });

  it('checks the municipality against the state and the ids against their lists', async () => {
    const p = await novo();
    const base = passo1(p.cpf);
    const res = await criar(p, 1, {
      ...base,
      escolaridade: 999,
      docIdentificacao: { ...(base.docIdentificacao as object), orgaoEmissor: 9999 },
      endereco: { ...(base.endereco as object), municipio: SAO_PAULO, uf: 'PA' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().mensagem).toBe(MENSAGENS_SOLICITACAO.confira);
    expect(res.json().erros).toEqual(expect.arrayContaining([
      'escolaridade: Valor inválido', 'docIdentificacao.orgaoEmissor: Valor inválido', 'endereco.municipio: O município não pertence à UF informada',
    ]));
    const inexistente = await criar(p, 1, { ...base, endereco: { ...(base.endereco as object), municipio: 1234567 } });
    expect(inexistente.json().erros).toContain('endereco.municipio: Município não encontrado');
    const sp = await criar(p, 1, { ...base, endereco: { ...(base.endereco as object), municipio: SAO_PAULO, uf: 'SP' } });
    expect(sp.statusCode, sp.body).toBe(200);
  });

  it('allows one open draft per type (406)', async () => {
    const p = await novo();
    expect((await criar(p, 1)).statusCode).toBe(200);
    const res = await criar(p, 1);
    expect(res.statusCode).toBe(406);
    expect(res.json().mensagem).toBe('Já existe um rascunho desta solicitação. Continue o rascunho existente.');
  });

  it('applies the options rules to types 1, 2 and 3', async () => {
    // A draft of type 1 blocks re-registration and registration with protocol.
    const p = await novo();
    await criar(p, 1);
    expect((await criar(p, 2)).json()).toMatchObject({ codigo: 406, mensagem: MENSAGENS_SOLICITACAO_API.recadastramentoIndisponivel });
    expect((await criar(p, 3)).json()).toMatchObject({ codigo: 406, mensagem: MENSAGENS_SOLICITACAO_API.registroProtocoloIndisponivel });

    // Only refused requests: everything is open again.
    const q = await novo();
    await t.db.execute(sql`INSERT INTO solicitacao (pescador_id, tipo, situacao) VALUES (${q.id}, 1, 5)`);
    expect((await criar(q, 2)).statusCode).toBe(200);

    // A fisher with an RGP number cannot file an initial registration.
    const r = await novo();
    await t.db.execute(sql`UPDATE pescador SET numero_rgp = ${`PAPA${String(seq).padStart(11, '0')}`} WHERE id = ${r.id}`);
    expect((await criar(r, 1)).json()).toMatchObject({ codigo: 406, mensagem: MENSAGENS_SOLICITACAO_API.registroInicialComRgp });
    expect((await criar(r, 2)).statusCode).toBe(200);

    // Registration with protocol: a deferred request allows it, a sent one does not.
    const s = await novo();
    await t.db.execute(sql`INSERT INTO solicitacao (pescador_id, tipo, situacao) VALUES (${s.id}, 1, 4), (${s.id}, 1, 5)`);
    expect((await criar(s, 3)).statusCode).toBe(200);
    const u = await novo();
    await t.db.execute(sql`INSERT INTO solicitacao (pescador_id, tipo, situacao) VALUES (${u.id}, 1, 4), (${u.id}, 7, 6)`);
    expect((await criar(u, 3)).statusCode).toBe(406);
  });
});

describe('PUT /api/solicitacao: steps 1 to 4', () => {
  let p: Pescador;
  let id: number;

  beforeAll(async () => {
    p = await novo();
    id = (await criar(p, 1)).json().dados.id;
  });

  it('saves the steps in order only', async () => {
    const res = await salvar(p, id, 1, 3, passo3());
    expect(res.statusCode).toBe(400);
    expect(res.json().mensagem).toBe(MENSAGENS_SOLICITACAO_API.passoAnterior);
  });

  it('updates step 1 with its message, and checks id and type', async () => {
    const res = await salvar(p, id, 1, 1, passo1(p.cpf, { apelido: 'Mari' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe('Dados pessoais atualizado com sucesso');
    expect(res.json().dados).toMatchObject({ apelido: 'Mari', passo: 1 });
    expect((await salvar(p, id, 2, 1, passo1(p.cpf))).json().mensagem).toBe(MENSAGENS_SOLICITACAO_API.tipoDiferente);
    const semId = await p.sessao.api({ method: 'PUT', url: '/api/solicitacao', payload: { tipo: 1, passo: 1, ...passo1(p.cpf) } });
    expect(semId.json()).toMatchObject({ codigo: 400, mensagem: MENSAGENS_SOLICITACAO_API.idObrigatorio });
  });

  it('clears the vessel fields for forma de atuação 2', async () => {
    const res = await salvar(p, id, 1, 2, passo2({ formaAtuacaoPesca: { formaAtuacao: 2 } }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe('Dados da Atividade salvos com sucesso!');
    expect(res.json().dados.passo).toBe(2);
    expect(res.json().dados.dadosAtividadePesca.formaAtuacaoPesca).toEqual({
      formaAtuacao: 2, categoria: 1, propriedadeEmbarcacao: null, possuiRegistroEmbarcacao: null, embarcacao: null,
    });
  });

  it('omits cir for categoria 2 and waives the vessel for categoria 2 without registration', async () => {
    const cir = await salvar(p, id, 1, 2, passo2({ formaAtuacaoPesca: { categoria: 2 } }));
    expect(cir.statusCode, cir.body).toBe(200);
    expect(cir.json().dados.dadosAtividadePesca.formaAtuacaoPesca.embarcacao).toMatchObject({ tie: 'TIE-001', cir: null });

    const dispensada = await salvar(p, id, 1, 2, passo2({ formaAtuacaoPesca: { categoria: 2, possuiRegistroEmbarcacao: false, embarcacao: null } }));
    expect(dispensada.statusCode, dispensada.body).toBe(200);
    expect(dispensada.json().dados.dadosAtividadePesca.formaAtuacaoPesca).toMatchObject({ possuiRegistroEmbarcacao: false, embarcacao: null });

    const exigida = await salvar(p, id, 1, 2, passo2({ formaAtuacaoPesca: { categoria: 1, possuiRegistroEmbarcacao: false, embarcacao: null } }));
    expect(exigida.statusCode).toBe(400);
    expect(exigida.json().erros).toContain('dadosAtividadePesca.formaAtuacaoPesca.embarcacao: Campo obrigatório');
  });

  it('drops the entity when not affiliated, and keeps it when affiliated', async () => {
    const entidade = { cnpj: '11.222.333/0001-81', nome: 'Colônia Z-10', siglaUf: 'PA', email: '' };
    const sem = await salvar(p, id, 1, 2, passo2({ raiz: { possuiInstituicaoRepresentante: false, entidadeRepresentante: entidade } }));
    expect(sem.json().dados.entidadeRepresentante).toBeNull();
    const com = await salvar(p, id, 1, 2, passo2({ raiz: { possuiInstituicaoRepresentante: true, entidadeRepresentante: entidade } }));
    expect(com.json().dados.entidadeRepresentante).toEqual({ cnpj: CNPJ_VALIDO, nome: 'Colônia Z-10', siglaUf: 'PA', email: null });
    // Back to no entity for the rest of this block.
    expect((await salvar(p, id, 1, 2, passo2())).statusCode).toBe(200);
  });

  it("answers the local-de-pesca message for an incomplete fishing area", async () => {
    const res = await salvar(p, id, 1, 2, passo2({ atividade: { areaPretendidaPesca: [{ idMunicipio: BELEM, tipoLocalPesca: 1 }] } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().mensagem).toBe('Preencha todos os campos de local da pesca para prosseguir!');
    expect(res.json().erros).toContain('dadosAtividadePesca.areaPretendidaPesca.0: Preencha todos os campos de local da pesca para prosseguir!');
  });

  it('checks the ids of step 2 against their lists', async () => {
    const res = await salvar(p, id, 1, 2, passo2({
      formaAtuacaoPesca: { embarcacao: embarcacao({ propulsao: 77 }) },
      atividade: { ambientePesca: [3], gruposAlvosPesca: [1], areaPretendidaPesca: [{ idMunicipio: 1, tipoLocalPesca: 1, nomePopularLocalPesca: 'Rio' }] },
    }));
    expect(res.statusCode).toBe(400);
    expect(res.json().erros).toEqual(expect.arrayContaining([
      'dadosAtividadePesca.ambientePesca.0: Valor inválido',
      'dadosAtividadePesca.areaPretendidaPesca.0.idMunicipio: Município não encontrado',
      'dadosAtividadePesca.formaAtuacaoPesca.embarcacao.propulsao: Valor inválido',
    ]));
  });

  it('saves step 3 with its rules', async () => {
    const bad = await salvar(p, id, 1, 3, passo3({ dadosSocioEconomicos: [], fontesRenda: [{ atividadeProfissional: 'x', faixaRenda: 1, idProfissao: 99999 }] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().mensagem).toBe(MENSAGENS_SOLICITACAO.confira);
    expect(bad.json().erros).toContain('dadosSocioEconomicos: Informe pelo menos 1 membro da família');
    const prof = await salvar(p, id, 1, 3, passo3({ fontesRenda: [{ atividadeProfissional: 'x', faixaRenda: 1, idProfissao: 99999 }] }));
    expect(prof.json().erros).toContain('fontesRenda.0.idProfissao: Valor inválido');
    const admissaoFutura = await salvar(p, id, 1, 3, passo3({ fontesRenda: [{
      atividadeProfissional: 'x', faixaRenda: 1, idProfissao: 1, dataAdmissao: `${Number(partesSaoPaulo(new Date()).data.slice(0, 4)) + 1}-01-01`,
    }] }));
    expect(admissaoFutura.statusCode).toBe(400);
    expect(admissaoFutura.json().erros).toContain('fontesRenda.0.dataAdmissao: A data não pode ser futura');
    const res = await salvar(p, id, 1, 3, passo3());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe('Dados socioeconômicos salvos com sucesso!');
    expect(res.json().dados.rendaBeneficio).toEqual({ possuiRendaFederal: false, possuiSeguroDefeso: true, valorRendaMensal: 0, valorRendaAnual: 0 });
  });

  it('requires a support when the fisher was helped, at most 12', async () => {
    const vazio = await salvar(p, id, 1, 4, passo4({ apoio: [] }));
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().mensagem).toBe('É obrigatório ter pelo menos 1 apoio informado');
    const treze = await salvar(p, id, 1, 4, passo4({ apoio: Array.from({ length: 13 }, (_, i) => ({ entidadeApoioPescador: (i % 12) + 1 })) }));
    expect(treze.statusCode).toBe(400);
    expect(treze.json().erros).toContain('apoio: Informe no máximo 12 apoios');
    const invalida = await salvar(p, id, 1, 4, passo4({ apoio: [{ entidadeApoioPescador: 99 }] }));
    expect(invalida.json().erros).toContain('apoio.0.entidadeApoioPescador: Valor inválido');
  });

  it('requires the documents at step 4, naming the missing ones', async () => {
    const res = await salvar(p, id, 1, 4, passo4());
    expect(res.statusCode).toBe(400);
    expect(res.json().mensagem).toBe('Insira todos os documentos obrigatórios');
    expect(res.json().erros).toEqual(['Documento de identificação', 'Comprovante de residência', 'Foto 3x4', 'PIS/PASEP/NIS/NIT']);

    // NIS (12) satisfies the PIS/PASEP/NIS/NIT group; a removed document does not count.
    await inserirDocumentos(t.db, p.id, id, [1, 2, 12]);
    await inserirDocumentos(t.db, p.id, id, [3]);
    await t.db.execute(sql`UPDATE documento SET removido_em = now() WHERE solicitacao_id = ${id} AND tipo_documento = 3`);
    expect((await salvar(p, id, 1, 4, passo4())).json().erros).toEqual(['Foto 3x4']);
    await inserirDocumentos(t.db, p.id, id, [3]);

    const ok = await salvar(p, id, 1, 4, passo4({ recebeuAjudaPreenchimento: false, apoio: [{ entidadeApoioPescador: 1 }] }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().mensagem).toBe('Documentos salvos com sucesso');
    expect(ok.json().dados).toMatchObject({ passo: 4, recebeuAjudaPreenchimento: false, apoio: [] });
  });

  it('requires the work visa of a foreigner, the membership proof with an entity, the protocol proof for type 3', async () => {
    const q = await novo();
    const idq = (await criar(q, 3, passo1(q.cpf, { nacionalidadeBrasileira: 'ESTRANGEIRA' }))).json().dados.id;
    const entidade = { cnpj: CNPJ_VALIDO, nome: 'Colônia Z-10', siglaUf: 'PA', email: null };
    expect((await salvar(q, idq, 3, 2, passo2({ raiz: { possuiInstituicaoRepresentante: true, entidadeRepresentante: entidade } }))).statusCode).toBe(200);
    expect((await salvar(q, idq, 3, 3, passo3())).statusCode).toBe(200);
    await inserirDocumentos(t.db, q.id, idq, DOCUMENTOS_BASICOS);
    const res = await salvar(q, idq, 3, 4, passo4());
    expect(res.statusCode).toBe(400);
    expect(res.json().erros).toEqual(['Visto de trabalho', 'Comprovante de filiação à entidade', 'Comprovante de protocolo']);
    await inserirDocumentos(t.db, q.id, idq, [7, 8, 9]);
    expect((await salvar(q, idq, 3, 4, passo4())).statusCode).toBe(200);
  });
});

describe('PUT /api/solicitacao step 5: submission', () => {
  it('requires the declaration, all steps and the documents', async () => {
    const p = await novo();
    const id = await rascunhoAte(t, p, 1, 3);
    const declaracao = await salvar(p, id, 1, 5, { declaraCiencia: false });
    expect(declaracao.json()).toMatchObject({ codigo: 400, mensagem: 'Não é possivel avançar sem ler e concordar com a declaração' });
    const incompleta = await salvar(p, id, 1, 5, { declaraCiencia: true });
    expect(incompleta.json()).toMatchObject({ codigo: 400, mensagem: MENSAGENS_SOLICITACAO.passosIncompletos });

    await inserirDocumentos(t.db, p.id, id, DOCUMENTOS_BASICOS);
    expect((await salvar(p, id, 1, 4, passo4())).statusCode).toBe(200);
    await t.db.execute(sql`UPDATE documento SET removido_em = now() WHERE solicitacao_id = ${id} AND tipo_documento = 2`);
    const docs = await salvar(p, id, 1, 5, { declaraCiencia: true });
    expect(docs.json()).toMatchObject({ codigo: 400, mensagem: 'Insira todos os documentos obrigatórios', erros: ['Comprovante de residência'] });
    expect((await umaLinha<{ situacao: number }>(t.db, sql`SELECT situacao FROM solicitacao WHERE id = ${id}`)).situacao).toBe(1);
  });

  it('sends the request in one go: status, protocol, history, analysis, and the fisher record', async () => {
    const p = await novo();
    const id = await rascunhoAte(t, p, 1, 4);
    const res = await salvar(p, id, 1, 5, { declaraCiencia: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe('Solicitação enviada com sucesso!');
    const d = res.json().dados;
    expect(d).toMatchObject({ id, situacao: 6, situacaoDescricao: 'Aguardando Análise', declaraCiencia: true, passo: 4 });
    expect(d.numeroProtocolo).toBe(`${partesSaoPaulo(new Date()).data.slice(0, 4)}${String(id).padStart(9, '0')}`);
    expect(new Date(d.dataEnvio).getTime()).toBeGreaterThan(Date.now() - 60_000);

    expect(await historico(id)).toEqual([
      { anterior: null, nova: 1, cpf: p.cpf, perfil: 4, motivo: 'Rascunho criado pelo pescador' },
      { anterior: 1, nova: 6, cpf: p.cpf, perfil: 4, motivo: 'Solicitação enviada pelo pescador' },
    ]);
    const analise = await umaLinha<{ n: number; situacao: number; uf: string }>(t.db, sql`
      SELECT count(*) OVER ()::int AS n, situacao_analise AS situacao, uf_pescador AS uf FROM analise_solicitacao WHERE solicitacao_id = ${id}`);
    expect(analise).toEqual({ n: 1, situacao: 1, uf: 'PA' });
    const s = await umaLinha<{ uf: string }>(t.db, sql`SELECT uf_pescador AS uf FROM solicitacao WHERE id = ${id}`);
    expect(s.uf).toBe('PA');

    const pes = await umaLinha<Record<string, unknown>>(t.db, sql`
      SELECT nome, nome_mae, nome_pai, apelido, data_nascimento, sexo, escolaridade, etnia, alfabetizacao, nacionalidade_brasileira,
        email, telefone, uf, municipio_id, cep, logradouro, numero_logradouro, bairro, complemento, categoria, forma_atuacao,
        propriedade_embarcacao, possui_registro_embarcacao, tie, cnpj_entidade_representante, recebeu_ajuda, situacao_registro,
        dados->>'nome' AS dados_nome
      FROM pescador WHERE id = ${p.id}`);
    expect(pes).toEqual({
      nome: 'MARIA DA SILVA', nome_mae: 'JOANA DA SILVA', nome_pai: 'JOSÉ DA SILVA', apelido: 'Mariazinha', data_nascimento: '1980-05-10',
      sexo: 2, escolaridade: 1, etnia: 1, alfabetizacao: true, nacionalidade_brasileira: true, email: 'maria@example.com',
      telefone: '91988887777', uf: 'PA', municipio_id: BELEM, cep: '66010000', logradouro: 'Rua das Flores', numero_logradouro: '10',
      bairro: 'Centro', complemento: null, categoria: 1, forma_atuacao: 1, propriedade_embarcacao: 1, possui_registro_embarcacao: true,
      tie: 'TIE-001', cnpj_entidade_representante: null, recebeu_ajuda: true, situacao_registro: 4, dados_nome: 'MARIA DA SILVA',
    });
    const { rows: amb } = await t.db.execute<{ a: number }>(sql`SELECT ambiente_pesca AS a FROM pescador_ambiente_pesca WHERE pescador_id = ${p.id} ORDER BY 1`);
    expect(amb.map((r) => r.a)).toEqual([1, 2]);
    const { rows: gru } = await t.db.execute<{ g: number }>(sql`SELECT grupo_alvo AS g FROM pescador_grupo_alvo WHERE pescador_id = ${p.id} ORDER BY 1`);
    expect(gru.map((r) => r.g)).toEqual([1, 2]);

    // Sent: no longer editable.
    const depois = await salvar(p, id, 1, 2, passo2());
    expect(depois.json()).toMatchObject({ codigo: 406, mensagem: MENSAGENS_SOLICITACAO.naoEditavel, codigoErro: CodigoErro.SOLICITACAO_NAO_EDITAVEL });
  });

  it('sets the registry status per type and keeps an active registry active', async () => {
    const re = await novo();
    await enviada(t, re, 2);
    expect((await umaLinha<{ s: number }>(t.db, sql`SELECT situacao_registro AS s FROM pescador WHERE id = ${re.id}`)).s).toBe(3);
    const pr = await novo();
    await enviada(t, pr, 3);
    expect((await umaLinha<{ s: number }>(t.db, sql`SELECT situacao_registro AS s FROM pescador WHERE id = ${pr.id}`)).s).toBe(5);
    const ativo = await novo();
    await t.db.execute(sql`UPDATE pescador SET situacao_registro = 1 WHERE id = ${ativo.id}`);
    await enviada(t, ativo, 2);
    expect((await umaLinha<{ s: number }>(t.db, sql`SELECT situacao_registro AS s FROM pescador WHERE id = ${ativo.id}`)).s).toBe(1);
  });

  it('answers 406 while another request of the fisher is sent or under analysis', async () => {
    const p = await novo();
    const id = await rascunhoAte(t, p, 1, 4);
    await t.db.execute(sql`INSERT INTO solicitacao (pescador_id, tipo, situacao) VALUES (${p.id}, 7, 6)`);
    const res = await salvar(p, id, 1, 5, { declaraCiencia: true });
    expect(res.statusCode).toBe(406);
    expect(res.json().mensagem).toBe(MENSAGENS_SOLICITACAO.jaExisteEnviada);
    expect(res.json().codigoErro).toBe(CodigoErro.SOLICITACAO_EM_ANDAMENTO);
    await t.db.execute(sql`UPDATE solicitacao SET situacao = 7 WHERE pescador_id = ${p.id} AND tipo = 7`);
    expect((await salvar(p, id, 1, 5, { declaraCiencia: true })).statusCode).toBe(406);
    const s = await umaLinha<{ situacao: number; n: number }>(t.db, sql`
      SELECT situacao, (SELECT count(*)::int FROM analise_solicitacao WHERE solicitacao_id = ${id}) AS n FROM solicitacao WHERE id = ${id}`);
    expect(s).toEqual({ situacao: 1, n: 0 });
  });

  it('resubmits a request returned for update, with a new analysis and the same protocol', async () => {
    const p = await novo();
    const id = await enviada(t, p, 1);
    const protocolo = (await umaLinha<{ n: string }>(t.db, sql`SELECT numero_protocolo AS n FROM solicitacao WHERE id = ${id}`)).n;
    await t.db.execute(sql`UPDATE solicitacao SET situacao = 2 WHERE id = ${id}`);
    await t.db.execute(sql`UPDATE analise_solicitacao SET situacao_analise = 4 WHERE solicitacao_id = ${id}`);
    expect((await salvar(p, id, 1, 4, passo4())).statusCode).toBe(200);
    const res = await salvar(p, id, 1, 5, { declaraCiencia: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toMatchObject({ situacao: 6, numeroProtocolo: protocolo });
    expect((await historico(id)).at(-1)).toMatchObject({ anterior: 2, nova: 6, motivo: 'Reenviada após atualização' });
    const { rows } = await t.db.execute<{ s: number }>(sql`SELECT situacao_analise AS s FROM analise_solicitacao WHERE solicitacao_id = ${id} ORDER BY id`);
    expect(rows.map((r) => r.s)).toEqual([4, 1]);
  });
});

describe('reads', () => {
  let p: Pescador;
  let rascunho: number;
  let envio: number;

  beforeAll(async () => {
    p = await novo();
    envio = await enviada(t, p, 1);
    await t.db.execute(sql`UPDATE solicitacao SET situacao = 4 WHERE id = ${envio}`);
    await t.db.execute(sql`UPDATE pescador SET situacao_registro = 1 WHERE id = ${p.id}`);
    const clone = await p.sessao.api({ method: 'POST', url: `/api/solicitacao-edicao-registro/editar-solicitacao/${envio}` });
    expect(clone.statusCode, clone.body).toBe(200);
    rascunho = clone.json().dados.id;
  });

  it('GET /api/solicitacao/{id} answers the request with its flat fields', async () => {
    const res = await p.sessao.api({ method: 'GET', url: `/api/solicitacao/${envio}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toMatchObject({
      id: envio, tipo: 1, situacao: 4, situacaoDescricao: 'Deferida', passo: 4, declaraCiencia: true, idPescador: p.id,
      nome: 'MARIA DA SILVA', dadosAtividadePesca: { ambientePesca: [1, 2] }, apoio: [{ entidadeApoioPescador: 1 }],
      rgp: { situacao: 1, situacaoDescricao: 'Ativo' },
    });
    expect(res.json().dados.dataCriacao).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('lists the fisher\'s own requests newest first, paginated and filtered', async () => {
    const res = await p.sessao.api({ method: 'GET', url: '/api/solicitacao?pagina=1&tamanhoPagina=1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados.total).toBe(2);
    expect(res.json().dados.solicitacoes).toEqual([expect.objectContaining({
      id: rascunho, tipo: 8, tipoDescricao: 'Edição de registro', situacao: 1, situacaoDescricao: 'Rascunho', passo: 4,
      nomePescador: 'MARIA DA SILVA', idPescador: p.id, dataEnvio: null, numeroProtocolo: null,
    })]);
    expect(res.json().dados.solicitacoes[0].dataCriacao).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const pag2 = await p.sessao.api({ method: 'GET', url: '/api/solicitacao?pagina=2&tamanhoPagina=1' });
    expect(pag2.json().dados.solicitacoes).toEqual([expect.objectContaining({
      id: envio, situacao: 4, situacaoDescricao: 'Deferida', numeroProtocolo: expect.stringMatching(/^\d{13}$/),
      dataEnvio: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
    })]);
    const deferidas = await p.sessao.api({ method: 'GET', url: '/api/solicitacao?situacao=4' });
    expect(deferidas.json().dados).toMatchObject({ total: 1, solicitacoes: [{ id: envio }] });
    const varias = await p.sessao.api({ method: 'GET', url: '/api/solicitacao?situacao=1,4&tipo=8' });
    expect(varias.json().dados.total).toBe(1);
    expect((await p.sessao.api({ method: 'GET', url: '/api/solicitacao?tamanhoPagina=101' })).statusCode).toBe(400);
  });

  it('lets staff filter by CPF and name, and audits the view', async () => {
    const porCpf = await gestor.api({ method: 'GET', url: `/api/solicitacao?cpf=${p.cpf}` });
    expect(porCpf.statusCode, porCpf.body).toBe(200);
    expect(porCpf.json().dados.total).toBe(2);
    const porNome = await gestor.api({ method: 'GET', url: `/api/solicitacao?nome=maria%20da&idPescador=${p.id}` });
    expect(porNome.json().dados.total).toBe(2);
    const detalhe = await gestor.api({ method: 'GET', url: `/api/solicitacao/${envio}` });
    expect(detalhe.statusCode).toBe(200);
    const { rows } = await t.db.execute<{ recurso_id: string }>(sql`
      SELECT recurso_id FROM auditoria WHERE acao = 'VISUALIZACAO_DADOS_PESSOAIS' AND cpf_ator = '10000000108' AND recurso = 'solicitacao'`);
    expect(rows.map((r) => r.recurso_id)).toEqual(expect.arrayContaining(['lista', String(p.id), String(envio)]));
  });

  it('GET /api/solicitacao/pescador/{id} lists one fisher', async () => {
    const res = await p.sessao.api({ method: 'GET', url: `/api/solicitacao/pescador/${p.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados.total).toBe(2);
    expect((await gestor.api({ method: 'GET', url: '/api/solicitacao/pescador/99999999' })).statusCode).toBe(404);
  });

  it('GET /api/solicitacao/ultima/solicitacao answers the latest, of a type, or null', async () => {
    const ultima = await p.sessao.api({ method: 'GET', url: '/api/solicitacao/ultima/solicitacao' });
    expect(ultima.json().dados).toMatchObject({ id: rascunho, tipo: 8 });
    const tipo1 = await p.sessao.api({ method: 'GET', url: '/api/solicitacao/ultima/solicitacao?tipo=1' });
    expect(tipo1.json().dados).toMatchObject({ id: envio });
    const nenhuma = await p.sessao.api({ method: 'GET', url: '/api/solicitacao/ultima/solicitacao?tipo=5' });
    expect(nenhuma.statusCode).toBe(200);
    expect(nenhuma.json().dados).toBeNull();
  });
});

describe('DELETE /api/solicitacao/{id}/embarcacao and /inativar', () => {
  it('drops the vessel; step 2 must be saved again when it now requires one', async () => {
    const p = await novo();
    const id = await rascunhoAte(t, p, 1, 3);
    const res = await p.sessao.api({ method: 'DELETE', url: `/api/solicitacao/${id}/embarcacao` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe(MENSAGENS_SOLICITACAO_API.embarcacaoRemovida);
    expect(res.json().dados.dadosAtividadePesca.formaAtuacaoPesca.embarcacao).toBeNull();
    expect(res.json().dados.passo).toBe(1);
    expect((await salvar(p, id, 1, 3, passo3())).json().mensagem).toBe(MENSAGENS_SOLICITACAO_API.passoAnterior);

    const q = await novo();
    const idq = await rascunhoAte(t, q, 1, 2);
    await salvar(q, idq, 1, 2, passo2({ formaAtuacaoPesca: { categoria: 2, possuiRegistroEmbarcacao: false } }));
    const semEfeito = await q.sessao.api({ method: 'DELETE', url: `/api/solicitacao/${idq}/embarcacao` });
    expect(semEfeito.json().dados.passo).toBe(2);
  });

  it('excludes a draft from lists and counters, with a history row; only drafts', async () => {
    const p = await novo();
    const id = (await criar(p, 1)).json().dados.id;
    const res = await p.sessao.api({ method: 'DELETE', url: `/api/solicitacao/${id}/inativar` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mensagem: MENSAGENS_SOLICITACAO_API.rascunhoInativado, dados: { id, inativa: true } });
    expect((await historico(id)).at(-1)).toMatchObject({ anterior: 1, nova: 1, motivo: 'Rascunho excluído pelo pescador' });
    expect((await p.sessao.api({ method: 'GET', url: '/api/solicitacao' })).json().dados.total).toBe(0);
    expect((await p.sessao.api({ method: 'GET', url: `/api/solicitacao/totalizadores/${p.id}` })).json().dados).toMatchObject({ rascunhos: 0, todas: 0 });
    expect((await p.sessao.api({ method: 'DELETE', url: `/api/solicitacao/${id}/inativar` })).statusCode).toBe(406);
    expect((await salvar(p, id, 1, 1, passo1(p.cpf))).statusCode).toBe(406);
    // A new draft of the same type may be started.
    expect((await criar(p, 1)).statusCode).toBe(200);

    const q = await novo();
    const enviadaId = await enviada(t, q, 1);
    expect((await q.sessao.api({ method: 'DELETE', url: `/api/solicitacao/${enviadaId}/inativar` })).json())
      .toMatchObject({ codigo: 406, mensagem: MENSAGENS_SOLICITACAO_API.somenteRascunhoInativa });
  });
});
