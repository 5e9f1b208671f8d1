import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGENS_PRAZO_ANALISE } from '../../../shared/schemas/prazo-analise';
import { MOTIVOS_HISTORICO } from '../../../shared/schemas/solicitacao-api';
import { createTestApp, entrarComo, executarJobsPendentes, type Sessao, type TestApp } from '../../test/helpers';
import { iniciarSmtpDeTeste, type EmailRecebido } from '../../test/smtp-de-teste';
import { enviada, novoPescador, salvar, umaLinha } from '../solicitacao/passos.test-utils';

/**
 * The clock to decide each request (decision 0152): started by the first submission, paused while the request waits
 * for the fisher, escalated to the GESTOR when it passes; and the manager's page (decision 0153) from kept totals,
 * checked against figures counted by hand.
 */

let t: TestApp;
let agora = new Date('2026-08-05T15:00:00Z');
const DIA = 86_400_000;
const JUSTIFICATIVA = 'O comprovante de residência está ilegível e fora da validade exigida.';
const STAFF = { sfpa: '30000000388', gestor: '10000000108', admin: '50000000566' } as const;
let proximo = 900;

let smtp: Awaited<ReturnType<typeof iniciarSmtpDeTeste>>;

beforeAll(async () => {
  smtp = await iniciarSmtpDeTeste();
  t = await createTestApp({ now: () => agora, env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.porta), SMTP_TLS: 'false' } });
});
afterAll(async () => {
  await t.close();
  await smtp.fechar();
});

/** An e-mail's text as sent: quoted-printable soft breaks joined and its bytes decoded. */
function textoDoEmail(e: EmailRecebido): string {
  const corpo = e.bruto.slice(e.bruto.search(/\r?\n\r?\n/));
  return Buffer.from(corpo.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1')
    .toString('utf8');
}

/** Sessions are signed in at the test's clock, so each move of the clock signs in again. */
const staff = (quem: keyof typeof STAFF): Promise<Sessao> => entrarComo(t.app, STAFF[quem]);
const em = (base: string, dias: number) => new Date(new Date(base).getTime() + dias * DIA);

async function analiseDe(solicitacao: number): Promise<number> {
  return (await umaLinha<{ id: number }>(t.db, sql`
    SELECT id FROM analise_solicitacao WHERE solicitacao_id = ${solicitacao} ORDER BY id DESC LIMIT 1`)).id;
}

async function usuarioMapa(cpf: string): Promise<number> {
  return (await umaLinha<{ id: number }>(t.db, sql`
    SELECT um.id FROM usuario_mapa um JOIN usuario u ON u.id = um.usuario_id WHERE u.cpf = ${cpf}`)).id;
}

/** Takes the analysis and decides it: every document approved, or the first one rejected (back to the fisher). */
async function decidir(quem: keyof typeof STAFF, solicitacao: number, aprovar: boolean) {
  const s = await staff(quem);
  const analise = await analiseDe(solicitacao);
  const bloqueio = await s.api({ method: 'POST', url: '/api/analise-solicitacao/bloquear', payload: { idAnaliseSolicitacao: analise } });
  expect(bloqueio.statusCode, bloqueio.body).toBe(200);
  const { rows } = await t.db.execute<{ id: number; tipoDocumento: number }>(sql`
    SELECT id, tipo_documento AS "tipoDocumento" FROM documento WHERE solicitacao_id = ${solicitacao} AND removido_em IS NULL ORDER BY id`);
  const res = await s.api({
    method: 'POST', url: '/api/analise-solicitacao/atualizar-analise-solicitacao',
    payload: {
      id: analise, solicitacao, justificativa: aprovar ? '' : JUSTIFICATIVA, documentoParecer: null,
      documentos: rows.map((d, i) => ({ id: d.id, tipoDocumento: d.tipoDocumento, aprovado: aprovar || i > 0 })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A new fisher's request of type 1, sent at the test's clock. */
async function pedido(): Promise<{ n: number; solicitacao: number }> {
  const n = proximo++;
  const p = await novoPescador(t, n);
  return { n, solicitacao: await enviada(t, p, 1) };
}

async function reenviar(n: number, solicitacao: number) {
  const p = await novoPescador(t, n);
  const res = await salvar(p, solicitacao, 1, 5, { declaraCiencia: true });
  expect(res.statusCode, res.body).toBe(200);
}

async function prazoNaFila(quem: keyof typeof STAFF, solicitacao: number) {
  const res = await (await staff(quem)).api({ method: 'GET', url: '/api/analise-solicitacao?tamanhoPagina=100&tipoSolicitacao=1' });
  expect(res.statusCode, res.body).toBe(200);
  const linha = (res.json().dados.analises as { idSolicitacao: number; prazo: unknown }[]).find((a) => a.idSolicitacao === solicitacao);
  return linha?.prazo;
}

describe("the manager's page", () => {
  it('shows the figures counted by hand: weeks, backlog by age, time to decide, throughput and the published mean', async () => {
    // Wednesday 5 August 2026, noon in São Paulo (week of Monday the 3rd). Tokens are signed at the test's clock,
    // which stays in the past.
    const T0 = '2026-08-05T15:00:00Z';
    agora = new Date(T0);
    const f1 = await pedido();
    const f2 = await pedido();
    agora = em(T0, 1);
    const f3 = await pedido();
    agora = em(T0, 2);
    await decidir('admin', f1.solicitacao, true); // 2 days
    // Thursday 13 August (week of the 10th).
    agora = em(T0, 8);
    await decidir('admin', f2.solicitacao, false); // back to the fisher: paused, not decided
    await decidir('admin', f3.solicitacao, true); // 7 days
    await pedido(); // f4, today
    await reenviar(f2.n, f2.solicitacao); // resumed: 8 days since its first submission

    const gestor = await staff('gestor');
    const res = await gestor.api({ method: 'GET', url: '/api/analise-solicitacao/painel?semanas=4' });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().dados;
    expect(p.semanas).toEqual([
      { semana: '2026-08-03', uf: 'PA', instancia: 'SFPA', recebidas: 3, decididas: 1 },
      { semana: '2026-08-10', uf: 'PA', instancia: 'SFPA', recebidas: 1, decididas: 1 },
    ]);
    expect(p.backlogPorIdade).toEqual([
      { faixa: '0 a 7 dias', total: 1 }, { faixa: '8 a 15 dias', total: 1 }, { faixa: '16 a 30 dias', total: 0 },
      { faixa: '31 a 60 dias', total: 0 }, { faixa: 'Mais de 60 dias', total: 0 },
    ]);
    expect(p.tempoDecisao).toEqual([
      { tipoSolicitacao: 1, tipoDescricao: expect.any(String), decididas: 2, medianaDias: 2, p90Dias: 7, mediaDias: 4.5 },
    ]);
    expect(p.analistas).toEqual([{ idUsuarioMapa: await usuarioMapa(STAFF.admin), nome: expect.any(String), decididas: 2 }]);
    expect(p.mediaPublicadaDias).toBe(4.5);
    expect(p.atrasadas).toBe(0);

    // The published average (Decreto 10.178/2019 art. 17), for anyone.
    const publico = await t.app.inject({ method: 'GET', url: '/api/estatisticas/tempo-decisao' });
    expect(publico.statusCode).toBe(200);
    expect(publico.json().dados).toMatchObject({ mediaDias: 4.5, decididas: 2, porTipo: [{ mediaDias: 4.5, decididas: 2 }] });

    // The page reads the kept totals only, and they agree with a count of the clocks.
    const contagem = await umaLinha<{ abertas: number; decididas: number }>(t.db, sql`
      SELECT count(*) FILTER (WHERE vence_em IS NOT NULL)::int AS abertas, count(*) FILTER (WHERE decidida_em IS NOT NULL)::int AS decididas
      FROM analise_prazo`);
    expect(contagem).toEqual({ abertas: 2, decididas: 2 });

    // An analyst (SFPA) does not see the manager's page.
    expect((await (await staff('sfpa')).api({ method: 'GET', url: '/api/analise-solicitacao/painel' })).statusCode).toBe(403);
  });
});

describe('the clock to decide', () => {
  it('is paused while the request waits for the fisher and resumes with the days that were left', async () => {
    const T1 = '2026-08-17T15:00:00Z'; // a Monday
    agora = new Date(T1);
    const f = await pedido();
    expect(await prazoNaFila('sfpa', f.solicitacao)).toEqual({
      situacao: 'NO_PRAZO', venceEm: em(T1, 30).toISOString(), diasRestantes: 30, escalada: false,
    });

    agora = em(T1, 10);
    await decidir('sfpa', f.solicitacao, false);
    const pausado = await umaLinha<{ restante: number; venceEm: Date | null }>(t.db, sql`
      SELECT restante_segundos AS restante, vence_em AS "venceEm" FROM analise_prazo WHERE solicitacao_id = ${f.solicitacao}`);
    expect(pausado).toEqual({ restante: 20 * 86_400, venceEm: null });

    // The fisher takes 15 days to update: none of them counts against the state.
    agora = em(T1, 25);
    await reenviar(f.n, f.solicitacao);
    expect(await prazoNaFila('sfpa', f.solicitacao)).toEqual({
      situacao: 'NO_PRAZO', venceEm: em(T1, 45).toISOString(), diasRestantes: 20, escalada: false,
    });
    const retomado = await umaLinha<{ pausada: number; recebida: Date }>(t.db, sql`
      SELECT segundos_pausada::int AS pausada, recebida_em AS recebida FROM analise_prazo WHERE solicitacao_id = ${f.solicitacao}`);
    expect(retomado.pausada).toBe(15 * 86_400);
    expect(new Date(retomado.recebida).toISOString()).toBe(new Date(T1).toISOString());

    // Nearing the deadline: "vence em breve".
    agora = em(T1, 42);
    expect(await prazoNaFila('sfpa', f.solicitacao)).toMatchObject({ situacao: 'VENCE_EM_BREVE', diasRestantes: 3 });
  });
});

describe('a late analysis', () => {
  it('escalates once to the GESTOR, who reassigns it; the history records both', async () => {
    const T2 = '2026-09-01T15:00:00Z'; // a Tuesday
    agora = new Date(T2);
    const f = await pedido();
    // The analyst takes it and leaves it.
    const sfpa = await staff('sfpa');
    const analise = await analiseDe(f.solicitacao);
    expect((await sfpa.api({ method: 'POST', url: '/api/analise-solicitacao/bloquear', payload: { idAnaliseSolicitacao: analise } })).statusCode).toBe(200);

    // Not late yet: the GESTOR may not take it from the analyst.
    agora = em(T2, 29);
    await t.app.servicos.prazoAnalise.escalarAtrasadas();
    const antes = await umaLinha<{ escalada: Date | null }>(t.db, sql`
      SELECT escalada_em AS escalada FROM analise_prazo WHERE solicitacao_id = ${f.solicitacao}`);
    expect(antes.escalada).toBeNull();
    let gestor = await staff('gestor');
    const cedo = await gestor.api({
      method: 'POST', url: `/api/analise-solicitacao/${analise}/reatribuir`, payload: { idUsuarioMapa: await usuarioMapa(STAFF.gestor) },
    });
    expect(cedo.statusCode).toBe(406);
    expect(cedo.json().mensagem).toBe(MENSAGENS_PRAZO_ANALISE.naoAtrasada);

    // Monday 5 October 2026: four days late.
    agora = em(T2, 34);
    expect(await t.app.servicos.prazoAnalise.escalarAtrasadas()).toBeGreaterThanOrEqual(1);
    expect(await t.app.servicos.prazoAnalise.escalarAtrasadas()).toBe(0);
    const historico = await t.db.execute<{ motivo: string }>(sql`
      SELECT motivo FROM solicitacao_historico WHERE solicitacao_id = ${f.solicitacao} ORDER BY id`);
    expect(historico.rows.filter((h) => h.motivo === MOTIVOS_HISTORICO.analiseEscalada)).toHaveLength(1);
    expect(await prazoNaFila('sfpa', f.solicitacao)).toMatchObject({ situacao: 'ATRASADA', diasRestantes: -4, escalada: true });

    // The GESTOR is told by e-mail (decision 0154), once: the escalation's transaction enqueued the job.
    const { protocolo, cpf, nome } = await umaLinha<{ protocolo: string; cpf: string; nome: string }>(t.db, sql`
      SELECT s.numero_protocolo AS protocolo, p.cpf, p.nome FROM solicitacao s JOIN pescador p ON p.id = s.pescador_id
      WHERE s.id = ${f.solicitacao}`);
    await executarJobsPendentes(t);
    const doPedido = () => smtp.recebidos.filter((e) => textoDoEmail(e).includes(`Protocolo ${protocolo}:`));
    expect(doPedido()).toHaveLength(1);
    const aviso = doPedido()[0]!;
    expect(aviso.para).toEqual(['demo.1@rgp.local']);
    const texto = textoDoEmail(aviso);
    expect(texto).toContain(`Protocolo ${protocolo}: Registro inicial, PA, venceu em 01/10/2026`);
    expect(texto).toContain('cabe ao gestor decidir a análise ou atribuí-la a outro servidor');
    expect(texto).toContain('/analise/painel');
    // Nothing of the fisher: neither the CPF nor the name.
    expect(aviso.bruto).not.toContain(cpf);
    expect(texto).not.toContain(nome);
    await t.app.servicos.prazoAnalise.escalarAtrasadas();
    await executarJobsPendentes(t);
    expect(doPedido()).toHaveLength(1);

    gestor = await staff('gestor');
    const lista = await gestor.api({ method: 'GET', url: '/api/analise-solicitacao/atrasadas' });
    expect(lista.statusCode).toBe(200);
    const linha = (lista.json().dados.analises as { idAnaliseSolicitacao: number }[]).find((a) => a.idAnaliseSolicitacao === analise);
    expect(linha).toMatchObject({ uf: 'PA', diasAtraso: 4, analista: expect.any(String), designado: null });
    expect((await (await staff('sfpa')).api({ method: 'GET', url: '/api/analise-solicitacao/atrasadas' })).statusCode).toBe(403);

    const designaveis = await gestor.api({ method: 'GET', url: `/api/analise-solicitacao/${analise}/designaveis` });
    expect(designaveis.statusCode).toBe(200);
    const idGestor = await usuarioMapa(STAFF.gestor);
    expect((designaveis.json().dados.servidores as { id: number }[]).map((s) => s.id)).toContain(idGestor);

    // A fisher's profile is not a servant who may analyse.
    const invalido = await gestor.api({ method: 'POST', url: `/api/analise-solicitacao/${analise}/reatribuir`, payload: { idUsuarioMapa: 999_999 } });
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json().mensagem).toBe(MENSAGENS_PRAZO_ANALISE.servidorInvalido);

    // The GESTOR takes it to decide it.
    const res = await gestor.api({ method: 'POST', url: `/api/analise-solicitacao/${analise}/reatribuir`, payload: { idUsuarioMapa: idGestor } });
    expect(res.statusCode, res.body).toBe(200);
    const depois = await umaLinha<{ usuario: number; situacao: number }>(t.db, sql`
      SELECT usuario_mapa_id AS usuario, situacao_analise AS situacao FROM analise_solicitacao WHERE id = ${analise}`);
    expect(depois).toEqual({ usuario: idGestor, situacao: 2 });
    const ultima = await umaLinha<{ motivo: string; perfil: number }>(t.db, sql`
      SELECT motivo, perfil_ator AS perfil FROM solicitacao_historico WHERE solicitacao_id = ${f.solicitacao} ORDER BY id DESC LIMIT 1`);
    expect(ultima.motivo).toMatch(/^Análise atrasada atribuída pelo gestor a /);
    expect(ultima.perfil).toBe(1);

    await decidir('gestor', f.solicitacao, true);
    const fim = await gestor.api({ method: 'GET', url: '/api/analise-solicitacao/atrasadas' });
    expect((fim.json().dados.analises as { idAnaliseSolicitacao: number }[]).map((a) => a.idAnaliseSolicitacao)).not.toContain(analise);
  });
});

describe('the deadline of a request type', () => {
  it('is set by a normative act and applies to the requests sent afterwards', async () => {
    agora = new Date('2026-10-06T15:00:00Z');
    const gestor = await staff('gestor');
    const ato = await umaLinha<{ id: number }>(t.db, sql`
      INSERT INTO ato_normativo (nome, descricao, data_inicio_vigencia) VALUES ('Portaria de prazos', 'Prazos de análise', '2026-10-01') RETURNING id`);
    const semAto = await gestor.api({ method: 'PUT', url: '/api/analise-solicitacao/prazos', payload: { tipoSolicitacao: 1, dias: 60, idAtoNormativo: 999_999 } });
    expect(semAto.statusCode).toBe(404);
    const ruim = await gestor.api({ method: 'PUT', url: '/api/analise-solicitacao/prazos', payload: { tipoSolicitacao: 1, dias: 0, idAtoNormativo: ato.id } });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.body).toContain('O prazo deve ter ao menos 1 dia');
    const res = await gestor.api({ method: 'PUT', url: '/api/analise-solicitacao/prazos', payload: { tipoSolicitacao: 1, dias: 60, idAtoNormativo: ato.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados.prazos).toEqual([
      { tipoSolicitacao: 1, tipoDescricao: expect.any(String), dias: 60, atoNormativo: { id: ato.id, nome: 'Portaria de prazos' } },
    ]);
    const f = await pedido();
    expect(await prazoNaFila('sfpa', f.solicitacao)).toMatchObject({ situacao: 'NO_PRAZO', diasRestantes: 60 });
  });
});
