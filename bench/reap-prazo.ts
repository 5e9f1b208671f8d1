// npm run bench:reap-prazo — issue 22's first two performance goals at national scale, on the national synthetic
// data set (2,000,000 fishers, bench/seed; seeded here when the data folder holds fewer), with the product running
// over that very data folder and each figure beside a bare baseline measured in the same run:
//
// 1. A reference year's obligations for every fisher with an RGP who owes it (decision 0051), through the product:
//    PUT /api/reap/prazos/{ano} with a window already started (and still open, so that no warning round of the
//    defaulters starts, decision 0055) enqueues `gerar-obrigacoes-reap-ano`, which walks the fishers in blocks
//    (REAP_BLOCO_OBRIGACOES) until reap_geracao_obrigacoes.concluida_em is set. Its run (from its first block's start
//    to its completion, both on the database's clock; the queue's pickup is printed apart) against one bare
//    `INSERT … SELECT` creating the same rows (questionnaire + REAP request tipo 4 + its history row, for every fisher
//    with an RGP, registry not cancelled, whose first RGP or first approval is of that year or before) into the same
//    tables, with the same indexes, keys and triggers. Between the two the year's rows are deleted and the tables
//    vacuumed, so both create the same count from the same state. Goal: ≤ 2×.
// 2. The staff list of defaulters (GET /api/reap/consultar-obrigacoes/filtro, enviada=false and that year, then each
//    filter the route has, a far page and an SFPA user scoped to its state): count and first page through HTTP on the
//    running product against the hand-written SQL of the same count and page on a direct connection, interleaved
//    call by call. p50 / p95 per scenario. Goal: API p50 ≤ 1.5 × SQL p50.
//
// The year: BENCH_ANO (default 2024), one the national seed holds no obligation of (it holds 2025's only). Its
// window, its rows, its creation progress (and any warning round) belong to this benchmark: removed at the start (a
// run killed mid-way leaves them) and at the end, so the data set is left as the seed wrote it. The seed writes no
// request history, so its fishers without a first-RGP date would owe nothing (the rule reads the registry's first
// approval from the history): the approval history the analysis leaves (DEFERIDA, on the analysis' conclusion date)
// is added once to the seed's approved registration requests, and kept.
//
// Environment: BENCH_FISHERS (2,000,000), BENCH_ANO (2024), BENCH_RODADAS (20 calls per list scenario), BENCH_METAS
// (1,2: which goals; 2 alone creates the year with the bare statement), REAP_BLOCO_OBRIGACOES (the product's block,
// default 10,000), BENCH_PG_PORT (5740), BENCH_PORT (4340).
import pg from 'pg';
import { hojeSaoPaulo } from '../src/shared/datas';
import { SituacaoRegistro } from '../src/shared/enums';
import { MOTIVOS_REAP } from '../src/shared/regras/reap';
import { percentile, signIn, startProduct, stop, waitExit } from './lib';
import { PASTA_BENCH_SEED } from './seed/banco';
import { ANO_REAP, BASE_CPF, semearNacional } from './seed/nacional';

const PESCADORES = Number(process.env.BENCH_FISHERS ?? 2_000_000);
const ANO = Number(process.env.BENCH_ANO ?? 2024);
const RODADAS = Number(process.env.BENCH_RODADAS ?? 20);
const PORTA = Number(process.env.BENCH_PORT ?? 4340);
const PORTA_PG = Number(process.env.BENCH_PG_PORT ?? 5740);
const BLOCO = process.env.REAP_BLOCO_OBRIGACOES ? Number(process.env.REAP_BLOCO_OBRIGACOES).toLocaleString('en') : '10,000 (the default)';
/** Which goals to measure: BENCH_METAS=2 measures the list alone (the year created by the bare statement). */
const METAS = (process.env.BENCH_METAS ?? '1,2').split(',').map(Number);
const GESTOR = '10000000108';
const SFPA_PA = '30000000388';
/** The motive of the approval history this benchmark adds to the seed (how it knows it did). */
const MOTIVO_APROVACAO = 'Deferida (histórico da semente nacional, bench/reap-prazo.ts)';

if (ANO === ANO_REAP || !Number.isInteger(ANO) || ANO < 2000 || ANO >= new Date().getUTCFullYear()) {
  console.error(`BENCH_ANO must be a closed year other than ${ANO_REAP} (the seed's own obligations), for example 2024`);
  process.exit(1);
}

const seg = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;
const ms = (v: number) => v.toFixed(1).padStart(7);
const n = (v: number) => v.toLocaleString('en');
const marca = (ok: boolean) => (ok ? '✓' : '✗');

async function cronometrar<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await f();
  return [r, performance.now() - t0];
}

/** The year's questionnaires, REAP requests and history rows (the rows this benchmark creates twice). */
async function contarDoAno(db: pg.Client): Promise<{ questionarios: number; solicitacoes: number; historicos: number }> {
  const { rows: [c] } = await db.query<{ q: string; s: string; h: string }>(`
    SELECT count(*) AS q, count(s.id) AS s,
      (SELECT count(*) FROM solicitacao_historico h JOIN reap_questionario q2 ON q2.solicitacao_id = h.solicitacao_id
       WHERE q2.ano_referencia = $1) AS h
    FROM reap_questionario q LEFT JOIN solicitacao s ON s.id = q.solicitacao_id AND s.tipo = 4 AND s.situacao = 8
    WHERE q.ano_referencia = $1`, [ANO]);
  return { questionarios: Number(c!.q), solicitacoes: Number(c!.s), historicos: Number(c!.h) };
}

/** Deletes the year's obligations (questionnaire, request, history) and its creation progress, then vacuums. */
async function apagarAno(db: pg.Client): Promise<number> {
  const { rows: [r] } = await db.query<{ n: string }>(`
    WITH q AS (DELETE FROM reap_questionario WHERE ano_referencia = $1 RETURNING solicitacao_id),
    h AS (DELETE FROM solicitacao_historico WHERE solicitacao_id IN (SELECT solicitacao_id FROM q) RETURNING 1),
    s AS (DELETE FROM solicitacao WHERE id IN (SELECT solicitacao_id FROM q) RETURNING 1)
    SELECT (SELECT count(*) FROM q) AS n, (SELECT count(*) FROM h), (SELECT count(*) FROM s)`, [ANO]);
  await db.query('DELETE FROM reap_geracao_obrigacoes WHERE ano_referencia = $1', [ANO]);
  await db.query('VACUUM ANALYZE reap_questionario, solicitacao, solicitacao_historico');
  await db.query('CHECKPOINT');
  return Number(r!.n);
}

/**
 * The year's window, its history, any queued run of its creation, and any warning round of its defaulters with the
 * notifications it wrote (decision 0055; this benchmark's window never closes, but a run killed mid-way, or an
 * earlier version, may have left one).
 */
async function apagarPrazo(db: pg.Client): Promise<void> {
  await db.query('BEGIN');
  await db.query(`DELETE FROM notificacao n USING reap_aviso_pescador ap, reap_aviso a
    WHERE a.ano_referencia = $1 AND ap.aviso_id = a.id AND n.pescador_id = ap.pescador_id AND n.tipo = 4 AND n.criada_em >= a.iniciado_em`, [ANO]);
  await db.query('DELETE FROM reap_aviso_pescador WHERE aviso_id IN (SELECT id FROM reap_aviso WHERE ano_referencia = $1)', [ANO]);
  await db.query('DELETE FROM reap_aviso WHERE ano_referencia = $1', [ANO]);
  await db.query('DELETE FROM reap_prazo WHERE ano_referencia = $1', [ANO]);
  await db.query('DELETE FROM reap_prazo_historico WHERE ano_referencia = $1', [ANO]);
  await db.query(`DELETE FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND (
    (name = 'gerar-obrigacoes-reap-ano' AND data->>'anoReferencia' = $1) OR name IN ('avisar-inadimplentes-reap', 'email-aviso-reap'))`, [String(ANO)]);
  await db.query('COMMIT');
}

/** The approval history of the seed's approved registration requests, as the analysis writes it; once. */
async function historicoDeAprovacao(db: pg.Client): Promise<void> {
  const { rows: [ja] } = await db.query<{ existe: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM solicitacao_historico WHERE motivo = $1) AS existe', [MOTIVO_APROVACAO]);
  if (ja!.existe) return;
  const [r, t] = await cronometrar(() => db.query(`
    INSERT INTO solicitacao_historico (solicitacao_id, situacao_anterior, situacao_nova, perfil_ator, motivo, criado_em)
    SELECT s.id, 7, 4, a.perfil_analista, $1, a.concluida_em
    FROM solicitacao s JOIN pescador p ON p.id = s.pescador_id
    JOIN analise_solicitacao a ON a.solicitacao_id = s.id AND a.situacao_analise = 3 AND a.concluida_em IS NOT NULL
    WHERE s.tipo IN (1, 2) AND s.situacao = 4 AND p.cpf >= $2 AND p.cpf < $3
      AND NOT EXISTS (SELECT 1 FROM solicitacao_historico h WHERE h.solicitacao_id = s.id AND h.situacao_nova = 4)`,
  [MOTIVO_APROVACAO, `${BASE_CPF}00`, `${BASE_CPF + 100_000_000}00`]));
  await db.query('VACUUM ANALYZE solicitacao_historico');
  console.log(`added the approval history of ${n(r.rowCount ?? 0)} approved registrations to the seed (once) ${seg(t)}`);
}

/**
 * The same rows as the product's creation, in one plain statement: who owes the year (decision 0026's rule, as
 * ReapRepository.criarObrigacoes reads it), then the three inserts. No lock, no block, no conflict check: the year
 * holds nothing yet.
 */
const INSERT_SELECT = `
  WITH aprovacao AS (
    SELECT s.pescador_id, min(h.criado_em AT TIME ZONE 'America/Sao_Paulo')::date AS dia
    FROM solicitacao s JOIN solicitacao_historico h ON h.solicitacao_id = s.id
    WHERE h.situacao_nova = 4 GROUP BY s.pescador_id
  ), devidos AS MATERIALIZED (
    SELECT p.id AS pescador_id, coalesce(p.categoria, 2) AS categoria, nextval('solicitacao_id_seq')::int AS solicitacao_id
    FROM pescador p LEFT JOIN aprovacao a ON a.pescador_id = p.id
    WHERE p.numero_rgp IS NOT NULL AND p.situacao_registro <> ${SituacaoRegistro.CANCELADO}
      AND extract(year FROM coalesce(p.data_primeiro_rgp, a.dia)) <= $1
    -- In fisher order, as the product's blocks create them: the list then reads the same layout either way.
    ORDER BY p.id
  ), q AS (
    INSERT INTO reap_questionario (solicitacao_id, pescador_id, ano_referencia, categoria)
    SELECT solicitacao_id, pescador_id, $1, categoria FROM devidos
  ), s AS (
    INSERT INTO solicitacao (id, pescador_id, tipo, situacao) SELECT solicitacao_id, pescador_id, 4, 8 FROM devidos
  ), h AS (
    INSERT INTO solicitacao_historico (solicitacao_id, situacao_anterior, situacao_nova, motivo)
    SELECT solicitacao_id, NULL, 8, $2 FROM devidos
  )
  SELECT count(*) AS n FROM devidos`;

/** Goal 1: the bare statement, the reset, then the product's job; answers whether the goal was met. */
async function criacaoDoAno(db: pg.Client, base: string, sessao: { token: string; cookie: string; xsrf: string }): Promise<boolean> {
  console.log(`\n1. ${ANO}'s obligations for every fisher with an RGP who owes it`);
  const [{ rows: [b] }, tBare] = await cronometrar(() => db.query<{ n: string }>(INSERT_SELECT, [ANO, MOTIVOS_REAP.geradaPeloSistema]));
  const bare = await contarDoAno(db);
  if (bare.questionarios !== Number(b!.n) || bare.solicitacoes !== bare.questionarios || bare.historicos !== bare.questionarios) {
    throw new Error(`the bare statement wrote ${JSON.stringify(bare)} for ${b!.n} owed`);
  }
  console.log(`  bare INSERT … SELECT (one statement)    ${seg(tBare)}   ${n(bare.questionarios)} questionnaires + ${n(bare.solicitacoes)} requests + ${n(bare.historicos)} history rows`);
  const [apagadas, tApagar] = await cronometrar(() => apagarAno(db));
  console.log(`  reset: ${n(apagadas)} obligations deleted, VACUUM ANALYZE, CHECKPOINT ${seg(tApagar)} (not timed in either)`);

  const { rows: [relogio] } = await db.query<{ agora: Date }>('SELECT clock_timestamp() AS agora');
  // The window the screen of decision 0052 would save (no act: the PUT still accepts none).
  const res = await fetch(`${base}/api/reap/prazos/${ANO}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${sessao.token}`, cookie: sessao.cookie, 'x-xsrf-token': sessao.xsrf, 'content-type': 'application/json',
    },
    // Started long ago and still open (an extended window): no warning round of the defaulters starts (decision 0055).
    body: JSON.stringify({ inicioPreenchimento: `${ANO + 1}-01-01`, fimPreenchimento: `${Number(hojeSaoPaulo().slice(0, 4)) + 1}-12-31` }),
  });
  if (res.status !== 200) throw new Error(`PUT /api/reap/prazos/${ANO}: status ${res.status} ${await res.text()}`);
  let ultimoAviso = performance.now();
  let fim: { iniciada: Date; concluida: Date; agora: Date; criadas: number } | undefined;
  for (const limite = performance.now() + 3 * 3600_000; performance.now() < limite;) {
    const { rows: [g] } = await db.query<{ iniciada: Date; concluida: Date | null; agora: Date; criadas: number }>(`
      SELECT iniciada_em AS iniciada, concluida_em AS concluida, clock_timestamp() AS agora, criadas
      FROM reap_geracao_obrigacoes WHERE ano_referencia = $1`, [ANO]);
    if (g?.concluida) {
      fim = { ...g, concluida: g.concluida };
      break;
    }
    if (performance.now() - ultimoAviso > 30_000) {
      console.log(`  … ${g ? `${n(g.criadas)} created so far` : 'waiting for the job to start'}`);
      ultimoAviso = performance.now();
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!fim) throw new Error(`the creation of ${ANO}'s obligations did not complete within 3 hours`);
  const tProduto = fim.agora.getTime() - fim.iniciada.getTime();
  const produto = await contarDoAno(db);
  if (produto.questionarios !== bare.questionarios || produto.solicitacoes !== bare.questionarios
    || produto.historicos !== bare.questionarios || fim.criadas !== bare.questionarios) {
    throw new Error(`the product created ${JSON.stringify(produto)} (${fim.criadas} counted), the bare statement ${bare.questionarios}`);
  }
  console.log(`  product: PUT /api/reap/prazos/${ANO} → job gerar-obrigacoes-reap-ano, blocks of ${BLOCO} fishers`);
  console.log(`    queue pickup ${seg(fim.iniciada.getTime() - relogio!.agora.getTime())} (pg-boss polling, not counted), run ${seg(tProduto)}   ${n(produto.questionarios)} questionnaires + ${n(produto.solicitacoes)} requests + ${n(produto.historicos)} history rows`);
  const razao = tProduto / tBare;
  console.log(`  ratio product / bare ${razao.toFixed(2)} (goal ≤ 2.00) ${marca(razao <= 2)}`);
  return razao <= 2;
}

/** p50/p95 of `rodadas` calls of each function, interleaved call by call (the first three of each warm the caches). */
async function medirLadoALado(rodadas: number, fs: (() => Promise<unknown>)[]): Promise<number[][]> {
  const m: number[][] = fs.map(() => []);
  for (let i = 0; i < rodadas + 3; i++) {
    for (const [k, f] of fs.entries()) {
      const t0 = performance.now();
      await f();
      if (i >= 3) m[k]!.push(performance.now() - t0);
    }
  }
  return m.map((v) => v.sort((a, b) => a - b));
}

/** Goal 2: the staff list of the year's defaulters, each filter, through HTTP and as bare SQL. */
async function listaDeInadimplentes(db: pg.Client, base: string): Promise<boolean> {
  // A fisher who owes the year: their CPF, and two words of their name (a name search a few hundred fishers match).
  const { rows: [alvo] } = await db.query<{ cpf: string; nome: string; municipio: number }>(`
    SELECT p.cpf, p.nome, p.municipio_id AS municipio FROM reap_questionario q JOIN pescador p ON p.id = q.pescador_id
    WHERE q.ano_referencia = $1 AND p.uf = 'PA' AND p.nome NOT LIKE '% DE %' AND p.municipio_id IS NOT NULL
    ORDER BY q.id LIMIT 1 OFFSET 54321`, [ANO]);
  const nome = alvo!.nome.split(' ').slice(0, 2).join(' ');
  const { rows: [ultima] } = await db.query<{ paginas: string }>(
    'SELECT ceil(count(*) / 20.0) AS paginas FROM reap_questionario WHERE ano_referencia = $1 AND NOT enviada', [ANO]);
  // A far page: half-way through the year's defaulters (what a sequential walk of the screen would reach).
  const longe = Math.max(1, Math.floor(Number(ultima!.paginas) / 2));

  const ano = `q.ano_referencia = ${ANO} AND NOT q.enviada`;
  // The count, and the page as one would write it by hand: the page's ids first (an index-only walk when the
  // filter reads the questionnaire alone), then their rows with the fisher, the municipality and the window.
  const pagina = (where: string, lePescador: boolean, offset = 0) => {
    const juntaPescador = lePescador ? 'JOIN pescador p ON p.id = q.pescador_id' : '';
    return [
      `SELECT count(*) FROM reap_questionario q ${juntaPescador} WHERE ${where}`,
      `SELECT q.id, q.ano_referencia, q.categoria, q.enviada, q.enviada_em, p.nome, p.cpf, p.uf, p.numero_rgp, p.municipio_id,
         m.nome AS municipio, pr.inicio_preenchimento, pr.fim_preenchimento
       FROM (SELECT q.id FROM reap_questionario q ${juntaPescador} WHERE ${where} ORDER BY q.id DESC LIMIT 20 OFFSET ${offset}) pg
       JOIN reap_questionario q ON q.id = pg.id JOIN pescador p ON p.id = q.pescador_id
       LEFT JOIN municipio m ON m.id = p.municipio_id LEFT JOIN reap_prazo pr ON pr.ano_referencia = q.ano_referencia
       ORDER BY q.id DESC`,
    ] as const;
  };
  const cenarios: { perfil: string; cpf: string; consulta: string; sql: readonly [string, string] }[] = [
    { perfil: 'GESTOR', cpf: GESTOR, consulta: '', sql: pagina(ano, false) },
    { perfil: 'GESTOR', cpf: GESTOR, consulta: '&uf=PA', sql: pagina(`${ano} AND p.uf = 'PA'`, true) },
    { perfil: 'GESTOR', cpf: GESTOR, consulta: `&uf=PA&idMunicipio=${alvo!.municipio}`, sql: pagina(`${ano} AND p.uf = 'PA' AND p.municipio_id = ${alvo!.municipio}`, true) },
    { perfil: 'GESTOR', cpf: GESTOR, consulta: '&categoria=1', sql: pagina(`${ano} AND q.categoria = 1`, false) },
    { perfil: 'GESTOR', cpf: GESTOR, consulta: `&cpf=${alvo!.cpf}`, sql: pagina(`${ano} AND p.cpf = '${alvo!.cpf}'`, true) },
    { perfil: 'GESTOR', cpf: GESTOR, consulta: `&nome=${encodeURIComponent(nome)}`, sql: pagina(`${ano} AND p.nome ILIKE '%${nome}%'`, true) },
    { perfil: 'GESTOR', cpf: GESTOR, consulta: `&pagina=${longe}`, sql: pagina(ano, false, (longe - 1) * 20) },
    { perfil: 'SFPA-PA', cpf: SFPA_PA, consulta: '', sql: pagina(`${ano} AND p.uf = ANY('{PA}'::char(2)[])`, true) },
  ];

  console.log(`\n2. The staff list of ${ANO}'s defaulters (anoReferencia=${ANO}&enviada=false, count + first page), ${RODADAS} calls each, ms`);
  // Two floors, for the reading of the small scenarios: HTTP alone, and an authenticated call (the token, the
  // session read on every request, one small query; no audit).
  const sessoes = new Map<string, string>([[GESTOR, (await signIn(base, GESTOR)).token]]);
  const [saude, autenticado] = await medirLadoALado(RODADAS, [
    async () => (await fetch(`${base}/api/health`)).json(),
    async () => (await fetch(`${base}/api/reap/prazos`, { headers: { authorization: `Bearer ${sessoes.get(GESTOR)}` } })).json(),
  ]);
  console.log(`  floors: GET /api/health p50 ${ms(percentile(saude!, 50))} p95 ${ms(percentile(saude!, 95))}; `
    + `authenticated GET /api/reap/prazos p50 ${ms(percentile(autenticado!, 50))} p95 ${ms(percentile(autenticado!, 95))}`);
  console.log(`  ${'scenario'.padEnd(44)} ${'API p50'.padStart(7)} ${'p95'.padStart(7)}   ${'SQL p50'.padStart(7)} ${'p95'.padStart(7)}   ${'API−SQL'.padStart(7)}   ratio p50 (≤ 1.50)     total`);
  let todas = true;
  for (const c of cenarios) {
    if (!sessoes.has(c.cpf)) sessoes.set(c.cpf, (await signIn(base, c.cpf)).token);
    const headers = { authorization: `Bearer ${sessoes.get(c.cpf)}` };
    const url = `${base}/api/reap/consultar-obrigacoes/filtro?anoReferencia=${ANO}&enviada=false${c.consulta}`;
    let total = -1;
    let totalSql = -1;
    const [api, bare] = await medirLadoALado(RODADAS, [
      async () => {
        const res = await fetch(url, { headers });
        if (res.status !== 200) throw new Error(`${url}: status ${res.status} ${await res.text()}`);
        total = ((await res.json()) as { dados: { total: number } }).dados.total;
      },
      async () => {
        totalSql = Number((await db.query<{ count: string }>(c.sql[0])).rows[0]!.count);
        await db.query(c.sql[1]);
      },
    ]);
    if (total !== totalSql) throw new Error(`${c.perfil} ${c.consulta}: the API counted ${total}, the SQL ${totalSql}`);
    const razao = percentile(api!, 50) / percentile(bare!, 50);
    todas &&= razao <= 1.5;
    const nomeCenario = `${c.perfil} ${c.consulta.replace(/^&/, '') || '(year, pending)'}`.replace(alvo!.cpf, `${alvo!.cpf.slice(0, 3)}…`);
    const [a50, b50] = [percentile(api!, 50), percentile(bare!, 50)];
    console.log(`  ${nomeCenario.padEnd(44)} ${ms(a50)} ${ms(percentile(api!, 95))}   ${ms(b50)} ${ms(percentile(bare!, 95))}   ${ms(a50 - b50)}   ${razao.toFixed(2).padStart(5)} ${marca(razao <= 1.5)}${' '.repeat(12)}${n(total).padStart(9)}`);
  }
  return todas;
}

const { child, base } = await startProduct({ port: PORTA, pgPort: PORTA_PG, dataDir: PASTA_BENCH_SEED, fresh: false });
const db = new pg.Client({ connectionString: `postgres://rgp:rgp-local-only@127.0.0.1:${PORTA_PG}/rgp` });
try {
  await db.connect();
  const faixa = [`${BASE_CPF}00`, `${BASE_CPF + 100_000_000}00`];
  const { rows: [ja] } = await db.query<{ n: string }>('SELECT count(*) AS n FROM pescador WHERE cpf >= $1 AND cpf < $2', faixa);
  if (Number(ja!.n) < PESCADORES) {
    console.log(`seeding the national data set up to ${n(PESCADORES)} fishers (${PASTA_BENCH_SEED}, kept for the next runs) …`);
    await db.query('SET synchronous_commit = off');
    await semearNacional(db, { pescadores: PESCADORES, aoProgresso: (t, tempo, linhas) => console.log(`  ${t.padEnd(26)} ${n(linhas).padStart(11)} rows ${seg(tempo)}`) });
    await db.query('VACUUM ANALYZE pescador, pescador_grupo_alvo, pescador_ambiente_pesca, solicitacao, analise_solicitacao, documento, reap_questionario');
    await db.query('SET synchronous_commit = on');
  }
  const { rows: [total] } = await db.query<{ n: string }>('SELECT count(*) AS n FROM pescador');
  console.log(`national data set: ${n(Number(total!.n))} fishers (${PASTA_BENCH_SEED}); reference year ${ANO} (the seed holds ${ANO_REAP}'s obligations only)`);
  await historicoDeAprovacao(db);
  await apagarPrazo(db);
  const restos = await apagarAno(db);
  if (restos > 0) console.log(`removed ${n(restos)} obligations of ${ANO} left by an earlier run`);

  let meta1: boolean | null = null;
  if (METAS.includes(1)) {
    meta1 = await criacaoDoAno(db, base, await signIn(base, GESTOR));
  } else {
    // The list alone: the year's obligations created by the bare statement.
    const [{ rows: [c] }, t] = await cronometrar(() => db.query<{ n: string }>(INSERT_SELECT, [ANO, MOTIVOS_REAP.geradaPeloSistema]));
    console.log(`\n${n(Number(c!.n))} obligations of ${ANO} created by the bare statement (goal 1 skipped: BENCH_METAS=${METAS.join(',')}) ${seg(t)}`);
  }
  // As autovacuum would after a load of this size, before the list reads it.
  const [, tVacuo] = await cronometrar(() => db.query('VACUUM ANALYZE reap_questionario, solicitacao, solicitacao_historico'));
  console.log(`  VACUUM ANALYZE after the creation ${seg(tVacuo)}`);
  const meta2 = METAS.includes(2) ? await listaDeInadimplentes(db, base) : null;
  const resumo = (m: boolean | null) => (m === null ? 'not measured' : marca(m));
  console.log(`\ngoals: creation ≤ 2× bare ${resumo(meta1)}; staff list ≤ 1.5× bare SQL in every scenario ${resumo(meta2)}`);

  await apagarPrazo(db);
  await apagarAno(db);
  console.log(`${ANO}'s window and obligations removed: the data set is back as the seed left it`);
} finally {
  await db.end().catch(() => undefined);
  stop(child);
  await waitExit(child);
}
