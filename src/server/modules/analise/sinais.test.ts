import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjComDigitos } from '../../../shared/cnpj';
import { cpfComDigitos } from '../../../shared/cpf';
import { CABECALHO_REPRESENTADO, ServicoDelegado } from '../../../shared/schemas/entidade';
import { SituacaoSinal, TipoSinal } from '../../../shared/schemas/sinal';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { multipart, png } from '../documento/documento.fixtures';
import {
  BELEM, comEndereco, criar, DOCUMENTOS_BASICOS, inserirDocumentos, novoPescador, passo1, passoPadrao, type Pescador, salvar, umaLinha,
} from '../solicitacao/passos.test-utils';

let t: TestApp;
let gestor: Sessao;
let sfpa: Sessao;
let agente: Sessao;
const CPF_AGENTE = cpfComDigitos('777000222');
const FIM = `${new Date().getUTCFullYear() + 3}-06-30`;
let n = 9500;
let cnpjs = 0;

beforeAll(async () => {
  t = await createTestApp();
  gestor = await entrarComo(comEndereco(t.app, '10.9.1.1'), '10000000108');
  sfpa = await entrarComo(comEndereco(t.app, '10.9.1.2'), '30000000388');
  agente = await entrarComo(comEndereco(t.app, '10.9.1.3'), CPF_AGENTE);
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** Each fisher its own phone, e-mail and house, unless the test says otherwise. */
function contatosProprios(i: number, extra: { telefone?: string; email?: string; endereco?: Record<string, unknown> } = {}) {
  return {
    contato: { email: extra.email ?? `pescador${i}@example.com`, telefone: extra.telefone ?? `(91) 9${String(i).padStart(4, '0')}-1234` },
    endereco: {
      cep: '66.010-000', logradouro: 'Rua das Flores', numeroLogradouro: String(i), bairro: 'Centro', complemento: null, municipio: BELEM, uf: 'PA',
      ...extra.endereco,
    },
  };
}

/** A first-registration draft with steps 1–4 saved and the basic documents (inserted without a hash). */
async function rascunho(extra: Parameters<typeof contatosProprios>[1] = {}): Promise<{ p: Pescador; id: number }> {
  n += 1;
  const p = await novoPescador(t, n);
  const res = await criar(p, 1, passo1(p.cpf, contatosProprios(n, extra)));
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().dados.id as number;
  await inserirDocumentos(t.db, p.id, id, DOCUMENTOS_BASICOS);
  for (const passo of [2, 3, 4] as const) {
    const r = await salvar(p, id, 1, passo, passoPadrao(passo, p.cpf));
    expect(r.statusCode, r.body).toBe(200);
  }
  return { p, id };
}

async function enviar(p: Pescador, id: number, sessao: Sessao = p.sessao) {
  const headers = sessao === p.sessao ? {} : { [CABECALHO_REPRESENTADO]: String(p.id) };
  const r = await sessao.api({ method: 'PUT', url: '/api/solicitacao', payload: { id, tipo: 1, passo: 5, declaraCiencia: true }, headers });
  expect(r.statusCode, r.body).toBe(200);
}

async function foto(p: Pescador, id: number, bytes: Buffer) {
  const r = await p.sessao.api({ method: 'POST', url: '/api/documentos', ...multipart({ idSolicitacao: id, tipo: 3 }, [{ nome: 'foto.png', tipo: 'image/png', bytes }]) });
  expect(r.statusCode, r.body).toBe(200);
}

function fotoDeCor(r: number): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 800, channels: 3, background: { r, g: 90, b: 40 } } }).png().toBuffer();
}

async function sinais(id: number): Promise<{ tipo: number; detalhes: Record<string, unknown> }[]> {
  const { rows } = await t.db.execute<{ tipo: number; detalhes: Record<string, unknown> }>(sql`
    SELECT tipo, detalhes FROM sinal_solicitacao WHERE solicitacao_id = ${id} ORDER BY tipo`);
  return rows;
}

async function analiseDe(id: number): Promise<number> {
  return (await umaLinha<{ id: number }>(t.db, sql`SELECT id FROM analise_solicitacao WHERE solicitacao_id = ${id}`)).id;
}

async function entidadeComAgente(): Promise<{ id: number; nome: string }> {
  cnpjs += 1;
  const res = await gestor.api({
    method: 'POST', url: '/api/entidades', payload: {
      tipo: 1, cnpj: cnpjComDigitos(`5566677${String(cnpjs).padStart(5, '0')}`), nome: `Colônia de Pescadores Z-${40 + cnpjs}`, ufs: ['PA'],
      municipios: [BELEM], atoCooperacao: 'Acordo de Cooperação Técnica 7/2025', vigenciaInicio: '2025-01-01', vigenciaFim: '2099-12-31',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const e = res.json().dados as { id: number; nome: string };
  const ag = await gestor.api({ method: 'POST', url: `/api/entidades/${e.id}/agentes`, payload: { cpf: CPF_AGENTE, nome: 'AGENTE', validade: FIM } });
  expect(ag.statusCode, ag.body).toBe(200);
  return e;
}

async function delegar(p: Pescador, idEntidade: number) {
  const res = await p.sessao.api({ method: 'POST', url: '/api/delegacoes', payload: { idEntidade, servicos: [ServicoDelegado.SOLICITACOES], fim: FIM } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Past filings of an entity, as `envio_entidade` keeps them, on a request of the test. */
async function historicoDeEnvios(idEntidade: number, cpfAgente: string, solicitacaoId: number, quando: ReturnType<typeof sql>) {
  await t.db.execute(sql`
    INSERT INTO envio_entidade (solicitacao_id, entidade_id, cpf_agente, enviado_em)
    SELECT ${solicitacaoId}, ${idEntidade}, ${cpfAgente}, q FROM (${quando}) x(q)`);
}

describe('the same file under different CPFs', () => {
  it('flags the second fisher who sends the exact photo another CPF sent, naming the first protocol', async () => {
    const mesma = await png(640, 480);
    const a = await rascunho();
    await foto(a.p, a.id, mesma);
    await enviar(a.p, a.id);
    const b = await rascunho();
    await foto(b.p, b.id, mesma);
    await enviar(b.p, b.id);
    expect((await sinais(a.id)).map((s) => s.tipo)).not.toContain(TipoSinal.ARQUIVO_REPETIDO);
    const [s] = (await sinais(b.id)).filter((x) => x.tipo === TipoSinal.ARQUIVO_REPETIDO);
    const { protocolo } = await umaLinha<{ protocolo: string }>(t.db, sql`SELECT numero_protocolo AS protocolo FROM solicitacao WHERE id = ${a.id}`);
    expect(s?.detalhes).toEqual({ documentos: [{ tipoDocumento: 3, outrosPescadores: 1, protocolos: [{ protocolo, pescadorId: a.p.id, uf: expect.anything() }] }] });

    // The analyst of b's request sees a's protocol only when allowed to read a, and that view is audited on a.
    const idAnalise = await analiseDe(b.id);
    const lista = await sfpa.api({ method: 'GET', url: `/api/analise-solicitacao/${idAnalise}/sinais` });
    expect(lista.statusCode, lista.body).toBe(200);
    const explicacao = (lista.json().dados as { tipo: number; explicacao: string }[]).find((x) => x.tipo === TipoSinal.ARQUIVO_REPETIDO)!.explicacao;
    expect(explicacao).toContain(`(protocolo ${protocolo})`);
    const visto = await umaLinha<{ n: number }>(t.db, sql`
      SELECT count(*)::int AS n FROM auditoria WHERE pescador_id = ${a.p.id} AND recurso = 'sinal-solicitacao/arquivo-repetido'`);
    expect(visto.n).toBe(1);
    // Out of scope: a's state changed to one the SFPA does not serve; the count stays, the protocol goes.
    await t.db.execute(sql`UPDATE pescador SET uf = 'AM' WHERE id = ${a.p.id}`);
    const fora = await sfpa.api({ method: 'GET', url: `/api/analise-solicitacao/${idAnalise}/sinais` });
    const explicacaoFora = (fora.json().dados as { tipo: number; explicacao: string }[]).find((x) => x.tipo === TipoSinal.ARQUIVO_REPETIDO)!.explicacao;
    expect(explicacaoFora).toContain('1 outro CPF');
    expect(explicacaoFora).not.toContain(protocolo);
  });

  it('raises nothing for an honest pair with photos of their own', async () => {
    const a = await rascunho();
    // Two different pictures (the photo is cropped to 3×4 before it is kept, so a size alone would not tell them apart).
    await foto(a.p, a.id, await fotoDeCor(20));
    await enviar(a.p, a.id);
    const b = await rascunho();
    await foto(b.p, b.id, await fotoDeCor(220));
    await enviar(b.p, b.id);
    expect(await sinais(a.id)).toEqual([]);
    expect(await sinais(b.id)).toEqual([]);
  });
});

describe('the same phone, e-mail or address across many fishers', () => {
  it('raises nothing for a couple sharing a house and a phone', async () => {
    const casa = { telefone: '(91) 97777-0001', endereco: { numeroLogradouro: '501' } };
    const a = await rascunho(casa);
    await enviar(a.p, a.id);
    const b = await rascunho(casa);
    await enviar(b.p, b.id);
    expect(await sinais(b.id)).toEqual([]);
  });

  it('flags the fifth fisher with the same phone, and only the phone', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const r = await rascunho({ telefone: '(91) 96666-0002' });
      await enviar(r.p, r.id);
      ids.push(r.id);
    }
    expect(await sinais(ids[3]!)).toEqual([]);
    expect(await sinais(ids[4]!)).toEqual([{ tipo: TipoSinal.CONTATO_REPETIDO, detalhes: { contatos: [{ tipo: 1, pescadores: 5 }] } }]);
  });

  it('does not compare addresses without a number (S/N): a street is not a house', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const r = await rascunho({ endereco: { numeroLogradouro: 'S/N', logradouro: 'Travessa do Porto' } });
      await enviar(r.p, r.id);
      ids.push(r.id);
    }
    expect(await sinais(ids[4]!)).toEqual([]);
  });
});

describe('an entity or agent filing far above its usual volume', () => {
  it('flags a submission by an agent whose entity sent far more in the last 24 hours than its daily average', async () => {
    const e = await entidadeComAgente();
    const { p, id } = await rascunho();
    await delegar(p, e.id);
    // 25 filings in the last hours by other agents of the entity, and about one a day before.
    await historicoDeEnvios(e.id, cpfComDigitos('777000333'), id, sql`SELECT now() - make_interval(mins => g) FROM generate_series(1, 25) g`);
    await historicoDeEnvios(e.id, cpfComDigitos('777000333'), id, sql`SELECT now() - make_interval(days => g) FROM generate_series(2, 30) g`);
    await enviar(p, id, agente);
    const [s] = await sinais(id);
    expect(s).toEqual({ tipo: TipoSinal.VOLUME_ENTIDADE, detalhes: { entidade: { nome: e.nome, recentes: 26, mediaDiaria: 1 } } });
  });

  it('raises nothing for an honest pair: an entity as busy today as on any day of the month before', async () => {
    const e = await entidadeComAgente();
    const { p, id } = await rascunho();
    await delegar(p, e.id);
    await historicoDeEnvios(e.id, CPF_AGENTE, id, sql`SELECT now() - make_interval(mins => g) FROM generate_series(1, 25) g`);
    await historicoDeEnvios(e.id, CPF_AGENTE, id, sql`SELECT now() - interval '1 day' - make_interval(mins => g * 48) FROM generate_series(1, 900) g`);
    await enviar(p, id, agente);
    expect(await sinais(id)).toEqual([]);
    const { n: envios } = await umaLinha<{ n: number }>(t.db, sql`
      SELECT count(*)::int AS n FROM envio_entidade WHERE solicitacao_id = ${id} AND cpf_agente = ${CPF_AGENTE} AND enviado_em > now() - interval '1 minute'`);
    expect(envios).toBe(1);
  });
});

describe('a municipality where registered fishers exceed a share of its adults', () => {
  it('flags a request from a municipality with more fishers than half its adult population (IBGE)', async () => {
    const { id: municipio } = await umaLinha<{ id: number }>(t.db, sql`
      SELECT id FROM municipio WHERE uf = 'PA' AND id <> ${BELEM} AND id NOT IN (SELECT municipio_id FROM pescador WHERE municipio_id IS NOT NULL) ORDER BY id LIMIT 1`);
    await t.db.execute(sql`INSERT INTO municipio_populacao (municipio_id, populacao_adulta, ano) VALUES (${municipio}, 1, 2022)`);
    const { p, id } = await rascunho({ endereco: { municipio } });
    await enviar(p, id);
    const [s] = await sinais(id);
    expect(s?.tipo).toBe(TipoSinal.MUNICIPIO_ACIMA_POPULACAO);
    expect(s?.detalhes).toMatchObject({ municipioId: municipio, pescadores: 1, populacaoAdulta: 1, ano: 2022, percentual: 100 });
  });

  it('raises nothing where fishers are a small share of the adults', async () => {
    await t.db.execute(sql`INSERT INTO municipio_populacao (municipio_id, populacao_adulta, ano) VALUES (${BELEM}, 1000000, 2022)`);
    const { p, id } = await rascunho();
    await enviar(p, id);
    expect(await sinais(id)).toEqual([]);
  });
});

describe('a CPF the federal registry reports as deceased or cancelled', () => {
  it('flags a deceased holder, and not a merely suspended CPF', async () => {
    const falecido = await rascunho();
    const suspenso = await rascunho();
    await t.db.execute(sql`
      INSERT INTO cpf_situacao_receita (cpf, situacao, atualizado_em) VALUES (${falecido.p.cpf}, 3, '2026-11-02'), (${suspenso.p.cpf}, 1, '2026-11-02')`);
    await enviar(falecido.p, falecido.id);
    await enviar(suspenso.p, suspenso.id);
    expect(await sinais(falecido.id)).toEqual([{ tipo: TipoSinal.CPF_IRREGULAR, detalhes: { situacao: 3, atualizadoEm: '2026-11-02' } }]);
    expect(await sinais(suspenso.id)).toEqual([]);
  });
});

describe('the analyst sees and marks a signal', () => {
  it('lists the signal with its explanation, marks it confirmed with an audit row, and the entity counts it', async () => {
    const e = await entidadeComAgente();
    const { p, id } = await rascunho();
    await delegar(p, e.id);
    await t.db.execute(sql`INSERT INTO cpf_situacao_receita (cpf, situacao, atualizado_em) VALUES (${p.cpf}, 2, '2026-10-01')`);
    await enviar(p, id, agente);
    const analise = await analiseDe(id);

    const lista = await sfpa.api({ method: 'GET', url: `/api/analise-solicitacao/${analise}/sinais` });
    expect(lista.statusCode, lista.body).toBe(200);
    const [sinal] = lista.json().dados as { id: number; explicacao: string; situacao: number; tipoDescricao: string }[];
    expect(sinal).toMatchObject({ situacao: SituacaoSinal.PENDENTE, tipoDescricao: 'CPF irregular na Receita Federal' });
    expect(sinal!.explicacao).toBe('A Receita Federal informa o CPF como "cancelada" (consulta de 01/10/2026).');

    const invalida = await sfpa.api({ method: 'POST', url: `/api/analise-solicitacao/${analise}/sinais/${sinal!.id}/marcacao`, payload: { situacao: 1 } });
    expect(invalida.statusCode).toBe(400);
    expect(invalida.body).toContain('Marque o sinal como revisado ou confirmado.');
    const honesta = await rascunho();
    await enviar(honesta.p, honesta.id);
    const outra = await analiseDe(honesta.id);
    const alheio = await sfpa.api({ method: 'POST', url: `/api/analise-solicitacao/${outra}/sinais/${sinal!.id}/marcacao`, payload: { situacao: 3 } });
    expect(alheio.statusCode).toBe(404);
    const pescador = await p.sessao.api({ method: 'POST', url: `/api/analise-solicitacao/${analise}/sinais/${sinal!.id}/marcacao`, payload: { situacao: 2 } });
    expect(pescador.statusCode).toBe(403);
    // At the ministry's instance, the state's analyst reads the signal but does not mark it.
    await t.db.execute(sql`UPDATE analise_solicitacao SET instancia = 'MPA' WHERE id = ${analise}`);
    const instancia = await sfpa.api({ method: 'POST', url: `/api/analise-solicitacao/${analise}/sinais/${sinal!.id}/marcacao`, payload: { situacao: 2 } });
    expect(instancia.statusCode).toBe(403);
    await t.db.execute(sql`UPDATE analise_solicitacao SET instancia = 'SFPA' WHERE id = ${analise}`);

    const marcado = await sfpa.api({
      method: 'POST', url: `/api/analise-solicitacao/${analise}/sinais/${sinal!.id}/marcacao`, payload: { situacao: 3, observacao: 'Óbito confirmado no cartório.' },
    });
    expect(marcado.statusCode, marcado.body).toBe(200);
    expect(marcado.json().mensagem).toBe('Sinal confirmado.');
    expect(marcado.json().dados).toMatchObject({ situacao: 3, situacaoDescricao: 'Confirmado', observacao: 'Óbito confirmado no cartório.' });
    const auditoria = await umaLinha<{ n: number; pescador: number }>(t.db, sql`
      SELECT count(*)::int AS n, max(pescador_id) AS pescador FROM auditoria WHERE acao = 'SINAL_MARCADO' AND recurso_id = ${String(sinal!.id)}`);
    expect(auditoria).toEqual({ n: 1, pescador: p.id });

    const indicadores = await gestor.api({ method: 'GET', url: `/api/entidades/${e.id}/indicadores` });
    expect(indicadores.statusCode, indicadores.body).toBe(200);
    const meses = indicadores.json().dados as { mes: string; envios: number; indeferimentos: number; sinaisConfirmados: number }[];
    expect(meses).toHaveLength(12);
    expect(meses[0]).toMatchObject({ envios: 1, indeferimentos: 0, sinaisConfirmados: 1 });
    expect((await gestor.api({ method: 'GET', url: '/api/entidades/999999/indicadores' })).statusCode).toBe(404);
  });
});
