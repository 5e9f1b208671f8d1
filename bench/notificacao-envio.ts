// npm run bench:notificacao-envio — one notice to BENCH_PESCADORES fishers (default 20,000), each with an e-mail and a
// mobile number, so three outbox rows each (e-mail, SMS, gov.br mailbox; decision 0150), written and drained end to
// end with the local channels (.eml and JSON files under the data folder), beside a bare baseline in the same run:
// the same notifications and outbox rows in one INSERT, the same rows read back in one SELECT, the same messages
// written as files (temporary name and rename, as the local channels do, 8 at a time per channel, the three
// channels at once), and one UPDATE marking them sent. The bare run is rolled back and its files removed before the
// product's. Goal (issue 39's Performance): within 3× the baseline. The process's RSS is sampled every 100 ms.
//
// The product's writer (NotificacaoService.criarParaVarios, blocks of BENCH_BLOCO fishers per transaction) and its
// drain (NotificacaoEnvioService.drenar) run in this process on the product's database; the product runs with
// INSTANCE_ROLE=web so its own workers do not drain the same rows. BENCH_REUSE=1 keeps the seeded fishers.
//
// BENCH_MODO=servidor (decision 0159): the server as production runs it (its bundle, INSTANCE_ROLE=both) drains the
// outbox with its own worker, as it would after a warning. The bench writes the notices with the product's writer,
// sends the drain job once, and times from the first write until no row is left to send; meanwhile it samples the
// server's Node process's RSS (/proc/<pid>/status, every 100 ms) and sends REAPs one after another (fishers owing the
// year, sessions opened directly), whose p99 is set beside the p99 of the same sends before the drain. The bare
// baseline is the one above, in the same run.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { criarEnviadorEmail } from '../src/server/adapters/email/criar-email';
import { criarCanalGovbr, criarCanalSms } from '../src/server/adapters/mensagem/mensagem';
import { connect } from '../src/server/db/client';
import { NotificacaoEnvioRepository } from '../src/server/modules/notificacao/notificacao-envio.repository';
import { NotificacaoEnvioService } from '../src/server/modules/notificacao/notificacao-envio.service';
import { NotificacaoRepository } from '../src/server/modules/notificacao/notificacao.repository';
import { NotificacaoService } from '../src/server/modules/notificacao/notificacao.service';
import { CanalNotificacao, canalNotificacaoLabel, TipoNotificacao } from '../src/shared/enums';
import { MENSAGENS_CANAIS } from '../src/shared/mensagens/notificacao-canais';
import { ROTA_REAP } from '../src/shared/rotas-web';
import PgBoss from 'pg-boss';
import pg from 'pg';
import { construirServidorComThreads } from '../scripts/servidor-esbuild.mjs';
import { cpfComDigitos } from '../src/shared/cpf';
import { hojeSaoPaulo } from '../src/shared/datas';
import {
  formularioReapArtesanal, iniciarServidorEmpacotado, MUNICIPIO_BELEM, pararServidor, pct, rssMb, sessoesDiretas, startProduct, stop, waitExit,
  type Sessao,
} from './lib';

const N = Number(process.env.BENCH_PESCADORES ?? 20_000);
const RODADAS = Number(process.env.BENCH_RODADAS ?? 2);
const BLOCO = Number(process.env.BENCH_BLOCO ?? 5_000);
/** The drain's own settings, the product's defaults unless given (rows claimed per block, messages in flight per channel). */
const DRENAGEM = {
  ...(process.env.BENCH_DRENAGEM_BLOCO ? { bloco: Number(process.env.BENCH_DRENAGEM_BLOCO) } : {}),
  ...(process.env.BENCH_DRENAGEM_PARALELOS ? { paralelos: Number(process.env.BENCH_DRENAGEM_PARALELOS) } : {}),
};
const REUSE = process.env.BENCH_REUSE === '1';
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 5641);
const PORTA = Number(process.env.BENCH_PORT ?? 3241);
const dataDir = process.env.BENCH_DATA_DIR ?? '.test-data/bench-notificacao-envio';
const URL_DB = `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp`;
const CONTEUDO = 'Faltam 7 dias para terminar o prazo da REAP de 2025. Se você ainda não enviou a sua, envie agora para manter o registro regular.';
const LINK = `http://localhost:${PORTA}${ROTA_REAP}`;
const s = (ms: number) => `${(ms / 1000).toFixed(1).padStart(7)} s`;

const MODO_SERVIDOR = process.env.BENCH_MODO === 'servidor';
const JWT_SECRET = 'bench-notificacao-envio-jwt-secret-0123456789abcdef';
const REAPS_ANTES = Number(process.env.BENCH_REAPS_ANTES ?? 300);
/** BENCH_REAPS_DURANTE=0: no REAP sent while the server drains, to tell the drain's own RSS from theirs. */
const REAPS_DURANTE = process.env.BENCH_REAPS_DURANTE !== '0';
let pidServidor = 0;
let pararProduto: () => Promise<void>;
if (MODO_SERVIDOR) {
  if (!REUSE) await fs.rm(dataDir, { recursive: true, force: true });
  const SERVIDOR = `${dataDir}-servidor/main.mjs`;
  console.log('building the server bundle …');
  await construirServidorComThreads(SERVIDOR.slice(0, -'/main.mjs'.length)); // with its worker threads' bundles
  const { filho } = await iniciarServidorEmpacotado(SERVIDOR, PORTA, {
    DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(PG_PORT), NODE_ENV: 'development', METRICS_PORT: '0', JWT_SECRET, TRUST_PROXY: 'loopback',
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_MAX_SERVER_TIME_MS: '0', INSTANCE_ROLE: 'both',
  });
  pidServidor = filho.pid!;
  pararProduto = () => pararServidor(filho);
} else {
  process.env.INSTANCE_ROLE = 'web';
  const { child } = await startProduct({ port: PORTA, pgPort: PG_PORT, dataDir, fresh: !REUSE });
  pararProduto = async () => {
    stop(child);
    await waitExit(child);
  };
}
const h = connect(URL_DB, 12);
const { db, pool } = h;

/** N fishers with an e-mail and a mobile number; their ids. */
async function semear(): Promise<number[]> {
  const existentes = await pool.query<{ id: number }>(`SELECT id FROM pescador WHERE cpf LIKE '6%' ORDER BY id`);
  if (existentes.rows.length >= N) return existentes.rows.slice(0, N).map((r) => r.id);
  await pool.query(`
    INSERT INTO pescador (cpf, nome, uf, situacao_registro, email, telefone)
    SELECT '6' || lpad(g::text, 10, '0'), 'PESCADOR ' || g, 'PA', 1, 'p' || g || '@exemplo.com.br', '919' || lpad(g::text, 8, '0')
    FROM generate_series(1, $1::int) g
    ON CONFLICT (cpf) DO NOTHING`, [N]);
  await pool.query('VACUUM ANALYZE pescador');
  return (await pool.query<{ id: number }>(`SELECT id FROM pescador WHERE cpf LIKE '6%' ORDER BY id`)).rows.map((r) => r.id);
}

/**
 * The bench's notices and their outbox rows removed. The whole outbox is emptied at once (the bench's own database):
 * nothing indexes notificacao_envio by its notice (the product never deletes one), so deleting the notices under
 * rows still there checks each against the whole table.
 */
async function limpar(ids: number[]): Promise<void> {
  await pool.query('TRUNCATE notificacao_envio');
  await pool.query(`DELETE FROM notificacao WHERE pescador_id = ANY($1::int[])`, [ids]);
}

/** Temporary name, then rename, as the local channels write. */
async function gravar(pasta: string, extensao: string, conteudo: string): Promise<void> {
  const destino = path.join(pasta, `${Date.now()}-${crypto.randomBytes(4).toString('hex')}.${extensao}`);
  await fs.writeFile(`${destino}.tmp`, conteudo, { mode: 0o600 });
  await fs.rename(`${destino}.tmp`, destino);
}

async function emParalelo<T>(itens: T[], paralelos: number, f: (x: T) => Promise<void>): Promise<void> {
  let i = 0;
  await Promise.all(Array.from({ length: paralelos }, async () => {
    while (i < itens.length) await f(itens[i++]!);
  }));
}

/** The bare baseline: one INSERT, one SELECT, the files, one UPDATE; rolled back. */
async function base(ids: number[]): Promise<{ total: number; sql: number; arquivos: number }> {
  const pasta = path.join(dataDir, 'bench-base');
  for (const c of ['email', 'sms', 'govbr']) await fs.mkdir(path.join(pasta, c), { recursive: true });
  const c = await pool.connect();
  try {
    const t0 = performance.now();
    await c.query('BEGIN');
    // At the scale the files take minutes with the transaction open, and each statement longer than the
    // pool's limit: neither limit is the baseline's to meet.
    await c.query('SET LOCAL idle_in_transaction_session_timeout = 0');
    await c.query('SET LOCAL statement_timeout = 0');
    await c.query(`
      WITH n AS (
        INSERT INTO notificacao (pescador_id, tipo, conteudo, url_redirecionamento, criada_em)
        SELECT unnest($1::int[]), $2, $3, $4, now() RETURNING id, pescador_id)
      INSERT INTO notificacao_envio (notificacao_id, pescador_id, canal, proxima_em, criada_em)
      SELECT n.id, n.pescador_id, c.canal, now(), now() FROM n CROSS JOIN (VALUES (1::smallint), (2::smallint), (3::smallint)) c(canal)`,
    [ids, TipoNotificacao.PENDENCIA, CONTEUDO, ROTA_REAP]);
    const { rows } = await c.query<{ id: number; canal: number; email: string; telefone: string; cpf: string; conteudo: string; tipo: number }>(`
      SELECT e.id, e.canal, p.email, p.telefone, p.cpf, n.conteudo, n.tipo
      FROM notificacao_envio e JOIN notificacao n ON n.id = e.notificacao_id JOIN pescador p ON p.id = e.pescador_id
      WHERE e.situacao = 1 AND e.pescador_id = ANY($1::int[])`, [ids]);
    const t1 = performance.now();
    await Promise.all([1, 2, 3].map((canal) => emParalelo(rows.filter((r) => r.canal === canal), 8, async (r) => {
      if (canal === 1) {
        await gravar(path.join(pasta, 'email'), 'eml', `From: rgp@localhost\nTo: ${r.email}\nSubject: ${MENSAGENS_CANAIS.assuntoEmail(r.tipo)}\n\n${MENSAGENS_CANAIS.corpo(r.conteudo, LINK)}`);
      } else if (canal === 2) {
        await gravar(path.join(pasta, 'sms'), 'json', JSON.stringify({ destino: `+55${r.telefone}`, titulo: 'RGP', texto: MENSAGENS_CANAIS.sms(r.tipo, LINK) }));
      } else {
        await gravar(path.join(pasta, 'govbr'), 'json', JSON.stringify({ destino: r.cpf, titulo: MENSAGENS_CANAIS.tituloGovbr(r.tipo), texto: MENSAGENS_CANAIS.corpo(r.conteudo, LINK) }));
      }
    })));
    const t2 = performance.now();
    await c.query(`UPDATE notificacao_envio SET situacao = 2, enviada_em = now(), tentativas = 1 WHERE id = ANY($1::int[])`, [rows.map((r) => r.id)]);
    const t3 = performance.now();
    await c.query('ROLLBACK');
    if (rows.length !== ids.length * 3) throw new Error(`baseline read ${rows.length} rows, expected ${ids.length * 3}`);
    return { total: t3 - t0, sql: t1 - t0 + (t3 - t2), arquivos: t2 - t1 };
  } finally {
    c.release();
    await fs.rm(pasta, { recursive: true, force: true });
  }
}

/** The product: its writer in blocks, then its drain with the local channels. */
async function produto(ids: number[]): Promise<{ total: number; escrita: number; drenagem: number; enviadas: number; rssMax: number; porCanal: { canal: number; enviadas: number; ms: number }[] }> {
  const pasta = path.join(dataDir, 'bench-produto');
  await fs.rm(pasta, { recursive: true, force: true });
  const email = criarEnviadorEmail({ remetente: 'rgp@localhost', smtp: undefined }, pasta);
  const envios = new NotificacaoEnvioService(
    new NotificacaoEnvioRepository(db), { email, sms: criarCanalSms(undefined, pasta), govbr: criarCanalGovbr(undefined, pasta) }, `http://localhost:${PORTA}`, DRENAGEM,
  );
  const notificacoes = new NotificacaoService(new NotificacaoRepository(db));
  let rssMax = 0;
  const amostra = setInterval(() => { rssMax = Math.max(rssMax, process.memoryUsage().rss / 1048576); }, 100);
  try {
    const t0 = performance.now();
    for (let i = 0; i < ids.length; i += BLOCO) {
      await db.transaction(async (tx) => {
        await notificacoes.criarParaVarios(ids.slice(i, i + BLOCO), { tipo: TipoNotificacao.PENDENCIA, conteudo: CONTEUDO, urlRedirecionamento: ROTA_REAP }, tx);
      });
    }
    const t1 = performance.now();
    // What drenar() does (the three channels at once), each channel timed.
    const porCanal = await Promise.all(Object.values(CanalNotificacao).map(async (canal) => {
      const c0 = performance.now();
      const r = await envios.drenarCanal(canal);
      return { canal, enviadas: r.enviadas, ms: performance.now() - c0 };
    }));
    const t2 = performance.now();
    const enviadas = porCanal.reduce((a, c) => a + c.enviadas, 0);
    return { total: t2 - t0, escrita: t1 - t0, drenagem: t2 - t1, enviadas, rssMax, porCanal };
  } finally {
    clearInterval(amostra);
    await email.close();
    await fs.rm(pasta, { recursive: true, force: true });
  }
}

type PescadorReap = { id: number; cpf: string; idQuestionario: number };

/** Fishers owing the REAP of `ano` (its window open, as the seed opens it), each with a pending questionnaire. */
async function semearReap(n: number, ano: number): Promise<PescadorReap[]> {
  const cpfs = Array.from({ length: n }, (_, i) => cpfComDigitos(String(820_000_000 + i)));
  await pool.query(`
    INSERT INTO pescador (cpf, nome, uf, municipio_id, situacao_registro, categoria, numero_rgp, data_primeiro_rgp)
    SELECT c.cpf, 'PESCADOR REAP ' || c.n, 'PA', ${MUNICIPIO_BELEM}, 1, 2, 'PAPA' || lpad(c.n::text, 11, '0'), DATE '2020-03-01'
    FROM unnest($1::text[]) WITH ORDINALITY AS c(cpf, n) ON CONFLICT (cpf) DO NOTHING`, [cpfs]);
  await pool.query(`
    WITH s AS (
      INSERT INTO solicitacao (pescador_id, tipo, situacao, uf_pescador)
      SELECT p.id, 4, 8, p.uf FROM pescador p WHERE p.cpf = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM reap_questionario q WHERE q.pescador_id = p.id AND q.ano_referencia = $2)
      RETURNING id, pescador_id)
    INSERT INTO reap_questionario (solicitacao_id, pescador_id, ano_referencia, categoria)
    SELECT s.id, s.pescador_id, $2, 2 FROM s`, [cpfs, ano]);
  const { rows } = await pool.query<PescadorReap>(`SELECT p.id, p.cpf, q.id AS "idQuestionario"
    FROM pescador p JOIN reap_questionario q ON q.pescador_id = p.id AND q.ano_referencia = $2
    WHERE p.cpf = ANY($1::text[]) AND NOT q.enviada ORDER BY p.id`, [cpfs, ano]);
  return rows;
}

/** REAPs sent one after another until `parar()` or no fisher is left; each send's time. */
async function enviarReaps(base: string, sessoes: Sessao<PescadorReap>[], ano: number, maximo: number, parar: () => boolean): Promise<number[]> {
  const ms: number[] = [];
  while (sessoes.length > 0 && ms.length < maximo && !parar()) {
    const s = sessoes.shift()!;
    const t0 = performance.now();
    const res = await fetch(`${base}/api/reap/questionario-basico`, {
      method: 'POST', headers: s.headers, body: JSON.stringify(formularioReapArtesanal(s.pescador.idQuestionario, ano, true)),
    });
    const corpo = await res.text();
    if (res.status !== 200) throw new Error(`REAP send: ${res.status} ${corpo.slice(0, 200)}`);
    ms.push(performance.now() - t0);
  }
  return ms;
}

const p99 = (ms: number[]) => pct([...ms].sort((a, b) => a - b), 99);

/** The server's own worker drains what the product's writer wrote; REAP sends and the server's RSS meanwhile. */
async function servidorDrena(ids: number[], melhorBase: number): Promise<void> {
  const base = `http://localhost:${PORTA}`;
  const ano = Number(hojeSaoPaulo().slice(0, 4)) - 1;
  const reap = await semearReap(REAPS_ANTES + 30_000, ano);
  const cliente = new pg.Client({ connectionString: URL_DB });
  await cliente.connect();
  const sessoes = await sessoesDiretas(cliente, JWT_SECRET, reap);
  await cliente.end();
  await enviarReaps(base, sessoes, ano, 20, () => false); // warm-up
  const rssAntes = rssMb(pidServidor);
  const antes = await enviarReaps(base, sessoes, ano, REAPS_ANTES, () => false);

  const notificacoes = new NotificacaoService(new NotificacaoRepository(db));
  let rssMax = rssMb(pidServidor);
  const amostra = setInterval(() => { rssMax = Math.max(rssMax, rssMb(pidServidor)); }, 100);
  let fim = false;
  const durante = enviarReaps(base, sessoes, ano, REAPS_DURANTE ? Infinity : 0, () => fim);
  const t0 = performance.now();
  let tEscrita = 0;
  try {
    for (let i = 0; i < ids.length; i += BLOCO) {
      await db.transaction(async (tx) => {
        await notificacoes.criarParaVarios(ids.slice(i, i + BLOCO), { tipo: TipoNotificacao.PENDENCIA, conteudo: CONTEUDO, urlRedirecionamento: ROTA_REAP }, tx);
      });
    }
    tEscrita = performance.now() - t0;
    // The job the writer enqueues in its transaction when it has the queue (NotificacaoService's fila), sent once.
    const boss = new PgBoss({ connectionString: URL_DB, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
    await boss.start();
    await boss.send('drenar-notificacoes', {});
    await boss.stop({ graceful: false, wait: true });
    for (;;) {
      const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM notificacao_envio WHERE situacao = 1 AND pescador_id = ANY($1::int[])`, [ids]);
      if (rows[0]!.n === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    fim = true;
    clearInterval(amostra);
  }
  const total = performance.now() - t0;
  const msDurante = await durante;
  const enviadas = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM notificacao_envio WHERE situacao = 2 AND pescador_id = ANY($1::int[])`, [ids])).rows[0]!.n;
  console.log(`server drains: end to end ${s(total).trim()} (write ${s(tEscrita).trim()}), ${enviadas.toLocaleString('en')} sent; `
    + `ratio to the bare baseline ${(total / melhorBase).toFixed(2)}× (goal ≤ 3×)`);
  console.log(`server RSS: ${rssAntes.toFixed(0)} MB before, max ${rssMax.toFixed(0)} MB while draining (goal < 300 MB)`);
  if (msDurante.length > 0) console.log(`REAP send p99: ${p99(antes).toFixed(1)} ms before (${antes.length} sends), ${p99(msDurante).toFixed(1)} ms during the drain `
    + `(${msDurante.length} sends); ratio ${(p99(msDurante) / p99(antes)).toFixed(2)}× (goal ≤ 1.2×)`);
  if (enviadas !== ids.length * 3) throw new Error(`the server sent ${enviadas}, expected ${ids.length * 3}`);
}

try {
  const ids = await semear();
  // Earlier runs' rows out of the way: the product's drain takes every due row.
  await limpar(ids);
  console.log(`${ids.length.toLocaleString('en')} fishers, ${(ids.length * 3).toLocaleString('en')} messages (e-mail, SMS, gov.br), local channels; drain ${JSON.stringify(DRENAGEM)}`);
  // Alternated, each kept at its best: the disk is shared with other work and its pace varies from minute to minute.
  let melhorBase = Infinity;
  let melhorProduto = Infinity;
  let rssMax = 0;
  if (MODO_SERVIDOR) {
    const b = await base(ids);
    console.log(`bare baseline        ${s(b.total)}  (SQL ${s(b.sql).trim()}, files ${s(b.arquivos).trim()})`);
    await servidorDrena(ids, b.total);
  }
  for (let rodada = 1; rodada <= (MODO_SERVIDOR ? 0 : RODADAS); rodada++) {
    const b = await base(ids);
    console.log(`round ${rodada}: bare baseline        ${s(b.total)}  (SQL ${s(b.sql).trim()}, files ${s(b.arquivos).trim()})`);
    await limpar(ids);
    const p = await produto(ids);
    console.log(`round ${rodada}: product end to end   ${s(p.total)}  (write ${s(p.escrita).trim()}, drain ${s(p.drenagem).trim()}; ${p.enviadas.toLocaleString('en')} sent)`);
    for (const c of p.porCanal) console.log(`           ${canalNotificacaoLabel[c.canal as CanalNotificacao].padEnd(20)} ${s(c.ms)}  (${c.enviadas.toLocaleString('en')})`);
    if (p.enviadas !== ids.length * 3) throw new Error(`the drain sent ${p.enviadas}, expected ${ids.length * 3}`);
    melhorBase = Math.min(melhorBase, b.total);
    melhorProduto = Math.min(melhorProduto, p.total);
    rssMax = Math.max(rssMax, p.rssMax);
  }
  if (!MODO_SERVIDOR) console.log(`best of ${RODADAS}: bare ${s(melhorBase).trim()}, product ${s(melhorProduto).trim()}; ratio ${(melhorProduto / melhorBase).toFixed(2)}× (goal ≤ 3×); `
    + `bench process RSS max ${rssMax.toFixed(0)} MB (the product's writer and drain run in it)`);
} finally {
  await h.close();
  await pararProduto();
}
