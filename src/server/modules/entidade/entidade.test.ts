import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjComDigitos } from '../../../shared/cnpj';
import { CodigoErro } from '../../../shared/codigos-erro';
import { cpfComDigitos } from '../../../shared/cpf';
import { CABECALHO_REPRESENTADO, ServicoDelegado, servicoDaRota, SituacaoDelegacao } from '../../../shared/schemas/entidade';
import { CONTRATOS } from '../../../shared/contratos';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { multipart, pdf, png } from '../documento/documento.fixtures';
import { artesanalCompleto, definirPrazo, idDoAno, pescadorComRgp } from '../reap/reap.test-utils';
import { comEndereco, criar, novoPescador, type Pescador, umaLinha } from '../solicitacao/passos.test-utils';
import { maskUrl } from '../../plugins/redact';
import { ENVIOS, ROTAS_NAO_ENVIO } from './representacao';

let t: TestApp;
let gestor: Sessao;
let sfpa: Sessao;
let agente: Sessao;
const CPF_AGENTE = cpfComDigitos('777000111');
let cnpjs = 0;
/** Inside the five years a delegation or an agent's link may last. */
const FIM = `${new Date().getUTCFullYear() + 3}-06-30`;

beforeAll(async () => {
  t = await createTestApp();
  gestor = await entrarComo(comEndereco(t.app, '10.9.0.1'), '10000000108');
  sfpa = await entrarComo(comEndereco(t.app, '10.9.0.2'), '30000000388');
  agente = await entrarComo(comEndereco(t.app, '10.9.0.3'), CPF_AGENTE);
  await definirPrazo(t.db, 2024, '2026-01-01', '2026-12-31');
}, 60_000);
afterAll(async () => {
  await t.close();
});

function corpoEntidade(extra: Record<string, unknown> = {}) {
  cnpjs += 1;
  return {
    tipo: 1, cnpj: cnpjComDigitos(`1122233${String(cnpjs).padStart(5, '0')}`), nome: `Colônia de Pescadores Z-${cnpjs}`, ufs: ['PA'],
    municipios: [1501402], atoCooperacao: 'Acordo de Cooperação Técnica 12/2025', vigenciaInicio: '2025-01-01', vigenciaFim: '2099-12-31', ...extra,
  };
}

async function novaEntidade(extra: Record<string, unknown> = {}): Promise<{ id: number; nome: string }> {
  const res = await gestor.api({ method: 'POST', url: '/api/entidades', payload: corpoEntidade(extra) });
  expect(res.statusCode, res.body).toBe(200);
  const e = res.json().dados as { id: number; nome: string };
  const ag = await gestor.api({ method: 'POST', url: `/api/entidades/${e.id}/agentes`, payload: { cpf: CPF_AGENTE, nome: 'AGENTE DA COLÔNIA', validade: FIM } });
  expect(ag.statusCode, ag.body).toBe(200);
  return e;
}

async function conceder(p: Pescador, idEntidade: number, servicos: number[]) {
  const res = await p.sessao.api({ method: 'POST', url: '/api/delegacoes', payload: { idEntidade, servicos, fim: FIM } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dados as { id: number; situacao: number };
}

const porFisher = (p: { id: number }, opts: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown }) =>
  agente.api({ ...opts, payload: opts.payload as Record<string, unknown>, headers: { [CABECALHO_REPRESENTADO]: String(p.id) } });

async function recusaDoAgente(p: { id: number }, url = '/api/notificacao'): Promise<string> {
  const res = await porFisher(p, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().codigoErro).toBe(CodigoErro.REPRESENTACAO_RECUSADA);
  return res.json().mensagem as string;
}

describe('entities kept by managers', () => {
  it('refuses a CNPJ with wrong check digits, in Portuguese, and a CNPJ already registered', async () => {
    const ruim = await gestor.api({ method: 'POST', url: '/api/entidades', payload: { ...corpoEntidade(), cnpj: '11.222.333/0001-82' } });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.body).toContain('CNPJ inválido');
    const corpo = corpoEntidade();
    expect((await gestor.api({ method: 'POST', url: '/api/entidades', payload: corpo })).statusCode).toBe(200);
    const repetida = await gestor.api({ method: 'POST', url: '/api/entidades', payload: { ...corpo, nome: 'Outra' } });
    expect(repetida.statusCode).toBe(409);
    expect(repetida.json().codigoErro).toBe(CodigoErro.ENTIDADE_JA_CADASTRADA);
  });

  it('refuses a municipality outside the states served and an act ending before it starts', async () => {
    const fora = await gestor.api({ method: 'POST', url: '/api/entidades', payload: corpoEntidade({ municipios: [3550308] }) });
    expect(fora.statusCode).toBe(400);
    expect(fora.body).toContain('fora dos estados');
    const vigencia = await gestor.api({ method: 'POST', url: '/api/entidades', payload: corpoEntidade({ vigenciaFim: '2024-01-01' }) });
    expect(vigencia.statusCode).toBe(400);
    expect(vigencia.body).toContain('posterior ao início');
  });

  it('lists entities with their active agents, and audits the changes', async () => {
    const e = await novaEntidade();
    const lista = (await gestor.api({ method: 'GET', url: '/api/entidades' })).json().dados as { id: number; agentesAtivos: number }[];
    expect(lista.find((x) => x.id === e.id)?.agentesAtivos).toBe(1);
    const { n } = await umaLinha<{ n: number }>(t.db, sql`
      SELECT count(*)::int AS n FROM auditoria WHERE recurso = 'entidade' AND recurso_id = ${String(e.id)} AND acao IN ('ENTIDADE_CRIADA', 'AGENTE_VINCULADO')`);
    expect(n).toBe(2);
  });
});

describe('dates and who may be an agent (decision 0110)', () => {
  it('refuses a day that does not exist and an end more than five years ahead, in Portuguese', async () => {
    const diaRuim = await gestor.api({ method: 'POST', url: '/api/entidades', payload: corpoEntidade({ vigenciaFim: '2027-02-31' }) });
    expect(diaRuim.statusCode).toBe(400);
    expect(diaRuim.body).toContain('Data inválida');
    const e = await novaEntidade();
    const p = await pescadorComRgp(t, 9301);
    const longe = `${new Date().getUTCFullYear() + 6}-01-01`;
    const delegacao = await p.sessao.api({ method: 'POST', url: '/api/delegacoes', payload: { idEntidade: e.id, servicos: [2], fim: longe } });
    expect(delegacao.statusCode).toBe(400);
    expect(delegacao.json().mensagem).toContain('no máximo 5 anos');
    const inexistente = await p.sessao.api({ method: 'POST', url: '/api/delegacoes', payload: { idEntidade: e.id, servicos: [2], fim: '2027-02-30' } });
    expect(inexistente.statusCode).toBe(400);
    const agente = await gestor.api({ method: 'POST', url: `/api/entidades/${e.id}/agentes`, payload: { cpf: cpfComDigitos('777000555'), nome: 'OUTRO AGENTE', validade: longe } });
    expect(agente.statusCode).toBe(400);
    expect(agente.json().mensagem).toContain('no máximo 5 anos');
  });

  it('refuses linking a staff member as an agent', async () => {
    const e = await novaEntidade();
    const res = await gestor.api({ method: 'POST', url: `/api/entidades/${e.id}/agentes`, payload: { cpf: '30000000388', nome: 'SERVIDOR', validade: FIM } });
    expect(res.statusCode).not.toBe(200);
    expect(res.json().mensagem).toBe('Um servidor do RGP não pode ser agente de entidade.');
  });
});

describe('a fisher delegating to an entity, and the agent acting for them', () => {
  let e: { id: number; nome: string };
  let p: Pescador;
  let delegacao: { id: number };

  beforeAll(async () => {
    e = await novaEntidade();
    p = await pescadorComRgp(t, 9101);
    expect((await p.sessao.api({ method: 'POST', url: `/api/reap/gerar-reap-pescador/${p.id}` })).statusCode).toBe(200);
    const disponiveis = (await p.sessao.api({ method: 'GET', url: '/api/delegacoes/entidades' })).json().dados as { id: number }[];
    expect(disponiveis.map((x) => x.id)).toContain(e.id);
    delegacao = await conceder(p, e.id, [ServicoDelegado.REAP, ServicoDelegado.NOTIFICACOES]);
  });

  it("lists the fisher on the agent's desk with the REAP owed", async () => {
    const mesa = (await agente.api({ method: 'GET', url: '/api/representacao/pescadores' })).json().dados as { representados: { idPescador: number; reapsDevidas: number }[] };
    const { n } = await umaLinha<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM reap_questionario WHERE pescador_id = ${p.id} AND NOT enviada`);
    expect(n).toBeGreaterThan(0);
    expect(mesa.representados.find((r) => r.idPescador === p.id)).toMatchObject({ reapsDevidas: n });
  });

  it("files the fisher's REAP with the fisher's rules, recorded as agent of the entity for the fisher, and tells the fisher", async () => {
    const id = await idDoAno(t.db, p.id, 2024);
    const res = await porFisher(p, { method: 'POST', url: '/api/reap/questionario-basico', payload: artesanalCompleto(id, 2024, { enviada: true }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toMatchObject({ enviada: true });
    const historico = await umaLinha<{ cpf: string; entidade: number }>(t.db, sql`
      SELECT h.cpf_ator AS cpf, h.entidade_id AS entidade FROM solicitacao_historico h JOIN reap_questionario q ON q.solicitacao_id = h.solicitacao_id
      WHERE q.id = ${id} AND h.situacao_nova = 9`);
    expect(historico).toEqual({ cpf: CPF_AGENTE, entidade: e.id });
    await expect.poll(async () => (await umaLinha<{ n: number }>(t.db, sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'ATUACAO_REPRESENTANTE' AND cpf_ator = ${CPF_AGENTE} AND pescador_id = ${p.id}
        AND detalhes->>'idEntidade' = ${String(e.id)}`)).n).toBeGreaterThan(0);
    await expect.poll(async () => {
      const lidas = (await p.sessao.api({ method: 'GET', url: '/api/notificacao' })).json().dados as { conteudo: string }[];
      return lidas.map((n) => n.conteudo);
    }).toContain(`${e.nome} enviou sua REAP de 2024 em seu nome.`);
  });

  it("refuses the agent marking as read the fisher's notices of what the agent did, and lets it mark the others", async () => {
    const { id: representacao } = await umaLinha<{ id: number }>(t.db, sql`
      SELECT id FROM notificacao WHERE pescador_id = ${p.id} AND tipo = 9 ORDER BY id DESC LIMIT 1`);
    const recusa = await porFisher(p, { method: 'POST', url: `/api/notificacao/${representacao}/leitura` });
    expect(recusa.statusCode).toBe(403);
    expect(recusa.json().mensagem).toContain('só o próprio pescador');
    expect((await umaLinha<{ lida: boolean }>(t.db, sql`SELECT lida_em IS NOT NULL AS lida FROM notificacao WHERE id = ${representacao}`)).lida).toBe(false);
    const { id: outra } = await umaLinha<{ id: number }>(t.db, sql`
      INSERT INTO notificacao (pescador_id, tipo, conteudo) VALUES (${p.id}, 2, 'Aviso') RETURNING id`);
    expect((await porFisher(p, { method: 'POST', url: `/api/notificacao/${outra}/leitura` })).statusCode).toBe(200);
    expect((await p.sessao.api({ method: 'POST', url: `/api/notificacao/${representacao}/leitura` })).statusCode).toBe(200);
  });

  it("shows the fisher, in who accessed their data and the LGPD export, the agent's desk read and work, naming the entity", async () => {
    expect((await agente.api({ method: 'GET', url: '/api/representacao/pescadores' })).statusCode).toBe(200);
    expect((await porFisher(p, { method: 'GET', url: '/api/notificacao' })).statusCode).toBe(200);
    const acessos = async () => ((await p.sessao.api({ method: 'GET', url: '/api/lgpd/acessos' })).json().dados as {
      acessos: { descricao: string; perfil: string; tipo: string }[] }).acessos;
    await expect.poll(async () => (await acessos()).filter((a) => a.perfil === `Agente da ${e.nome}`).map((a) => a.tipo))
      .toEqual(expect.arrayContaining(['VISUALIZACAO', 'ALTERACAO']));
    const doAgente = (await acessos()).filter((a) => a.perfil === `Agente da ${e.nome}`);
    expect(doAgente.map((a) => a.descricao)).toContain('Viu você na lista de pescadores que representa');
    const meusDados = await p.sessao.api({ method: 'GET', url: '/api/lgpd/meus-dados' });
    expect(meusDados.body).toContain(`Agente da ${e.nome}`);
  });

  it('refuses a service the fisher did not delegate, and what only the fisher may do', async () => {
    expect(await recusaDoAgente(p, `/api/solicitacao/pescador/${p.id}`)).toContain('não delegou');
    expect(await recusaDoAgente(p, '/api/delegacoes')).toContain('só pode ser feita pelo próprio pescador');
    const revogar = await porFisher(p, { method: 'POST', url: `/api/delegacoes/${delegacao.id}/revogacao` });
    expect(revogar.statusCode).toBe(403);
  });

  it('refuses staff naming a fisher, and a fisher naming another without being an agent', async () => {
    const r = await sfpa.api({ method: 'GET', url: '/api/notificacao', headers: { [CABECALHO_REPRESENTADO]: String(p.id) } });
    expect(r.statusCode).toBe(403);
    const outro = await pescadorComRgp(t, 9102);
    const f = await outro.sessao.api({ method: 'GET', url: '/api/notificacao', headers: { [CABECALHO_REPRESENTADO]: String(p.id) } });
    expect(f.statusCode).toBe(403);
    expect(f.json().mensagem).toContain('não é agente');
  });

  it('stops the agents of a suspended entity at the next request, and lets them act again once reactivated', async () => {
    expect((await porFisher(p, { method: 'GET', url: '/api/notificacao' })).statusCode).toBe(200);
    expect((await gestor.api({ method: 'POST', url: `/api/entidades/${e.id}/suspensao`, payload: { motivo: 'Denúncia em apuração' } })).statusCode).toBe(200);
    expect(await recusaDoAgente(p)).toContain('está suspensa (Denúncia em apuração)');
    expect((await gestor.api({ method: 'POST', url: `/api/entidades/${e.id}/reativacao` })).statusCode).toBe(200);
    expect((await porFisher(p, { method: 'GET', url: '/api/notificacao' })).statusCode).toBe(200);
  });

  it('refuses a fisher outside the states the entity serves', async () => {
    const sp = await gestor.api({ method: 'PUT', url: `/api/entidades/${e.id}`, payload: { ...corpoEntidade({ ufs: ['SP'], municipios: [] }), nome: e.nome } });
    expect(sp.statusCode, sp.body).toBe(200);
    expect(await recusaDoAgente(p)).toContain('reside em PA, fora dos estados atendidos');
    await gestor.api({ method: 'PUT', url: `/api/entidades/${e.id}`, payload: { ...corpoEntidade(), nome: e.nome } });
  });

  it('refuses an expired delegation and an agent whose link ended', async () => {
    await t.db.execute(sql`UPDATE delegacao SET inicio = '2025-01-01', fim = '2025-01-31' WHERE id = ${delegacao.id}`);
    expect(await recusaDoAgente(p)).toContain('terminou em 31/01/2025');
    await t.db.execute(sql`UPDATE delegacao SET fim = '2099-06-30' WHERE id = ${delegacao.id}`);
    await t.db.execute(sql`UPDATE agente_entidade SET validade = '2025-02-28' WHERE entidade_id = ${e.id}`);
    expect(await recusaDoAgente(p)).toContain('Seu vínculo de agente');
    await t.db.execute(sql`UPDATE agente_entidade SET validade = '2099-01-01' WHERE entidade_id = ${e.id}`);
  });

  it('lets the fisher see every delegation and revoke in one step, after which the agent is refused', async () => {
    const revogada = await p.sessao.api({ method: 'POST', url: `/api/delegacoes/${delegacao.id}/revogacao` });
    expect(revogada.statusCode).toBe(200);
    expect(revogada.json().dados).toMatchObject({ situacao: SituacaoDelegacao.REVOGADA, vigente: false });
    const minhas = (await p.sessao.api({ method: 'GET', url: '/api/delegacoes' })).json().dados as { id: number; entidade: { nome: string } }[];
    expect(minhas).toEqual([expect.objectContaining({ id: delegacao.id, entidade: expect.objectContaining({ nome: e.nome }) })]);
    expect(await recusaDoAgente(p)).toContain('revogou a delegação');
    expect((await p.sessao.api({ method: 'POST', url: `/api/delegacoes/${delegacao.id}/revogacao` })).statusCode).toBe(406);
  });

  it("keeps another fisher's delegation out of reach", async () => {
    const outro = await pescadorComRgp(t, 9103);
    expect((await outro.sessao.api({ method: 'POST', url: `/api/delegacoes/${delegacao.id}/revogacao` })).statusCode).toBe(404);
  });
});

describe("a fisher whose state is not yet known (decision 0110)", () => {
  it('sees no entity and may not delegate until their request names a state, which the delegation then keeps', async () => {
    const e = await novaEntidade();
    const p = await novoPescador(t, 9201);
    expect((await p.sessao.api({ method: 'GET', url: '/api/delegacoes/entidades' })).json().dados).toEqual([]);
    const semUf = await p.sessao.api({ method: 'POST', url: '/api/delegacoes', payload: { idEntidade: e.id, servicos: [ServicoDelegado.REAP], fim: FIM } });
    expect(semUf.statusCode).not.toBe(200);
    expect(semUf.json().mensagem).toContain('estado');

    expect((await criar(p, 1)).statusCode).toBe(200);
    const d = await conceder(p, e.id, [ServicoDelegado.NOTIFICACOES]);
    expect((await umaLinha<{ uf: string }>(t.db, sql`SELECT uf FROM delegacao WHERE id = ${d.id}`)).uf).toBe('PA');
    expect((await porFisher(p, { method: 'GET', url: '/api/notificacao' })).statusCode).toBe(200);

    // A delegation kept without a state, for a fisher of no known state: never "any state".
    await t.db.execute(sql`UPDATE delegacao SET uf = NULL WHERE id = ${d.id}`);
    await t.db.execute(sql`UPDATE solicitacao SET inativa = true WHERE pescador_id = ${p.id}`);
    expect(await recusaDoAgente(p)).toContain('estado do pescador não é conhecido');
  });
});

describe('the consent term of a fisher without gov.br', () => {
  const CPF_SEM_GOVBR = cpfComDigitos('777000222');
  let e: { id: number };

  beforeAll(async () => {
    e = await novaEntidade();
  });

  const registrar = (cpf: string) => agente.api({
    method: 'POST', url: '/api/representacao/termos',
    ...multipart({ cpfPescador: cpf, nomePescador: 'PESCADOR SEM CONTA', uf: 'PA', servicos: '2,4', fim: FIM }, [{ nome: 'termo.pdf', bytes: pdf('Termo') }]),
  });

  it('is active only after an analyst of the state validates it, with the identity document attached', async () => {
    const res = await registrar(CPF_SEM_GOVBR);
    expect(res.statusCode, res.body).toBe(200);
    const termo = res.json().dados as { id: number; idPescador: number; situacao: number };
    expect(termo.situacao).toBe(SituacaoDelegacao.AGUARDANDO_VALIDACAO);
    expect(await recusaDoAgente({ id: termo.idPescador })).toContain('ainda não foi validado');

    const pendentes = (await sfpa.api({ method: 'GET', url: '/api/representacao/termos' })).json().dados as { id: number; documentos: unknown[] }[];
    expect(pendentes.find((x) => x.id === termo.id)?.documentos).toHaveLength(1);
    const semIdentidade = await sfpa.api({ method: 'POST', url: `/api/representacao/termos/${termo.id}/validacao`, payload: { aprovado: true } });
    expect(semIdentidade.statusCode).toBe(406);
    expect(semIdentidade.json().mensagem).toContain('documento de identidade');

    const identidade = await agente.api({
      method: 'POST', url: `/api/representacao/termos/${termo.id}/identidade`, ...multipart({}, [{ nome: 'rg.png', bytes: await png(300, 400) }]),
    });
    expect(identidade.statusCode, identidade.body).toBe(200);
    const validado = await sfpa.api({ method: 'POST', url: `/api/representacao/termos/${termo.id}/validacao`, payload: { aprovado: true } });
    expect(validado.statusCode, validado.body).toBe(200);
    expect(validado.json().dados).toMatchObject({ situacao: SituacaoDelegacao.ATIVA, vigente: true });
    expect((await porFisher({ id: termo.idPescador }, { method: 'GET', url: '/api/notificacao' })).statusCode).toBe(200);
  });

  it('refuses validation by the analyst who filed the term as an agent', async () => {
    const res = await registrar(cpfComDigitos('777000666'));
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json().dados as { id: number };
    // A person who was an agent when filing and is staff now.
    await t.db.execute(sql`UPDATE delegacao SET cpf_agente = '30000000388' WHERE id = ${id}`);
    const validacao = await sfpa.api({ method: 'POST', url: `/api/representacao/termos/${id}/validacao`, payload: { aprovado: false, justificativa: 'Assinatura ilegível' } });
    expect(validacao.statusCode).toBe(403);
    expect(validacao.json().mensagem).toBe('Quem registrou o termo como agente não pode validá-lo.');
  });

  it('refuses a term for a fisher who already signs in with gov.br, and a refusal without a reason', async () => {
    const comConta = await pescadorComRgp(t, 9104);
    const res = await registrar(comConta.cpf);
    expect(res.statusCode).toBe(406);
    expect(res.json().mensagem).toContain('já entrou no RGP com gov.br');
    const outro = (await registrar(cpfComDigitos('777000333'))).json().dados as { id: number };
    const semMotivo = await sfpa.api({ method: 'POST', url: `/api/representacao/termos/${outro.id}/validacao`, payload: { aprovado: false } });
    expect(semMotivo.statusCode).toBe(400);
    expect(semMotivo.body).toContain('justificativa');
  });

  it('is refused to a person who is no agent', async () => {
    const naoAgente = await pescadorComRgp(t, 9105);
    const res = await naoAgente.sessao.api({
      method: 'POST', url: '/api/representacao/termos',
      ...multipart({ cpfPescador: cpfComDigitos('777000444'), nomePescador: 'ALGUÉM', uf: 'PA', servicos: '2', fim: FIM }, [{ nome: 't.pdf', bytes: pdf() }]),
    });
    expect(res.statusCode).toBe(406);
    expect(res.json().mensagem).toContain('não é agente');
    expect(e.id).toBeGreaterThan(0);
  });
});

describe('what the review after the merge found (decision 0111)', () => {
  let e: { id: number; nome: string };
  let a: Pescador;
  let b: Pescador;

  beforeAll(async () => {
    e = await novaEntidade();
    a = await pescadorComRgp(t, 9301);
    b = await pescadorComRgp(t, 9302);
    for (const p of [a, b]) await conceder(p, e.id, [ServicoDelegado.REAP, ServicoDelegado.DOCUMENTOS, ServicoDelegado.NOTIFICACOES]);
    expect((await a.sessao.api({ method: 'POST', url: `/api/reap/gerar-reap-pescador/${a.id}` })).statusCode).toBe(200);
  });

  const comChave = (p: { id: number }, chave: string, opts: { method: 'POST' | 'PUT'; url: string; payload?: unknown; headers?: Record<string, string> }) =>
    agente.api({
      method: opts.method, url: opts.url, payload: opts.payload as Record<string, unknown>,
      headers: { ...opts.headers, [CABECALHO_REPRESENTADO]: String(p.id), 'idempotency-key': chave },
    });
  const contar = async (q: ReturnType<typeof sql>) => (await umaLinha<{ n: number }>(t.db, q)).n;

  it('leaves off the desk a delegation that has ended, and keeps the name filter out of the logs', async () => {
    const listados = async () => ((await agente.api({ method: 'GET', url: '/api/representacao/pescadores' })).json().dados as {
      representados: { idPescador: number }[] }).representados.map((r) => r.idPescador);
    expect(await listados()).toEqual(expect.arrayContaining([a.id, b.id]));
    await t.db.execute(sql`UPDATE delegacao SET inicio = '2025-01-01', fim = '2025-01-31' WHERE pescador_id = ${b.id}`);
    try {
      expect(await listados()).toContain(a.id);
      expect(await listados()).not.toContain(b.id);
    } finally {
      await t.db.execute(sql`UPDATE delegacao SET fim = ${FIM} WHERE pescador_id = ${b.id}`);
    }
    expect(maskUrl('/api/representacao/pescadores?nome=Maria%20da%20Silva&situacaoDelegacao=1')).toBe('/api/representacao/pescadores?nome=***&situacaoDelegacao=1');
  });

  it('audits a refused attempt to act for a fisher, for the managers and not in any fisher\'s list', async () => {
    const intruso = await pescadorComRgp(t, 9303);
    const r = await intruso.sessao.api({ method: 'GET', url: '/api/notificacao', headers: { [CABECALHO_REPRESENTADO]: String(a.id) } });
    expect(r.statusCode).toBe(403);
    await expect.poll(() => contar(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'ATUACAO_REPRESENTANTE_RECUSADA' AND cpf_ator = ${intruso.cpf} AND NOT sucesso
        AND pescador_id IS NULL AND detalhes->>'idPescadorInformado' = ${String(a.id)} AND detalhes->>'motivo' LIKE '%não é agente%'`)).toBe(1);
  });

  it('answers 503, not a success, when the action cannot be audited; the retry with the same key is audited and tells the fisher once', async () => {
    const id = await idDoAno(t.db, a.id, 2024);
    const corpo = artesanalCompleto(id, 2024, { enviada: true });
    await t.db.execute(sql.raw(`ALTER TABLE auditoria ADD CONSTRAINT teste_sem_atuacao CHECK (acao <> 'ATUACAO_REPRESENTANTE') NOT VALID`));
    let falhou;
    try {
      falhou = await comChave(a, 'reap-a-2024', { method: 'POST', url: '/api/reap/questionario-basico', payload: corpo });
    } finally {
      await t.db.execute(sql.raw('ALTER TABLE auditoria DROP CONSTRAINT teste_sem_atuacao'));
    }
    expect(falhou.statusCode).toBe(503);
    expect(falhou.json().mensagem).toContain('Não foi possível registrar a atuação');
    const avisos = sql`SELECT count(*)::int AS n FROM notificacao WHERE pescador_id = ${a.id} AND tipo = 9`;
    expect(await contar(avisos)).toBe(0);

    const repetida = await comChave(a, 'reap-a-2024', { method: 'POST', url: '/api/reap/questionario-basico', payload: corpo });
    expect(repetida.statusCode, repetida.body).toBe(200);
    expect(repetida.headers['idempotent-replayed']).toBe('true');
    const de_novo = await comChave(a, 'reap-a-2024', { method: 'POST', url: '/api/reap/questionario-basico', payload: corpo });
    expect(de_novo.headers['idempotent-replayed']).toBe('true');
    expect(await contar(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'ATUACAO_REPRESENTANTE' AND pescador_id = ${a.id} AND recurso = '/api/reap/questionario-basico'`)).toBe(2);
    // Told once: by the first answer that was audited, never by a later replay.
    expect(await contar(avisos)).toBe(1);
  });

  it('refuses the later parts of an upload in parts sent with another fisher\'s header, and keeps its bytes untouched', async () => {
    const { id: pedido } = await umaLinha<{ id: number }>(t.db, sql`
      INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, dados) VALUES (${a.id}, 1, 1, 1, '{}'::jsonb) RETURNING id`);
    const inicio = await porFisher(a, { method: 'POST', url: '/api/documentos/envios', payload: { idSolicitacao: pedido, tipo: 1, nomeArquivo: 'rg.pdf', tamanho: 64 * 1024 + 10 } });
    expect(inicio.statusCode, inicio.body).toBe(200);
    const envio = inicio.json().dados as { id: string };
    // Parts are 64 KB to 256 KB, the last one smaller.
    const parte = (p: { id: number }, inicioByte: number) => {
      const m = multipart({ inicio: inicioByte }, [{ campo: 'parte', nome: 'blob', bytes: Buffer.alloc(inicioByte === 0 ? 64 * 1024 : 10) }]);
      return agente.api({ method: 'PUT', url: `/api/documentos/envios/${envio.id}/partes`, payload: m.payload, headers: { ...m.headers, [CABECALHO_REPRESENTADO]: String(p.id) } });
    };
    const primeira = await parte(a, 0);
    expect(primeira.statusCode, primeira.body).toBe(200);
    const deOutro = await parte(b, 64 * 1024);
    expect(deOutro.statusCode).toBe(403);
    expect((await porFisher(b, { method: 'POST', url: `/api/documentos/envios/${envio.id}/concluir` })).statusCode).toBe(403);
    expect((await umaLinha<{ recebido: number }>(t.db, sql`SELECT recebido FROM envio_documento WHERE id = ${envio.id}`)).recebido).toBe(64 * 1024);
  });

  it('keeps an agent\'s idempotency keys per represented fisher: a key used for fisher A never answers for fisher B', async () => {
    const { id: pedido } = await umaLinha<{ id: number }>(t.db, sql`
      INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, dados) VALUES (${a.id}, 1, 1, 1, '{}'::jsonb) RETURNING id`);
    const bytes = pdf('Identidade de A');
    const envio = (await porFisher(a, { method: 'POST', url: '/api/documentos/envios', payload: { idSolicitacao: pedido, tipo: 1, nomeArquivo: 'rg.pdf', tamanho: bytes.length } }))
      .json().dados as { id: string };
    const m = multipart({ inicio: 0 }, [{ campo: 'parte', nome: 'blob', bytes }]);
    expect((await agente.api({ method: 'PUT', url: `/api/documentos/envios/${envio.id}/partes`, payload: m.payload, headers: { ...m.headers, [CABECALHO_REPRESENTADO]: String(a.id) } })).statusCode).toBe(200);
    const paraA = await comChave(a, 'concluir-1', { method: 'POST', url: `/api/documentos/envios/${envio.id}/concluir` });
    expect(paraA.statusCode, paraA.body).toBe(200);
    // The same key and the same request for fisher B: B's own answer, never A's document.
    const paraB = await comChave(b, 'concluir-1', { method: 'POST', url: `/api/documentos/envios/${envio.id}/concluir` });
    expect(paraB.headers['idempotent-replayed']).toBeUndefined();
    expect([403, 404]).toContain(paraB.statusCode);
    expect(paraB.body).not.toContain('rg.pdf');
  });
});

describe('the database keeps one open delegation per fisher and entity (migration of decision 0111)', () => {
  it('replaces the open delegation when the fisher grants again, refuses a second term, and refuses a second open row', async () => {
    const e = await novaEntidade();
    const p = await pescadorComRgp(t, 9401);
    const primeira = await conceder(p, e.id, [ServicoDelegado.REAP]);
    const segunda = await conceder(p, e.id, [ServicoDelegado.REAP, ServicoDelegado.DOCUMENTOS]);
    const { rows } = await t.db.execute<{ id: number; situacao: number }>(sql`SELECT id, situacao FROM delegacao WHERE pescador_id = ${p.id} ORDER BY id`);
    expect(rows).toEqual([{ id: primeira.id, situacao: SituacaoDelegacao.REVOGADA }, { id: segunda.id, situacao: SituacaoDelegacao.ATIVA }]);
    await expect(t.db.execute(sql`
      INSERT INTO delegacao (pescador_id, entidade_id, servicos, inicio, fim, situacao, origem) VALUES (${p.id}, ${e.id}, '{2}', '2026-01-01', '2027-01-01', 1, 1)`))
      .rejects.toThrow();
    await expect(t.db.execute(sql`
      INSERT INTO delegacao (pescador_id, entidade_id, servicos, inicio, fim, situacao, origem) VALUES (${p.id}, ${e.id}, '{7}', '2026-01-01', '2027-01-01', 3, 1)`))
      .rejects.toThrow();

    const corpo = () => multipart({ cpfPescador: cpfComDigitos('777000555'), nomePescador: 'PESCADOR DO TERMO', uf: 'PA', servicos: '2', fim: FIM }, [{ nome: 'termo.pdf', bytes: pdf('Termo') }]);
    expect((await agente.api({ method: 'POST', url: '/api/representacao/termos', ...corpo() })).statusCode).toBe(200);
    const dupla = await agente.api({ method: 'POST', url: '/api/representacao/termos', ...corpo() });
    expect(dupla.statusCode).toBe(406);
    expect(dupla.json().mensagem).toContain('já tem um termo aguardando validação');
  });
});

describe('grants and terms that arrive at once for the same fisher', () => {
  it('are taken one after the other: two grants leave one open delegation, two terms one term and a refusal', async () => {
    const e = await novaEntidade();
    for (let i = 0; i < 3; i++) {
      const p = await pescadorComRgp(t, 9410 + i);
      const pedido = () => p.sessao.api({ method: 'POST', url: '/api/delegacoes', payload: { idEntidade: e.id, servicos: [ServicoDelegado.REAP], fim: FIM } });
      const respostas = await Promise.all([pedido(), pedido(), pedido()]);
      expect(respostas.map((r) => r.statusCode), respostas.map((r) => r.body).join('\n')).toEqual([200, 200, 200]);
      const { rows } = await t.db.execute<{ situacao: number }>(sql`SELECT situacao FROM delegacao WHERE pescador_id = ${p.id} ORDER BY situacao`);
      expect(rows.map((r) => r.situacao)).toEqual([SituacaoDelegacao.ATIVA, SituacaoDelegacao.REVOGADA, SituacaoDelegacao.REVOGADA]);
    }

    const corpo = () => multipart({ cpfPescador: cpfComDigitos('777000556'), nomePescador: 'PESCADOR DOS DOIS TERMOS', uf: 'PA', servicos: '2', fim: FIM }, [{ nome: 'termo.pdf', bytes: pdf('Termo') }]);
    const termos = await Promise.all([agente.api({ method: 'POST', url: '/api/representacao/termos', ...corpo() }), agente.api({ method: 'POST', url: '/api/representacao/termos', ...corpo() })]);
    expect(termos.map((r) => r.statusCode).sort(), termos.map((r) => r.body).join('\n')).toEqual([200, 406]);
  });
});

describe('the submissions an agent makes for a fisher', () => {
  it('are each either told to the fisher or named as not a submission, for every delegable write', () => {
    const rotas = CONTRATOS.filter((c) => c.metodo !== 'GET' && servicoDaRota(c.tag, c.permissao) !== null)
      .map((c) => `${c.metodo} ${c.caminho.replace(/\{(\w+)\}/g, ':$1')}`);
    expect(rotas.length).toBeGreaterThan(10);
    expect(rotas.filter((r) => !(r in ENVIOS) && !ROTAS_NAO_ENVIO.has(r))).toEqual([]);
    expect([...Object.keys(ENVIOS), ...ROTAS_NAO_ENVIO].filter((r) => !rotas.includes(r))).toEqual([]);
  });
});
