import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfComDigitos, formatCpf } from '../../../shared/cpf';
import { hojeSaoPaulo } from '../../../shared/datas';
import { SituacaoRegistro, TipoNotificacao } from '../../../shared/enums';
import { MENSAGENS_LOTE, ResultadoLote, SituacaoLote } from '../../../shared/schemas/lote';
import { createTestApp, entrarComo, executarJobsPendentes, type Sessao, type TestApp } from '../../test/helpers';
import { iniciarSmtpDeTeste, type EmailRecebido } from '../../test/smtp-de-teste';
import { multipart } from '../documento/documento.fixtures';
import { MOTIVO_FIM_SUSPENSAO } from '../pescador/pescador.service';
import { criarAtoVigente, criarPescadores } from './lote.fixtures';

/** Batch processing (issue 12): each rule and message, each per-CPF outcome, notifications, history, e-mail, locks. */
let t: TestApp;
let gestor: Sessao;
let ato: number;
let smtp: Awaited<ReturnType<typeof iniciarSmtpDeTeste>>;
let recebidos: EmailRecebido[] = [];
const CPF_GESTOR = '10000000108';

function diaMais(dias: number): string {
  const d = new Date(`${hojeSaoPaulo()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  // A real SMTP server in the test: the product's e-mail adapter talks SMTP to it.
  smtp = await iniciarSmtpDeTeste();
  recebidos = smtp.recebidos;
  t = await createTestApp({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.porta), SMTP_TLS: 'false', LOTE_TAMANHO_BLOCO: '100' } });
  gestor = await entrarComo(t.app, CPF_GESTOR);
  ato = await criarAtoVigente(t.db);
  await t.db.execute(sql`
    UPDATE usuario_mapa SET email = 'gestora@mpa.gov.br' WHERE usuario_id = (SELECT id FROM usuario WHERE cpf = ${CPF_GESTOR})`);
});
afterAll(async () => {
  await t?.close();
  await smtp?.fechar();
});

async function situacoes(cpfs: string[]): Promise<Record<string, number | null>> {
  const { rows } = await t.db.execute<{ cpf: string; s: number | null }>(sql`
    SELECT cpf, situacao_registro AS s FROM pescador WHERE cpf = ANY(${`{${cpfs.join(',')}}`}::char(11)[])`);
  return Object.fromEntries(rows.map((r) => [r.cpf, r.s]));
}

const campos = (tipo: number, extra: Record<string, unknown> = {}) => ({
  atoNormativo: ato, tipo, orgaoSolicitante: 'sfpa-pa', justificativa: 'Auditoria encontrou registros irregulares.', ...extra,
});

describe('POST /api/lote-pescador/manual', () => {
  it('suspends until a date: each per-CPF outcome, upper-cased agency, history lines, suspension notifications, audit', async () => {
    const [a1, a2, a3] = await criarPescadores(t.db, 810_000_000, 3, SituacaoRegistro.ATIVO);
    const [suspenso] = await criarPescadores(t.db, 810_000_100, 1, SituacaoRegistro.SUSPENSO);
    const [cancelado] = await criarPescadores(t.db, 810_000_200, 1, SituacaoRegistro.CANCELADO);
    const desconhecido = cpfComDigitos(810_000_300);
    const ate = diaMais(30);
    const res = await gestor.api({
      method: 'POST', url: '/api/lote-pescador/manual',
      payload: {
        ...campos(2, { dataLimiteSuspensao: ate }),
        listaCpfPescador: [formatCpf(a1!), a2, a3, suspenso, cancelado, desconhecido, '123.456.789-00', 'abc', formatCpf(a2!)],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const corpo = res.json();
    expect(corpo.mensagem).toBe('processamento concluído com sucesso!');
    expect(corpo.dados.itens.map((i: { resultado: number }) => i.resultado)).toEqual([
      ResultadoLote.PROCESSADO, ResultadoLote.PROCESSADO, ResultadoLote.PROCESSADO, ResultadoLote.JA_NA_SITUACAO,
      ResultadoLote.NAO_PERMITIDO, ResultadoLote.CPF_NAO_ENCONTRADO, ResultadoLote.CPF_INVALIDO, ResultadoLote.CPF_INVALIDO,
      ResultadoLote.CPF_REPETIDO,
    ]);
    expect(corpo.dados.itens[0].cpf).toBe(formatCpf(a1!));
    const lote = corpo.dados.lote;
    expect(lote).toMatchObject({
      tipo: 2, formaProcessamento: false, orgaoSolicitante: 'SFPA-PA', dataLimiteSuspensao: ate, situacao: SituacaoLote.CONCLUIDO,
      total: 9, concluidos: 9,
      totais: { processados: 3, naoEncontrados: 1, invalidos: 2, jaNaSituacao: 1, naoPermitidos: 1, repetidos: 1 },
    });
    expect(await situacoes([a1!, a2!, a3!, suspenso!, cancelado!])).toEqual({
      [a1!]: 6, [a2!]: 6, [a3!]: 6, [suspenso!]: 6, [cancelado!]: 2,
    });
    const { rows: hist } = await t.db.execute<Record<string, unknown>>(sql`
      SELECT h.situacao_anterior, h.situacao_nova, h.lote_id, h.ato_normativo_id, h.suspenso_ate, h.cpf_ator, h.motivo
      FROM pescador_historico_situacao h JOIN pescador p ON p.id = h.pescador_id WHERE p.cpf = ${a1!}`);
    expect(hist).toHaveLength(1);
    expect(hist[0]).toMatchObject({
      situacao_anterior: 1, situacao_nova: 6, lote_id: lote.id, ato_normativo_id: ato, suspenso_ate: ate, cpf_ator: CPF_GESTOR,
    });
    expect(hist[0]!.motivo).toContain(`Lote nº ${lote.id}`);
    expect(hist[0]!.motivo).toContain('Portaria SAP/MPA nº 123/2025');
    const { rows: notif } = await t.db.execute<{ cpf: string; tipo: number; conteudo: string }>(sql`
      SELECT p.cpf, n.tipo, n.conteudo FROM notificacao n JOIN pescador p ON p.id = n.pescador_id
      WHERE p.cpf = ANY(${`{${[a1, a2, a3, suspenso, cancelado].join(',')}}`}::char(11)[]) ORDER BY p.cpf`);
    expect(notif.map((n) => n.cpf).sort()).toEqual([a1, a2, a3].sort());
    expect(notif.every((n) => n.tipo === TipoNotificacao.SUSPENSAO)).toBe(true);
    expect(notif[0]!.conteudo).toContain('SUSPENSO até');
    const { rows: aud } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'LOTE_PESCADOR_CRIADO' AND recurso_id = ${String(lote.id)}`);
    expect(aud[0]!.n).toBe(1);
  });

  it('cancels with notification tipo 2; reactivates only a suspended registry, never a cancelled one', async () => {
    const [ativo, cancelar] = await criarPescadores(t.db, 811_000_000, 2, SituacaoRegistro.ATIVO);
    const [suspenso] = await criarPescadores(t.db, 811_000_100, 1, SituacaoRegistro.SUSPENSO);
    const c = await gestor.api({ method: 'POST', url: '/api/lote-pescador/manual', payload: { ...campos(1), listaCpfPescador: [cancelar] } });
    expect(c.json().dados.itens[0].resultado).toBe(ResultadoLote.PROCESSADO);
    const { rows } = await t.db.execute<{ tipo: number }>(sql`
      SELECT n.tipo FROM notificacao n JOIN pescador p ON p.id = n.pescador_id WHERE p.cpf = ${cancelar!}`);
    expect(rows).toEqual([{ tipo: TipoNotificacao.CANCELAMENTO }]);
    const r = await gestor.api({
      method: 'POST', url: '/api/lote-pescador/manual', payload: { ...campos(3), listaCpfPescador: [cancelar, suspenso, ativo] },
    });
    expect(r.json().dados.itens.map((i: { resultado: number }) => i.resultado))
      .toEqual([ResultadoLote.NAO_PERMITIDO, ResultadoLote.PROCESSADO, ResultadoLote.JA_NA_SITUACAO]);
    expect(await situacoes([cancelar!, suspenso!, ativo!])).toEqual({ [cancelar!]: 2, [suspenso!]: 1, [ativo!]: 1 });
  });

  it('refuses a suspension without its date, an unknown act, a past date and an empty list, with the field named', async () => {
    const casos: [Record<string, unknown>, string][] = [
      [{ ...campos(2), listaCpfPescador: ['1'] }, `dataLimiteSuspensao: ${MENSAGENS_LOTE.dataLimiteObrigatoria}`],
      [{ ...campos(1, { atoNormativo: 999_999 }), listaCpfPescador: ['1'] }, `atoNormativo: ${MENSAGENS_LOTE.atoInexistente}`],
      [{ ...campos(2, { dataLimiteSuspensao: hojeSaoPaulo() }), listaCpfPescador: ['1'] }, `dataLimiteSuspensao: ${MENSAGENS_LOTE.dataLimiteFutura}`],
      [{ ...campos(1), listaCpfPescador: [] }, `listaCpfPescador: ${MENSAGENS_LOTE.listaVazia}`],
      [{ ...campos(4), listaCpfPescador: ['1'] }, 'tipo: Tipo de processamento inválido'],
    ];
    for (const [payload, erro] of casos) {
      const res = await gestor.api({ method: 'POST', url: '/api/lote-pescador/manual', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().erros).toContain(erro);
    }
  });

  it('answers a batch larger than one page of outcomes whole and in order, and its CSV likewise (written in pieces)', async () => {
    // 12,000 CPFs (3 pages of 5,000 read back): 20 fishers, the rest unknown, every 1,000th malformed.
    const existentes = await criarPescadores(t.db, 816_000_000, 20, SituacaoRegistro.ATIVO);
    const lista = Array.from({ length: 12_000 }, (_, i) => {
      if (i < 20) return existentes[i]!;
      return i % 1000 === 0 ? `CPF-${i}` : cpfComDigitos(817_000_000 + i);
    });
    const res = await gestor.api({ method: 'POST', url: '/api/lote-pescador/manual', payload: { ...campos(1), listaCpfPescador: lista } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const corpo = res.json();
    expect(corpo).toMatchObject({ codigo: 200, mensagem: MENSAGENS_LOTE.concluido, dados: { lote: { total: 12_000, concluidos: 12_000, situacao: 2 } } });
    const itens = corpo.dados.itens as { cpf: string; resultado: number }[];
    expect(itens).toHaveLength(12_000);
    expect(itens.slice(0, 20).every((i) => i.resultado === ResultadoLote.PROCESSADO)).toBe(true);
    expect(itens[5_001]).toEqual({ cpf: formatCpf(cpfComDigitos(817_005_001)), resultado: ResultadoLote.CPF_NAO_ENCONTRADO });
    expect(itens[11_000]).toEqual({ cpf: lista[11_000], resultado: ResultadoLote.CPF_INVALIDO });
    expect(itens.filter((i) => i.resultado === ResultadoLote.CPF_INVALIDO)).toHaveLength(11);
    expect(corpo.dados.lote.totais).toMatchObject({ processados: 20, invalidos: 11, naoEncontrados: 12_000 - 20 - 11 });
    const csv = await gestor.api({ method: 'GET', url: `/api/pescador/lote/${corpo.dados.lote.id}/resultado` });
    expect(csv.statusCode).toBe(200);
    const linhas = csv.body.split('\r\n').filter(Boolean);
    expect(linhas).toHaveLength(12_001);
    expect(linhas[10_001]).toBe('10001;CPF-10000;CPF inválido;');
    expect(linhas[10_002]).toBe(`10002;${formatCpf(cpfComDigitos(817_010_001))};CPF não encontrado;`);
  });
});

describe('POST /api/lote-pescador/automatico', () => {
  const enviar = (campo: Record<string, string | number>, arquivos: { nome: string; bytes: Buffer }[]) => {
    const m = multipart(campo, arquivos);
    return gestor.api({ method: 'POST', url: '/api/lote-pescador/automatico', payload: m.payload, headers: m.headers });
  };
  const texto = (linhas: string[]) => Buffer.from(linhas.join('\n'));

  it("answers the specification's messages: one file, 70 KB, allowed type, and the suspension's date", async () => {
    const umCpf = texto([cpfComDigitos(1)]);
    let res = await enviar(campos(1) as never, [{ nome: 'a.txt', bytes: umCpf }, { nome: 'b.txt', bytes: umCpf }]);
    expect(res.json().mensagem).toBe('Só é possivel adicionar 1 arquivo de lote por processamento!');
    res = await enviar(campos(1) as never, [{ nome: 'a.txt', bytes: Buffer.alloc(70 * 1024 + 1, '1') }]);
    expect(res.json().mensagem).toBe('O documento não pode ser maior que 70kb');
    res = await enviar(campos(1) as never, [{ nome: 'a.pdf', bytes: Buffer.from('%PDF-1.7') }]);
    expect(res.json().mensagem).toBe(MENSAGENS_LOTE.tipoArquivo);
    res = await enviar(campos(2) as never, [{ nome: 'a.csv', bytes: umCpf }]);
    expect(res.json().erros).toContain(`dataLimiteSuspensao: ${MENSAGENS_LOTE.dataLimiteObrigatoria}`);
    expect(res.statusCode).toBe(400);
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM lote_pescador WHERE forma_processamento`);
    expect(rows[0]!.n).toBe(0);
  });

  it('accepts at once, a job processes it a chunk at a time, and the requester gets the per-CPF result by e-mail', async () => {
    const cpfs = await criarPescadores(t.db, 812_000_000, 250, SituacaoRegistro.ATIVO);
    const linhas = ['cpf', ...cpfs.map((c, i) => (i % 2 ? formatCpf(c) : c)), cpfComDigitos(812_999_999), '111.111.111-11'];
    const res = await enviar({ ...campos(2, { dataLimiteSuspensao: diaMais(10) }) } as never, [{ nome: 'lote.csv', bytes: texto(linhas) }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe('O lote de pescadores está em processamento, assim que concluído você será notificado por e-mail.');
    const lote = res.json().dados.lote;
    expect(lote).toMatchObject({ situacao: 1, total: 252, concluidos: 1, formaProcessamento: true, nomeArquivo: 'lote.csv' });
    expect(recebidos).toHaveLength(0);
    await executarJobsPendentes(t);
    const lista = await gestor.api({ method: 'GET', url: `/api/pescador/lote/todos?idLote=${lote.id}&resultado=${ResultadoLote.CPF_NAO_ENCONTRADO}` });
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().dados).toMatchObject({
      total: 1, totalItens: 1,
      lotes: [{ id: lote.id, situacao: 2, concluidos: 252, totais: { processados: 250, naoEncontrados: 1, invalidos: 1 } }],
      // The file's own line numbers: the heading is line 1.
      itens: [{ linha: 252, cpf: formatCpf(cpfComDigitos(812_999_999)), resultado: 2 }],
    });
    expect(Object.values(await situacoes(cpfs)).every((s) => s === SituacaoRegistro.SUSPENSO)).toBe(true);
    expect(recebidos).toHaveLength(1);
    const email = recebidos[0]!;
    expect(email.para).toEqual(['gestora@mpa.gov.br']);
    expect(email.bruto).toMatch(new RegExp(`Subject: RGP: processamento do lote n=C2=BA ${lote.id} conclu|Subject: =\\?UTF-8`));
    const corpoTexto = email.bruto.replace(/=\r?\n/g, '');
    expect(corpoTexto).toContain('CPFs no lote: 252');
    const anexo = /filename=lote-\d+-resultado\.csv[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(email.bruto);
    const csv = Buffer.from(anexo![1]!.replace(/\s/g, ''), 'base64').toString('utf8');
    expect(csv).toContain(`252;${formatCpf(cpfComDigitos(812_999_999))};CPF não encontrado;`);
    expect(csv).toContain(`253;111.111.111-11;CPF inválido;`);
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(253);
    // The e-mail goes once: running its job again sends nothing.
    expect(await t.app.servicos.lote.enviarEmailResultado(lote.id)).toEqual({ enviado: false, motivo: 'já enviado' });
    const csvRes = await gestor.api({ method: 'GET', url: `/api/pescador/lote/${lote.id}/resultado` });
    expect(csvRes.statusCode).toBe(200);
    expect(csvRes.headers['content-type']).toContain('text/csv');
    expect(csvRes.body.startsWith('\uFEFFlinha;cpf;resultado;situacao_anterior')).toBe(true);
  });

  it('reports every line of the file by its own number: a line without a CPF is an invalid line, never dropped', async () => {
    const [a, b] = await criarPescadores(t.db, 818_000_000, 2, SituacaoRegistro.ATIVO);
    const desconhecido = cpfComDigitos(818_999_999);
    const arquivo = ['CPF;nome', `${a};ANA`, '', 'abc', formatCpf(b!), ';;', '123', desconhecido, ''].join('\r\n');
    const res = await enviar(campos(1) as never, [{ nome: 'linhas.txt', bytes: Buffer.from(arquivo) }]);
    expect(res.statusCode, res.body).toBe(200);
    const lote = res.json().dados.lote;
    expect(lote).toMatchObject({ total: 5, totais: { invalidos: 2 } });
    await executarJobsPendentes(t);
    const lista = await gestor.api({ method: 'GET', url: `/api/pescador/lote/todos?idLote=${lote.id}` });
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().dados.itens).toEqual([
      { linha: 2, cpf: formatCpf(a!), resultado: ResultadoLote.PROCESSADO, situacaoAnterior: SituacaoRegistro.ATIVO },
      { linha: 4, cpf: 'abc', resultado: ResultadoLote.CPF_INVALIDO, situacaoAnterior: null },
      { linha: 5, cpf: formatCpf(b!), resultado: ResultadoLote.PROCESSADO, situacaoAnterior: SituacaoRegistro.ATIVO },
      { linha: 7, cpf: '123', resultado: ResultadoLote.CPF_INVALIDO, situacaoAnterior: null },
      { linha: 8, cpf: formatCpf(desconhecido), resultado: ResultadoLote.CPF_NAO_ENCONTRADO, situacaoAnterior: null },
    ]);
    const csv = await gestor.api({ method: 'GET', url: `/api/pescador/lote/${lote.id}/resultado` });
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean)).toEqual([
      'linha;cpf;resultado;situacao_anterior',
      `2;${formatCpf(a!)};Processado;Ativo`,
      '4;abc;CPF inválido;',
      `5;${formatCpf(b!)};Processado;Ativo`,
      '7;123;CPF inválido;',
      `8;${formatCpf(desconhecido)};CPF não encontrado;`,
    ]);
  });

  it('refuses a file in which no line holds a digit', async () => {
    const res = await enviar(campos(1) as never, [{ nome: 'vazio.txt', bytes: Buffer.from('cpf\nabc\n\n') }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().erros).toContain(`arquivos: ${MENSAGENS_LOTE.arquivoVazio}`);
  });
});

describe('the end of a suspension', () => {
  it('ends the day after its last day, with its own history line; a suspension still running stays', async () => {
    const [vence, fica] = await criarPescadores(t.db, 813_000_000, 2, SituacaoRegistro.ATIVO);
    const res = await gestor.api({
      method: 'POST', url: '/api/lote-pescador/manual', payload: { ...campos(2, { dataLimiteSuspensao: diaMais(5) }), listaCpfPescador: [vence, fica] },
    });
    expect(res.statusCode).toBe(200);
    // Time passes for one of them: its last day was yesterday.
    await t.db.execute(sql`UPDATE pescador_historico_situacao SET suspenso_ate = ${diaMais(-1)}::date
      WHERE pescador_id = (SELECT id FROM pescador WHERE cpf = ${vence!})`);
    expect(await t.app.servicos.lote.encerrarSuspensoesVencidas()).toBe(1);
    expect(await situacoes([vence!, fica!])).toEqual({ [vence!]: 1, [fica!]: 6 });
    const { rows } = await t.db.execute<{ situacao_anterior: number; situacao_nova: number; motivo: string; lote_id: number | null }>(sql`
      SELECT situacao_anterior, situacao_nova, motivo, lote_id FROM pescador_historico_situacao
      WHERE pescador_id = (SELECT id FROM pescador WHERE cpf = ${vence!}) ORDER BY id`);
    expect(rows.map((r) => [r.situacao_anterior, r.situacao_nova])).toEqual([[1, 6], [6, 1]]);
    expect(rows[1]).toMatchObject({ motivo: MOTIVO_FIM_SUSPENSAO, lote_id: null });
    expect(await t.app.servicos.lote.encerrarSuspensoesVencidas()).toBe(0);
  });
});

describe('two batches over the same fishers at once', () => {
  it('never interleave into a wrong state: every fisher gets one outcome per batch and a consistent history', async () => {
    const cpfs = await criarPescadores(t.db, 814_000_000, 1500, SituacaoRegistro.ATIVO);
    const [s, c] = await Promise.all([
      gestor.api({ method: 'POST', url: '/api/lote-pescador/manual', payload: { ...campos(2, { dataLimiteSuspensao: diaMais(9) }), listaCpfPescador: cpfs } }),
      gestor.api({ method: 'POST', url: '/api/lote-pescador/manual', payload: { ...campos(1), listaCpfPescador: [...cpfs].reverse() } }),
    ]);
    expect([s.statusCode, c.statusCode]).toEqual([200, 200]);
    expect(c.json().dados.itens.every((i: { resultado: number }) => i.resultado === ResultadoLote.PROCESSADO)).toBe(true);
    const { rows } = await t.db.execute<{ cpf: string; s: number; cadeia: number[][] }>(sql`
      SELECT p.cpf, p.situacao_registro AS s,
        json_agg(json_build_array(h.situacao_anterior, h.situacao_nova) ORDER BY h.id) AS cadeia
      FROM pescador p JOIN pescador_historico_situacao h ON h.pescador_id = p.id
      WHERE p.cpf = ANY(${`{${cpfs.join(',')}}`}::char(11)[]) GROUP BY p.cpf, p.situacao_registro`);
    expect(rows).toHaveLength(1500);
    for (const r of rows) {
      expect(r.s).toBe(SituacaoRegistro.CANCELADO);
      // Each line starts where the previous one ended, and the last ends in the fisher's status.
      for (let i = 1; i < r.cadeia.length; i++) expect(r.cadeia[i]![0]).toBe(r.cadeia[i - 1]![1]);
      expect(r.cadeia.at(-1)![1]).toBe(r.s);
    }
    const suspensos = s.json().dados.itens.filter((i: { resultado: number }) => i.resultado === ResultadoLote.PROCESSADO).length;
    const naoPermitidos = s.json().dados.itens.filter((i: { resultado: number }) => i.resultado === ResultadoLote.NAO_PERMITIDO).length;
    expect(suspensos + naoPermitidos).toBe(1500);
    const { rows: n } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM pescador_historico_situacao h JOIN pescador p ON p.id = h.pescador_id
      WHERE p.cpf = ANY(${`{${cpfs.join(',')}}`}::char(11)[])`);
    expect(n[0]!.n).toBe(1500 + suspensos);
  });
});

describe('GET /api/pescador/lote/todos', () => {
  it('lists the batches newest first, filtered in SQL, and audits the reading', async () => {
    const todos = await gestor.api({ method: 'GET', url: '/api/pescador/lote/todos?tamanhoPagina=2' });
    expect(todos.statusCode).toBe(200);
    const d = todos.json().dados;
    expect(d.lotes).toHaveLength(2);
    expect(d.total).toBeGreaterThan(4);
    expect(d.itens).toBeNull();
    // Newest first by creation time. Ids do not follow creation time: a batch's transaction may start before
    // another's and take its id after it (a job's batch beside a request's, on a busy machine).
    const [a, b] = d.lotes as { criadoEm: string }[];
    expect(Date.parse(a!.criadoEm)).toBeGreaterThanOrEqual(Date.parse(b!.criadoEm));
    const canc = await gestor.api({ method: 'GET', url: '/api/pescador/lote/todos?tipo=1' });
    expect(canc.json().dados.lotes.every((l: { tipo: number }) => l.tipo === 1)).toBe(true);
    const nenhum = await gestor.api({ method: 'GET', url: '/api/pescador/lote/todos?idLote=999999' });
    expect(nenhum.statusCode).toBe(404);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE recurso = 'lote-pescador' AND cpf_ator = ${CPF_GESTOR} AND acao <> 'LOTE_PESCADOR_CRIADO'`);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});
