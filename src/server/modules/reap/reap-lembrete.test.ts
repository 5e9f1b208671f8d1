import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TipoNotificacao } from '../../../shared/enums';
import { MENSAGENS_LEMBRETE_REAP } from '../../../shared/mensagens/lembrete-reap';
import { createTestApp, entrarComo, executarJobsPendentes, type TestApp } from '../../test/helpers';
import type { Pescador } from '../solicitacao/passos.test-utils';
import { marcos, ReapLembreteService } from './reap-lembrete.service';
import { pescadorComRgp } from './reap.test-utils';

/**
 * The REAP reminders (issue 39 point 2, decision 0151): the opening and 30, 7 and 1 days before the end, to those who
 * still owe, once per fisher and deadline, also when a run dies half-way and runs again.
 */
let agora = new Date('2026-01-02T12:00:00Z');
let t: TestApp;
let devedores: Pescador[] = [];
let pontual: Pescador;

async function lembretes(p: Pescador): Promise<string[]> {
  const { rows } = await t.db.execute<{ conteudo: string }>(sql`
    SELECT conteudo FROM notificacao WHERE pescador_id = ${p.id} AND tipo = ${TipoNotificacao.PENDENCIA} ORDER BY id`);
  return rows.map((r) => r.conteudo);
}

beforeAll(async () => {
  t = await createTestApp({ now: () => agora });
  const gestor = await entrarComo(t.app, '10000000108');
  devedores = [await pescadorComRgp(t, 901), await pescadorComRgp(t, 902)];
  pontual = await pescadorComRgp(t, 903);
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO ato_normativo (nome, descricao, data_inicio_vigencia) VALUES ('Portaria MPA nº 10, de 2 de janeiro de 2026', 'REAP', '2025-12-01') RETURNING id`);
  const res = await gestor.api({
    method: 'PUT', url: '/api/reap/prazos/2024', payload: { inicioPreenchimento: '2026-01-01', fimPreenchimento: '2026-03-31', idAtoNormativo: rows[0]!.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  await executarJobsPendentes(t);
  await t.db.execute(sql`UPDATE reap_questionario SET enviada = true WHERE pescador_id = ${pontual.id} AND ano_referencia = 2024`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('which reminder is due on a day', () => {
  it('the opening in its first week; the nearest of 30, 7 and 1 days reached before the end', () => {
    const chaves = (hoje: string) => marcos(2024, '2026-01-01', '2026-03-31', hoje).map((m) => m.chave);
    expect(chaves('2026-01-01')).toEqual(['reap-abertura:2024:2026-01-01']);
    expect(chaves('2026-01-08')).toEqual([]);
    expect(chaves('2026-02-28')).toEqual([]);
    expect(chaves('2026-03-01')).toEqual(['reap-fim:2024:2026-03-31:30']);
    // A job down on the 30-day mark and back with 6 days left sends the 7-day one only.
    expect(chaves('2026-03-25')).toEqual(['reap-fim:2024:2026-03-31:7']);
    expect(chaves('2026-03-30')).toEqual(['reap-fim:2024:2026-03-31:1']);
  });
});

describe('the REAP reminders', () => {
  it('a run killed half-way and run again reminds each who owes once, never who sent', async () => {
    let blocos = 0;
    const queda = new ReapLembreteService(t.db, {
      // The process "dies" on its second block with fishers: the first block's reminders are committed.
      async criarParaVarios(ids, nova, ex, envio) {
        if (ids.length > 0 && ++blocos === 2) throw new Error('processo encerrado');
        return t.app.servicos.notificacoes.criarParaVarios(ids, nova, ex, envio);
      },
    }, { now: () => agora, tamanhoBloco: 1 });
    await expect(queda.lembrar()).rejects.toThrow('processo encerrado');
    expect((await Promise.all(devedores.map(lembretes))).map((l) => l.length).sort()).toEqual([0, 1]);

    const texto = MENSAGENS_LEMBRETE_REAP.abertura(2024, '2026-01-01', '2026-03-31');
    expect(await t.app.servicos.reapLembretes.lembrar()).toEqual([{ chave: 'reap-abertura:2024:2026-01-01', lembrados: 1 }]);
    for (const p of devedores) expect(await lembretes(p)).toEqual([texto]);
    expect(await lembretes(pontual)).toEqual([]);
    // A third run, the job delivered twice: nobody again.
    expect(await t.app.servicos.reapLembretes.lembrar()).toEqual([{ chave: 'reap-abertura:2024:2026-01-01', lembrados: 0 }]);
  });

  it('30, 7 and 1 days before the end, each once, and each through the outbox', async () => {
    for (const [dia, dias] of [['2026-03-01', 30], ['2026-03-02', 30], ['2026-03-24', 7], ['2026-03-30', 1], ['2026-03-31', 1]] as const) {
      agora = new Date(`${dia}T12:00:00Z`);
      await t.app.servicos.reapLembretes.lembrar();
      expect((await lembretes(devedores[0]!)).at(-1)).toBe(MENSAGENS_LEMBRETE_REAP.fim(2024, '2026-03-31', dias));
    }
    for (const p of devedores) expect(await lembretes(p)).toHaveLength(4);
    expect(await lembretes(pontual)).toEqual([]);
    agora = new Date('2026-04-01T12:00:00Z');
    expect(await t.app.servicos.reapLembretes.lembrar()).toEqual([]);
    // Every reminder has its outbox row for the gov.br mailbox (each fisher's channel by default).
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM notificacao_envio e JOIN notificacao n ON n.id = e.notificacao_id
      WHERE e.pescador_id = ${devedores[0]!.id} AND e.canal = 3 AND n.tipo = ${TipoNotificacao.PENDENCIA}`);
    expect(rows[0]!.n).toBe(4);
  });
});
