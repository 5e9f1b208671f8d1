import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodigoErro } from '../../../shared/codigos-erro';
import { hojeSaoPaulo } from '../../../shared/datas';
import { MENSAGENS_REAP } from '../../../shared/regras/reap';
import { createTestApp, entrarComo, executarJobsPendentes, type Sessao, type TestApp } from '../../test/helpers';
import { multipart, pdf } from '../documento/documento.fixtures';
import { novoPescador, type Pescador } from '../solicitacao/passos.test-utils';
import { artesanalCompleto, definirPrazo, idDoAno, pescadorComRgp } from './reap.test-utils';

let t: TestApp;
let gestor: Sessao;
let sfpa: Sessao;

beforeAll(async () => {
  t = await createTestApp();
  gestor = await entrarComo(t.app, '10000000108');
  sfpa = await entrarComo(t.app, '30000000388');
  // 2024 open the whole of 2026 (today is in it), 2023 closed long ago, 2025 closed too (its exception is tested).
  await definirPrazo(t.db, 2024, '2026-01-01', '2026-12-31');
  await definirPrazo(t.db, 2023, '2024-01-01', '2024-03-31');
  await definirPrazo(t.db, 2025, '2020-01-01', '2020-01-31');
}, 60_000);
afterAll(async () => {
  await t.close();
});

const gerar = (p: Pescador) => p.sessao.api({ method: 'POST', url: `/api/reap/gerar-reap-pescador/${p.id}` });
const pendentes = (p: Pescador) => p.sessao.api({ method: 'GET', url: `/api/reap/listar-reap-pendente-pescador/${p.id}` });
const salvar = (p: Pescador, corpo: Record<string, unknown>) => p.sessao.api({ method: 'POST', url: '/api/reap/questionario-basico', payload: corpo });
const industrial = (p: Pescador, corpo: Record<string, unknown>) => p.sessao.api({
  method: 'POST', url: '/api/reap/questionario-basico/industrial', payload: corpo,
});
const enviarDoc = (p: Pescador, campos: Record<string, string | number>, url = '/api/documentos/reap') => p.sessao.api({
  method: 'POST', url, ...multipart(campos, [{ nome: 'justificativa.pdf', bytes: pdf() }]),
});

async function pescadorGerado(n: number, o: Parameters<typeof pescadorComRgp>[2] = {}): Promise<Pescador> {
  const p = await pescadorComRgp(t, n, o);
  expect((await gerar(p)).statusCode).toBe(200);
  return p;
}

describe('obligations and the pending-REAP generation', () => {
  it('owes every year from the first RGP date to the last closed year, with the months of the first year', async () => {
    const p = await pescadorComRgp(t, 8101, { dataPrimeiroRgp: '2023-06-15' });
    const res = await pendentes(p);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toEqual([
      { ano: 2023, status: 'toCreate', months: [6, 7, 8, 9, 10, 11, 12] },
      { ano: 2024, status: 'toCreate', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
      { ano: 2025, status: 'toCreate', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
    ]);
  });

  it('generates the pending REAPs once: again, or twice at the same moment, creates nothing twice', async () => {
    const p = await pescadorComRgp(t, 8102, { dataPrimeiroRgp: '2023-06-15' });
    const [a, b] = await Promise.all([gerar(p), gerar(p)]);
    const codigos = [a.statusCode, b.statusCode].sort();
    expect(codigos).toEqual([200, 406]);
    const ok = a.statusCode === 200 ? a : b;
    expect(ok.json().mensagem).toBe(MENSAGENS_REAP.geradas);
    expect(ok.json().dados.criadas).toHaveLength(3);
    const again = await gerar(p);
    expect(again.statusCode).toBe(406);
    expect(again.json().mensagem).toBe(MENSAGENS_REAP.semPendencias);
    expect(again.json().codigoErro).toBe(CodigoErro.REAP_SEM_PENDENCIAS);
    const { rows } = await t.db.execute<{ n: number; s: number }>(sql`
      SELECT count(*)::int AS n, count(DISTINCT s.id)::int AS s FROM reap_questionario q JOIN solicitacao s ON s.id = q.solicitacao_id
      WHERE q.pescador_id = ${p.id} AND s.tipo = 4 AND s.situacao = 8`);
    expect(rows[0]).toEqual({ n: 3, s: 3 });
    expect((await pendentes(p)).json().dados.map((i: { status: string }) => i.status)).toEqual(['pending', 'pending', 'pending']);
  });

  it('owes nothing to a fisher without an RGP number', async () => {
    const sem = await pescadorComRgp(t, 8103);
    await t.db.execute(sql`UPDATE pescador SET numero_rgp = NULL WHERE id = ${sem.id}`);
    expect((await pendentes(sem)).json().dados).toEqual([]);
    expect((await gerar(sem)).statusCode).toBe(406);
  });

  it('lists the obligations of the fisher with their window and next step', async () => {
    const p = await pescadorGerado(8104, { dataPrimeiroRgp: '2023-01-10' });
    const res = await p.sessao.api({ method: 'GET', url: `/api/reap/pescador-consultar-obrigacoes/filtro?idPescador=${p.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const obrigacoes = res.json().dados.obrigacoes as { anoReferencia: number; noPrazo: boolean; enviada: boolean; situacao: number }[];
    expect(obrigacoes.map((o) => [o.anoReferencia, o.noPrazo, o.enviada, o.situacao])).toEqual([
      [2025, true, false, 8], [2024, true, false, 8], [2023, false, false, 8],
    ]);
    const um = await p.sessao.api({ method: 'GET', url: `/api/reap/obter-obrigacao/${await idDoAno(t.db, p.id, 2024)}` });
    expect(um.json().dados).toMatchObject({ anoReferencia: 2024, inicioPreenchimento: '2026-01-01', fimPreenchimento: '2026-12-31', noPrazo: true });
  });
});

describe("the fisher's situation: what is owed until when, or why nothing is", () => {
  const situacao = (p: Pescador) => p.sessao.api({ method: 'GET', url: `/api/reap/situacao-pescador/${p.id}` });
  const anoAtual = Number(hojeSaoPaulo(new Date()).slice(0, 4));

  it("answers each year owed and not sent with its window's end, whether generated or not", async () => {
    const p = await pescadorComRgp(t, 8111, { dataPrimeiroRgp: '2023-06-15' });
    const res = await situacao(p);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toEqual({
      devidas: [
        { ano: 2023, fimPreenchimento: '2024-03-31' },
        { ano: 2024, fimPreenchimento: '2026-12-31' },
        { ano: 2025, fimPreenchimento: '2020-01-31' },
      ],
      motivo: null,
      anoInicioRegistro: 2023,
      anosSuspensao: [],
    });
  });

  it('answers null for a year owed without a window', async () => {
    const p = await pescadorComRgp(t, 8112, { dataPrimeiroRgp: '2022-02-01' });
    const res = await situacao(p);
    expect(res.json().dados.devidas[0]).toEqual({ ano: 2022, fimPreenchimento: null });
  });

  it('says a fisher without an RGP number owes nothing because of it', async () => {
    const p = await novoPescador(t, 8113);
    const res = await situacao(p);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toEqual({ devidas: [], motivo: 'semRgp', anoInicioRegistro: null, anosSuspensao: [] });
  });

  it('says a registry begun this year owes nothing yet, naming the year', async () => {
    const p = await pescadorComRgp(t, 8114, { dataPrimeiroRgp: `${anoAtual}-02-10` });
    const res = await situacao(p);
    expect(res.json().dados).toEqual({ devidas: [], motivo: 'registroRecente', anoInicioRegistro: anoAtual, anosSuspensao: [] });
  });

  it('drops a year once sent, and says every REAP was sent when none is left', async () => {
    const p = await pescadorGerado(8115, { dataPrimeiroRgp: '2025-05-01' });
    expect((await situacao(p)).json().dados.devidas).toEqual([{ ano: 2025, fimPreenchimento: '2020-01-31' }]);
    const id2025 = await idDoAno(t.db, p.id, 2025);
    const meses = [{ mesReferencia: 5, quantidadeDiasTrabalhados: 10 }];
    const envio = await salvar(p, artesanalCompleto(id2025, 2025, { reapsArtesanais: meses, totalDiasTrabalhadoAno: 10, enviada: true }));
    expect(envio.statusCode, envio.body).toBe(200);
    expect((await situacao(p)).json().dados).toEqual({ devidas: [], motivo: 'todasEnviadas', anoInicioRegistro: 2025, anosSuspensao: [] });
  });
});

describe('the artesanal REAP', () => {
  let p: Pescador;
  let id2024 = 0;
  let id2025 = 0;
  let id2023 = 0;
  beforeAll(async () => {
    p = await pescadorGerado(8201, { dataPrimeiroRgp: '2023-01-10' });
    id2023 = await idDoAno(t.db, p.id, 2023);
    id2024 = await idDoAno(t.db, p.id, 2024);
    id2025 = await idDoAno(t.db, p.id, 2025);
  });

  it('keeps a draft as often as the fisher saves, incomplete as it is', async () => {
    const parcial = { id: id2024, anoReferencia: 2024, realizouPesca: true, reapsArtesanais: [{ mesReferencia: 1, quantidadeDiasTrabalhados: 5 }], enviada: false };
    const r1 = await salvar(p, parcial);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json().mensagem).toBe(MENSAGENS_REAP.rascunhoSalvo);
    const r2 = await salvar(p, artesanalCompleto(id2024, 2024));
    expect(r2.statusCode, r2.body).toBe(200);
    const q = (await p.sessao.api({ method: 'GET', url: `/api/reap/questionario-basico/${id2024}` })).json().dados;
    expect(q).toMatchObject({ enviada: false, iniciada: true, realizouPesca: true, totalDiasTrabalhadoAno: 120, tipoPrestacaoServico: 1 });
    expect(q.resultadosOperacaoPesca).toHaveLength(2);
    expect(q.resultadosOperacaoPesca[0]).toMatchObject({ totalPescado: 1234.567, precoQuilo: 12.5, especiePescado: { id: 1 } });
    expect(q.resultadosOperacaoPesca[0].especiePescado.nome).toEqual(expect.any(String));
    expect(q.reapsArtesanais).toHaveLength(12);
    expect(q.codigoVerificacao).toBeNull();
  });

  const casos: [string, Record<string, unknown>, string][] = [
    ['realizouPesca empty', { realizouPesca: null }, MENSAGENS_REAP.realizouPesca],
    ['no work relation', { tipoPrestacaoServico: null }, MENSAGENS_REAP.tipoPrestacaoServico],
    ['commerce without a state', { ufsComercializacao: [{ uf: null, comercializacoesPescado: [{ tipoComprador: 1 }] }] }, MENSAGENS_REAP.ufComercializacao],
    ['commerce without a buyer', { ufsComercializacao: [{ uf: 'PA', comercializacoesPescado: [] }] }, MENSAGENS_REAP.comprador],
    ['no fishing area', { locaisPescaPetrecho: [] }, MENSAGENS_REAP.areaPesca],
    ['no gear', { locaisPescaPetrecho: [{ ambientePesca: 1, areaPretendidaPesca: { idMunicipio: 1501402, tipoLocalPesca: 1 } }] }, MENSAGENS_REAP.petrecho],
    ['no environment', { locaisPescaPetrecho: [{ petrechoPesca: 1, areaPretendidaPesca: { idMunicipio: 1501402, tipoLocalPesca: 1 } }] }, MENSAGENS_REAP.ambiente],
    ['no target group', { gruposAlvosPescado: [] }, MENSAGENS_REAP.grupoAlvo],
    ['an operation missing its price', { resultadosOperacaoPesca: [{ especiePescado: { id: 1 }, tipoUnidadeMedida: { id: 1 }, totalPescado: 3 }] }, MENSAGENS_REAP.operacao],
    ['no operation', { resultadosOperacaoPesca: [] }, MENSAGENS_REAP.operacao],
    ['a month without days', {
      reapsArtesanais: Array.from({ length: 11 }, (_, i) => ({ mesReferencia: i + 1, quantidadeDiasTrabalhados: 10 })), totalDiasTrabalhadoAno: 110,
    }, MENSAGENS_REAP.diasTodosMeses],
    ['a total that is not the sum of the months', { totalDiasTrabalhadoAno: 200 }, MENSAGENS_REAP.totalDias],
    ['not fished, no justification', { realizouPesca: false }, MENSAGENS_REAP.justificativa],
  ];

  it.each(casos)('refuses to send with %s, with the spec message at the field', async (_, extra, mensagem) => {
    const res = await salvar(p, artesanalCompleto(id2024, 2024, { ...extra, enviada: true }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().erros.some((e: string) => e.endsWith(mensagem))).toBe(true);
    expect(res.json().mensagem).toBe(mensagem);
  });

  it("checks each month's days against the month: 'O mês de fevereiro possui 29 dias.' in 2024", async () => {
    const meses = Array.from({ length: 12 }, (_, i) => ({ mesReferencia: i + 1, quantidadeDiasTrabalhados: i === 1 ? 30 : 10 }));
    const res = await salvar(p, artesanalCompleto(id2024, 2024, { reapsArtesanais: meses, totalDiasTrabalhadoAno: 140, enviada: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().erros).toContain('reapsArtesanais.1.quantidadeDiasTrabalhados: O mês de fevereiro possui 29 dias.');
  });

  it('refuses an unknown species or municipality at the field', async () => {
    const res = await salvar(p, artesanalCompleto(id2024, 2024, {
      resultadosOperacaoPesca: [{ especiePescado: { id: 999_999 }, tipoUnidadeMedida: { id: 1 }, totalPescado: 1, precoQuilo: 1 }],
    }));
    expect(res.statusCode).toBe(400);
    expect(res.json().erros).toContain('resultadosOperacaoPesca.0.especiePescado.id: Espécie não encontrada');
  });

  it("refuses a year outside its window with 'REAP não está no prazo de preenchimento'", async () => {
    const res = await salvar(p, artesanalCompleto(id2023, 2023));
    expect(res.statusCode).toBe(406);
    expect(res.json().mensagem).toBe(MENSAGENS_REAP.foraDoPrazo);
    expect(res.json().codigoErro).toBe(CodigoErro.REAP_FORA_DO_PRAZO);
  });

  it('takes 2025 outside its window, without the days of every month', async () => {
    const meses = [{ mesReferencia: 3, quantidadeDiasTrabalhados: 12 }];
    const res = await salvar(p, artesanalCompleto(id2025, 2025, { reapsArtesanais: meses, totalDiasTrabalhadoAno: 12, enviada: true }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe(MENSAGENS_REAP.salva);
    expect(res.json().dados).toMatchObject({ enviada: true, situacao: 9, totalDiasTrabalhadoAno: 12 });
    expect(res.json().dados.codigoVerificacao).toMatch(/^[A-Z2-9]{16}$/);
  });

  it('sends once: the second send answers REAP já foi enviada, and a sent REAP is read-only', async () => {
    const res = await salvar(p, artesanalCompleto(id2024, 2024, { enviada: true }));
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.db.execute<{ situacao: number; numero_protocolo: string | null }>(sql`
      SELECT s.situacao, s.numero_protocolo FROM solicitacao s JOIN reap_questionario q ON q.solicitacao_id = s.id WHERE q.id = ${id2024}`);
    expect(rows[0]!.situacao).toBe(9);
    expect(rows[0]!.numero_protocolo).toMatch(/^\d{13}$/);
    const segunda = await salvar(p, artesanalCompleto(id2024, 2024, { enviada: true }));
    expect(segunda.statusCode).toBe(406);
    expect(segunda.json().mensagem).toBe(MENSAGENS_REAP.jaEnviada);
    expect(segunda.json().codigoErro).toBe(CodigoErro.REAP_JA_ENVIADA);
    const rascunho = await salvar(p, artesanalCompleto(id2024, 2024, { enviada: false }));
    expect(rascunho.statusCode).toBe(406);
    expect(rascunho.json().mensagem).toBe(MENSAGENS_REAP.jaEnviada);
    expect(rascunho.json().codigoErro).toBe(CodigoErro.REAP_JA_ENVIADA);
  });

  it('prints the receipt (2ª via) of a sent REAP, and refuses one not sent', async () => {
    const res = await p.sessao.api({ method: 'GET', url: `/api/reap/${id2024}/comprovante` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const outro = await pescadorGerado(8202, { dataPrimeiroRgp: '2024-01-10' });
    const nao = await outro.sessao.api({ method: 'GET', url: `/api/reap/${await idDoAno(t.db, outro.id, 2024)}/comprovante` });
    expect(nao.statusCode).toBe(406);
    expect(nao.json().mensagem).toBe(MENSAGENS_REAP.naoEnviadaComprovante);
  });
});

describe('two sends at the same moment', () => {
  it('lets exactly one succeed', async () => {
    const p = await pescadorGerado(8301, { dataPrimeiroRgp: '2024-02-01' });
    const id = await idDoAno(t.db, p.id, 2024);
    const corpo = artesanalCompleto(id, 2024, { enviada: true });
    const respostas = await Promise.all([salvar(p, corpo), salvar(p, corpo), salvar(p, corpo)]);
    const codigos = respostas.map((r) => r.statusCode).sort();
    expect(codigos).toEqual([200, 406, 406]);
    for (const r of respostas.filter((x) => x.statusCode === 406)) {
      expect(r.json().mensagem).toBe(MENSAGENS_REAP.jaEnviada);
      expect(r.json().codigoErro).toBe(CodigoErro.REAP_JA_ENVIADA);
    }
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM solicitacao_historico h JOIN reap_questionario q ON q.solicitacao_id = h.solicitacao_id
      WHERE q.id = ${id} AND h.situacao_nova = 9`);
    expect(rows[0]!.n).toBe(1);
  });
});

describe('justification documents of a year without fishing', () => {
  it('takes up to 3, removes one, and needs no file to send the justification', async () => {
    const p = await pescadorGerado(8401, { dataPrimeiroRgp: '2024-02-01' });
    const id = await idDoAno(t.db, p.id, 2024);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await enviarDoc(p, { idQuestionarioBasico: id, tipo: 6 });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().dados.documentos[0].id as number);
    }
    const quarto = await enviarDoc(p, { idQuestionarioBasico: id, tipo: 6 });
    expect(quarto.statusCode).toBe(400);
    expect(quarto.json().mensagem).toBe(MENSAGENS_REAP.maxJustificativa);
    expect(quarto.json()).toMatchObject({ erros: [MENSAGENS_REAP.maxJustificativa], codigoErro: CodigoErro.ARQUIVO_INVALIDO });
    expect((await p.sessao.api({ method: 'DELETE', url: `/api/documentos/reap/${id}/documento/${ids[0]}` })).statusCode).toBe(204);
    await executarJobsPendentes(t);
    expect((await enviarDoc(p, { idQuestionarioBasico: id, tipo: 6 })).statusCode).toBe(200);
    const q = (await p.sessao.api({ method: 'GET', url: `/api/reap/questionario-basico/${id}` })).json().dados;
    expect(q.documentosJustificativa).toHaveLength(3);

    const corpo = { id, anoReferencia: 2024, realizouPesca: false, justificativasSolicitacao: [{ justificativaNaoDeclaracao: 1 }], enviada: true };
    expect((await salvar(p, corpo)).statusCode).toBe(200);
    const depois = await enviarDoc(p, { idQuestionarioBasico: id, tipo: 6 });
    expect(depois.statusCode).toBe(406);
    expect(depois.json().mensagem).toBe(MENSAGENS_REAP.jaEnviada);
    expect(depois.json().codigoErro).toBe(CodigoErro.REAP_JA_ENVIADA);
    expect((await p.sessao.api({ method: 'DELETE', url: `/api/documentos/reap/${id}/documento/${ids[1]}` })).statusCode).toBe(406);
  });
});

describe('the industrial REAP', () => {
  it('needs a work-relation file to send, then sends once', async () => {
    const p = await pescadorGerado(8501, { dataPrimeiroRgp: '2024-02-01', categoria: 1 });
    const id = await idDoAno(t.db, p.id, 2024);
    const corpo = { id, tipoPrestacaoServico: 4, realizouPesca: true, categoria: 1, anoReferencia: 2024, enviada: true };
    const semArquivo = await industrial(p, corpo);
    expect(semArquivo.statusCode).toBe(400);
    expect(semArquivo.json().mensagem).toBe(MENSAGENS_REAP.documentoRelacaoTrabalho);
    const semTipo = await industrial(p, { ...corpo, tipoPrestacaoServico: null });
    expect(semTipo.json().mensagem).toBe(MENSAGENS_REAP.tipoPrestacaoServico);
    const rascunho = await industrial(p, { ...corpo, enviada: false });
    expect(rascunho.json().mensagem).toBe(MENSAGENS_REAP.industrialSalva);
    // The artesanal form and the justification documents are not for an industrial REAP.
    expect((await salvar(p, artesanalCompleto(id, 2024))).statusCode).toBe(400);
    expect((await enviarDoc(p, { idQuestionarioBasico: id, tipo: 6 })).statusCode).toBe(400);
    const doc = await enviarDoc(p, { idReapIndustrial: id, tipo: 7 }, '/api/documentos/reap-industrial');
    expect(doc.statusCode, doc.body).toBe(200);
    const res = await industrial(p, corpo);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe(MENSAGENS_REAP.salva);
    expect(res.json().dados.documentoRelacaoTrabalho).toHaveLength(1);
    const outra = await industrial(p, corpo);
    expect(outra.statusCode).toBe(406);
    expect(outra.json().mensagem).toBe(MENSAGENS_REAP.jaEnviada);
    expect(outra.json().codigoErro).toBe(CodigoErro.REAP_JA_ENVIADA);
  });
});

describe('the staff obligations list', () => {
  it('filters in SQL, paginates, scopes SFPA to its states, and audits each view', async () => {
    const pa = await pescadorGerado(8601, { dataPrimeiroRgp: '2024-02-01' });
    const sp = await pescadorGerado(8602, { dataPrimeiroRgp: '2024-02-01', uf: 'SP' });
    const url = (q: string) => `/api/reap/consultar-obrigacoes/filtro?${q}`;
    const porCpf = await gestor.api({ method: 'GET', url: url(`cpf=${pa.cpf}`) });
    expect(porCpf.statusCode, porCpf.body).toBe(200);
    expect(porCpf.json().dados.total).toBe(2);
    expect(porCpf.json().dados.obrigacoes[0]).toMatchObject({ idPescador: pa.id, uf: 'PA', nomeMunicipio: 'Belém', enviada: false });
    const pagina = await gestor.api({ method: 'GET', url: url(`cpf=${pa.cpf}&tamanhoPagina=1&pagina=2&anoReferencia=2024`) });
    expect(pagina.json().dados).toMatchObject({ total: 1, pagina: 2, obrigacoes: [] });
    const spGestor = await gestor.api({ method: 'GET', url: url(`cpf=${sp.cpf}`) });
    expect(spGestor.json().dados.total).toBe(2);
    const spSfpa = await sfpa.api({ method: 'GET', url: url(`cpf=${sp.cpf}`) });
    expect(spSfpa.statusCode).toBe(200);
    expect(spSfpa.json().dados.total).toBe(0);
    const todosSfpa = await sfpa.api({ method: 'GET', url: url('uf=SP') });
    expect(todosSfpa.json().dados.total).toBe(0);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE recurso = 'reap/obrigacoes-servidor' AND cpf_ator = '10000000108'`);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(3);
    const { rows: semCpf } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE recurso = 'reap/obrigacoes-servidor' AND detalhes::text LIKE ${`%${pa.cpf}%`}`);
    expect(semCpf[0]!.n).toBe(0);
  });

  it('hands the pending ones of the filters as CSV', async () => {
    const p = await pescadorGerado(8701, { dataPrimeiroRgp: '2024-02-01' });
    const id = await idDoAno(t.db, p.id, 2024);
    expect((await salvar(p, artesanalCompleto(id, 2024, { enviada: true }))).statusCode).toBe(200);
    const res = await gestor.api({ method: 'GET', url: `/api/reap/consultar-obrigacoes/csv?cpf=${p.cpf}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const linhas = res.body.trim().split('\r\n');
    expect(linhas[0]).toBe('ano_referencia;cpf;nome;numero_rgp;uf;municipio;categoria;situacao');
    // 2024 is sent: only 2025 is pending.
    expect(linhas).toHaveLength(2);
    expect(linhas[1]).toMatch(new RegExp(`^2025;${p.cpf};.*;PA;Belém;Artesanal;Pendente$`));
  });
});

describe('filling windows', () => {
  it('are set by GESTOR and ADMIN, validated, audited', async () => {
    const res = await gestor.api({ method: 'PUT', url: '/api/reap/prazos/2030', payload: { inicioPreenchimento: '2031-01-01', fimPreenchimento: '2031-05-31' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe(MENSAGENS_REAP.prazoSalvo);
    const lista = await gestor.api({ method: 'GET', url: '/api/reap/prazos' });
    expect(lista.json().dados).toContainEqual({
      anoReferencia: 2030, inicioPreenchimento: '2031-01-01', fimPreenchimento: '2031-05-31', atoNormativo: null, obrigacoes: null, aviso: null, suspensao: null,
    });
    const invertido = await gestor.api({ method: 'PUT', url: '/api/reap/prazos/2030', payload: { inicioPreenchimento: '2031-06-01', fimPreenchimento: '2031-05-31' } });
    expect(invertido.statusCode).toBe(400);
    expect((await sfpa.api({ method: 'PUT', url: '/api/reap/prazos/2030', payload: { inicioPreenchimento: '2031-01-01', fimPreenchimento: '2031-05-31' } })).statusCode).toBe(403);
  });

  it('the seeds give the current reference year a window', async () => {
    const ano = new Date().getUTCFullYear() - 1;
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM reap_prazo WHERE ano_referencia = ${ano}`);
    expect(rows[0]!.n).toBe(1);
  });
});
