import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hojeSaoPaulo } from '../../../shared/datas';
import { SituacaoRegistro, TipoNotificacao } from '../../../shared/enums';
import { createTestApp, type TestApp } from '../../test/helpers';
import { esperarAte, iniciarServidorFilho } from '../../test/servidor-filho';
import { criarAtoVigente, criarPescadores } from '../lote/lote.fixtures';
import { gerarObrigacoesAnoJob } from './reap.jobs';

/**
 * Nothing lost, nothing twice through the REAP deadline (issue 22; decisions 0051 and 0055): the real server
 * (src/server/main.ts, node with tsx's loader) creates a year's obligations for 3,000 fishers, warns them when the
 * year's window has closed, and suspends them on the act's date, five fishers per transaction. The test kills it
 * with SIGKILL in the middle of each of the three, starts it again each time, and checks at the end that every
 * fisher has exactly one obligation (with its request and history row), one warning and one suspension.
 */
let t: TestApp;
let dataDir: string;
const filhos: ChildProcess[] = [];
const N = 3000;
const hoje = hojeSaoPaulo();
/** A closed year every fisher owes (first RGP in 2020), whose window ended ten days ago. */
const ANO = Number(hoje.slice(0, 4)) - 2;

function dia(deslocamento: number): string {
  const d = new Date(`${hoje}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + deslocamento);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await createTestApp();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-reap-'));
});
afterAll(async () => {
  for (const f of filhos) if (f.exitCode === null && f.signalCode === null) f.kill('SIGKILL');
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function iniciarServidor(): Promise<ChildProcess> {
  const filho = await iniciarServidorFilho(t.config.database.url!, dataDir, {
    REAP_BLOCO_OBRIGACOES: '5', REAP_RETOMAR_APOS_SEGUNDOS: '1', LOTE_TAMANHO_BLOCO: '5', LOTE_RETOMAR_APOS_SEGUNDOS: '1',
  });
  filhos.push(filho);
  return filho;
}

async function matar(filho: ChildProcess): Promise<void> {
  filho.kill('SIGKILL');
  if (filho.exitCode === null && filho.signalCode === null) await new Promise((r) => filho.once('exit', r));
  expect(filho.signalCode).toBe('SIGKILL');
}

/** Where each of the three stands, and whether what was committed is whole. */
async function estado() {
  const { rows } = await t.db.execute<{
    obrigacoes: number; geracaoConcluida: boolean; avisados: number; avisoLinhas: number; avisoNotificacoes: number; avisoConcluido: boolean;
    loteFeitos: number; loteSituacao: number | null; historico: number; suspensaoNotificacoes: number; suspensos: number;
  }>(sql`
    SELECT
      (SELECT count(*)::int FROM reap_questionario WHERE ano_referencia = ${ANO}) AS obrigacoes,
      coalesce((SELECT concluida_em IS NOT NULL FROM reap_geracao_obrigacoes WHERE ano_referencia = ${ANO}), false) AS "geracaoConcluida",
      coalesce((SELECT sum(avisados)::int FROM reap_aviso WHERE ano_referencia = ${ANO}), 0) AS avisados,
      (SELECT count(*)::int FROM reap_aviso_pescador) AS "avisoLinhas",
      (SELECT count(*)::int FROM notificacao WHERE tipo = ${TipoNotificacao.PENDENCIA}) AS "avisoNotificacoes",
      coalesce((SELECT bool_and(concluido_em IS NOT NULL) FROM reap_aviso WHERE ano_referencia = ${ANO}), false) AS "avisoConcluido",
      coalesce((SELECT count(*)::int FROM lote_pescador_item i JOIN lote_pescador l ON l.id = i.lote_id
        WHERE l.reap_ano_referencia = ${ANO} AND i.resultado IS NOT NULL), 0) AS "loteFeitos",
      (SELECT situacao FROM lote_pescador WHERE reap_ano_referencia = ${ANO}) AS "loteSituacao",
      (SELECT count(*)::int FROM pescador_historico_situacao) AS historico,
      (SELECT count(*)::int FROM notificacao WHERE tipo = ${TipoNotificacao.SUSPENSAO}) AS "suspensaoNotificacoes",
      (SELECT count(*)::int FROM pescador WHERE situacao_registro = ${SituacaoRegistro.SUSPENSO}) AS suspensos`);
  return rows[0]!;
}

describe('the REAP deadline\'s jobs, their server killed (SIGKILL) in the middle of each', () => {
  it('resume on the next start: every obligation, warning and suspension exactly once', async () => {
    const ato = await criarAtoVigente(t.db);
    await criarPescadores(t.db, 850_000_000, N, SituacaoRegistro.ATIVO);
    await t.db.execute(sql`
      UPDATE pescador SET numero_rgp = 'PAPA' || lpad(id::text, 11, '0'), data_primeiro_rgp = '2020-01-01' WHERE numero_rgp IS NULL`);
    // The year's window closed ten days ago; its suspension is today. Its obligations are created by the job.
    await t.db.execute(sql`
      INSERT INTO reap_prazo (ano_referencia, inicio_preenchimento, fim_preenchimento, ato_normativo_id)
      VALUES (${ANO}, ${dia(-200)}, ${dia(-10)}, ${ato})`);
    await t.db.execute(sql`
      INSERT INTO reap_suspensao (ano_referencia, ato_normativo_id, data_suspensao, cpf_ator, perfil_ator)
      VALUES (${ANO}, ${ato}, ${hoje}, '10000000108', 1)`);
    await t.jobs.fila.enfileirar(t.db, gerarObrigacoesAnoJob, { anoReferencia: ANO });

    // 1. Killed while creating the obligations.
    let filho = await iniciarServidor();
    const criando = await esperarAte(estado, (e) => e.obrigacoes >= 300, 120_000);
    await matar(filho);
    const morto1 = await estado();
    expect(criando.obrigacoes).toBeGreaterThan(0);
    expect(morto1.obrigacoes).toBeLessThan(N);
    expect(morto1.avisados).toBe(0);

    // 2. Killed while warning (the creation resumed, completed, and the closed window's round started).
    filho = await iniciarServidor();
    await esperarAte(estado, (e) => e.avisados >= 300, 180_000);
    await matar(filho);
    const morto2 = await estado();
    expect(morto2.obrigacoes).toBe(N);
    expect(morto2.avisados).toBeLessThan(N);
    // What a killed round committed is whole: each fisher reached has their one notification.
    expect(morto2.avisoLinhas).toBe(morto2.avisados);
    expect(morto2.avisoNotificacoes).toBe(morto2.avisados);

    // 3. Killed while suspending (the warning may still be resuming beside it).
    filho = await iniciarServidor();
    await esperarAte(estado, (e) => e.loteFeitos >= 300, 180_000);
    await matar(filho);
    const morto3 = await estado();
    expect(morto3.loteFeitos).toBeLessThan(N);
    expect(morto3.historico).toBe(morto3.loteFeitos);
    expect(morto3.suspensaoNotificacoes).toBe(morto3.loteFeitos);

    // 4. To the end.
    filho = await iniciarServidor();
    const fim = await esperarAte(estado, (e) => e.avisoConcluido && e.loteSituacao === 2, 240_000);
    filho.kill('SIGTERM');
    expect(fim).toEqual({
      obrigacoes: N, geracaoConcluida: true, avisados: N, avisoLinhas: N, avisoNotificacoes: N, avisoConcluido: true,
      loteFeitos: N, loteSituacao: 2, historico: N, suspensaoNotificacoes: N, suspensos: N,
    });
    // Each fisher once: one obligation with its one request and history row, one warning, one suspension. (The
    // seeded window of the year in course has its own obligations created at each start, decision 0071: the
    // requests and history rows counted are the year's.)
    const { rows } = await t.db.execute<{ max: number; min: number; fishers: number }>(sql`
      SELECT max(c)::int AS max, min(c)::int AS min, count(*)::int AS fishers FROM (
        SELECT p.id,
          (SELECT count(*) FROM reap_questionario q WHERE q.pescador_id = p.id AND q.ano_referencia = ${ANO})
          * (SELECT count(*) FROM solicitacao s JOIN reap_questionario q ON q.solicitacao_id = s.id
              WHERE s.pescador_id = p.id AND s.tipo = 4 AND q.ano_referencia = ${ANO})
          * (SELECT count(*) FROM solicitacao_historico h JOIN reap_questionario q ON q.solicitacao_id = h.solicitacao_id
              WHERE q.pescador_id = p.id AND q.ano_referencia = ${ANO})
          * (SELECT count(*) FROM notificacao n WHERE n.pescador_id = p.id AND n.tipo = ${TipoNotificacao.PENDENCIA})
          * (SELECT count(*) FROM pescador_historico_situacao h WHERE h.pescador_id = p.id)
          * (SELECT count(*) FROM notificacao n WHERE n.pescador_id = p.id AND n.tipo = ${TipoNotificacao.SUSPENSAO}) AS c
        FROM pescador p WHERE p.cpf LIKE '850%') x`);
    expect(rows[0]).toEqual({ max: 1, min: 1, fishers: N });
  }, 600_000);
});
