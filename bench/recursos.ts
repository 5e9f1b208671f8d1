// npm run bench:recursos — a wave of appeals at national scale: BENCH_PESCADORES fishers (default 2,000,000),
// BENCH_RECURSOS of them (default 100,000) suspended by one act's batch and appealing it (pending; 20 % at the
// SFPA's reconsideration, 80 % at the ministry), plus 20,000 decided appeals of another act.
//  1. The staff queue through HTTP (GET /api/recursos as GESTOR: token, scope, count, page, audit, JSON) per filter,
//     beside the hand-written SQL of the same count and first page, same run; goal within 1.5×.
//  2. A batch decision of BENCH_LOTE (default 50,000) of the act's appeals (POST /api/recursos/decisao-em-lote, then
//     its job, followed through GET /api/recursos/decisao-em-lote/{id} until done; PROVIDO: registries restored), beside the bare SQL of the same change (decision rows, appeal, request status
//     and history, two notices, audit, registry and its history) in one transaction, same run; goal within 3×.
//     The bare SQL runs first on the same appeals and is rolled back. Server RSS sampled during the decision.
// BENCH_REUSE=1 keeps the seeded data folder of an earlier run (about 7 minutes to seed on a loaded 2-core machine);
// the appeals an earlier run decided are made pending again.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { CTE_NOMES_UFS, percentile, rssMb, signIn, startProduct, stop, waitExit } from './lib';

const N = Number(process.env.BENCH_PESCADORES ?? 2_000_000);
const RECURSOS = Number(process.env.BENCH_RECURSOS ?? 100_000);
const LOTE = Number(process.env.BENCH_LOTE ?? 50_000);
const RODADAS = Number(process.env.BENCH_RODADAS ?? 20);
const REUSE = process.env.BENCH_REUSE === '1';
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 5601);
const PORTA = Number(process.env.BENCH_PORT ?? 3201);
const dataDir = '.test-data/bench-recursos';
const GESTOR = '10000000108';

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
    CREATE TEMP TABLE alvo AS
    SELECT p.id, p.uf, row_number() OVER (ORDER BY p.id) AS k FROM pescador p WHERE p.cpf LIKE '9%' AND p.id % ${passo} = 0 LIMIT ${RECURSOS}`);
  await db.query(`UPDATE pescador p SET situacao_registro = 6, data_suspenso_cancelado = current_date - 10 FROM alvo a WHERE p.id = a.id`);
  await db.query(`
    INSERT INTO pescador_historico_situacao (pescador_id, situacao_anterior, situacao_nova, lote_id, ato_normativo_id, suspenso_ate, motivo)
    SELECT id, 1, 6, ${lote.rows[0]!.id}, ${ato}, current_date + 355, 'Lote (bench)' FROM alvo`);
  await db.query(`
    INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, enviada_em, uf_pescador, numero_protocolo)
    SELECT id, 11, 6, 1, now() - ((k % 9) || ' days')::interval, uf, '2026' || lpad(id::text, 9, '0') FROM alvo`);
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
      SELECT id, 11, 5, 1, uf, '2025' || lpad(id::text, 9, '0') FROM o RETURNING id, pescador_id, uf_pescador)
    INSERT INTO recurso (solicitacao_id, pescador_id, uf, objeto, chave_objeto, ato_normativo_id, inicio_prazo, ultimo_dia,
      prazo_decisao_dias, razoes, tempestivo, instancia, orgao, recebido_em, prazo_instancia, resultado)
    SELECT s.id, s.pescador_id, s.uf_pescador, 3, 'X' || s.id, ${outroAto}, current_date - 200, current_date - 170, 60, 'Eu pesco.', true,
           2, 'MPA', current_date - 180, current_date - 120, 3 FROM s`);
  await db.query('VACUUM ANALYZE pescador, solicitacao, recurso, pescador_historico_situacao');
  console.log(`seeded ${N.toLocaleString('en')} fishers and ${RECURSOS.toLocaleString('en')} pending appeals in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
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
 * The server's RSS: the largest Node process under the one `startProduct` spawned (npx → tsx → node). The embedded
 * PostgreSQL runs under it too; its backends count the shared buffers they touch, so they are measured apart.
 */
function rssServidor(raiz: number): { node: number; postgres: number } {
  const linhas = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' }).trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
  const arvore = new Set([raiz]);
  for (let mudou = true; mudou;) {
    mudou = false;
    for (const [pid, ppid] of linhas) if (!arvore.has(pid!) && arvore.has(ppid!)) { arvore.add(pid!); mudou = true; }
  }
  const nome = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      return '';
    }
  };
  const de = (f: (n: string) => boolean) => Math.max(0, ...[...arvore].filter((p) => f(nome(p))).map(rssMb));
  return { node: de((n) => !n.startsWith('postgres')), postgres: de((n) => n.startsWith('postgres')) };
}

const ms = (v: number) => v.toFixed(1).padStart(7);

const { child, base } = await startProduct({ port: PORTA, pgPort: PG_PORT, dataDir, fresh: !REUSE });
try {
  const db = new pg.Client({ connectionString: `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp` });
  await db.connect();
  db.on('error', (e) => console.error(`bench's database connection: ${e.message}`));
  const { ato, outroAto } = await semear(db);
  const hoje = (await db.query<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`)).rows[0]!.d;
  const em30 = (await db.query<{ d: string }>(`SELECT to_char(current_date + 30, 'YYYY-MM-DD') AS d`)).rows[0]!.d;
  const sessao = await signIn(base, GESTOR);
  const headers = {
    authorization: `Bearer ${sessao.token}`, 'content-type': 'application/json', cookie: sessao.cookie, 'x-xsrf-token': sessao.xsrf,
  };

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
  const mediana = async (f: () => Promise<unknown>) => {
    const m: number[] = [];
    for (let i = 0; i < RODADAS + 3; i++) {
      const t0 = performance.now();
      await f();
      if (i >= 3) m.push(performance.now() - t0);
    }
    return percentile(m.sort((a, b) => a - b), 50);
  };
  const saude = await mediana(async () => (await fetch(`${base}/api/health`)).json());
  console.log(`queue, ${RODADAS} calls each, p50 ms; HTTP baseline /api/health ${ms(saude)}`);
  console.log(`${'filter'.padEnd(44)} ${'total'.padStart(8)}   HTTP     SQL   ratio`);
  for (const [consulta, onde] of cenarios) {
    const url = `${base}/api/recursos${consulta.startsWith('(') ? '' : `?${consulta}`}`;
    let total = 0;
    const http = await mediana(async () => {
      const res = await fetch(url, { headers });
      if (res.status !== 200) throw new Error(`${consulta}: ${res.status} ${await res.text()}`);
      total = ((await res.json()) as { dados: { total: number } }).dados.total;
    });
    const bare = await mediana(async () => {
      await db.query(`SELECT count(*) FROM recurso r WHERE ${onde}`);
      await db.query(`${LIDO} WHERE ${onde} ORDER BY r.prazo_instancia, r.id LIMIT 20`);
    });
    console.log(`${consulta.padEnd(44)} ${String(total).padStart(8)} ${ms(http)} ${ms(bare)}  ${(http / bare).toFixed(2).padStart(5)}×`);
  }
  {
    const p1 = await (await fetch(`${base}/api/recursos?ato=${ato}&tamanhoPagina=100`, { headers })).json() as { dados: { proximo: string } };
    let cursor = p1.dados.proximo;
    for (let i = 0; i < 500 && cursor; i++) {
      cursor = ((await (await fetch(`${base}/api/recursos?ato=${ato}&tamanhoPagina=100&apos=${cursor}`, { headers })).json()) as { dados: { proximo: string } }).dados.proximo;
    }
    const fundo = await mediana(async () => (await fetch(`${base}/api/recursos?ato=${ato}&apos=${cursor}`, { headers })).json());
    console.log(`keyset page ~50,000 deep (ato=${ato}&apos=…)${' '.repeat(8)} ${ms(fundo)}`);
  }

  // 2. The batch decision of LOTE appeals at the ministry: bare SQL (rolled back), then the product.
  const ids = (await db.query<{ id: number }>(`SELECT id FROM recurso WHERE ato_normativo_id = $1 AND orgao = 'MPA' AND resultado IS NULL ORDER BY id LIMIT $2`, [ato, LOTE])).rows.map((r) => r.id);
  await db.end();
  console.log(`bare SQL of the batch decision on ${ids.length.toLocaleString('en')} appeals …`);
  const nuSql = await cronometrarSqlNu(ids, ato);

  const antes = rssServidor(Number(child.pid));
  const pico = { ...antes };
  const amostra = setInterval(() => {
    const agora = rssServidor(Number(child.pid));
    pico.node = Math.max(pico.node, agora.node);
    pico.postgres = Math.max(pico.postgres, agora.postgres);
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
  console.log(`  server (Node) RSS ${antes.node.toFixed(0)} MB before, peak ${pico.node.toFixed(0)} MB during (goal < 300 MB)`);
  console.log(`  embedded PostgreSQL, largest process: ${antes.postgres.toFixed(0)} MB before, peak ${pico.postgres.toFixed(0)} MB (shared buffers it touched)`);
  await conferir.end();
} finally {
  stop(child);
  await waitExit(child);
}
