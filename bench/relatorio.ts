// npm run bench:relatorio — the fisher report at national scale, on the national synthetic data set (bench/seed;
// BENCH_PESCADORES fishers, default 2,000,000, seeded on first use into .test-data/bench-relatorio and kept; or,
// with BENCH_SEMENTE=simples, a generate_series seed of only what the report reads):
//   1. count + first page (GET /api/pescador/relatorio/pescadores/previa) over 14 filter mixes, through HTTP on
//      the running product, p50 / p95, beside the same filters as hand-written SQL (count, then the first page)
//      on the same indexes in the same run, and GET /api/health as the HTTP floor. Goal: p95 ≤ 1.5× the SQL.
//   2. the CSV of every fisher, written by the report job, beside `COPY (the same SELECT) TO STDOUT` into a file
//      (psql), with the server's RSS sampled every 100 ms. Goals: ≤ 2× COPY, RSS < 200 MB.
//   3. the XLSX of about 200,000 fishers (the state nearest that count), RSS sampled. Goal: RSS < 300 MB.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { abrirBancoDeBench } from './seed/banco';
import { semearNacional } from './seed/nacional';
import { percentile, signIn, startProduct, stop, waitExit } from './lib';

const N = Number(process.env.BENCH_PESCADORES ?? 2_000_000);
const RODADAS = Number(process.env.BENCH_RODADAS ?? 40);
const PORTA = Number(process.env.BENCH_PORT ?? 4150);
const PORTA_PG = Number(process.env.BENCH_PG_PORT ?? 5650);
const PASTA = process.env.BENCH_PASTA ?? '.test-data/bench-relatorio';
const GESTOR = '10000000108';

const r = (v: number) => v.toFixed(1).padStart(8);

/**
 * BENCH_SEMENTE=simples: only what the report reads, by INSERT … SELECT generate_series (fishers with every
 * filtered column, 1–2 target groups, 1–2 environments, one sent request each), reused on the next run. For a
 * machine where the national data set (bench/seed, the default) takes too long to build.
 */
async function semearSimples(db: pg.Client, n: number): Promise<number> {
  const { rows: [ja] } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pescador WHERE cpf LIKE '9%'");
  const faltam = n - ja!.n;
  if (faltam <= 0) return 0;
  const g0 = ja!.n;
  await db.query('BEGIN');
  // The trigram index is built once after the load (as a restore does), not row by row.
  await db.query('DROP INDEX IF EXISTS pescador_nome_trgm_idx');
  await db.query(`
    WITH mun AS (SELECT uf, array_agg(id ORDER BY id) AS ids, count(*)::int AS n FROM municipio GROUP BY uf),
    nomes AS (SELECT
      ARRAY['MARIA','JOSE','ANTONIO','FRANCISCA','JOAO','ANA','FRANCISCO','RAIMUNDA','CARLOS','PAULO','PEDRO','LUCAS',
            'LUIZ','MARCOS','LUIS','GABRIEL','RAFAEL','DANIEL','MARCELO','BRUNO','EDUARDO','FELIPE','RAIMUNDO','SEBASTIAO'] AS p,
      ARRAY['SILVA','SANTOS','OLIVEIRA','SOUZA','RODRIGUES','FERREIRA','ALVES','PEREIRA','LIMA','GOMES','COSTA','RIBEIRO',
            'MARTINS','CARVALHO','ALMEIDA','LOPES','SOARES','FERNANDES','VIEIRA','BARBOSA','ROCHA','DIAS','NASCIMENTO','ANDRADE',
            'MOREIRA','NUNES','MARQUES','MACHADO','MENDES','FREITAS','CARDOSO','RAMOS','GONCALVES','SANTANA','TEIXEIRA','ARAUJO',
            'PINHEIRO','MONTEIRO','CORREA','BATISTA'] AS s,
      -- Weighted as Brazil's fishers are: most in PA, MA, BA, AM, CE.
      ARRAY['PA','PA','PA','PA','PA','PA','PA','PA','MA','MA','MA','MA','MA','BA','BA','BA','BA','AM','AM','AM','CE','CE',
            'PI','RN','PB','PE','AL','SE','SP','RJ','SC','RS','PR','ES','MG','AP','RR','RO','TO','AC','MT','MS','GO'] AS uf)
    INSERT INTO pescador (cpf, nome, uf, municipio_id, sexo, categoria, forma_atuacao, propriedade_embarcacao, tie,
      cnpj_entidade_representante, recebeu_ajuda, escolaridade, alfabetizacao, etnia, nacionalidade_brasileira,
      situacao_registro, numero_rgp, data_emissao_carteira, data_nascimento, data_primeiro_rgp)
    SELECT '9' || lpad(g::text, 10, '0'),
      x.p[1 + h % 24] || ' ' || x.s[1 + (h / 24) % 40] || ' ' || x.s[1 + (h / 960) % 40],
      u.uf, m.ids[1 + (h / 7) % m.n], 1 + (h / 3) % 2, CASE WHEN h % 20 = 0 THEN 1 ELSE 2 END, 1 + (h / 11) % 2,
      CASE WHEN (h / 11) % 2 = 0 THEN 1 + (h / 13) % 3 END, CASE WHEN h % 20 = 0 THEN 'TIE' || lpad((h % 1000000)::text, 7, '0') END,
      CASE WHEN h % 3 = 0 THEN lpad(((h / 17) % 5000)::text, 8, '0') || '000191' END, h % 4 = 0, 1 + (h / 5) % 12, h % 9 <> 0,
      1 + (h / 19) % 6, h % 200 <> 0, CASE WHEN h % 10 = 0 THEN 6 WHEN h % 25 = 1 THEN 2 ELSE 1 END,
      u.uf || 'PA' || lpad(g::text, 11, '0'),
      timestamptz '2015-01-01 12:00-03' + ((h % 3900) || ' days')::interval,
      date '1945-01-01' + (h / 23) % 21000, date '2000-01-01' + (h / 29) % 9000
    FROM nomes x, generate_series(${g0 + 1}, ${g0 + faltam}) g, LATERAL (SELECT abs(hashint4(g)) AS h) hh,
      LATERAL (SELECT x.uf[1 + (h / 31) % 43]::bpchar AS uf) u JOIN mun m ON m.uf = u.uf`);
  await db.query(`INSERT INTO pescador_grupo_alvo (pescador_id, grupo_alvo)
    SELECT p.id, gr FROM pescador p, LATERAL (SELECT abs(hashint4(p.id)) AS h) hh,
      LATERAL (SELECT DISTINCT unnest(ARRAY[1 + h % 7, 1 + (h / 7) % 3]) AS gr) z
    WHERE p.cpf LIKE '9%' AND p.cpf > $1`, [`9${String(g0).padStart(10, '0')}`]);
  await db.query(`INSERT INTO pescador_ambiente_pesca (pescador_id, ambiente_pesca)
    SELECT p.id, a FROM pescador p, LATERAL (SELECT abs(hashint4(p.id + 5)) AS h) hh,
      LATERAL (SELECT unnest(CASE h % 3 WHEN 0 THEN ARRAY[1] WHEN 1 THEN ARRAY[2] ELSE ARRAY[1, 2] END) AS a) z
    WHERE p.cpf LIKE '9%' AND p.cpf > $1`, [`9${String(g0).padStart(10, '0')}`]);
  await db.query(`INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, enviada_em, uf_pescador)
    SELECT p.id, 1, 4, 5, timestamptz '2019-01-01 12:00-03' + ((abs(hashint4(p.id + 9)) % 2500) || ' days')::interval, p.uf
    FROM pescador p WHERE p.cpf LIKE '9%' AND p.cpf > $1`, [`9${String(g0).padStart(10, '0')}`]);
  await db.query('CREATE INDEX pescador_nome_trgm_idx ON pescador USING gin (nome gin_trgm_ops)');
  await db.query('COMMIT');
  return faltam;
}

// 1. Seed (or reuse) the data set.
const banco = await abrirBancoDeBench({ url: process.env.DATABASE_URL, pasta: PASTA, porta: PORTA_PG });
const db = banco.cliente;
const t0 = performance.now();
const simples = process.env.BENCH_SEMENTE === 'simples';
const adicionados = simples ? await semearSimples(db, N) : (await semearNacional(db, { pescadores: N })).adicionados;
if (adicionados > 0) {
  console.log(`seeded ${adicionados.toLocaleString('en')} fishers (${simples ? 'generate_series, report columns only' : 'national data set, bench/seed'}) `
    + `in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  await db.query('VACUUM ANALYZE pescador, solicitacao, pescador_grupo_alvo, pescador_ambiente_pesca');
} else {
  console.log(`reusing the ${N.toLocaleString('en')} fishers already seeded`);
}
const { rows: [tot] } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pescador');
console.log(`fishers in the registry: ${tot!.n.toLocaleString('en')}`);

// A name prefix and a CPF that exist in the data set.
const { rows: [amostra] } = await db.query<{ nome: string; cpf: string }>(
  'SELECT nome, cpf FROM pescador WHERE situacao_registro IS NOT NULL ORDER BY cpf OFFSET $1 LIMIT 1', [Math.floor(tot!.n / 2)]);
const prefixo = amostra!.nome.split(' ')[0]!.slice(0, 5);
// The state whose count is nearest 200,000 (the XLSX), and a municipality of the largest state.
const { rows: ufs } = await db.query<{ uf: string; n: number }>('SELECT uf, count(*)::int AS n FROM pescador WHERE uf IS NOT NULL GROUP BY uf ORDER BY n DESC');
const ufXlsx = [...ufs].sort((a, b) => Math.abs(a.n - 200_000) - Math.abs(b.n - 200_000))[0]!;
const ufMaior = ufs[0]!.uf;
const { rows: [mun] } = await db.query<{ id: number }>('SELECT municipio_id AS id FROM pescador WHERE uf = $1 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1', [ufMaior]);

const hoje = new Date().toISOString().slice(0, 10);
const idade = (a: number) => `(date '${hoje}' - interval '${a} years')::date`;

/** A filter mix: the API's query, and the same filters as hand-written SQL over `pescador p`. */
interface Mistura { nome: string; query: string; where: string }
const MISTURAS: Mistura[] = [
  { nome: 'no filter', query: '', where: 'true' },
  { nome: `uf=${ufMaior}`, query: `uf=${ufMaior}`, where: `p.uf = '${ufMaior}'` },
  { nome: 'sexo=2', query: 'sexo=2', where: 'p.sexo = 2' },
  { nome: 'categoria=1 (industrial)', query: 'categoria=1', where: 'p.categoria = 1' },
  { nome: `name prefix ${prefixo}`, query: `nome=${encodeURIComponent(prefixo)}`, where: `p.nome LIKE '${prefixo}%'` },
  { nome: 'cpf', query: `cpfPescador=${amostra!.cpf}`, where: `p.cpf = '${amostra!.cpf}'` },
  { nome: 'age 18–25', query: 'idadeInicial=18&idadeFinal=25', where: `p.data_nascimento <= ${idade(18)} AND p.data_nascimento > ${idade(26)}` },
  { nome: 'card issued in 2024', query: 'dataInicioEmissaoCarteira=2024-01-01&dataFimEmissaoCarteira=2024-12-31',
    where: "p.data_emissao_carteira >= '2024-01-01T03:00:00Z' AND p.data_emissao_carteira <= '2025-01-01T02:59:59Z'" },
  { nome: 'request sent in 2024-03', query: 'dataInicioSolicitacao=2024-03-01&dataFimSolicitacao=2024-03-31',
    where: "EXISTS (SELECT 1 FROM solicitacao s WHERE s.pescador_id = p.id AND s.enviada_em >= '2024-03-01T03:00:00Z' AND s.enviada_em <= '2024-04-01T02:59:59Z')" },
  { nome: 'target groups 2,3', query: 'grupoAlvoPesca=2,3',
    where: 'EXISTS (SELECT 1 FROM pescador_grupo_alvo g WHERE g.pescador_id = p.id AND g.grupo_alvo = ANY(ARRAY[2,3]::smallint[]))' },
  { nome: `municipio of ${ufMaior}`, query: `municipio=${mun!.id}`, where: `p.municipio_id = ${mun!.id}` },
  { nome: `uf + sexo + age 30–40`, query: `uf=${ufMaior}&sexo=1&idadeInicial=30&idadeFinal=40`,
    where: `p.uf = '${ufMaior}' AND p.sexo = 1 AND p.data_nascimento <= ${idade(30)} AND p.data_nascimento > ${idade(41)}` },
  { nome: 'five filters', query: `uf=${ufMaior}&sexo=2&categoria=2&situacao=1&escolaridade=4`,
    where: `p.uf = '${ufMaior}' AND p.sexo = 2 AND p.categoria = 2 AND p.situacao_registro = 1 AND p.escolaridade = 4` },
  { nome: 'uf + target group + ambient', query: `uf=${ufMaior}&grupoAlvoPesca=1&tipoAmbientePesca=2`,
    where: `p.uf = '${ufMaior}' AND EXISTS (SELECT 1 FROM pescador_grupo_alvo g WHERE g.pescador_id = p.id AND g.grupo_alvo = ANY(ARRAY[1]::smallint[]))
      AND EXISTS (SELECT 1 FROM pescador_ambiente_pesca a WHERE a.pescador_id = p.id AND a.ambiente_pesca = 2)` },
];

const PAGINA_SQL = (where: string) => `SELECT p.id, p.cpf, p.nome, p.uf, m.nome AS municipio, p.categoria, p.situacao_registro, p.numero_rgp,
  p.sexo, date_part('year', age(date '${hoje}', p.data_nascimento))::int AS idade
  FROM pescador p LEFT JOIN municipio m ON m.id = p.municipio_id WHERE ${where} ORDER BY p.nome, p.id LIMIT 20`;

await banco.fechar();

// 2. The product on the same database.
const { child, base } = await startProduct({ port: PORTA, pgPort: PORTA_PG, dataDir: PASTA, fresh: false });
const sql = new pg.Client({ connectionString: `postgres://rgp:rgp-local-only@127.0.0.1:${PORTA_PG}/rgp` });
await sql.connect();
try {
  const { token } = await signIn(base, GESTOR);
  const get = async (caminho: string) => {
    const res = await fetch(`${base}${caminho}`, { headers: { authorization: `Bearer ${token}` } });
    const corpo = await res.text();
    if (!res.ok) throw new Error(`${caminho}: ${res.status} ${corpo.slice(0, 200)}`);
    return JSON.parse(corpo) as { dados: Record<string, unknown> };
  };
  const medir = async (f: () => Promise<unknown>) => {
    const m: number[] = [];
    for (let i = 0; i < RODADAS + 3; i++) {
      const t1 = performance.now();
      await f();
      if (i >= 3) m.push(performance.now() - t1);
    }
    return m.sort((a, b) => a - b);
  };

  const saude = await medir(() => fetch(`${base}/api/health`).then((x) => x.text()));
  console.log(`\ncount + first page, ${RODADAS} runs each after 3 to warm (ms); HTTP floor GET /api/health p95 ${percentile(saude, 95).toFixed(1)}`);
  console.log(`${'filter mix'.padEnd(30)} ${'matches'.padStart(10)}   ${'SQL p50'.padStart(8)} ${'SQL p95'.padStart(8)}   ${'API p50'.padStart(8)} ${'API p95'.padStart(8)}   ratio`);
  const razoes: number[] = [];
  for (const mx of MISTURAS) {
    const manual = await medir(async () => {
      await sql.query(`SELECT count(*) FROM pescador p WHERE ${mx.where}`);
      await sql.query(PAGINA_SQL(mx.where));
    });
    let total = 0;
    const api = await medir(async () => {
      const d = await get(`/api/pescador/relatorio/pescadores/previa?${mx.query}`);
      total = d.dados.total as number;
    });
    const razao = percentile(api, 95) / percentile(manual, 95);
    razoes.push(razao);
    console.log(`${mx.nome.padEnd(30)} ${total.toLocaleString('en').padStart(10)}   ${r(percentile(manual, 50))} ${r(percentile(manual, 95))}   ${r(percentile(api, 50))} ${r(percentile(api, 95))}   ${razao.toFixed(2)}`);
  }
  console.log(`worst p95 ratio ${Math.max(...razoes).toFixed(2)}, median ${[...razoes].sort((a, b) => a - b)[Math.floor(razoes.length / 2)]!.toFixed(2)} (goal ≤ 1.50)`);

  /** The largest RSS (MB) among the product's processes (npx → tsx → node), sampled every 100 ms until `feito`. */
  const amostrarRss = () => {
    let max = 0;
    const lerRss = () => {
      for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
        try {
          const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
          const pgid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
          if (pgid !== child.pid) continue;
          const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
          max = Math.max(max, kb / 1024);
        } catch {
          // gone
        }
      }
    };
    lerRss();
    const timer = setInterval(lerRss, 100);
    return { parar: () => { clearInterval(timer); lerRss(); return max; } };
  };

  /** Emits a report and waits for its job; the time runs from the job's start (PROCESSANDO) to CONCLUIDO. */
  const emitir = async (query: string, formato: 'csv' | 'xlsx') => {
    const rss = amostrarRss();
    const pedido = performance.now();
    const d = await get(`/api/pescador/relatorio/pescadores?${query}${query ? '&' : ''}formato=${formato}`);
    const id = d.dados.id as number;
    // Written during the request (small report): the request's time; else from the job's start.
    let inicio = d.dados.situacao === 3 ? pedido : 0;
    for (;;) {
      const e = (await get(`/api/pescador/relatorio/execucao/${id}`)).dados;
      if (e.situacao === 2 && !inicio) inicio = performance.now();
      if (e.situacao === 3 || e.situacao === 4) {
        const fim = performance.now();
        if (e.situacao === 4) throw new Error('the report failed');
        const { rows: [row] } = await sql.query<{ tamanho: number; processados: number }>('SELECT tamanho::float8 AS tamanho, processados FROM relatorio_execucao WHERE id = $1', [id]);
        return { ms: fim - (inicio || fim), rssMax: rss.parar(), linhas: row!.processados, bytes: row!.tamanho };
      }
      await new Promise((res) => setTimeout(res, 100));
    }
  };

  // The CSV of every fisher, and COPY of the same columns in the same order into a file.
  const colunas = `p.cpf, p.nome, to_char(p.data_nascimento, 'DD/MM/YYYY'), date_part('year', age(date '${hoje}', p.data_nascimento))::int,
    p.sexo, p.escolaridade, p.etnia, p.alfabetizacao, p.nacionalidade_brasileira, p.uf, m.nome, p.categoria, p.forma_atuacao,
    p.propriedade_embarcacao, p.tie, p.cnpj_entidade_representante, p.recebeu_ajuda,
    ARRAY(SELECT a.ambiente_pesca FROM pescador_ambiente_pesca a WHERE a.pescador_id = p.id ORDER BY 1),
    ARRAY(SELECT g.grupo_alvo FROM pescador_grupo_alvo g WHERE g.pescador_id = p.id ORDER BY 1),
    p.numero_rgp, p.situacao_registro, to_char(p.data_emissao_carteira AT TIME ZONE 'America/Sao_Paulo', 'DD/MM/YYYY'),
    to_char(p.data_primeiro_rgp, 'DD/MM/YYYY')`;
  const copiar = (where: string) => {
    const destino = `${PASTA}/copy-baseline.csv`;
    const t1 = performance.now();
    execFileSync('psql', [`postgres://rgp:rgp-local-only@127.0.0.1:${PORTA_PG}/rgp`, '-q', '-c',
      `\\copy (SELECT ${colunas} FROM pescador p LEFT JOIN municipio m ON m.id = p.municipio_id WHERE ${where} ORDER BY p.nome, p.id) TO '${destino}' WITH (FORMAT csv, DELIMITER ';', HEADER)`]);
    const ms = performance.now() - t1;
    const bytes = fs.statSync(destino).size;
    fs.rmSync(destino);
    return { ms, bytes };
  };

  const repouso = amostrarRss().parar();
  console.log(`\nfiles (the job's time, from its start to the file stored; RSS = largest server process (tsx), sampled every 100 ms; at rest ${repouso.toFixed(0)} MB):`);
  const copia = copiar('true');
  const csv = await emitir('', 'csv');
  console.log(`  COPY (…) TO file, all fishers          ${r(copia.ms / 1000)} s   ${(copia.bytes / 1e6).toFixed(0)} MB`);
  console.log(`  report CSV, all fishers                ${r(csv.ms / 1000)} s   ${(csv.bytes / 1e6).toFixed(0)} MB   ${csv.linhas.toLocaleString('en')} rows`
    + `   ratio ${(csv.ms / copia.ms).toFixed(2)} (goal ≤ 2.00)   RSS max ${csv.rssMax.toFixed(0)} MB (goal < 200)`);
  const copiaUf = copiar(`p.uf = '${ufXlsx.uf}'`);
  const x = await emitir(`uf=${ufXlsx.uf}`, 'xlsx');
  console.log(`  COPY (…) TO file, uf=${ufXlsx.uf}             ${r(copiaUf.ms / 1000)} s`);
  console.log(`  report XLSX, uf=${ufXlsx.uf}                  ${r(x.ms / 1000)} s   ${(x.bytes / 1e6).toFixed(0)} MB   ${x.linhas.toLocaleString('en')} rows`
    + `   RSS max ${x.rssMax.toFixed(0)} MB (goal < 300)`);
} finally {
  await sql.end();
  stop(child);
  await waitExit(child);
}
