import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hojeSaoPaulo } from '../../../shared/datas';
import { CanalNotificacao, SituacaoSolicitacao, TipoNotificacao } from '../../../shared/enums';
import { MENSAGENS_LEMBRETE_PRAZO } from '../../../shared/mensagens/lembrete-prazo';
import { rotaDocumentos } from '../../../shared/rotas-web';
import { createTestApp, entrarComo, type TestApp } from '../../test/helpers';
import { novoPescador, type Pescador } from '../solicitacao/passos.test-utils';
import { LembretePrazoService } from './lembrete-prazo.service';
import { somarDias } from './prazos';

/**
 * The reminders of an appeal window's last days and of a refused request waiting for documents (decision 0157):
 * once per fisher and deadline, also when a run dies half-way and the worker starts again; the fisher's opt-out of
 * a channel honoured.
 */
const agora = new Date();
const hoje = hojeSaoPaulo(agora);
let t: TestApp;
let n = 9_700;
/** Refused 8 days ago: 2 days left to appeal. */
let recorrivel: Pescador;
/** Refused 8 days ago and already appealing: nothing to remind. */
let apelado: Pescador;
let soRascunho: Pescador;
/** Refused 5 days ago: 5 days left, not yet reminded. */
let cedo: Pescador;
/** Returned for updating 25 days ago (30 to update): 5 days left; SMS and gov.br turned off. */
let atualizando: Pescador;
/** Suspended today by a batch whose act gives 2 days to appeal. */
let suspenso: Pescador;
let idAtualizacao = 0;

/** The instant `dias` days before now. */
const ha = (dias: number) => new Date(agora.getTime() - dias * 86_400_000).toISOString();

async function pescador(): Promise<Pescador> {
  const p = await novoPescador(t, n++);
  await t.db.execute(sql`
    UPDATE pescador SET uf = 'PA', situacao_registro = 1, numero_rgp = ${`PA${p.id}`}, email = ${`p${p.id}@exemplo.com.br`}, telefone = '91987654321'
    WHERE id = ${p.id}`);
  return p;
}

/** A request of type 10 in `situacao`, entered `dias` days ago (its history line says when). */
async function solicitacao(p: Pescador, situacao: number, dias: number): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    WITH s AS (
      INSERT INTO solicitacao (pescador_id, tipo, situacao, numero_protocolo, uf_pescador) VALUES (${p.id}, 10, ${situacao}, ${`LB${p.id}`}, 'PA') RETURNING id
    ), h AS (
      INSERT INTO solicitacao_historico (solicitacao_id, situacao_anterior, situacao_nova, motivo, criado_em)
      SELECT id, 7, ${situacao}, 'Análise', ${ha(dias)}::timestamptz FROM s
    )
    SELECT id FROM s`);
  return rows[0]!.id;
}

async function lembretes(p: Pescador): Promise<{ tipo: number; conteudo: string; url: string | null; id: number }[]> {
  const { rows } = await t.db.execute<{ tipo: number; conteudo: string; url: string | null; id: number }>(sql`
    SELECT id, tipo, conteudo, url_redirecionamento AS url FROM notificacao
    WHERE pescador_id = ${p.id} AND tipo IN (${TipoNotificacao.RECURSO}, ${TipoNotificacao.PENDENCIA}) ORDER BY id`);
  return rows;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => agora });
  const gestor = await entrarComo(t.app, '10000000108');
  recorrivel = await pescador();
  cedo = await pescador();
  atualizando = await pescador();
  suspenso = await pescador();
  await solicitacao(recorrivel, SituacaoSolicitacao.FINALIZADA, 8);
  await solicitacao(cedo, SituacaoSolicitacao.FINALIZADA, 5);
  apelado = await pescador();
  const contestada = await solicitacao(apelado, SituacaoSolicitacao.FINALIZADA, 8);
  const aberto = await apelado.sessao.api({ method: 'POST', url: '/api/recursos', payload: { chave: `S${contestada}` } });
  expect(aberto.statusCode, aberto.body).toBe(200);
  const enviado = await apelado.sessao.api({ method: 'POST', url: `/api/recursos/${aberto.json().dados.id}/enviar`, payload: { razoes: 'Eu pesco há vinte anos.' } });
  expect(enviado.statusCode, enviado.body).toBe(200);
  // An appeal opened and never sent is no appeal: the window still closes on this fisher.
  soRascunho = await pescador();
  const rascunho = await soRascunho.sessao.api({ method: 'POST', url: '/api/recursos', payload: { chave: `S${await solicitacao(soRascunho, SituacaoSolicitacao.FINALIZADA, 8)}` } });
  expect(rascunho.statusCode, rascunho.body).toBe(200);
  idAtualizacao = await solicitacao(atualizando, SituacaoSolicitacao.ATUALIZACAO_SFPA, 25);
  const pref = await atualizando.sessao.api({ method: 'PUT', url: '/api/notificacao/preferencias', payload: { email: true, sms: false, govbr: false } });
  expect(pref.statusCode, pref.body).toBe(200);
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO ato_normativo (nome, descricao, data_inicio_vigencia, prazo_recurso_dias)
    VALUES ('Portaria de teste dos lembretes', 'Ato de teste.', ${hoje}, 2) RETURNING id`);
  const lote = await gestor.api({
    method: 'POST', url: '/api/lote-pescador/manual',
    payload: {
      atoNormativo: rows[0]!.id, tipo: 2, orgaoSolicitante: 'sfpa-pa', justificativa: 'Auditoria encontrou indícios.',
      listaCpfPescador: [suspenso.cpf], dataLimiteSuspensao: somarDias(hoje, 365),
    },
  });
  expect(lote.statusCode, lote.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('reminders of appeal windows and of refused requests waiting for documents', () => {
  it('a run killed half-way and run again reminds each fisher once per deadline, and only those whose deadline is near', async () => {
    let blocos = 0;
    const queda = new LembretePrazoService(t.db, {
      // The process "dies" in its second block: the first block's keys and notices are committed, the rest not.
      async lembrarUmaVez(tipo, ls, tx) {
        if (++blocos === 2) throw new Error('processo encerrado');
        return t.app.servicos.notificacoes.lembrarUmaVez(tipo, ls, tx);
      },
    }, { prazoAtualizacaoDias: 30, now: () => agora, tamanhoBloco: 1 });
    await expect(queda.lembrar()).rejects.toThrow('processo encerrado');
    const antes = (await Promise.all([recorrivel, suspenso, atualizando, soRascunho].map(lembretes))).map((l) => l.length);
    expect(antes.reduce((a, b) => a + b, 0)).toBe(1);

    // The worker starts again: a new service, the same keys.
    const r = await new LembretePrazoService(t.db, t.app.servicos.notificacoes, { prazoAtualizacaoDias: 30, now: () => agora }).lembrar();
    expect(r.recursos + r.atualizacoes).toBe(3);

    expect(await lembretes(recorrivel)).toEqual([expect.objectContaining({
      tipo: TipoNotificacao.RECURSO, url: '/pescador/recursos',
      conteudo: MENSAGENS_LEMBRETE_PRAZO.recursoIndeferimento(2, somarDias(hoje, 2), 'Regularização', `LB${recorrivel.id}`),
    })]);
    expect((await lembretes(recorrivel))[0]!.conteudo).toMatch(/^Faltam 2 dias para recorrer do indeferimento da sua solicitação de /);
    expect(await lembretes(suspenso)).toEqual([expect.objectContaining({
      tipo: TipoNotificacao.RECURSO, conteudo: MENSAGENS_LEMBRETE_PRAZO.recursoSancao(2, somarDias(hoje, 2), false),
    })]);
    const [upd] = await lembretes(atualizando);
    expect(upd).toMatchObject({ tipo: TipoNotificacao.PENDENCIA, url: rotaDocumentos(idAtualizacao, 10) });
    expect(upd!.conteudo).toMatch(/^Faltam [45] dias para você corrigir e enviar de novo os documentos/);
    expect(await lembretes(cedo)).toEqual([]);
    // Only the receipt of the appeal it sent, no reminder.
    expect((await lembretes(apelado)).map((l) => l.conteudo)).toEqual([expect.stringMatching(/^Seu recurso \d+ foi recebido/)]);
    expect(await lembretes(soRascunho)).toEqual([expect.objectContaining({ tipo: TipoNotificacao.RECURSO })]);

    // The daily job delivered twice, or the next day within the same window: nobody again.
    expect(await t.app.servicos.lembretesPrazo.lembrar()).toEqual({ recursos: 0, atualizacoes: 0 });
    const amanha = new LembretePrazoService(t.db, t.app.servicos.notificacoes, {
      prazoAtualizacaoDias: 30, now: () => new Date(agora.getTime() + 86_400_000),
    });
    await amanha.lembrar();
    for (const p of [recorrivel, suspenso, atualizando, soRascunho]) expect(await lembretes(p)).toHaveLength(1);
  });

  it('each reminder reaches the channels the fisher keeps on, and none they turned off', async () => {
    const canais = async (notificacaoId: number) => {
      const { rows } = await t.db.execute<{ canal: number }>(sql`
        SELECT canal FROM notificacao_envio WHERE notificacao_id = ${notificacaoId} ORDER BY canal`);
      return rows.map((r) => r.canal);
    };
    const [upd] = await lembretes(atualizando);
    expect(await canais(upd!.id)).toEqual([CanalNotificacao.EMAIL]);
    const [rec] = await lembretes(recorrivel);
    expect(await canais(rec!.id)).toEqual([CanalNotificacao.EMAIL, CanalNotificacao.SMS, CanalNotificacao.GOVBR]);
    // Delivered on each of them by the outbox's drain.
    await t.app.servicos.envios.drenar();
    const { rows } = await t.db.execute<{ situacao: number }>(sql`
      SELECT situacao FROM notificacao_envio WHERE notificacao_id = ${rec!.id} ORDER BY canal`);
    expect(rows.map((r) => r.situacao)).toEqual([2, 2, 2]);
  });
});
