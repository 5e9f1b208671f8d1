// npm run bench:integracao — other agencies reading the registry by machine: (1) the change feed read from the
// beginning after a national suspension of BENCH_SUSPENSOS fishers (default 131,695), page by page through the API
// with a client's token, beside a bare keyset-paged SELECT of the same rows in the same run (goal ≤ 2×); (2) the lookup
// of 1,000 CPFs through the API beside the bare SQL of the same lookup (goal ≤ 2×). BENCH_REUSE=1 keeps the data folder.
import pg from 'pg';
import { signIn, startProduct, stop, waitExit } from './lib';

const N = Number(process.env.BENCH_SUSPENSOS ?? 131_695);
const REUSE = process.env.BENCH_REUSE === '1';
const PORTA = Number(process.env.BENCH_PORT ?? 3203);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 5603);
const PAGINA = 1000;
const ADMIN = '50000000566';

const CONSULTA_NUA = `
  SELECT p.id, p.cpf, p.situacao_registro, p.numero_rgp, p.data_primeiro_rgp, p.categoria, p.forma_atuacao, p.uf, m.nome,
    p.dados #> '{dadosAtividadePesca,areaPretendidaPesca}',
    (SELECT array_agg(a.ambiente_pesca) FROM pescador_ambiente_pesca a WHERE a.pescador_id = p.id),
    (SELECT array_agg(g.grupo_alvo) FROM pescador_grupo_alvo g WHERE g.pescador_id = p.id),
    (SELECT h.criado_em FROM pescador_historico_situacao h WHERE h.pescador_id = p.id ORDER BY h.id DESC LIMIT 1),
    (SELECT array_agg(q.ano_referencia) FROM reap_questionario q WHERE q.pescador_id = p.id)
  FROM pescador p LEFT JOIN municipio m ON m.id = p.municipio_id WHERE p.cpf = ANY($1::char(11)[])`;

async function semear(db: pg.Client): Promise<void> {
  const t0 = performance.now();
  await db.query(`
    INSERT INTO pescador (cpf, nome, uf, municipio_id, categoria, situacao_registro, data_primeiro_rgp)
    SELECT b || d1 || d2, 'BENCH ' || g, 'PA', 1501402, 2, 4, '2015-03-10'
    FROM generate_series(1, ${N}) g,
      LATERAL (SELECT (300000000 + g)::text AS b) x,
      LATERAL (SELECT (((SELECT sum(substr(b, i, 1)::int * (11 - i)) FROM generate_series(1, 9) i) * 10) % 11) % 10 AS d1) y,
      LATERAL (SELECT ((((SELECT sum(substr(b || d1, i, 1)::int * (12 - i)) FROM generate_series(1, 10) i) * 10) % 11) % 10) AS d2) z`);
  // The national suspension: one statement, one transaction, one event per fisher written by the trigger.
  await db.query(`UPDATE pescador SET situacao_registro = 6 WHERE nome LIKE 'BENCH %'`);
  console.log(`seeded and suspended ${N.toLocaleString('en')} fishers in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

async function tokenDeCliente(base: string): Promise<string> {
  const admin = await signIn(base, ADMIN);
  const res = await fetch(`${base}/api/integracao/clientes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'x-xsrf-token': admin.xsrf, cookie: admin.cookie },
    body: JSON.stringify({
      nome: 'Benchmark', orgao: 'INSS', contato: 'bench@inss.gov.br', escopos: ['integracao.consultar', 'integracao.eventos'],
      limitePorMinuto: 6000, validoAte: '2099-12-31', metodoAutenticacao: 'client_secret',
    }),
  });
  if (res.status !== 200) throw new Error(`registering the client: ${res.status} ${(await res.text()).slice(0, 300)}`);
  const { dados } = (await res.json()) as { dados: { clientId: string; clientSecret: string } };
  const token = await fetch(`${base}/api/integracao/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: dados.clientId, client_secret: dados.clientSecret }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

async function main(): Promise<void> {
  const { child, base } = await startProduct({ port: PORTA, pgPort: PG_PORT, dataDir: '.test-data/bench-integracao', fresh: !REUSE });
  const db = new pg.Client({ connectionString: `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp` });
  await db.connect();
  try {
    if (!REUSE) await semear(db);
    await db.query('VACUUM ANALYZE pescador');
    await db.query('VACUUM ANALYZE evento_integracao');
    let token = await tokenDeCliente(base);

    // Bare: the same rows, keyset-paged, straight from PostgreSQL.
    let t0 = performance.now();
    let nus = 0;
    let cursor = ['0', '0'];
    for (;;) {
      const { rows } = await db.query<{ id: string; xid: string }>(`
        SELECT e.id::text, e.xid::text, e.tipo, p.cpf, e.situacao_anterior, e.situacao_nova, e.dados, e.criado_em
        FROM evento_integracao e JOIN pescador p ON p.id = e.pescador_id
        WHERE (e.xid, e.id) > ($1::xid8, $2::bigint) ORDER BY e.xid, e.id LIMIT ${PAGINA}`, cursor);
      nus += rows.length;
      if (rows.length < PAGINA) break;
      cursor = [rows.at(-1)!.xid, rows.at(-1)!.id];
    }
    const nuMs = performance.now() - t0;

    // The feed through the API, with its token, audit and serialisation.
    t0 = performance.now();
    let lidos = 0;
    let c = '';
    let renovadoEm = performance.now();
    for (;;) {
      if (performance.now() - renovadoEm > 240_000) {
        token = await tokenDeCliente(base);
        renovadoEm = performance.now();
      }
      const res = await fetch(`${base}/api/integracao/eventos?limite=${PAGINA}${c ? `&cursor=${c}` : ''}`, { headers: { authorization: `Bearer ${token}` } });
      const { dados } = (await res.json()) as { dados: { eventos: unknown[]; proximoCursor: string; fim: boolean } };
      lidos += dados.eventos.length;
      c = dados.proximoCursor;
      if (dados.fim) break;
    }
    const apiMs = performance.now() - t0;
    console.log(`feed: ${lidos.toLocaleString('en')} events in ${(apiMs / 1000).toFixed(1)} s = ${Math.round(lidos / (apiMs / 1000))} events/s `
      + `| bare keyset SELECT: ${nus.toLocaleString('en')} rows in ${(nuMs / 1000).toFixed(1)} s = ${Math.round(nus / (nuMs / 1000))} rows/s `
      + `| ratio ${(apiMs / nuMs).toFixed(2)}× (goal ≤ 2×)`);

    // The lookup of 1,000 CPFs, five rounds each, the median kept.
    const { rows: cpfs } = await db.query<{ cpf: string }>(`SELECT cpf FROM pescador WHERE nome LIKE 'BENCH %' ORDER BY random() LIMIT 1000`);
    const lista = cpfs.map((r) => r.cpf);
    const mediana = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const nuas: number[] = [];
    const apis: number[] = [];
    for (let i = 0; i < 5; i++) {
      let t = performance.now();
      await db.query(CONSULTA_NUA, [`{${lista.join(',')}}`]);
      nuas.push(performance.now() - t);
      t = performance.now();
      const res = await fetch(`${base}/api/integracao/pescadores/consulta`, {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ cpfs: lista, finalidade: 'Benchmark' }),
      });
      if (res.status !== 200) throw new Error(`lookup answered ${res.status}`);
      await res.arrayBuffer();
      apis.push(performance.now() - t);
    }
    console.log(`lookup of 1,000 CPFs: API ${mediana(apis).toFixed(0)} ms | bare SQL ${mediana(nuas).toFixed(0)} ms | ratio ${(mediana(apis) / mediana(nuas)).toFixed(2)}× (goal ≤ 2×)`);
  } finally {
    await db.end();
    stop(child);
    await waitExit(child);
  }
}

await main();
