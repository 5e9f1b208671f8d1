// npm run bench:mesa — the entity's desk at national scale: BENCH_PESCADORES fishers (default 2,000,000), each with
// a 2025 REAP obligation (about 60 % sent), 5 % with a request in progress, 2 % with a pending appeal, 10 % suspended;
// a colônia with BENCH_REPRESENTADOS represented fishers (default 30,000; 10 % waiting for a term's validation) and
// another entity with as many (the agent must never see them).
// The desk's count and first page per filter through HTTP (GET /api/representacao/pescadores as the agent: token,
// links, count, page, one audit row per fisher listed, JSON) beside the hand-written SQL of the same count and first
// page on a direct connection, same run; goal within 1.5×. Beside them, a bare HTTP server answering the same two
// statements as JSON (BENCH_NU_PORT), for the share of the ratio that is HTTP's own, and the same bare server writing
// the page's audit rows as the product does (one row per fisher listed, one INSERT, committed before answering): the
// product's own share. Then a keyset page deep in the list and the CSV.
// BENCH_REUSE=1 keeps the seeded data folder of an earlier run (BENCH_DATA_DIR, default .test-data/bench-mesa).
import crypto from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { cpfComDigitos } from '../src/shared/cpf';
import { CTE_NOMES_UFS, percentile, signIn, startProduct, stop, waitExit } from './lib';

const N = Number(process.env.BENCH_PESCADORES ?? 2_000_000);
const REPRESENTADOS = Number(process.env.BENCH_REPRESENTADOS ?? 30_000);
const RODADAS = Number(process.env.BENCH_RODADAS ?? 20);
const REUSE = process.env.BENCH_REUSE === '1';
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 5616);
const PORTA = Number(process.env.BENCH_PORT ?? 3216);
const PORTA_NU = Number(process.env.BENCH_NU_PORT ?? 3217);
const dataDir = process.env.BENCH_DATA_DIR ?? '.test-data/bench-mesa';
const AGENTE = cpfComDigitos('777000111');
const GESTOR = '10000000108';

async function semear(db: pg.Client): Promise<number> {
  const existente = await db.query<{ id: number }>(`SELECT id FROM entidade_representativa WHERE cnpj = '11222333000181'`);
  if (existente.rows[0]) {
    console.log('reusing the seeded desk');
    return existente.rows[0].id;
  }
  const t0 = performance.now();
  await db.query('SET synchronous_commit = off');
  await db.query(`
    ${CTE_NOMES_UFS}
    INSERT INTO pescador (cpf, nome, uf, situacao_registro, numero_rgp)
    SELECT '9' || lpad(g::text, 10, '0'), p[1 + h % 20] || ' ' || s[1 + (h / 20) % 40] || ' ' || s[1 + (h / 800) % 40],
           'PA', CASE WHEN abs(hashint4(g + 5)) % 10 = 0 THEN 6 ELSE 1 END, 'BR' || lpad(g::text, 10, '0')
    FROM nomes, generate_series(1, ${N}) g, LATERAL (SELECT abs(hashint4(g)) AS h) x`);
  // (The situation from a hash of its own: drawn from the name's, it tied suspension to a few first names.)
  console.log(`  fishers seeded (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  // Every fisher owes the 2025 REAP; about 60 % sent it.
  await db.query(`
    WITH s AS (
      INSERT INTO solicitacao (pescador_id, tipo, situacao, uf_pescador)
      SELECT p.id, 4, CASE WHEN abs(hashint4(p.id + 7)) % 100 < 60 THEN 9 ELSE 8 END, p.uf FROM pescador p WHERE p.cpf LIKE '9%'
      RETURNING id, pescador_id, situacao)
    INSERT INTO reap_questionario (solicitacao_id, pescador_id, ano_referencia, categoria, enviada)
    SELECT s.id, s.pescador_id, 2025, 2, s.situacao = 9 FROM s`);
  await db.query(`INSERT INTO reap_prazo (ano_referencia, inicio_preenchimento, fim_preenchimento) VALUES (2025, DATE '2026-01-01', DATE '2026-12-31')
    ON CONFLICT (ano_referencia) DO NOTHING`);
  console.log(`  REAP obligations seeded (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  // 5 % with a request sent (in progress); 2 % with an appeal waiting for a decision.
  await db.query(`INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, enviada_em, uf_pescador)
    SELECT id, 2, 6, 5, now(), uf FROM pescador WHERE cpf LIKE '9%' AND abs(hashint4(id + 11)) % 100 < 5`);
  const ato = (await db.query<{ id: number }>(`
    INSERT INTO ato_normativo (nome, descricao, data_inicio_vigencia, prazo_recurso_dias, prazo_decisao_recurso_dias)
    VALUES ('Portaria da mesa (bench)', 'Suspensão.', current_date - 10, 30, 60) RETURNING id`)).rows[0]!.id;
  await db.query(`
    WITH s AS (
      INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, enviada_em, uf_pescador)
      SELECT id, 11, 6, 1, now(), uf FROM pescador WHERE cpf LIKE '9%' AND abs(hashint4(id + 13)) % 100 < 2
      RETURNING id, pescador_id, uf_pescador)
    INSERT INTO recurso (solicitacao_id, pescador_id, uf, objeto, chave_objeto, ato_normativo_id, inicio_prazo, ultimo_dia,
      prazo_decisao_dias, razoes, tempestivo, instancia, orgao, recebido_em, prazo_instancia)
    SELECT s.id, s.pescador_id, s.uf_pescador, 2, 'B' || s.id, ${ato}, current_date - 10, current_date + 20, 60, 'Eu pesco.', true,
      2, 'MPA', current_date - 5, current_date + 55 FROM s`);
  console.log(`  requests and appeals seeded (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  const entidades = await db.query<{ id: number }>(`
    INSERT INTO entidade_representativa (tipo, cnpj, nome, ufs, ato_cooperacao, vigencia_inicio, vigencia_fim, cpf_atualizou)
    VALUES (1, '11222333000181', 'Colônia de Pescadores Z-3 (bench)', '{PA}', 'Acordo 1/2026', current_date - 30, current_date + 700, '${GESTOR}'),
           (2, '11444777000161', 'Associação vizinha (bench)', '{PA}', 'Acordo 2/2026', current_date - 30, current_date + 700, '${GESTOR}')
    RETURNING id`);
  const [colonia, vizinha] = [entidades.rows[0]!.id, entidades.rows[1]!.id];
  await db.query(`INSERT INTO agente_entidade (entidade_id, cpf, nome, validade, cpf_atualizou)
    VALUES ($1, '${AGENTE}', 'AGENTE DA MESA', current_date + 300, '${GESTOR}')`, [colonia]);
  // The colônia's fishers spread over the whole registry; the neighbour's are others.
  const passo = Math.max(2, Math.floor(N / REPRESENTADOS));
  await db.query(`
    INSERT INTO delegacao (pescador_id, entidade_id, servicos, inicio, fim, situacao, origem, uf)
    SELECT id, CASE WHEN id % ${passo} = 0 THEN ${colonia} ELSE ${vizinha} END, '{1,2,3,4}', current_date - 20, current_date + 300,
           CASE WHEN abs(hashint4(id + 17)) % 10 = 0 THEN 2 ELSE 1 END, 1, 'PA'
    FROM (SELECT id FROM pescador WHERE cpf LIKE '9%' AND id % ${passo} IN (0, 1) ORDER BY id LIMIT ${2 * REPRESENTADOS}) x`);
  await db.query('VACUUM ANALYZE pescador, solicitacao, reap_questionario, recurso, delegacao, entidade_representativa, agente_entidade');
  console.log(`seeded ${N.toLocaleString('en')} fishers, ${REPRESENTADOS.toLocaleString('en')} represented, in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return colonia;
}

const ms = (v: number) => v.toFixed(1).padStart(7);

// The product as production's web instances run it (INSTANCE_ROLE=web): the job workers, which here would deliver the
// seeded REAP obligations' notices as files all through the measurement, run in the jobs instances.
process.env.INSTANCE_ROLE ??= 'web';
const { child, base } = await startProduct({ port: PORTA, pgPort: PG_PORT, dataDir, fresh: !REUSE });
try {
  const db = new pg.Client({ connectionString: `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp` });
  await db.connect();
  db.on('error', (e) => console.error(`bench's database connection: ${e.message}`));
  const colonia = await semear(db);
  const sessao = await signIn(base, AGENTE);
  const headers = { authorization: `Bearer ${sessao.token}`, cookie: sessao.cookie, 'x-xsrf-token': sessao.xsrf };

  // The hand-written SQL: the colônia's open delegations and their filter, each fisher read by its key (the lateral
  // subquery kept apart by OFFSET 0, as the product does: a plain join let the planner walk the national name index),
  // and the page's counts read for its rows only.
  const DE = (pescador: string) => `FROM delegacao d JOIN LATERAL (SELECT p.id, p.nome, p.cpf, p.uf, p.situacao_registro, p.numero_rgp
      FROM pescador p WHERE p.id = d.pescador_id ${pescador} OFFSET 0) p ON true
    WHERE d.entidade_id = ${colonia} AND d.situacao IN (1, 2) AND d.fim >= current_date`;
  const PAGINA = `SELECT g.*,
      (SELECT count(*) FROM reap_questionario q WHERE q.pescador_id = g.id AND NOT q.enviada) AS reaps,
      (SELECT min(w.fim_preenchimento) FROM reap_questionario q JOIN reap_prazo w USING (ano_referencia) WHERE q.pescador_id = g.id AND NOT q.enviada) AS prazo,
      (SELECT count(*) FROM solicitacao s WHERE s.pescador_id = g.id AND s.situacao IN (2, 3, 6, 7) AND NOT s.inativa AND s.tipo <> 11) AS pedidos,
      (SELECT count(*) FROM recurso r WHERE r.pescador_id = g.id AND r.resultado IS NULL AND r.prazo_instancia IS NOT NULL) AS recursos
    FROM (SELECT p.id, p.nome, p.cpf, p.uf, p.situacao_registro, p.numero_rgp, d.id AS delegacao, d.servicos, d.fim, d.situacao`;
  const REAP = 'EXISTS (SELECT 1 FROM reap_questionario q WHERE q.pescador_id = d.pescador_id AND NOT q.enviada)';
  const PEDIDO = 'EXISTS (SELECT 1 FROM solicitacao s WHERE s.pescador_id = d.pescador_id AND s.situacao IN (2, 3, 6, 7) AND NOT s.inativa AND s.tipo <> 11)';
  const RECURSO = 'EXISTS (SELECT 1 FROM recurso r WHERE r.pescador_id = d.pescador_id AND r.resultado IS NULL AND r.prazo_instancia IS NOT NULL)';
  // A filter on the registry's data finds active delegations only (decision 0118, a term awaiting validation shows
  // nothing of the registry): the hand-written SQL asks the same, or it would count other fishers.
  const ATIVA = 'AND d.situacao = 1';
  // [query, filter on the delegation, filter on the fisher's row]
  const cenarios: [string, string, string][] = [
    ['(all)', '', ''],
    ['nome=SOUZA', '', `AND p.nome ILIKE '%SOUZA%'`],
    ['situacaoRegistro=6', ATIVA, 'AND p.situacao_registro = 6'],
    ['situacaoDelegacao=2', 'AND d.situacao = 2', ''],
    ['deveReap=sim', `${ATIVA} AND ${REAP}`, ''],
    ['deveReap=nao', `${ATIVA} AND NOT ${REAP}`, ''],
    ['emAndamento=sim', `${ATIVA} AND ${PEDIDO}`, ''],
    ['recursoPendente=sim', `${ATIVA} AND ${RECURSO}`, ''],
    ['deveReap=sim&situacaoRegistro=1', `${ATIVA} AND ${REAP}`, 'AND p.situacao_registro = 1'],
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
  console.log(`desk of ${REPRESENTADOS.toLocaleString('en')} among ${N.toLocaleString('en')} fishers, ${RODADAS} calls each, p50 ms; HTTP baseline /api/health ${ms(saude)}`);
  console.log(`${'filter'.padEnd(34)} ${'total'.padStart(7)}   HTTP     SQL   ratio  bare HTTP ratio  +audit  ratio`);
  // The count reads the fisher's row only when the filter needs it, as any hand-written count would.
  const sqlDe = ([, onde, dono]: [string, string, string]) => [
    dono ? `SELECT count(*) AS n ${DE(dono)} ${onde}`
      : `SELECT count(*) AS n FROM delegacao d WHERE d.entidade_id = ${colonia} AND d.situacao IN (1, 2) AND d.fim >= current_date ${onde}`,
    `${PAGINA} ${DE(dono)} ${onde} ORDER BY p.nome, p.id LIMIT 50) g ORDER BY g.nome, g.id`,
  ] as const;
  // A bare HTTP server beside the product: the same two statements over a pool, answered as JSON, with no sign-in,
  // links or audit. What it adds to the bare SQL is what any HTTP server adds; the rest of the product's time is its own.
  const pool = new pg.Pool({ connectionString: `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp`, max: 2 });
  // With `/a` it also writes the page's audit rows as the product writes them (the same columns, one INSERT of arrays),
  // committed before the answer.
  const AUDITAR = `INSERT INTO auditoria (acao, cpf_ator, perfil_ator, sessao_id, recurso, recurso_id, ip, sucesso, detalhes, pescador_id, orgao_ator)
    SELECT 'MESA_AGENTE_LIDA', $1, 4, $2::uuid, 'representacao/pescadores', $3::text, '127.0.0.1'::inet, true,
      jsonb_build_object('idEntidade', $5::int, 'entidade', 'Colônia de Pescadores Z-3 (bench)'), id, NULL
    FROM unnest($4::int[]) id`;
  const sessaoNua = crypto.randomUUID();
  const nu = http.createServer((req, res) => {
    const [, cenario, auditar] = /^\/(\d+)(\/a)?$/.exec(req.url!) ?? [];
    const [contagem, pagina] = sqlDe(cenarios[Number(cenario)]!);
    void (async () => {
      const total = Number((await pool.query<{ n: string }>(contagem)).rows[0]!.n);
      const linhas = (await pool.query<{ id: number }>(pagina)).rows;
      if (auditar) await pool.query(AUDITAR, [AGENTE, sessaoNua, String(colonia), linhas.map((l) => l.id), colonia]);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ dados: { total, representados: linhas } }));
    })().catch((e: Error) => res.writeHead(500).end(e.message));
  });
  await new Promise<void>((ok) => nu.listen(PORTA_NU, '127.0.0.1', ok));
  const razoes: number[] = [];
  const razoesNu: number[] = [];
  const razoesAudit: number[] = [];
  for (const [i, [consulta]] of cenarios.entries()) {
    const url = `${base}/api/representacao/pescadores${consulta.startsWith('(') ? '' : `?${consulta}`}`;
    let total = 0;
    let nuTotal = 0;
    const http = await mediana(async () => {
      const res = await fetch(url, { headers });
      if (res.status !== 200) throw new Error(`${consulta}: ${res.status} ${await res.text()}`);
      total = ((await res.json()) as { dados: { total: number } }).dados.total;
    });
    const [contagem, pagina] = sqlDe(cenarios[i]!);
    const bare = await mediana(async () => {
      nuTotal = Number((await db.query<{ n: string }>(contagem)).rows[0]!.n);
      await db.query(pagina);
    });
    if (nuTotal !== total) throw new Error(`${consulta}: the product counted ${total}, the bare SQL ${nuTotal}`);
    const nuHttp = (sufixo: string) => mediana(async () => {
      const res = await fetch(`http://127.0.0.1:${PORTA_NU}/${i}${sufixo}`);
      if (res.status !== 200) throw new Error(`bare server, ${consulta}: ${res.status} ${await res.text()}`);
      await res.json();
    });
    const bareHttp = await nuHttp('');
    const bareAudit = await nuHttp('/a');
    razoes.push(http / bare);
    razoesNu.push(http / bareHttp);
    razoesAudit.push(http / bareAudit);
    console.log(`${consulta.padEnd(34)} ${String(total).padStart(7)} ${ms(http)} ${ms(bare)}  ${(http / bare).toFixed(2).padStart(5)}× ${ms(bareHttp)}  ${(http / bareHttp).toFixed(2).padStart(5)}× ${ms(bareAudit)}  ${(http / bareAudit).toFixed(2).padStart(5)}×`);
  }
  console.log(`worst ratio ${Math.max(...razoes).toFixed(2)}× against the bare SQL (the goal, ≤ 1.5×); ${Math.max(...razoesNu).toFixed(2)}× against the bare HTTP server; ${Math.max(...razoesAudit).toFixed(2)}× against it writing the same audit`);
  nu.close();
  await pool.end();
  {
    // A page deep in the list: walk 200 pages of 100, then time the next one.
    let cursor: number | null = null;
    for (let i = 0; i < 200; i++) {
      const r = (await (await fetch(`${base}/api/representacao/pescadores?tamanhoPagina=100${cursor ? `&apos=${cursor}` : ''}`, { headers })).json()) as { dados: { proximo: number | null } };
      cursor = r.dados.proximo;
      if (!cursor) break;
    }
    const fundo = await mediana(async () => (await fetch(`${base}/api/representacao/pescadores?apos=${cursor}`, { headers })).json());
    console.log(`keyset page ~20,000 deep (apos=…)${' '.repeat(17)} ${ms(fundo)}`);
  }
  {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/representacao/pescadores/csv?deveReap=sim`, { headers });
    const texto = await res.text();
    const linhas = texto.split('\r\n').length - 2;
    const auditadas = (await db.query<{ n: string }>(`SELECT count(*) AS n FROM auditoria WHERE acao = 'MESA_AGENTE_LIDA' AND recurso = 'representacao/pescadores/csv'`)).rows[0]!.n;
    console.log(`CSV deveReap=sim: ${linhas.toLocaleString('en')} fishers in ${(performance.now() - t0).toFixed(0)} ms (status ${res.status}); audit rows of CSVs so far ${auditadas}`);
  }
  await db.end();
} finally {
  stop(child);
  await waitExit(child);
}
