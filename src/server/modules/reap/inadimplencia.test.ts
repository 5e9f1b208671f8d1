import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodigoErro } from '../../../shared/codigos-erro';
import { formatCpf } from '../../../shared/cpf';
import { SituacaoRegistro, TipoNotificacao } from '../../../shared/enums';
import { MENSAGENS_REAP } from '../../../shared/regras/reap';
import { ROTA_REAP, ROTA_REGULARIZACAO } from '../../../shared/rotas-web';
import { ResultadoLote, TipoLote } from '../../../shared/schemas/lote';
import { MENSAGENS_INADIMPLENCIA_REAP } from '../../../shared/schemas/reap-inadimplencia';
import { MENSAGENS_SOLICITACAO_API } from '../../../shared/schemas/solicitacao-api';
import { createTestApp, entrarComo, executarJobsPendentes, type Sessao, type TestApp } from '../../test/helpers';
import { iniciarSmtpDeTeste, type EmailRecebido } from '../../test/smtp-de-teste';
import type { Pescador } from '../solicitacao/passos.test-utils';
import { artesanalCompleto, idDoAno, pescadorComRgp } from './reap.test-utils';

/**
 * The REAP defaulters (issue 22, points 3 and 4; decision 0055): the warning when a window closes and the suspension
 * on the date an act sets, through the batch machinery, then the late send and the regularisation. The clock moves:
 * 2026-03-10 (2024's window open), 2026-04-01 (closed), 2026-04-15 (the suspension's date).
 */
let agora = new Date('2026-03-10T15:00:00Z');
let t: TestApp;
let smtp: Awaited<ReturnType<typeof iniciarSmtpDeTeste>>;
let recebidos: EmailRecebido[] = [];
let gestor: Sessao;
let sfpa: Sessao;
let devedor: Pescador;
let comEmail: Pescador;
let pontual: Pescador;
let cancelado: Pescador;
let paulista: Pescador;
let atoPrazo: number;
let atoSuspensao: number;
let atoVencido: number;

async function ato(nome: string, inicio = '2026-01-01', fim: string | null = null): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO ato_normativo (nome, descricao, data_inicio_vigencia, data_termino_vigencia)
    VALUES (${nome}, 'REAP', ${inicio}, ${fim}) RETURNING id`);
  return rows[0]!.id;
}

async function notificacoes(pescadorId: number, tipo: number): Promise<{ conteudo: string; url: string | null }[]> {
  const { rows } = await t.db.execute<{ conteudo: string; url: string | null }>(sql`
    SELECT conteudo, url_redirecionamento AS url FROM notificacao WHERE pescador_id = ${pescadorId} AND tipo = ${tipo} ORDER BY id`);
  return rows;
}

/** Moves the clock (sessions signed before expire, so everyone signs in again). */
async function aoDia(iso: string): Promise<void> {
  agora = new Date(iso);
  gestor = await entrarComo(t.app, '10000000108');
  sfpa = await entrarComo(t.app, '30000000388');
  for (const p of [devedor, comEmail, pontual, cancelado, paulista]) p.sessao = await entrarComo(t.app, p.cpf);
}

async function emailsDe(ps: Pescador[]): Promise<string[]> {
  const { rows } = await t.db.execute<{ email: string }>(sql`
    SELECT email FROM pescador WHERE id = ANY(${sql.param(ps.map((p) => p.id))}::int[]) AND email IS NOT NULL ORDER BY email`);
  return rows.map((r) => r.email);
}
const destinatarios = () => recebidos.flatMap((e) => e.para).sort();

const agendar = (s: Sessao, ano: number, corpo: Record<string, unknown>) =>
  s.api({ method: 'PUT', url: `/api/reap/prazos/${ano}/suspensao`, payload: corpo });
const prazo2024 = async () => ((await gestor.api({ method: 'GET', url: '/api/reap/prazos' })).json().dados as { anoReferencia: number }[])
  .find((p) => p.anoReferencia === 2024) as Record<string, unknown>;
const enviar2024 = (p: Pescador, id: number) => p.sessao.api({
  method: 'POST', url: '/api/reap/questionario-basico', payload: artesanalCompleto(id, 2024, { enviada: true }),
});

beforeAll(async () => {
  smtp = await iniciarSmtpDeTeste();
  recebidos = smtp.recebidos;
  // Blocks of 2 fishers: a handful of fishers takes several blocks of each round.
  t = await createTestApp({
    now: () => agora,
    env: { REAP_BLOCO_OBRIGACOES: '2', LOTE_TAMANHO_BLOCO: '2', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.porta), SMTP_TLS: 'false' },
  });
  gestor = await entrarComo(t.app, '10000000108');
  sfpa = await entrarComo(t.app, '30000000388');
  devedor = await pescadorComRgp(t, 801, { dataPrimeiroRgp: '2023-06-15' });
  comEmail = await pescadorComRgp(t, 802, { dataPrimeiroRgp: '2023-06-15' });
  pontual = await pescadorComRgp(t, 803, { dataPrimeiroRgp: '2023-06-15' });
  cancelado = await pescadorComRgp(t, 804, { dataPrimeiroRgp: '2023-06-15' });
  paulista = await pescadorComRgp(t, 805, { dataPrimeiroRgp: '2020-01-10', uf: 'SP' });
  await t.db.execute(sql`UPDATE pescador SET email = 'pescadora@example.com.br' WHERE id = ${comEmail.id}`);
  atoPrazo = await ato('Portaria MPA nº 10, de 2 de janeiro de 2026');
  atoSuspensao = await ato('Portaria MPA nº 77, de 5 de março de 2026');
  atoVencido = await ato('Portaria MPA nº 1, de 2 de janeiro de 2020', '2020-01-02', '2021-01-01');
  // 2024's window, open today: every fisher's obligation is created by the job.
  const res = await gestor.api({
    method: 'PUT', url: '/api/reap/prazos/2024', payload: { inicioPreenchimento: '2026-01-01', fimPreenchimento: '2026-03-31', idAtoNormativo: atoPrazo },
  });
  expect(res.statusCode, res.body).toBe(200);
  await executarJobsPendentes(t);
  expect((await enviar2024(pontual, await idDoAno(t.db, pontual.id, 2024))).statusCode).toBe(200);
  // A cancelled registry owes nothing more: it is neither warned nor in the suspension's batch.
  await t.db.execute(sql`UPDATE pescador SET situacao_registro = ${SituacaoRegistro.CANCELADO} WHERE id = ${cancelado.id}`);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.fechar();
});

describe('scheduling the suspension of a year\'s defaulters', () => {
  it('refuses, in Portuguese and at the field, what an act cannot schedule', async () => {
    const casos: [number, Record<string, unknown>, number, string][] = [
      [2024, { idAtoNormativo: atoSuspensao, dataSuspensao: '2026-03-31' }, 400, `dataSuspensao: ${MENSAGENS_INADIMPLENCIA_REAP.dataAntesDoFim('2026-03-31')}`],
      [2024, { idAtoNormativo: atoVencido, dataSuspensao: '2026-04-15' }, 400, `idAtoNormativo: ${MENSAGENS_INADIMPLENCIA_REAP.atoForaDeVigencia}`],
      [2024, { idAtoNormativo: 999_999, dataSuspensao: '2026-04-15' }, 400, `idAtoNormativo: ${MENSAGENS_INADIMPLENCIA_REAP.atoNaoEncontrado}`],
      [2024, { idAtoNormativo: atoSuspensao, dataSuspensao: '15/04/2026' }, 400, `dataSuspensao: ${MENSAGENS_INADIMPLENCIA_REAP.dataInvalida}`],
      [2024, { dataSuspensao: '2026-04-15' }, 400, `idAtoNormativo: ${MENSAGENS_INADIMPLENCIA_REAP.ato}`],
    ];
    for (const [ano, corpo, status, erro] of casos) {
      const res = await agendar(gestor, ano, corpo);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().erros, JSON.stringify(corpo)).toContain(erro);
    }
    const semPrazo = await agendar(gestor, 2019, { idAtoNormativo: atoSuspensao, dataSuspensao: '2026-04-15' });
    expect(semPrazo.json()).toMatchObject({ codigo: 406, mensagem: MENSAGENS_INADIMPLENCIA_REAP.semPrazo });
    expect((await agendar(sfpa, 2024, { idAtoNormativo: atoSuspensao, dataSuspensao: '2026-04-15' })).statusCode).toBe(403);
    expect((await sfpa.api({ method: 'DELETE', url: '/api/reap/prazos/2024/suspensao' })).statusCode).toBe(403);
  });

  it('schedules, moves and cancels while it has not run, each audited, and lists it with the year', async () => {
    const primeira = await agendar(gestor, 2024, { idAtoNormativo: atoPrazo, dataSuspensao: '2026-04-20' });
    expect(primeira.statusCode, primeira.body).toBe(200);
    expect(primeira.json()).toMatchObject({ mensagem: MENSAGENS_INADIMPLENCIA_REAP.agendada, dados: { anoReferencia: 2024, suspensao: { dataSuspensao: '2026-04-20' } } });
    const cancelada = await gestor.api({ method: 'DELETE', url: '/api/reap/prazos/2024/suspensao' });
    expect(cancelada.json()).toMatchObject({ mensagem: MENSAGENS_INADIMPLENCIA_REAP.cancelada, dados: { suspensao: null } });
    expect((await gestor.api({ method: 'DELETE', url: '/api/reap/prazos/2024/suspensao' })).json())
      .toMatchObject({ codigo: 404, mensagem: MENSAGENS_INADIMPLENCIA_REAP.naoAgendada });
    await agendar(gestor, 2024, { idAtoNormativo: atoPrazo, dataSuspensao: '2026-04-20' });
    const movida = await agendar(gestor, 2024, { idAtoNormativo: atoSuspensao, dataSuspensao: '2026-04-15' });
    expect(movida.statusCode, movida.body).toBe(200);
    expect(await prazo2024()).toMatchObject({
      suspensao: { dataSuspensao: '2026-04-15', atoNormativo: { id: atoSuspensao, nome: 'Portaria MPA nº 77, de 5 de março de 2026' }, lote: null },
      aviso: null,
    });
    const { rows } = await t.db.execute<{ acao: string; detalhes: Record<string, unknown> }>(sql`
      SELECT acao, detalhes FROM auditoria WHERE recurso = 'reap/suspensao' ORDER BY id`);
    expect(rows.map((r) => r.acao)).toEqual([
      'REAP_SUSPENSAO_AGENDADA', 'REAP_SUSPENSAO_CANCELADA', 'REAP_SUSPENSAO_AGENDADA', 'REAP_SUSPENSAO_AGENDADA',
    ]);
    expect(rows[3]!.detalhes).toMatchObject({ dataSuspensao: '2026-04-15', antes: { dataSuspensao: '2026-04-20', idAtoNormativo: atoPrazo } });
  });
});

describe('the window closes: every fisher who still owes the year is warned', () => {
  it('nothing is warned while the window is open', async () => {
    expect(await t.app.servicos.inadimplencia.verificar()).toEqual({ avisos: [], lotes: [] });
  });

  it('warns each defaulter once (notification tipo 4 and, where known, an e-mail), never those who sent or were cancelled', async () => {
    await aoDia('2026-04-01T12:00:00Z');
    const r = await t.app.servicos.inadimplencia.verificar();
    expect(r.avisos).toHaveLength(1);
    await executarJobsPendentes(t);
    const texto = MENSAGENS_INADIMPLENCIA_REAP.aviso({
      ano: 2024, fim: '2026-03-31', novoFim: null, suspensao: { data: '2026-04-15', ato: 'Portaria MPA nº 77, de 5 de março de 2026' },
    });
    expect(texto).toContain('A REAP de 2024 não foi enviada e o prazo de preenchimento terminou em 31/03/2026.');
    expect(texto).toContain('terá o registro suspenso em 15/04/2026');
    for (const p of [devedor, comEmail, paulista]) expect(await notificacoes(p.id, TipoNotificacao.PENDENCIA)).toEqual([{ conteudo: texto, url: ROTA_REAP }]);
    for (const p of [pontual, cancelado]) expect(await notificacoes(p.id, TipoNotificacao.PENDENCIA)).toEqual([]);
    // The fisher reads it among their notifications.
    const lidas = (await devedor.sessao.api({ method: 'GET', url: '/api/notificacao' })).json().dados as { tipo: number; conteudo: string }[];
    expect(lidas).toContainEqual(expect.objectContaining({ tipo: TipoNotificacao.PENDENCIA, conteudo: texto }));
    // One e-mail to each defaulter whose registry has an address (gov.br's, or one typed in), none to the others.
    const enderecos = await emailsDe([devedor, comEmail, paulista]);
    expect(enderecos).toContain('pescadora@example.com.br');
    expect(destinatarios()).toEqual(enderecos);
    expect(recebidos[0]!.bruto).toContain('=?UTF-8?Q?RGP=3A_a_REAP_de_2024_n=C3=A3o_foi_envia?=');
    expect(await prazo2024()).toMatchObject({
      aviso: { fimPreenchimento: '2026-03-31', avisados: 3, emailsEnviados: enderecos.length, concluidoEm: expect.any(String) },
    });
  });

  it('a second check, a second run of the round or of its e-mails, warns nobody twice', async () => {
    expect(await t.app.servicos.inadimplencia.verificar()).toMatchObject({ avisos: [], lotes: [] });
    const { rows } = await t.db.execute<{ id: number }>(sql`SELECT id FROM reap_aviso`);
    // A completed round run again (a job delivered twice) does nothing.
    expect(await t.app.servicos.inadimplencia.avisar(rows[0]!.id)).toEqual({ avisados: 0 });
    expect((await t.app.servicos.envios.drenar()).email).toEqual({ enviadas: 0, falhas: 0, canceladas: 0 });
    // Even a round restarted from its first block finds everyone reached (reap_aviso_pescador's key).
    await t.db.execute(sql`UPDATE reap_aviso SET ultimo_pescador_id = 0, concluido_em = NULL WHERE id = ${rows[0]!.id}`);
    expect(await t.app.servicos.inadimplencia.avisar(rows[0]!.id)).toEqual({ avisados: 0 });
    await executarJobsPendentes(t);
    for (const p of [devedor, comEmail, paulista]) expect(await notificacoes(p.id, TipoNotificacao.PENDENCIA)).toHaveLength(1);
    expect(destinatarios()).toEqual(await emailsDe([devedor, comEmail, paulista]));
  });

  it('a round interrupted between blocks resumes after the last committed one', async () => {
    // An extension closes later: a new round, for the new end. Run one block by hand (as a killed run leaves it).
    await gestor.api({
      method: 'PUT', url: '/api/reap/prazos/2024', payload: { inicioPreenchimento: '2026-01-01', fimPreenchimento: '2026-04-05', idAtoNormativo: atoSuspensao },
    });
    await executarJobsPendentes(t);
    await aoDia('2026-04-06T12:00:00Z');
    const { avisos: [id] } = await t.app.servicos.inadimplencia.verificar();
    const primeiro = await t.app.servicos.inadimplencia.avisarBloco(id!);
    expect(primeiro.fim).toBe(false);
    const { rows: [meio] } = await t.db.execute<{ ultimo: number; avisados: number }>(sql`
      SELECT ultimo_pescador_id AS ultimo, avisados FROM reap_aviso WHERE id = ${id}`);
    expect(meio!.ultimo).toBe(2);
    await executarJobsPendentes(t);
    const { rows } = await t.db.execute<{ pescadorId: number; n: number }>(sql`
      SELECT pescador_id AS "pescadorId", count(*)::int AS n FROM reap_aviso_pescador WHERE aviso_id = ${id} GROUP BY pescador_id ORDER BY pescador_id`);
    expect(rows).toEqual([devedor, comEmail, paulista].map((p) => ({ pescadorId: p.id, n: 1 })));
    for (const p of [devedor, comEmail, paulista]) expect(await notificacoes(p.id, TipoNotificacao.PENDENCIA)).toHaveLength(2);
    expect(recebidos).toHaveLength(2 * (await emailsDe([devedor, comEmail, paulista])).length);
  });
});

describe('on the act\'s date, the defaulters are suspended through a batch', () => {
  it('is not run before its date', async () => {
    expect((await t.app.servicos.inadimplencia.verificar()).lotes).toEqual([]);
  });

  it('suspends every fisher who still owes the year, with the batch\'s result, history and notification tipo 3', async () => {
    await aoDia('2026-04-15T12:00:00Z');
    const { lotes: [idLote] } = await t.app.servicos.inadimplencia.verificar();
    expect(idLote).toBeGreaterThan(0);
    await executarJobsPendentes(t);
    const lista = await gestor.api({ method: 'GET', url: `/api/pescador/lote/todos?idLote=${idLote}` });
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().dados).toMatchObject({
      lotes: [{
        id: idLote, tipo: TipoLote.SUSPENSAO, formaProcessamento: true, situacao: 2, total: 3, concluidos: 3, dataLimiteSuspensao: null,
        atoNormativo: { id: atoSuspensao }, orgaoSolicitante: MENSAGENS_INADIMPLENCIA_REAP.orgaoSolicitante,
        justificativa: MENSAGENS_INADIMPLENCIA_REAP.justificativa(2024, '2026-04-05'),
        totais: { processados: 3 },
      }],
      itens: [devedor, comEmail, paulista].map((p) => expect.objectContaining({ resultado: ResultadoLote.PROCESSADO, cpf: formatCpf(p.cpf) })),
    });
    const { rows } = await t.db.execute<{ id: number; situacao: number; historico: number }>(sql`
      SELECT p.id, p.situacao_registro AS situacao,
        (SELECT count(*)::int FROM pescador_historico_situacao h WHERE h.pescador_id = p.id AND h.lote_id = ${idLote}) AS historico
      FROM pescador p WHERE p.id = ANY(${sql.param([devedor.id, comEmail.id, paulista.id, pontual.id, cancelado.id])}::int[]) ORDER BY p.id`);
    expect(rows).toEqual([
      { id: devedor.id, situacao: SituacaoRegistro.SUSPENSO, historico: 1 },
      { id: comEmail.id, situacao: SituacaoRegistro.SUSPENSO, historico: 1 },
      { id: pontual.id, situacao: SituacaoRegistro.ATIVO, historico: 0 },
      { id: cancelado.id, situacao: SituacaoRegistro.CANCELADO, historico: 0 },
      { id: paulista.id, situacao: SituacaoRegistro.SUSPENSO, historico: 1 },
    ]);
    expect(await notificacoes(devedor.id, TipoNotificacao.SUSPENSAO)).toEqual([{
      conteudo: MENSAGENS_INADIMPLENCIA_REAP.suspensao(2024, 'Portaria MPA nº 77, de 5 de março de 2026'), url: ROTA_REGULARIZACAO,
    }]);
    expect(await prazo2024()).toMatchObject({ suspensao: { lote: { id: idLote, situacao: 2, total: 3, concluidos: 3 } } });
  });

  it('runs once: a second check creates no second batch, and the schedule can no longer be moved nor cancelled', async () => {
    expect((await t.app.servicos.inadimplencia.verificar()).lotes).toEqual([]);
    expect(await t.app.servicos.inadimplencia.executarSuspensao(2024)).toBeNull();
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM lote_pescador WHERE reap_ano_referencia = 2024`);
    expect(rows[0]!.n).toBe(1);
    const movida = await agendar(gestor, 2024, { idAtoNormativo: atoSuspensao, dataSuspensao: '2026-05-01' });
    expect(movida.json()).toMatchObject({ codigo: 406, mensagem: expect.stringContaining('A suspensão deste ano já foi executada') });
    const { rows: [lote] } = await t.db.execute<{ id: number }>(sql`SELECT id FROM lote_pescador WHERE reap_ano_referencia = 2024`);
    const executada = MENSAGENS_INADIMPLENCIA_REAP.jaExecutada(lote!.id);
    expect(movida.statusCode).toBe(406);
    expect(movida.json()).toEqual({ codigo: 406, mensagem: executada, erros: [executada], codigoErro: CodigoErro.INADIMPLENCIA_JA_EXECUTADA });
    const cancelada = await gestor.api({ method: 'DELETE', url: '/api/reap/prazos/2024/suspensao' });
    expect(cancelada.statusCode).toBe(406);
    expect(cancelada.json()).toEqual({ codigo: 406, mensagem: executada, erros: [executada], codigoErro: CodigoErro.INADIMPLENCIA_JA_EXECUTADA });
  });
});

describe('the suspended fisher sends the late REAP and asks for regularisation', () => {
  it('/home names the suspension; the year is fillable late by them only', async () => {
    const situacao = await devedor.sessao.api({ method: 'GET', url: `/api/reap/situacao-pescador/${devedor.id}` });
    expect(situacao.json().dados).toMatchObject({ anosSuspensao: [2024] });
    expect(situacao.json().dados.devidas.map((d: { ano: number }) => d.ano)).toEqual([2023, 2024, 2025]);
    const obrigacao = await devedor.sessao.api({ method: 'GET', url: `/api/reap/obter-obrigacao/${await idDoAno(t.db, devedor.id, 2024)}` });
    expect(obrigacao.json().dados).toMatchObject({ anoReferencia: 2024, noPrazo: true });
    // A fisher in good standing still meets the window of the specification.
    await t.db.execute(sql`UPDATE reap_questionario SET enviada = false WHERE pescador_id = ${pontual.id} AND ano_referencia = 2024`);
    const foraDoPrazo = await enviar2024(pontual, await idDoAno(t.db, pontual.id, 2024));
    expect(foraDoPrazo.statusCode).toBe(406);
    expect(foraDoPrazo.json()).toMatchObject({ codigo: 406, mensagem: MENSAGENS_REAP.foraDoPrazo, codigoErro: CodigoErro.REAP_FORA_DO_PRAZO });
    await t.db.execute(sql`UPDATE reap_questionario SET enviada = true WHERE pescador_id = ${pontual.id} AND ano_referencia = 2024`);
  });

  it('sends it, and files the regularisation (tipo 10) that reactivates the registry', async () => {
    const envio = await enviar2024(devedor, await idDoAno(t.db, devedor.id, 2024));
    expect(envio.statusCode, envio.body).toBe(200);
    const situacao = await devedor.sessao.api({ method: 'GET', url: `/api/reap/situacao-pescador/${devedor.id}` });
    expect(situacao.json().dados).toMatchObject({ anosSuspensao: [2024] });
    expect(situacao.json().dados.devidas.map((d: { ano: number }) => d.ano)).toEqual([2023, 2025]);
    const pedido = await devedor.sessao.api({
      method: 'POST', url: '/api/solicitacao-regularizacao', payload: { justificativa: 'Enviei a REAP de 2024 em atraso.' },
    });
    expect(pedido.statusCode, pedido.body).toBe(200);
    expect(pedido.json()).toMatchObject({ mensagem: MENSAGENS_SOLICITACAO_API.regularizacaoEnviada, dados: { tipo: 10 } });
    // Another year, or another fisher's, is not opened by this suspension.
    const outro = await enviar2024(pontual, await idDoAno(t.db, pontual.id, 2024));
    expect(outro.statusCode).toBe(406);
    expect(outro.json()).toMatchObject({ codigo: 406, mensagem: MENSAGENS_REAP.jaEnviada, codigoErro: CodigoErro.REAP_JA_ENVIADA });
  });
});

describe('obligations of cancelled registries', () => {
  it('a cancelled registry gets no obligation when a year opens', async () => {
    const { rows } = await t.db.execute<{ ano: number }>(sql`
      SELECT ano_referencia AS ano FROM reap_questionario WHERE pescador_id = ${cancelado.id} ORDER BY ano_referencia`);
    // 2024 was created before the cancellation; 2025 (open by its exception) too; a new year is not.
    await gestor.api({ method: 'PUT', url: '/api/reap/prazos/2023', payload: { inicioPreenchimento: '2026-04-01', fimPreenchimento: '2026-06-30', idAtoNormativo: atoPrazo } });
    await executarJobsPendentes(t);
    const { rows: depois } = await t.db.execute<{ ano: number }>(sql`
      SELECT ano_referencia AS ano FROM reap_questionario WHERE pescador_id = ${cancelado.id} ORDER BY ano_referencia`);
    expect(depois).toEqual(rows);
    expect(await idDoAno(t.db, devedor.id, 2023)).toBeGreaterThan(0);
  });
});
