// npm run bench:recursos — a wave of appeals at national scale: BENCH_PESCADORES fishers (default 2,000,000),
// BENCH_RECURSOS of them (default 100,000) suspended by one act's batch and appealing it (pending; 20 % at the
// SFPA's reconsideration, 80 % at the ministry), plus 20,000 decided appeals of another act.
//  1. The staff queue through HTTP (GET /api/recursos as GESTOR: token, scope, count, page, audit, JSON) per filter,
//     beside the same call on the bare server below (its hand-written count and page behind the same HTTP fixed cost:
//     token, staff session, audit row, JSON) and beside the hand-written SQL alone on a direct connection, same run;
//     goal within 1.5× (decision 0220 reads it against the bare server). The calls alternate (after BENCH_AQUECIMENTO
//     warm-ups each) with an authenticated call that reads nothing, so the HTTP side's fixed cost is printed beside
//     the route's own; the product's SQL, rendered by its repository, is EXPLAINed beside the hand-written one.
//     Then the server's CPU per queue call, product beside bare, on the act's whole queue and on its late appeals
//     (BENCH_FILA_SECONDS, 10, per server and filter; BENCH_FILA_CONNECTIONS, 2, clients).
//  2. A batch decision of BENCH_LOTE (default 50,000) of the act's appeals (POST /api/recursos/decisao-em-lote, then
//     its job, followed through GET /api/recursos/decisao-em-lote/{id} until done; PROVIDO: registries restored), beside the bare SQL of the same change (decision rows, appeal, request status
//     and history, two notices, audit, registry and its history) in one transaction, same run; goal within 3×.
//     The bare SQL runs first on the same appeals and is rolled back. The server's RSS (its Node process alone, not
//     the embedded PostgreSQL's processes) sampled every 100 ms during the decision; goal under 300 MB.
//  3. Filing an appeal with two documents, as the fisher's phone does it: POST /api/recursos (the draft), two
//     POST /api/documentos (a PDF each), POST /api/recursos/{id}/enviar; beside a bare Fastify + pg server (this file,
//     BENCH_PAPEL=nu) doing the same writes with hand-written SQL (the request and its history, the appeal, the two
//     documents' files and rows, the notification), same run: the server's CPU ms per filing, its
//     CPU at rest subtracted (bench/lib.ts medirOperacao). BENCH_INTERPOSICOES (4,000) fishers suspended by the act,
//     seeded for it each run; BENCH_OP_SECONDS (10) per server, BENCH_CONNECTIONS (8) clients; the bare server on
//     BENCH_NU_PORT (BENCH_PORT + 1), started once for steps 1 and 3.
// The product runs as production runs it: the server bundle with npm start's Node flags (bench/lib.ts), its
// PostgreSQL embedded (DATA_DIR).
// BENCH_REUSE=1 keeps the seeded data folder of an earlier run (about 7 minutes to seed on a loaded 2-core machine);
// the appeals an earlier run decided are made pending again.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { construirServidorComThreads } from '../scripts/servidor-esbuild.mjs';
import { cpfComDigitos } from '../src/shared/cpf';
import type { Database, Executor } from '../src/server/db/client';
import { multipart, pdfDeTamanho } from '../src/server/modules/documento/documento.fixtures';
import { RecursoRepository } from '../src/server/modules/recurso/recurso.repository';
import { filtrosRecurso, objetoRecursoLabel, resultadoRecursoLabel } from '../src/shared/schemas/recurso';
import {
  autenticadorNu, autenticadorServidorNu, CTE_NOMES_UFS, falhaHttp, iniciarServidorEmpacotado, Medidor, medirOperacao, pararServidor, percentile, rssMb, sessoesDiretas,
  signIn, type Custo, type Sessao,
} from './lib';

const N = Number(process.env.BENCH_PESCADORES ?? 2_000_000);
const RECURSOS = Number(process.env.BENCH_RECURSOS ?? 100_000);
const LOTE = Number(process.env.BENCH_LOTE ?? 50_000);
const RODADAS = Number(process.env.BENCH_RODADAS ?? 20);
const REUSE = process.env.BENCH_REUSE === '1';
/** Which of the steps below run (BENCH_PASSOS=2,3: not the queue); all by default. */
const PASSOS = new Set((process.env.BENCH_PASSOS ?? '1,2,3').split(',').map(Number));
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 5601);
const PORTA = Number(process.env.BENCH_PORT ?? 3201);
const INTERPOSICOES = Number(process.env.BENCH_INTERPOSICOES ?? 4000);
const SEGUNDOS_OP = Number(process.env.BENCH_OP_SECONDS ?? 10);
const CONEXOES = Number(process.env.BENCH_CONNECTIONS ?? 8);
const PORTA_NU = Number(process.env.BENCH_NU_PORT ?? PORTA + 1);
/** Step 1's CPU per queue call: seconds per server and filter, clients. */
const SEGUNDOS_FILA = Number(process.env.BENCH_FILA_SECONDS ?? 10);
const CONEXOES_FILA = Number(process.env.BENCH_FILA_CONNECTIONS ?? 2);
/** BENCH_DATA_DIR: another folder, so that a small run does not reuse (or remove) the national one. */
const dataDir = process.env.BENCH_DATA_DIR ?? '.test-data/bench-recursos';
const SERVIDOR = `${dataDir}-servidor/main.mjs`;
const ARQUIVOS_NU = `${dataDir}-nu-arquivos`;
const GESTOR = '10000000108';
const JWT_SECRET = 'bench-recursos-jwt-secret-0123456789abcdef';
const DB_URL = `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp`;
const TIPO_RECURSO = 11;
const TIPO_ADICIONAL = 6;
const PERFIL_INTERESSADO = 4;

async function semear(db: pg.Client): Promise<{ ato: number; outroAto: number }> {
  const existente = await db.query<{ id: number }>(`SELECT id FROM ato_normativo WHERE nome = 'Portaria da onda (bench)'`);
  if (existente.rows[0]) {
    const outro = await db.query<{ id: number }>(`SELECT id FROM ato_normativo WHERE nome = 'Portaria anterior (bench)'`);
    const ato = existente.rows[0].id;
    // An earlier run's batch decision is undone, so every run decides the same pending appeals.
    const desfeitos = await db.query(`
      WITH r AS (SELECT id, solicitacao_id, pescador_id FROM recurso WHERE ato_normativo_id = $1 AND resultado IS NOT NULL),
      d AS (DELETE FROM recurso_decisao x USING r WHERE x.recurso_id = r.id),
      p AS (UPDATE pescador p SET situacao_registro = 6, data_suspenso_cancelado = current_date - 10 FROM r WHERE p.id = r.pescador_id),
      s AS (UPDATE solicitacao s SET situacao = 6 FROM r WHERE s.id = r.solicitacao_id)
      UPDATE recurso x SET resultado = NULL, ultimo_dia_proxima_instancia = NULL FROM r WHERE x.id = r.id`, [ato]);
    await db.query('VACUUM ANALYZE recurso, pescador, solicitacao');
    console.log(`reusing the seeded wave (${desfeitos.rowCount} appeals decided by an earlier run made pending again)`);
    return { ato, outroAto: outro.rows[0]!.id };
  }
  const t0 = performance.now();
  await db.query('SET synchronous_commit = off');
  // One transaction, tried again on a deadlock: the product's own jobs run meanwhile and may lock the same fishers.
  let semeado: { ato: number; outroAto: number } | undefined;
  for (let tentativa = 1; !semeado; tentativa++) {
    try {
      await db.query('BEGIN');
      semeado = await semearNaTransacao(db);
      await db.query('COMMIT');
    } catch (e) {
      await db.query('ROLLBACK');
      if ((e as { code?: string }).code !== '40P01' || tentativa >= 3) throw e;
      console.log('  the seed met a deadlock with the product\'s jobs; again');
    }
  }
  await db.query('VACUUM ANALYZE pescador, solicitacao, recurso, pescador_historico_situacao');
  console.log(`seeded ${N.toLocaleString('en')} fishers and ${RECURSOS.toLocaleString('en')} pending appeals in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return semeado;
}

async function semearNaTransacao(db: pg.Client): Promise<{ ato: number; outroAto: number }> {
  await db.query(`
    ${CTE_NOMES_UFS}
    INSERT INTO pescador (cpf, nome, uf, situacao_registro, numero_rgp)
    SELECT '9' || lpad(g::text, 10, '0'), p[1 + h % 20] || ' ' || s[1 + (h / 20) % 40] || ' ' || s[1 + (h / 800) % 40],
           uf[1 + (h / 32000) % 33], 1, 'BR' || lpad(g::text, 10, '0')
    FROM nomes, generate_series(1, ${N}) g, LATERAL (SELECT abs(hashint4(g)) AS h) x`);
  const atos = await db.query<{ id: number }>(`
    INSERT INTO ato_normativo (nome, descricao, data_inicio_vigencia, prazo_recurso_dias, prazo_decisao_recurso_dias)
    VALUES ('Portaria da onda (bench)', 'Suspensão por indícios de fraude.', current_date - 10, 30, 60),
           ('Portaria anterior (bench)', 'Cancelamento por falta de recadastramento.', current_date - 200, 30, 60) RETURNING id`);
  const [ato, outroAto] = [atos.rows[0]!.id, atos.rows[1]!.id];
  const lote = await db.query<{ id: number }>(`
    INSERT INTO lote_pescador (tipo, forma_processamento, ato_normativo_id, orgao_solicitante, justificativa, total, situacao, cpf_solicitante, perfil_solicitante)
    VALUES (2, true, $1, 'MPA', 'Indícios de fraude.', $2, 2, '${GESTOR}', 1) RETURNING id`, [ato, RECURSOS]);
  // Every 1 in N/RECURSOS fishers suspended by the batch and appealing it; then 20,000 decided appeals of another act.
  const passo = Math.max(1, Math.floor(N / RECURSOS));
  await db.query(`
    CREATE TEMP TABLE alvo ON COMMIT DROP AS
    SELECT p.id, p.uf, row_number() OVER (ORDER BY p.id) AS k FROM pescador p WHERE p.cpf LIKE '9%' AND p.id % ${passo} = 0 LIMIT ${RECURSOS}`);
  await db.query(`UPDATE pescador p SET situacao_registro = 6, data_suspenso_cancelado = current_date - 10 FROM alvo a WHERE p.id = a.id`);
  await db.query(`
    INSERT INTO pescador_historico_situacao (pescador_id, situacao_anterior, situacao_nova, lote_id, ato_normativo_id, suspenso_ate, motivo)
    SELECT id, 1, 6, ${lote.rows[0]!.id}, ${ato}, current_date + 355, 'Lote (bench)' FROM alvo`);
  // Protocol numbers of past years: those the product gives today (the year, then the request's id) never collide.
  await db.query(`
    INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, enviada_em, uf_pescador, numero_protocolo)
    SELECT id, 11, 6, 1, now() - ((k % 9) || ' days')::interval, uf, '2024' || lpad(id::text, 9, '0') FROM alvo`);
  await db.query(`
    INSERT INTO recurso (solicitacao_id, pescador_id, uf, objeto, chave_objeto, historico_situacao_id, lote_id, ato_normativo_id,
      inicio_prazo, ultimo_dia, prazo_decisao_dias, razoes, tempestivo, instancia, orgao, recebido_em, prazo_instancia)
    SELECT s.id, a.id, a.uf, 2, 'H' || h.id, h.id, h.lote_id, ${ato}, current_date - 10, current_date + 20, 60, 'Eu pesco.', true,
           CASE WHEN a.k % 5 = 0 THEN 1 ELSE 2 END, CASE WHEN a.k % 5 = 0 THEN 'SFPA' ELSE 'MPA' END, current_date - (a.k % 9)::int,
           current_date - (a.k % 9)::int + CASE WHEN a.k % 5 = 0 THEN 5 ELSE (a.k % 70)::int END
    FROM alvo a JOIN solicitacao s ON s.pescador_id = a.id AND s.tipo = 11
    JOIN pescador_historico_situacao h ON h.pescador_id = a.id AND h.ato_normativo_id = ${ato}`);
  await db.query(`
    WITH o AS (SELECT p.id, p.uf FROM pescador p WHERE p.cpf LIKE '9%' AND p.id % ${passo} = 1 LIMIT 20000),
    s AS (
      INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, uf_pescador, numero_protocolo)
      SELECT id, 11, 5, 1, uf, '2023' || lpad(id::text, 9, '0') FROM o RETURNING id, pescador_id, uf_pescador)
    INSERT INTO recurso (solicitacao_id, pescador_id, uf, objeto, chave_objeto, ato_normativo_id, inicio_prazo, ultimo_dia,
      prazo_decisao_dias, razoes, tempestivo, instancia, orgao, recebido_em, prazo_instancia, resultado)
    SELECT s.id, s.pescador_id, s.uf_pescador, 3, 'X' || s.id, ${outroAto}, current_date - 200, current_date - 170, 60, 'Eu pesco.', true,
           2, 'MPA', current_date - 180, current_date - 120, 3 FROM s`);
  return { ato, outroAto };
}

/**
 * The same change in bare SQL, in one transaction rolled back (the product then decides the same appeals), on a
 * connection of its own; tried again if the server drops the connection.
 */
async function cronometrarSqlNu(ids: number[], ato: number): Promise<number> {
  const justificativa = 'A lista do ato incluiu pescadores com atividade comprovada.';
  for (let tentativa = 1; ; tentativa++) {
    const db = new pg.Client({ connectionString: `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp` });
    db.on('error', () => undefined);
    await db.connect();
    try {
      const t0 = performance.now();
    await db.query('BEGIN');
    await db.query(`CREATE TEMP TABLE d ON COMMIT DROP AS
      SELECT r.id, r.solicitacao_id, r.pescador_id, r.instancia, r.orgao, s.situacao, s.numero_protocolo, h.situacao_anterior, h.situacao_nova
      FROM recurso r JOIN solicitacao s ON s.id = r.solicitacao_id LEFT JOIN pescador_historico_situacao h ON h.id = r.historico_situacao_id
      WHERE r.id = ANY($1::int[])`, [ids]);
    await db.query(`INSERT INTO recurso_decisao (recurso_id, instancia, orgao, resultado, justificativa, cpf_ator, perfil_ator)
      SELECT id, instancia, orgao, 1, $1, '${GESTOR}', 1 FROM d`, [justificativa]);
    await db.query(`UPDATE recurso r SET resultado = 1, analista_id = NULL, bloqueado_em = NULL, atualizado_em = now() FROM d WHERE r.id = d.id`);
    await db.query(`UPDATE solicitacao s SET situacao = 4, atualizado_em = now() FROM d WHERE s.id = d.solicitacao_id`);
    await db.query(`INSERT INTO solicitacao_historico (solicitacao_id, situacao_anterior, situacao_nova, cpf_ator, perfil_ator, motivo)
      SELECT solicitacao_id, situacao, 4, '${GESTOR}', 1, 'Recurso decidido na ' || instancia || 'ª instância: Provido: ' || $1 FROM d`, [justificativa]);
    await db.query(`INSERT INTO notificacao (pescador_id, tipo, conteudo, url_redirecionamento, criada_em)
      SELECT pescador_id, 8, 'Seu recurso ' || numero_protocolo || ' foi decidido: Provido. Veja a justificativa.', '/pescador/recursos/' || id, now() FROM d
      UNION ALL
      SELECT pescador_id, 8, 'Recurso ' || numero_protocolo || ' provido: a sanção foi desfeita.', '/pescador/recursos/' || id, now() FROM d`);
    await db.query(`INSERT INTO auditoria (acao, cpf_ator, perfil_ator, recurso, recurso_id, sucesso, detalhes, pescador_id)
      SELECT 'RECURSO_DECIDIDO', '${GESTOR}', 1, 'recurso', id::text, true, jsonb_build_object('resultado', 1, 'instancia', instancia), pescador_id FROM d`);
    await db.query(`WITH m AS (
        UPDATE pescador p SET situacao_registro = d.situacao_anterior, data_suspenso_cancelado = NULL, atualizado_em = now()
        FROM d WHERE p.id = d.pescador_id AND p.situacao_registro = d.situacao_nova RETURNING p.id, d.situacao_anterior, d.situacao_nova, d.numero_protocolo)
      INSERT INTO pescador_historico_situacao (pescador_id, situacao_anterior, situacao_nova, ato_normativo_id, cpf_ator, perfil_ator, motivo)
      SELECT id, situacao_nova, situacao_anterior, ${ato}, '${GESTOR}', 1, 'Recurso ' || numero_protocolo || ' provido' FROM m`);
      const decorrido = performance.now() - t0;
      await db.query('ROLLBACK');
      return decorrido;
    } catch (e) {
      if (tentativa >= 3) throw e;
      console.log(`  bare SQL: ${(e as Error).message}; again`);
    } finally {
      await db.end().catch(() => undefined);
    }
  }
}

/**
 * The embedded PostgreSQL's largest process (postmaster or backend), in MB: its backends count the shared buffers
 * they touch, so it is shown apart from the server's Node process.
 */
function rssBanco(): number {
  let postmaster: number;
  try {
    postmaster = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
  let maior = rssMb(postmaster);
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) maior = Math.max(maior, rssMb(Number(e)));
    } catch {
      // gone meanwhile
    }
  }
  return maior;
}

const ms = (v: number) => v.toFixed(1).padStart(7);

const AQUECIMENTO = Number(process.env.BENCH_AQUECIMENTO ?? 5);

/**
 * The p50 of each function's RODADAS calls, after AQUECIMENTO calls of each unmeasured; the functions alternate
 * call by call, so the shared machine's load drifts over all of them alike.
 */
async function medianas(fs: (() => Promise<unknown>)[]): Promise<number[]> {
  const tempos = fs.map((): number[] => []);
  for (let i = 0; i < AQUECIMENTO + RODADAS; i++) {
    for (const [k, f] of fs.entries()) {
      const t0 = performance.now();
      await f();
      if (i >= AQUECIMENTO) tempos[k]!.push(performance.now() - t0);
    }
  }
  return tempos.map((t) => percentile(t.sort((a, b) => a - b), 50));
}

/** The scans of a plan (node, index or table), in plan order. */
function varreduras(plano: { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: unknown[] }): string[] {
  const aqui = /Scan/.test(plano['Node Type']) ? [`${plano['Node Type']} ${plano['Index Name'] ?? plano['Relation Name'] ?? ''}`.trim()] : [];
  return [...aqui, ...((plano.Plans ?? []) as (typeof plano)[]).flatMap(varreduras)];
}

/**
 * The product's own count and first-page SQL for a queue filter (its repository renders it; a GESTOR's scope is
 * national) beside the hand-written SQL, by EXPLAIN ANALYZE on the seeded data: "same" or both plans' scans, and the
 * database's own time of each pair (planning and execution of count and page, ms, the fastest of three).
 */
async function compararPlanos(db: pg.Client, consulta: string, onde: string, lido: string, hoje: string): Promise<{ planos: string; produtoMs: number; nuMs: number }> {
  const f = filtrosRecurso.parse(Object.fromEntries(new URLSearchParams(consulta)));
  const capturadas: SQL[] = [];
  const captura = { execute: async (q: SQL) => { capturadas.push(q); return { rows: [] }; } } as unknown as Executor;
  const repo = new RecursoRepository(captura as unknown as Database);
  await repo.contarFila(f, { ufs: null }, hoje, captura);
  await repo.paginaFila(f, { ufs: null }, hoje, captura);
  const dialeto = new PgDialect();
  const ms = { produto: 0, nu: 0 };
  const explicar = async (lado: keyof typeof ms, texto: string, valores: unknown[] = []) => {
    type Plano = { Plan: Parameters<typeof varreduras>[0]; 'Planning Time': number; 'Execution Time': number };
    // The fastest of three: the shared machine's load only ever adds.
    let plano: Plano | undefined;
    let menor = Infinity;
    for (let i = 0; i < 3; i++) {
      const { rows } = await db.query<{ 'QUERY PLAN': [Plano] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${texto}`, valores);
      plano = rows[0]!['QUERY PLAN'][0];
      menor = Math.min(menor, plano['Planning Time'] + plano['Execution Time']);
    }
    ms[lado] += menor;
    return varreduras(plano!.Plan).join(', ');
  };
  const produto: string[] = [];
  for (const q of capturadas) {
    const { sql: texto, params } = dialeto.sqlToQuery(q);
    produto.push(await explicar('produto', texto, params));
  }
  const nu = [await explicar('nu', `SELECT count(*) FROM recurso r WHERE ${onde}`), await explicar('nu', `${lido} WHERE ${onde} ORDER BY r.prazo_instancia, r.id LIMIT 20`)];
  const planos = produto.every((p, i) => p === nu[i]) ? 'same' : `product [${produto.join(' | ')}] bare [${nu.join(' | ')}]`;
  return { planos, produtoMs: ms.produto, nuMs: ms.nu };
}

async function principal() {
  if (!REUSE) fs.rmSync(dataDir, { recursive: true, force: true });
  console.log('building the server bundle …');
  await construirServidorComThreads(SERVIDOR.slice(0, -'/main.mjs'.length)); // with its worker threads' bundles
  // The per-operation run of step 3 keeps the server busy on purpose (a closed loop): load shedding, which would answer
  // part of it 503 at once, is off. TRUST_PROXY: each simulated phone has its own address (per-address rate limits).
  const { filho: child, base } = await iniciarServidorEmpacotado(SERVIDOR, PORTA, {
    DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(PG_PORT), NODE_ENV: 'development', METRICS_PORT: '0', JWT_SECRET, TRUST_PROXY: 'loopback',
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_MAX_SERVER_TIME_MS: '0',
  });
  let nu: ChildProcess | undefined;
  try {
    const db = new pg.Client({ connectionString: DB_URL });
    await db.connect();
    db.on('error', (e) => console.error(`bench's database connection: ${e.message}`));
    const { ato, outroAto } = await semear(db);
    const hoje = (await db.query<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`)).rows[0]!.d;
    const em30 = (await db.query<{ d: string }>(`SELECT to_char(current_date + 30, 'YYYY-MM-DD') AS d`)).rows[0]!.d;
    const sessao = await signIn(base, GESTOR);
    const headers = {
      authorization: `Bearer ${sessao.token}`, 'content-type': 'application/json', cookie: sessao.cookie, 'x-xsrf-token': sessao.xsrf,
    };
    // The bare server (this file, BENCH_PAPEL=nu): the queue's baseline of step 1 and the filing's of step 3.
    if (PASSOS.has(1) || PASSOS.has(3)) nu = await iniciarNu();

    if (PASSOS.has(1)) {
      // 1. The queue per filter: the product through HTTP beside the hand-written count and first page.
      const LIDO = `SELECT r.id, s.numero_protocolo, p.nome, r.uf, r.objeto, r.instancia, r.orgao, r.prazo_instancia, r.resultado, u.nome AS analista
        FROM recurso r JOIN solicitacao s ON s.id = r.solicitacao_id JOIN pescador p ON p.id = r.pescador_id
        LEFT JOIN usuario_mapa um ON um.id = r.analista_id LEFT JOIN usuario u ON u.id = um.usuario_id`;
      const cenarios: [string, string][] = [
        [`ato=${ato}`, `r.ato_normativo_id = ${ato} AND r.resultado IS NULL AND r.prazo_instancia IS NOT NULL`],
        [`ato=${ato}&uf=PA`, `r.ato_normativo_id = ${ato} AND r.uf = 'PA' AND r.resultado IS NULL AND r.prazo_instancia IS NOT NULL`],
        [`ato=${ato}&instancia=1`, `r.ato_normativo_id = ${ato} AND r.instancia = 1 AND r.resultado IS NULL AND r.prazo_instancia IS NOT NULL`],
        [`ato=${ato}&situacao=atrasados`, `r.ato_normativo_id = ${ato} AND r.resultado IS NULL AND r.prazo_instancia IS NOT NULL AND r.prazo_instancia < '${hoje}'`],
        [`ato=${ato}&prazoAte=${em30}`, `r.ato_normativo_id = ${ato} AND r.resultado IS NULL AND r.prazo_instancia IS NOT NULL AND r.prazo_instancia <= '${em30}'`],
        ['orgao=MPA', `r.orgao = 'MPA' AND r.resultado IS NULL AND r.prazo_instancia IS NOT NULL`],
        ['(national queue)', 'r.resultado IS NULL AND r.prazo_instancia IS NOT NULL'],
        [`ato=${outroAto}&situacao=decididos&resultado=3`, `r.ato_normativo_id = ${outroAto} AND r.resultado IS NOT NULL AND r.resultado = 3 AND r.prazo_instancia IS NOT NULL`],
      ];
      const mediana = async (f: () => Promise<unknown>) => (await medianas([f]))[0]!;
      const saude = await mediana(async () => (await fetch(`${base}/api/health`)).json());
      // An authenticated call that reads nothing (the caller's scope): the token, session, permission and JSON every
      // staff route pays before its own work.
      const autenticadaSemConsulta = async () => {
        const res = await fetch(`${base}/api/analise-solicitacao/ufs-escopo`, { headers });
        if (res.status !== 200) throw new Error(`ufs-escopo: ${res.status} ${await res.text()}`);
        await res.json();
      };
      const semConsulta = await mediana(autenticadaSemConsulta);
      console.log(`queue, ${RODADAS} calls each after ${AQUECIMENTO} to warm up, the product's call, the bare server's, the SQL and the no-query call alternating, p50 ms`);
      console.log(`HTTP baselines: /api/health ${ms(saude)}   authenticated, no query (/api/analise-solicitacao/ufs-escopo) ${ms(semConsulta)}`);
      console.log(`${'filter'.padEnd(44)} ${'total'.padStart(8)}   HTTP    bare  ×bare     SQL   ×SQL  no-query HTTP-auth  ×SQL  EXPLAIN ANALYZE: product  bare    ×   plans`);
      const ler = async (url: string, h: Record<string, string>) => {
        const res = await fetch(url, { headers: h });
        if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
        return ((await res.json()) as { dados: { total: number; recursos: { id: number }[] } }).dados;
      };
      for (const [consulta, onde] of cenarios) {
        const qs = consulta.startsWith('(') ? '' : `?${consulta}`;
        const [url, urlNu] = [`${base}/api/recursos${qs}`, `${BASE_NU}/api/recursos${qs}`];
        // The bare server answers the same count and page (same ids, same order) with the same token.
        const [doProduto, doNu] = [await ler(url, headers), await ler(urlNu, headers)];
        const total = doProduto.total;
        const iguais = doNu.total === total && doNu.recursos.map((r) => r.id).join() === doProduto.recursos.map((r) => r.id).join();
        if (!iguais) console.log(`  ${consulta}: the bare server answered ${doNu.total} appeals and another page`);
        // The authenticated call that reads nothing alternates with them, so the fixed cost is read at the same load.
        const [http, nuHttp, bare, fixo] = await medianas([() => ler(url, headers), () => ler(urlNu, headers), async () => {
          await db.query(`SELECT count(*) FROM recurso r WHERE ${onde}`);
          await db.query(`${LIDO} WHERE ${onde} ORDER BY r.prazo_instancia, r.id LIMIT 20`);
        }, autenticadaSemConsulta]);
        const { planos, produtoMs, nuMs } = await compararPlanos(db, consulta.startsWith('(') ? '' : consulta, onde, LIDO, hoje);
        const proprio = http! - fixo!;
        console.log(`${consulta.padEnd(44)} ${String(total).padStart(8)} ${ms(http!)} ${ms(nuHttp!)} ${(http! / nuHttp!).toFixed(2).padStart(5)}×`
          + ` ${ms(bare!)} ${(http! / bare!).toFixed(2).padStart(5)}×  ${ms(fixo!)}  ${ms(proprio)} ${(proprio / bare!).toFixed(2).padStart(5)}×  ${ms(produtoMs)} ${ms(nuMs)} ${(produtoMs / nuMs).toFixed(2).padStart(5)}×  ${planos}`);
      }
      console.log('HTTP: GET /api/recursos on the product; bare: the same call on a bare Fastify + pg server (token, staff session, count and page in '
        + 'parallel, the page\'s audit row, JSON: bench/recursos.ts servidorNu), ×bare the ratio; SQL: the hand-written count and page on a direct '
        + 'connection, ×SQL the ratio; no-query: the authenticated call that reads nothing, alternating with these; HTTP-auth: the call less it '
        + '(the route\'s own cost), ×SQL its ratio; EXPLAIN ANALYZE: the database\'s planning and execution time of the product\'s own count and '
        + 'page SQL (rendered by its repository) and of the hand-written ones, the fastest of three each after the calls, and their ratio; plans: "same" when '
        + 'the two scan the same indexes and tables.');
      {
        const p1 = await (await fetch(`${base}/api/recursos?ato=${ato}&tamanhoPagina=100`, { headers })).json() as { dados: { proximo: string } };
        // The last page's cursor when the act has fewer than 50,000 appeals (a small run).
        let cursor = p1.dados.proximo;
        for (let i = 0; i < 500; i++) {
          const seguinte = ((await (await fetch(`${base}/api/recursos?ato=${ato}&tamanhoPagina=100&apos=${cursor}`, { headers })).json()) as { dados: { proximo: string | null } }).dados.proximo;
          if (!seguinte) break;
          cursor = seguinte;
        }
        const [fundo, fundoNu] = await medianas([() => ler(`${base}/api/recursos?ato=${ato}&apos=${cursor}`, headers),
          () => ler(`${BASE_NU}/api/recursos?ato=${ato}&apos=${cursor}`, headers)]);
        console.log(`keyset page ~50,000 deep (ato=${ato}&apos=…)${' '.repeat(8)} ${ms(fundo!)} ${ms(fundoNu!)} ${(fundo! / fundoNu!).toFixed(2).padStart(5)}×`);
      }
      // The server's CPU per queue call (its rest subtracted), product beside bare: what latency at this load hides.
      const postmaster = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
      const m = new Medidor(DB_URL, postmaster);
      await m.conectar();
      console.log(`\nqueue calls, ${SEGUNDOS_FILA} s per server and filter, ${CONEXOES_FILA} clients: the server's CPU per call, its rest subtracted`);
      console.log(`${'filter'.padEnd(44)} ${'server'.padEnd(8)} ${'calls/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'CPU ms/call'.padStart(12)} ${'× bare'.padStart(7)} ${'DB ms/call'.padStart(11)}`);
      for (const consulta of [`ato=${ato}`, `ato=${ato}&situacao=atrasados`]) {
        const custos: Custo[] = [];
        for (const [b, pid] of [[base, child.pid!], [BASE_NU, nu!.pid!]] as const) {
          const op = async () => {
            const t0 = performance.now();
            await ler(`${b}/api/recursos?${consulta}`, headers);
            return performance.now() - t0;
          };
          await medirOperacao(m, pid, 2, CONEXOES_FILA, op, true);
          custos.push(await medirOperacao(m, pid, SEGUNDOS_FILA, CONEXOES_FILA, op));
        }
        for (const [i, c] of custos.entries()) {
          console.log(`${consulta.padEnd(44)} ${(i === 0 ? 'product' : 'bare').padEnd(8)} ${c.porSegundo.toFixed(1).padStart(8)} ${c.p50.toFixed(1).padStart(7)}`
            + ` ${c.servidorMs.toFixed(2).padStart(12)} ${`${(c.servidorMs / custos[1]!.servidorMs).toFixed(2)}×`.padStart(7)} ${c.bancoMs.toFixed(2).padStart(11)}${c.erros ? `  ${c.erros} errors, e.g. ${c.amostraErro}` : ''}`);
        }
      }
      await m.fechar();

    }
    if (PASSOS.has(2)) {
      // 2. The batch decision of LOTE appeals at the ministry: bare SQL (rolled back), then the product.
      const ids = (await db.query<{ id: number }>(`SELECT id FROM recurso WHERE ato_normativo_id = $1 AND orgao = 'MPA' AND resultado IS NULL ORDER BY id LIMIT $2`, [ato, LOTE])).rows.map((r) => r.id);
      await db.end();
      console.log(`bare SQL of the batch decision on ${ids.length.toLocaleString('en')} appeals …`);
      const nuSql = await cronometrarSqlNu(ids, ato);

      const antes = { node: rssMb(child.pid!), postgres: rssBanco() };
      const pico = { ...antes };
      const amostra = setInterval(() => {
        pico.node = Math.max(pico.node, rssMb(child.pid!));
        pico.postgres = Math.max(pico.postgres, rssBanco());
      }, 100);
      const t1 = performance.now();
      const res = await fetch(`${base}/api/recursos/decisao-em-lote`, {
        method: 'POST', headers, body: JSON.stringify({ ato, ids, resultado: 1, justificativa: 'A lista do ato incluiu pescadores com atividade comprovada.' }),
      });
      const aceita = (await res.json()) as { dados: { id: number; total: number } };
      if (res.status !== 200) throw new Error(`batch decision: ${res.status} ${JSON.stringify(aceita)}`);
      const aceitaMs = performance.now() - t1;
      // The job decides it in chunks; its progress is read as the screen reads it, until it is done.
      let corpo: { dados: { decididos: number; recusados: number; concluida: boolean } };
      do {
        await new Promise((r) => setTimeout(r, 500));
        corpo = (await (await fetch(`${base}/api/recursos/decisao-em-lote/${aceita.dados.id}`, { headers })).json()) as typeof corpo;
      } while (!corpo.dados.concluida);
      const produto = performance.now() - t1;
      clearInterval(amostra);
      const conferir = new pg.Client({ connectionString: `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp` });
      await conferir.connect();
      const ativos = (await conferir.query<{ n: string }>(`SELECT count(*) AS n FROM pescador p JOIN recurso r ON r.pescador_id = p.id
        WHERE r.id = ANY($1::int[]) AND p.situacao_registro = 1`, [ids])).rows[0]!.n;
      console.log(`batch decision of ${ids.length.toLocaleString('en')} appeals (PROVIDO): decided ${corpo.dados.decididos}, refused ${corpo.dados.recusados}, registries active again ${ativos}`);
      console.log(`  accepted in ${aceitaMs.toFixed(0)} ms (the request only records the appeals and enqueues the job)`);
      console.log(`  product (HTTP + job, until read as done) ${(produto / 1000).toFixed(2)} s   bare SQL ${(nuSql / 1000).toFixed(2)} s   ratio ${(produto / nuSql).toFixed(2)}×`);
      console.log(`  server's Node process alone: RSS ${antes.node.toFixed(0)} MB before, peak ${pico.node.toFixed(0)} MB during (goal < 300 MB)`
        + ` ${pico.node < 300 ? 'met' : 'NOT met'}`);
      console.log(`  embedded PostgreSQL, largest process: ${antes.postgres.toFixed(0)} MB before, peak ${pico.postgres.toFixed(0)} MB (shared buffers it touched)`);
      await conferir.end();
    } else {
      await db.end();
    }
    // 3. Filing an appeal with two documents: the product, then the bare server, on fishers of their own.
    if (PASSOS.has(3)) await interposicoes(child, base, nu!);
  } finally {
    if (nu) await pararServidor(nu);
    await pararServidor(child);
  }
}

// ---------------------------------------------------------------- 3. filing an appeal with two documents

/** A fisher suspended by the wave's act, with nothing appealed yet; `chave` names the sanction (decision 0088). */
interface Recorrente { id: number; cpf: string; chave: string }

/** Two evidence documents a phone sends: PDFs of 200 KB (a scanned sales note, a declaration). */
const DOCUMENTO = pdfDeTamanho(200 * 1024);
const RAZOES = 'Eu pesco há vinte anos e tenho as notas de venda do pescado; a suspensão me tirou o seguro-defeso.';

/**
 * `n` new fishers suspended today by the wave's act and batch (CPFs with valid check digits, from 8xxxxxxxx, after
 * those of earlier runs): each has the sanction to contest, within the act's 30 days.
 */
async function semearRecorrentes(db: pg.Client, n: number): Promise<Recorrente[]> {
  const { rows: [onda] } = await db.query<{ ato: number; lote: number }>(`SELECT h.ato_normativo_id AS ato, h.lote_id AS lote
    FROM pescador_historico_situacao h JOIN ato_normativo a ON a.id = h.ato_normativo_id
    WHERE a.nome = 'Portaria da onda (bench)' AND h.lote_id IS NOT NULL LIMIT 1`);
  const { rows: [ja] } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM pescador WHERE numero_rgp LIKE 'RC%'`);
  const cpfs = Array.from({ length: n }, (_, i) => cpfComDigitos(800_000_000 + Number(ja!.n) + i));
  const { rows } = await db.query<{ id: number; cpf: string; h: string }>(`
    WITH p AS (
      INSERT INTO pescador (cpf, nome, uf, situacao_registro, data_suspenso_cancelado, numero_rgp)
      SELECT c, 'PESCADOR RECORRENTE ' || o, 'PA', 6, current_date, 'RC' || lpad(($2::int + o)::text, 10, '0')
      FROM unnest($1::text[]) WITH ORDINALITY AS x(c, o) RETURNING id, cpf),
    h AS (
      INSERT INTO pescador_historico_situacao (pescador_id, situacao_anterior, situacao_nova, lote_id, ato_normativo_id, suspenso_ate, motivo)
      SELECT id, 1, 6, $3, $4, current_date + 355, 'Lote (bench)' FROM p RETURNING id, pescador_id)
    SELECT p.id, p.cpf, h.id::text AS h FROM p JOIN h ON h.pescador_id = p.id`, [cpfs, Number(ja!.n), onda!.lote, onda!.ato]);
  return rows.map((r) => ({ id: r.id, cpf: r.cpf, chave: `H${r.h}` }));
}

/** One filing as the phone makes it: the draft, two documents, the send. Answers its time. */
async function recorrer(base: string, s: Sessao<Recorrente>): Promise<number> {
  const t0 = performance.now();
  const chamar = async (url: string, init: RequestInit): Promise<{ dados: { id: number; idSolicitacao: number } }> => {
    const res = await fetch(`${base}${url}`, init);
    const corpo = await res.text();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${corpo.slice(0, 200)}`);
    return JSON.parse(corpo) as { dados: { id: number; idSolicitacao: number } };
  };
  const { dados: aberto } = await chamar('/api/recursos', { method: 'POST', headers: s.headers, body: JSON.stringify({ chave: s.pescador.chave }) });
  for (const nome of ['nota-de-venda.pdf', 'declaracao.pdf']) {
    const form = multipart({ idSolicitacao: aberto.idSolicitacao, tipo: TIPO_ADICIONAL }, [{ nome, bytes: DOCUMENTO, tipo: 'application/pdf' }]);
    await chamar('/api/documentos', { method: 'POST', headers: { ...s.headers, ...form.headers }, body: new Uint8Array(form.payload) });
  }
  await chamar(`/api/recursos/${aberto.id}/enviar`, { method: 'POST', headers: s.headers, body: JSON.stringify({ razoes: RAZOES }) });
  return performance.now() - t0;
}

const TABELAS = ['solicitacao', 'solicitacao_historico', 'recurso', 'documento', 'notificacao', 'auditoria'] as const;

async function contarLinhas(db: pg.Client): Promise<number[]> {
  const { rows: [r] } = await db.query<Record<string, string>>(`SELECT ${TABELAS.map((t) => `(SELECT count(*) FROM ${t}) AS ${t}`).join(', ')}`);
  return TABELAS.map((t) => Number(r![t]));
}

/** Until the bare server answers; it names its process, so that another's server on the port is not taken for it. */
async function esperarSaude(url: string, filho: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (filho.exitCode !== null) throw new Error(`${url}: the process exited with ${filho.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok && ((await res.json()) as { pid?: number }).pid === filho.pid) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

const BASE_NU = `http://127.0.0.1:${PORTA_NU}`;

/** The bare server of this file (BENCH_PAPEL=nu), once it answers. */
async function iniciarNu(): Promise<ChildProcess> {
  const nu = spawn(process.execPath, ['--import', 'tsx', 'bench/recursos.ts'], { env: { ...process.env, BENCH_PAPEL: 'nu' }, stdio: ['ignore', 'ignore', 'inherit'] });
  await esperarSaude(`${BASE_NU}/api/health`, nu);
  return nu;
}

/** The product's and the bare server's CPU per filing, same run, each on fishers of its own. */
async function interposicoes(produto: ChildProcess, baseProduto: string, nu: ChildProcess): Promise<void> {
  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const m = new Medidor(DB_URL, postmaster);
  await m.conectar();
  const custos = new Map<string, Custo>();
  const linhas = new Map<string, number[]>();
  try {
    for (const [nome, base, pid] of [['product', baseProduto, produto.pid!], ['bare', BASE_NU, nu.pid!]] as const) {
      console.log(`filing appeals on the ${nome} server (${SEGUNDOS_OP} s, ${CONEXOES} clients) …`);
      const sessoes = await sessoesDiretas(db, JWT_SECRET, await semearRecorrentes(db, Math.floor(INTERPOSICOES / 2)));
      let k = 0;
      const op = async () => {
        const s = sessoes[k++];
        return s ? recorrer(base, s) : undefined;
      };
      await medirOperacao(m, pid, 3, CONEXOES, op, true);
      const antes = await contarLinhas(db);
      const c = await medirOperacao(m, pid, SEGUNDOS_OP, CONEXOES, op);
      const depois = await contarLinhas(db);
      custos.set(nome, c);
      linhas.set(nome, depois.map((v, i) => (v - antes[i]!) / (c.n + c.erros)));
    }
  } finally {
    await m.fechar();
    await db.end();
  }
  const nuCpu = custos.get('bare')!.servidorMs;
  console.log(`\nfiling an appeal with two documents (PDFs of ${DOCUMENTO.length / 1024} KB; draft, 2 uploads, send: 4 requests), ${SEGUNDOS_OP} s per server, ${CONEXOES} clients`);
  console.log('server'.padEnd(9) + 'filings'.padStart(8) + 'per s'.padStart(7) + 'p50 ms'.padStart(8) + 'p99 ms'.padStart(8) + 'errors'.padStart(7)
    + 'CPU ms/op'.padStart(11) + '× bare'.padStart(8) + 'DB ms/op'.padStart(10) + 'tx/op'.padStart(7) + 'idle ms/s'.padStart(11));
  for (const [nome, x] of custos) {
    console.log(nome.padEnd(9) + String(x.n).padStart(8) + x.porSegundo.toFixed(1).padStart(7) + x.p50.toFixed(0).padStart(8) + x.p99.toFixed(0).padStart(8)
      + String(x.erros).padStart(7) + x.servidorMs.toFixed(2).padStart(11) + `${(x.servidorMs / nuCpu).toFixed(2)}×`.padStart(8)
      + x.bancoMs.toFixed(2).padStart(10) + x.tx.toFixed(1).padStart(7) + x.repousoMsPorS.toFixed(1).padStart(11)
      + (x.amostraErro ? `  e.g. ${x.amostraErro}` : '') + (x.esgotou ? '  (its fishers ran out)' : ''));
  }
  for (const [nome, l] of linhas) console.log(`  rows per filing, ${nome}: ${TABELAS.map((t, i) => `${t} ${l[i]!.toFixed(2)}`).join(', ')}`);
  console.log('CPU ms/op: the server process\'s user + system time over the run / filings, its CPU at rest subtracted; DB ms/op: the '
    + 'PostgreSQL processes\' CPU; tx/op: transactions committed per filing (every client, those at rest subtracted).');
}

// ---------------------------------------------------------------- the bare baseline of step 3

/**
 * Fastify (no logger) with @fastify/multipart and a pg pool, the same three calls by hand: the token and session
 * (bench/lib.ts), then per call one transaction with the fisher's rows locked. The draft: the sanction contested
 * (the fisher's latest status change, by the act, still in force), the request and its history line, the appeal
 * with its window. A document: PDF by its first bytes, at most 2 MB, its file written, its row under the request's
 * lock (a draft, at most 10 additional documents). The send: the request sent (protocol number) with its history
 * line, the appeal's reasons and the instance's deadline, the fisher's notification. No audit row: the product writes
 * none for a fisher's own filing (the rows per filing are printed for both, to be compared).
 */
async function servidorNu(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { default: multipartPlugin } = await import('@fastify/multipart');
  const pool = new pg.Pool({ connectionString: DB_URL, max: 10, application_name: 'nu' });
  const autenticar = autenticadorNu(pool, JWT_SECRET);
  const falha = falhaHttp;
  fs.mkdirSync(ARQUIVOS_NU, { recursive: true });
  const app = Fastify();
  await app.register(multipartPlugin, { limits: { fileSize: 2048 * 1024, files: 1 } });
  const emTransacao = async <T>(f: (c: pg.PoolClient) => Promise<T>): Promise<T> => {
    const c = await pool.connect();
    try {
      await c.query('BEGIN');
      const r = await f(c);
      await c.query('COMMIT');
      return r;
    } catch (e) {
      await c.query('ROLLBACK');
      throw e;
    } finally {
      c.release();
    }
  };

  app.get('/api/health', async () => ({ ok: true, pid: process.pid }));

  // The staff queue by hand (decision 0220): the staff token and session, the filter as parameters, count and page in
  // parallel, the page's audit row, JSON; what GET /api/recursos answers, to compare the whole call with.
  const autenticarServidor = autenticadorServidorNu(pool, JWT_SECRET);
  app.get('/api/recursos', async (req) => {
    const ator = await autenticarServidor(req.headers.authorization);
    const q = req.query as Record<string, string | undefined>;
    const hoje = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    const valores: unknown[] = [];
    const p = (v: unknown) => { valores.push(v); return `$${valores.length}`; };
    const inteiro = (v: string | undefined, max: number) => {
      if (v === undefined) return undefined;
      if (!/^\d{1,9}$/.test(v) || Number(v) < 1 || Number(v) > max) throw falha(400, 'filtro');
      return Number(v);
    };
    const dia = (v: string | undefined) => {
      if (v !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(v)) throw falha(400, 'data');
      return v;
    };
    const situacao = q.situacao ?? 'pendentes';
    if (!['pendentes', 'atrasados', 'decididos'].includes(situacao)) throw falha(400, 'situacao');
    if (q.orgao !== undefined && !['SFPA', 'MPA', 'GESTOR'].includes(q.orgao)) throw falha(400, 'orgao');
    if (q.uf !== undefined && !/^[A-Z]{2}$/.test(q.uf)) throw falha(400, 'uf');
    const [instancia, resultado, ato, prazoAte] = [inteiro(q.instancia, 3), inteiro(q.resultado, 5), inteiro(q.ato, 2_147_483_647), dia(q.prazoAte)];
    const tamanho = inteiro(q.tamanhoPagina, 100) ?? 20;
    const apos = q.apos === undefined ? undefined : /^(\d{4}-\d{2}-\d{2})_(\d{1,10})$/.exec(q.apos);
    if (apos === null) throw falha(400, 'apos');
    const conds = ['r.prazo_instancia IS NOT NULL'];
    if (ator.ufs) conds.push(`r.uf = ANY(${p(ator.ufs)}::char(2)[])`);
    if (q.orgao) conds.push(`r.orgao = ${p(q.orgao)}`);
    if (instancia) conds.push(`r.instancia = ${p(instancia)}`);
    if (q.uf) conds.push(`r.uf = ${p(q.uf)}`);
    if (ato) conds.push(`r.ato_normativo_id = ${p(ato)}`);
    conds.push(situacao === 'decididos' ? 'r.resultado IS NOT NULL' : 'r.resultado IS NULL');
    if (situacao === 'atrasados') conds.push(`r.prazo_instancia < ${p(hoje)}::date`);
    if (prazoAte) conds.push(`r.prazo_instancia <= ${p(prazoAte)}::date`);
    if (resultado) conds.push(`r.resultado = ${p(resultado)}`);
    const conta = pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM recurso r WHERE ${conds.join(' AND ')}`, valores.slice());
    const pagina = [...conds];
    if (apos) pagina.push(`(r.prazo_instancia, r.id) > (${p(apos[1])}::date, ${p(Number(apos[2]))})`);
    const deslocamento = apos ? 0 : ((inteiro(q.pagina, 100_000) ?? 1) - 1) * tamanho;
    const linhas = pool.query<{ id: number; numero_protocolo: string | null; nome: string; uf: string | null; objeto: 1 | 2 | 3 | 4; instancia: number;
      orgao: string; prazo: string | null; resultado: 1 | 2 | 3 | 4 | 5 | null; analista: string | null }>(`
      SELECT r.id, s.numero_protocolo, p.nome, r.uf, r.objeto, r.instancia, r.orgao, to_char(r.prazo_instancia, 'YYYY-MM-DD') AS prazo, r.resultado, u.nome AS analista
      FROM recurso r JOIN solicitacao s ON s.id = r.solicitacao_id JOIN pescador p ON p.id = r.pescador_id
      LEFT JOIN usuario_mapa um ON um.id = r.analista_id LEFT JOIN usuario u ON u.id = um.usuario_id
      WHERE ${pagina.join(' AND ')} ORDER BY r.prazo_instancia, r.id LIMIT ${p(tamanho)} OFFSET ${p(deslocamento)}`, valores)
      .then(async ({ rows }) => {
        await pool.query(`INSERT INTO auditoria (acao, cpf_ator, perfil_ator, sessao_id, recurso, ip, sucesso, detalhes, orgao_ator)
          VALUES ('VISUALIZACAO_LISTA_RECURSOS', $1, $2, $3, 'recurso', $4, true, $5, $6)`,
        [ator.cpf, ator.perfil, ator.sid, req.ip, { pagina: q.apos ?? (inteiro(q.pagina, 100_000) ?? 1), resultados: rows.length, ids: rows.map((r) => r.id) }, ator.orgao]);
        return rows;
      });
    const [{ rows: [total] }, rows] = await Promise.all([conta, linhas]);
    const diaUtc = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
    const ultima = rows.length === tamanho ? rows[rows.length - 1] : undefined;
    return {
      dados: {
        total: total!.n,
        proximo: ultima ? `${ultima.prazo}_${ultima.id}` : null,
        recursos: rows.map((r) => {
          const dias = r.resultado === null && r.prazo !== null ? diaUtc(r.prazo) - diaUtc(hoje) : null;
          return {
            id: r.id, numeroProtocolo: r.numero_protocolo, nomePescador: r.nome, uf: r.uf, objetoDescricao: objetoRecursoLabel[r.objeto] ?? '',
            instancia: r.instancia, orgao: r.orgao, prazoInstancia: r.prazo, diasRestantes: dias, atrasado: dias !== null && dias < 0,
            resultado: r.resultado, resultadoDescricao: r.resultado !== null ? resultadoRecursoLabel[r.resultado] : null, analista: r.analista,
          };
        }),
      },
    };
  });

  app.post('/api/recursos', async (req) => {
    const ator = await autenticar(req.headers.authorization);
    const chave = String((req.body as { chave?: unknown })?.chave ?? '');
    const historico = /^H(\d{1,12})$/.exec(chave);
    if (!historico) throw falha(400, 'chave');
    return emTransacao(async (c) => {
      const { rows: [p] } = await c.query<{ uf: string }>('SELECT uf FROM pescador WHERE id = $1 FOR UPDATE', [ator.idPescador]);
      const { rows: [h] } = await c.query<{ id: number; lote_id: number; ato: number; inicio: string; dias: number; decisao: number }>(`
        SELECT h.id, h.lote_id, a.id AS ato, to_char((h.criado_em AT TIME ZONE 'America/Sao_Paulo')::date, 'YYYY-MM-DD') AS inicio,
               a.prazo_recurso_dias AS dias, a.prazo_decisao_recurso_dias AS decisao
        FROM (SELECT * FROM pescador_historico_situacao WHERE pescador_id = $1 ORDER BY id DESC LIMIT 1) h
        JOIN pescador p ON p.id = h.pescador_id AND p.situacao_registro = h.situacao_nova
        JOIN ato_normativo a ON a.id = h.ato_normativo_id
        WHERE h.situacao_nova IN (2, 6) AND h.id = $2`, [ator.idPescador, Number(historico[1])]);
      if (!p || !h) throw falha(404, 'nada a contestar');
      const { rows: [existente] } = await c.query<{ id: number; solicitacao_id: number }>(
        'SELECT id, solicitacao_id FROM recurso WHERE pescador_id = $1 AND chave_objeto = $2', [ator.idPescador, chave]);
      if (existente) return { dados: { id: existente.id, idSolicitacao: existente.solicitacao_id } };
      const { rows: [s] } = await c.query<{ id: number }>(`INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, dados)
        VALUES ($1, $2, 1, 0, $3) RETURNING id`, [ator.idPescador, TIPO_RECURSO, { chave }]);
      await c.query(`INSERT INTO solicitacao_historico (solicitacao_id, situacao_anterior, situacao_nova, cpf_ator, perfil_ator, motivo)
        VALUES ($1, NULL, 1, $2, $3, 'Recurso iniciado: Suspensão do registro')`, [s!.id, ator.cpf, PERFIL_INTERESSADO]);
      const { rows: [r] } = await c.query<{ id: number }>(`INSERT INTO recurso (solicitacao_id, pescador_id, uf, objeto, chave_objeto,
          historico_situacao_id, lote_id, ato_normativo_id, inicio_prazo, ultimo_dia, prazo_decisao_dias, instancia, orgao)
        VALUES ($1, $2, $3, 2, $4, $5, $6, $7, $8::date, $8::date + $9::int, $10, 1, 'SFPA') RETURNING id`,
      [s!.id, ator.idPescador, p.uf, chave, h.id, h.lote_id, h.ato, h.inicio, h.dias, h.decisao]);
      return { dados: { id: r!.id, idSolicitacao: s!.id } };
    });
  });

  app.post('/api/documentos', async (req) => {
    const ator = await autenticar(req.headers.authorization);
    const campos: Record<string, string> = {};
    let arquivo: { nome: string; bytes: Buffer } | undefined;
    for await (const parte of req.parts()) {
      if (parte.type === 'file') arquivo = { nome: parte.filename, bytes: await parte.toBuffer() };
      else campos[parte.fieldname] = String(parte.value);
    }
    const idSolicitacao = Number(campos.idSolicitacao);
    if (!arquivo || !Number.isInteger(idSolicitacao) || Number(campos.tipo) !== TIPO_ADICIONAL) throw falha(400, 'campos');
    if (arquivo.bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw falha(400, 'arquivo');
    const chaveArquivo = crypto.randomUUID();
    await fs.promises.writeFile(path.join(ARQUIVOS_NU, chaveArquivo), arquivo.bytes);
    return emTransacao(async (c) => {
      const { rows: [s] } = await c.query<{ situacao: number }>(
        'SELECT situacao FROM solicitacao WHERE id = $1 AND pescador_id = $2 FOR UPDATE', [idSolicitacao, ator.idPescador]);
      if (!s || s.situacao !== 1) throw falha(406, 'não editável');
      const { rows: [n] } = await c.query<{ n: string }>(`SELECT count(*) AS n FROM documento
        WHERE solicitacao_id = $1 AND tipo_documento = $2 AND removido_em IS NULL`, [idSolicitacao, TIPO_ADICIONAL]);
      if (Number(n!.n) >= 10) throw falha(406, 'adicionais');
      const { rows: [d] } = await c.query(`INSERT INTO documento (solicitacao_id, pescador_id, tipo_documento, nome_arquivo, chave_arquivo, mime, tamanho)
        VALUES ($1, $2, $3, $4, $5, 'application/pdf', $6) RETURNING id, tipo_documento, nome_arquivo, tamanho, criado_em`,
      [idSolicitacao, ator.idPescador, TIPO_ADICIONAL, arquivo!.nome.replace(/[^\w.-]/g, '_').slice(0, 200), chaveArquivo, arquivo!.bytes.length]);
      return { dados: [d] };
    });
  });

  app.post('/api/recursos/:id/enviar', async (req) => {
    const ator = await autenticar(req.headers.authorization);
    const id = Number((req.params as { id: string }).id);
    const razoes = String((req.body as { razoes?: unknown })?.razoes ?? '');
    if (!Number.isInteger(id) || razoes.length < 10 || razoes.length > 5000) throw falha(400, 'razões');
    return emTransacao(async (c) => {
      await c.query('SELECT 1 FROM pescador WHERE id = $1 FOR UPDATE', [ator.idPescador]);
      const { rows: [r] } = await c.query<{ solicitacao_id: number; tempestivo: boolean | null; no_prazo: boolean }>(`
        SELECT solicitacao_id, tempestivo, (now() AT TIME ZONE 'America/Sao_Paulo')::date <= ultimo_dia AS no_prazo
        FROM recurso WHERE id = $1 AND pescador_id = $2 FOR UPDATE`, [id, ator.idPescador]);
      if (!r) throw falha(404, 'recurso');
      if (r.tempestivo !== null || !r.no_prazo) throw falha(406, 'já enviado ou fora do prazo');
      const { rows: [s] } = await c.query<{ numero_protocolo: string; uf_pescador: string | null }>(`
        UPDATE solicitacao SET situacao = 6, enviada_em = now(), atualizado_em = now(), uf_pescador = (SELECT uf FROM pescador WHERE id = pescador_id),
          numero_protocolo = COALESCE(numero_protocolo, to_char(now() AT TIME ZONE 'America/Sao_Paulo', 'YYYY') || lpad(id::text, 9, '0'))
        WHERE id = $1 AND situacao = 1 RETURNING numero_protocolo, uf_pescador`, [r.solicitacao_id]);
      if (!s) throw falha(406, 'não editável');
      await c.query(`INSERT INTO solicitacao_historico (solicitacao_id, situacao_anterior, situacao_nova, cpf_ator, perfil_ator, motivo)
        VALUES ($1, 1, 6, $2, $3, 'Solicitação enviada')`, [r.solicitacao_id, ator.cpf, PERFIL_INTERESSADO]);
      await c.query(`UPDATE recurso SET razoes = $2, tempestivo = true, recebido_em = (now() AT TIME ZONE 'America/Sao_Paulo')::date,
          prazo_instancia = (now() AT TIME ZONE 'America/Sao_Paulo')::date + 5, uf = COALESCE($3, uf), atualizado_em = now() WHERE id = $1`,
      [id, razoes, s.uf_pescador]);
      await c.query(`INSERT INTO notificacao (pescador_id, tipo, conteudo, url_redirecionamento) VALUES ($1, 8, $2, $3)`,
        [ator.idPescador, `Recebemos seu recurso ${s.numero_protocolo}. A decisão sai até ${new Date(Date.now() + 5 * 86_400_000).toLocaleDateString('pt-BR')}.`, `/pescador/recursos/${id}`]);
      return { dados: { id, idSolicitacao: r.solicitacao_id, numeroProtocolo: s.numero_protocolo } };
    });
  });

  await app.listen({ port: PORTA_NU, host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
}

if (process.env.BENCH_PAPEL === 'nu') await servidorNu();
else await principal();
