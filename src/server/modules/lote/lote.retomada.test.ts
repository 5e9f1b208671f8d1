import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SituacaoRegistro, TipoNotificacao } from '../../../shared/enums';
import { ResultadoLote } from '../../../shared/schemas/lote';
import { createTestApp, entrarComo, type TestApp } from '../../test/helpers';
import { esperarAte, iniciarServidorFilho } from '../../test/servidor-filho';
import { multipart } from '../documento/documento.fixtures';
import { criarAtoVigente, criarPescadores } from './lote.fixtures';

/**
 * Nothing lost, nothing twice (issue 12, point 2): the real server (src/server/main.ts, one process: node with
 * tsx's loader) processes an automatic batch ten CPFs per transaction; the test kills it with SIGKILL mid-batch,
 * starts it again, and checks that every CPF was processed exactly once: one outcome, one history line and one
 * notification per fisher.
 */
let t: TestApp;
let dataDir: string;
const filhos: ChildProcess[] = [];
const N = 3000;

beforeAll(async () => {
  t = await createTestApp();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-lote-'));
});
afterAll(async () => {
  for (const f of filhos) if (f.exitCode === null && f.signalCode === null) f.kill('SIGKILL');
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function iniciarServidor(): Promise<ChildProcess> {
  const filho = await iniciarServidorFilho(t.config.database.url!, dataDir, { LOTE_TAMANHO_BLOCO: '10', LOTE_RETOMAR_APOS_SEGUNDOS: '1' });
  filhos.push(filho);
  return filho;
}

async function estado(idLote: number) {
  const { rows } = await t.db.execute<{ situacao: number; feitos: number; historico: number; notificacoes: number; somados: number }>(sql`
    SELECT l.situacao,
      (SELECT count(*)::int FROM lote_pescador_item WHERE lote_id = l.id AND resultado IS NOT NULL) AS feitos,
      (SELECT count(*)::int FROM pescador_historico_situacao WHERE lote_id = l.id) AS historico,
      (SELECT count(*)::int FROM notificacao n JOIN lote_pescador_item i ON i.pescador_id = n.pescador_id AND i.lote_id = l.id
        WHERE n.tipo = ${TipoNotificacao.SUSPENSAO}) AS notificacoes,
      l.qtd_processados AS somados
    FROM lote_pescador l WHERE l.id = ${idLote}`);
  return rows[0]!;
}

describe('an automatic batch whose server is killed (SIGKILL) mid-batch', () => {
  it('resumes on the next start and processes every CPF exactly once', async () => {
    const ato = await criarAtoVigente(t.db);
    const cpfs = await criarPescadores(t.db, 830_000_000, N, SituacaoRegistro.ATIVO);
    const gestor = await entrarComo(t.app, '10000000108');
    const m = multipart({ atoNormativo: ato, tipo: 2, orgaoSolicitante: 'MPA', justificativa: 'Sem REAP entregue.', dataLimiteSuspensao: '2099-12-31' },
      [{ nome: 'lote.txt', bytes: Buffer.from(cpfs.join('\n')) }]);
    const res = await gestor.api({ method: 'POST', url: '/api/lote-pescador/automatico', payload: m.payload, headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    const idLote = res.json().dados.lote.id as number;

    const primeiro = await iniciarServidor();
    const noMeio = await esperarAte(() => estado(idLote), (e) => e.feitos >= 200, 90_000);
    primeiro.kill('SIGKILL');
    await new Promise((r) => primeiro.once('exit', r));
    expect(primeiro.signalCode).toBe('SIGKILL');
    const morto = await estado(idLote);
    // Killed mid-batch, and what was committed is whole: each outcome with its history line and its notification.
    expect(noMeio.feitos).toBeGreaterThan(0);
    expect(morto.feitos).toBeLessThan(N);
    expect(morto.situacao).toBe(1);
    expect(morto.historico).toBe(morto.feitos);
    expect(morto.notificacoes).toBe(morto.feitos);
    expect(morto.somados).toBe(morto.feitos);

    const segundo = await iniciarServidor();
    const fim = await esperarAte(() => estado(idLote), (e) => e.situacao === 2, 200_000);
    segundo.kill('SIGTERM');
    expect(fim).toEqual({ situacao: 2, feitos: N, historico: N, notificacoes: N, somados: N });
    const { rows } = await t.db.execute<{ resultado: number; n: number }>(sql`
      SELECT resultado, count(*)::int AS n FROM lote_pescador_item WHERE lote_id = ${idLote} GROUP BY resultado`);
    expect(rows).toEqual([{ resultado: ResultadoLote.PROCESSADO, n: N }]);
    const { rows: porPescador } = await t.db.execute<{ max: number; min: number; s: number }>(sql`
      SELECT max(c)::int AS max, min(c)::int AS min, count(*)::int AS s FROM (
        SELECT p.id, count(h.id) AS c FROM pescador p LEFT JOIN pescador_historico_situacao h ON h.pescador_id = p.id
        WHERE p.cpf LIKE '830%' GROUP BY p.id) x`);
    expect(porPescador[0]).toEqual({ max: 1, min: 1, s: N });
  }, 300_000);
});
