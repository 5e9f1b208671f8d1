import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SituacaoSolicitacao as S, TipoDocumento as T, TipoSolicitacao } from '../../../shared/enums';
import { LocalFileStorage } from '../../adapters/storage/local-storage';
import { AssinadorArquivos, novaChaveArquivo } from '../../adapters/storage/storage';
import { buildApp } from '../../app';
import { iniciarJobs } from '../../jobs/jobs';
import { createTestApp, entrarComo, executarJobsPendentes, type Sessao, type TestApp } from '../../test/helpers';
import { apagarArquivoJob, conciliarArquivosJob } from './documento.jobs';
import { multipart, pdf } from './documento.fixtures';
import type { ResultadoConciliacao } from './documento.service';

// Files and rows agree after a crash (issue 16, point 7): a removed document's file is deleted by a job written in
// the transaction that removed the row, and a daily reconciliation catches whatever still disagrees.
let t: TestApp;
let pasta: string;
let storage: LocalFileStorage;
let pescador: Sessao;
let idPescador = 0;

beforeAll(async () => {
  pasta = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-doc-arq-'));
  storage = new LocalFileStorage(pasta, new AssinadorArquivos(crypto.randomBytes(32)));
  t = await createTestApp({ storage });
  pescador = await entrarComo(t.app, '52998224725');
  idPescador = decodeJwt(pescador.token).idPescador as number;
});
afterAll(async () => {
  await t.close();
  await fs.rm(pasta, { recursive: true, force: true });
});

async function novaSolicitacao(): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, dados)
    VALUES (${idPescador}, ${TipoSolicitacao.REGISTRO_INICIAL}, ${S.RASCUNHO}, 1, '{}'::jsonb) RETURNING id`);
  return rows[0]!.id;
}

async function enviar(idSolicitacao: number, tipo: number, texto: string): Promise<{ id: number; chave: string }> {
  const res = await pescador.api({
    method: 'POST', url: '/api/documentos', ...multipart({ idSolicitacao, tipo }, [{ nome: `${texto}.pdf`, bytes: pdf(texto) }]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dados.documentos[0];
}

const existe = (chave: string) => fs.access(storage.caminho(chave)).then(() => true, () => false);

async function jobsDeApagar(chave: string): Promise<{ id: string; state: string }[]> {
  const { rows } = await t.db.execute<{ id: string; state: string }>(sql`
    SELECT id, state::text FROM pgboss.job WHERE name = ${apagarArquivoJob.nome} AND data->>'chave' = ${chave}`);
  return rows;
}

/** Backdates a stored file (and its .meta) as if it had been written `horas` ago. */
async function envelhecer(chave: string, horas: number): Promise<void> {
  const quando = new Date(Date.now() - horas * 3600_000);
  for (const f of [storage.caminho(chave), `${storage.caminho(chave)}.meta`]) await fs.utimes(f, quando, quando);
}

async function conciliar(): Promise<ResultadoConciliacao> {
  const id = await t.jobs.boss.send(conciliarArquivosJob.nome, {});
  expect(await executarJobsPendentes(t)).toBeGreaterThanOrEqual(1);
  return (await t.jobs.boss.getJobById(conciliarArquivosJob.nome, id!))!.output as ResultadoConciliacao;
}

describe('a replaced document\'s file across a crash', () => {
  it('stays queued for deletion when the process dies after the commit, and a restarted worker deletes it', async () => {
    const id = await novaSolicitacao();
    const antigo = await enviar(id, T.IDENTIFICACAO, 'antigo');
    const novo = await enviar(id, T.IDENTIFICACAO, 'novo');

    // Committed: the old row is removed and its deletion is a job in the database; no worker has run it yet.
    const { rows } = await t.db.execute<{ removido: boolean }>(sql`
      SELECT removido_em IS NOT NULL AS removido FROM documento WHERE id = ${antigo.id}`);
    expect(rows[0]!.removido).toBe(true);
    expect(await existe(antigo.chave)).toBe(true);
    expect(await jobsDeApagar(antigo.chave)).toEqual([{ id: expect.any(String), state: 'created' }]);

    // The process dies here: its queue stops with the job still waiting.
    await t.jobs.stop();

    // A new process on the same database and storage: its worker finds the job and deletes the file.
    const reiniciado = await iniciarJobs({
      connectionString: t.pool.options.connectionString!, log: pino({ level: 'silent' }), conexoes: 2, pollingIntervalSeconds: 0.5,
    });
    const app = await buildApp({ config: t.config, db: t.db, jwtSecret: crypto.randomBytes(32), logger: false, storage, fila: reiniciado.fila });
    try {
      await reiniciado.trabalhar(app.servicos);
      for (let i = 0; i < 60 && await existe(antigo.chave); i++) await new Promise((r) => setTimeout(r, 250));
      expect(await existe(antigo.chave)).toBe(false);
      expect(await existe(novo.chave)).toBe(true);
      let estado = '';
      for (let i = 0; i < 40 && estado !== 'completed'; i++) {
        estado = (await jobsDeApagar(antigo.chave))[0]?.state ?? '';
        if (estado !== 'completed') await new Promise((r) => setTimeout(r, 250));
      }
      expect(estado).toBe('completed');
    } finally {
      await app.close();
      await reiniciado.stop();
      // The rest of the file runs on a queue of its own again.
      t.jobs = await iniciarJobs({ connectionString: t.pool.options.connectionString!, log: pino({ level: 'silent' }), conexoes: 2 });
    }
  });

  it('deletes nothing when the removal rolls back, and a job for a file gone already is a success', async () => {
    const id = await novaSolicitacao();
    const doc = await enviar(id, T.COMPROVANTE_RESIDENCIA, 'fica');
    await t.db.execute(sql`UPDATE solicitacao SET situacao = ${S.ENVIADA} WHERE id = ${id}`);
    expect((await pescador.api({ method: 'DELETE', url: `/api/documentos/${doc.id}` })).statusCode).toBe(406);
    expect(await jobsDeApagar(doc.chave)).toEqual([]);

    // What the previous test's restarted workers queued at their start (their start-up runs) is run first, so the
    // count below is this job's alone.
    await executarJobsPendentes(t);
    const chave = novaChaveArquivo();
    await t.db.transaction((tx) => t.jobs.fila.enfileirar(tx, apagarArquivoJob, { chave }));
    expect(await executarJobsPendentes(t)).toBe(1);
    expect((await jobsDeApagar(chave))[0]!.state).toBe('completed');
  });

  it('never deletes the file of an active document, whatever enqueued it', async () => {
    const doc = await enviar(await novaSolicitacao(), T.IDENTIFICACAO, 'ativo');
    await t.db.transaction((tx) => t.jobs.fila.enfileirar(tx, apagarArquivoJob, { chave: doc.chave }));
    await executarJobsPendentes(t);
    expect(await existe(doc.chave)).toBe(true);
  });
});

describe('the daily reconciliation of stored files and document rows', () => {
  it('is scheduled daily in São Paulo time once the workers start', async () => {
    const jobs = await iniciarJobs({ connectionString: t.pool.options.connectionString!, log: pino({ level: 'silent' }), conexoes: 2 });
    try {
      await jobs.trabalhar(t.app.servicos);
      expect(await jobs.boss.getSchedules()).toContainEqual(expect.objectContaining({
        name: conciliarArquivosJob.nome, cron: '30 4 * * *', timezone: 'America/Sao_Paulo',
      }));
    } finally {
      await jobs.stop();
    }
  });

  it('deletes old files no active document points to, keeps recent ones, and reports documents whose file is missing', async () => {
    await conciliar(); // whatever earlier tests left
    const id = await novaSolicitacao();
    const ativo = await enviar(id, T.IDENTIFICACAO, 'ativo');
    const semArquivo = await enviar(id, T.COMPROVANTE_RESIDENCIA, 'perdido');
    await fs.rm(storage.caminho(semArquivo.chave));
    await fs.rm(`${storage.caminho(semArquivo.chave)}.meta`);
    // A file stored before a crash killed its upload, and the file of a removed row whose deletion never ran.
    const orfao = novaChaveArquivo();
    await storage.put(orfao, pdf('orfao'), 'application/pdf');
    await envelhecer(orfao, 2);
    const removido = await enviar(id, T.PIS_PASEP_NIS_NIT, 'removido');
    await t.db.execute(sql`UPDATE documento SET removido_em = now() WHERE id = ${removido.id}`);
    await envelhecer(removido.chave, 2);
    // An upload in flight: stored a minute ago, its row not yet committed.
    const emVoo = novaChaveArquivo();
    await storage.put(emVoo, pdf('em voo'), 'application/pdf');

    const r = await conciliar();
    expect(r.orfaos).toEqual({
      encontrados: 2, apagados: 2, recentes: 1, pendentes: 0, recusados: false, chaves: [orfao, removido.chave].sort(),
    });
    expect(r.ausentes).toEqual({ total: 1, documentos: [{ id: semArquivo.id, chave: semArquivo.chave }] });
    expect(await existe(orfao)).toBe(false);
    expect(await existe(removido.chave)).toBe(false);
    expect(await existe(emVoo)).toBe(true);
    expect(await existe(ativo.chave)).toBe(true);

    // Audited with counts and ids only, no actor and nothing of the fisher.
    const { rows } = await t.db.execute<{ sucesso: boolean; cpf: string | null; detalhes: Record<string, unknown> }>(sql`
      SELECT sucesso, cpf_ator AS cpf, detalhes FROM auditoria WHERE acao = 'CONCILIACAO_ARQUIVOS' ORDER BY id DESC LIMIT 1`);
    expect(rows[0]).toMatchObject({ sucesso: false, cpf: null });
    expect(rows[0]!.detalhes).toMatchObject({
      orfaos: { encontrados: 2, apagados: 2, recentes: 1, pendentes: 0 }, ausentes: { total: 1, ids: [semArquivo.id] },
    });
    expect(JSON.stringify(rows[0]!.detalhes)).not.toContain('52998224725');

    // Reported again until someone acts; nothing more to delete.
    await t.db.execute(sql`UPDATE documento SET removido_em = now() WHERE id = ${semArquivo.id}`);
    const de_novo = await conciliar();
    expect(de_novo.ausentes.total).toBe(0);
    expect(de_novo.orfaos.encontrados).toBe(0);
  });

  it('deletes nothing when most stored files have no document (a storage paired with the wrong database)', async () => {
    await conciliar();
    const chaves = Array.from({ length: 120 }, () => novaChaveArquivo());
    for (const chave of chaves) {
      await storage.put(chave, Buffer.from('x'), 'application/pdf');
      await envelhecer(chave, 3);
    }
    const r = await conciliar();
    expect(r.orfaos).toMatchObject({ encontrados: 120, apagados: 0, pendentes: 120, recusados: true });
    for (const chave of chaves) expect(await existe(chave)).toBe(true);
    for (const chave of chaves) await storage.delete(chave);
  });
});
