// npm run bench:estatisticas — the open statistics at national scale, on the national synthetic data set
// (bench/seed; BENCH_PESCADORES fishers, default 2,000,000, seeded or grown on first use and kept in
// .test-data/bench-seed):
//   1. what the kept totals cost writers: 10,000 fishers inserted in one statement (in a transaction rolled
//      back), and 10,000 inserted one per transaction (then deleted), with the statistics triggers and without;
//   2. GET /api/estatisticas (national, and with a state's municipalities) and the CSV, through HTTP on the
//      running product, p50 / p95 / max, beside a bare baseline in the same run: GET /api/health (one SELECT 1)
//      over HTTP, and the bare summary SELECTs in SQL. Goal: p95 under 20 ms.
import http from 'node:http';
import { connect } from '../src/server/db/client';
import { EstatisticaRepository } from '../src/server/modules/estatistica/estatistica.repository';
import { abrirBancoDeBench, PASTA_BENCH_SEED, PORTA_PG_BENCH_SEED } from './seed/banco';
import { semearNacional } from './seed/nacional';
import { percentile, startProduct, stop, waitExit } from './lib';

const N = Number(process.env.BENCH_PESCADORES ?? 2_000_000);
const RODADAS = Number(process.env.BENCH_RODADAS ?? 100);
const PORTA = Number(process.env.BENCH_PORT ?? 3213);

const r = (v: number) => v.toFixed(1).padStart(7);
const resumo = (m: number[]) => {
  const o = [...m].sort((a, b) => a - b);
  return `p50 ${r(percentile(o, 50))}  p95 ${r(percentile(o, 95))}  max ${r(o.at(-1)!)}`;
};

// 1. Seed (or reuse) and the triggers' cost on writes.
{
  const banco = await abrirBancoDeBench({ url: process.env.DATABASE_URL });
  const db = banco.cliente;
  try {
    const t0 = performance.now();
    const res = await semearNacional(db, { pescadores: N });
    console.log(res.adicionados > 0
      ? `seeded ${res.adicionados.toLocaleString('en')} fishers in ${((performance.now() - t0) / 1000).toFixed(0)} s`
      : `reusing the ${N.toLocaleString('en')} fishers already seeded`);
    const { rows: [tot] } = await db.query<{ total: string }>("SELECT total FROM estatistica_pescador WHERE dimensao = 'total'");
    console.log(`fishers with a registry (kept total): ${Number(tot!.total).toLocaleString('en')}`);

    // One insert per transaction, as sign-ups and registrations arrive; then the rows are deleted with the
    // triggers in the same state, so the kept totals end as they began.
    const umPorVez = async (gatilhos: boolean) => {
      if (!gatilhos) await db.query('ALTER TABLE pescador DISABLE TRIGGER estatistica_pescador_insert, DISABLE TRIGGER estatistica_pescador_delete');
      try {
        const t1 = performance.now();
        for (let i = 0; i < 10_000; i++) {
          await db.query(`INSERT INTO pescador (cpf, nome, uf, municipio_id, categoria, sexo, forma_atuacao, situacao_registro, data_nascimento)
            VALUES ($1, 'PESCADOR DE TESTE', 'PA', 1501402, 2, 1, 1, 1, date '1980-01-01' + $2::int)`, [`7${String(i).padStart(10, '0')}`, i % 9000]);
        }
        return performance.now() - t1;
      } finally {
        await db.query("DELETE FROM pescador WHERE cpf >= '70000000000' AND cpf < '70000010000'");
        if (!gatilhos) await db.query('ALTER TABLE pescador ENABLE TRIGGER estatistica_pescador_insert, ENABLE TRIGGER estatistica_pescador_delete');
      }
    };
    const emLote = async (gatilhos: boolean) => {
      await db.query('BEGIN');
      try {
        if (!gatilhos) await db.query('ALTER TABLE pescador DISABLE TRIGGER estatistica_pescador_insert');
        const t1 = performance.now();
        await db.query(`INSERT INTO pescador (cpf, nome, uf, municipio_id, categoria, sexo, forma_atuacao, situacao_registro, data_nascimento)
          SELECT '7' || lpad(g::text, 10, '0'), 'PESCADOR DE TESTE', (ARRAY['PA','MA','BA'])[1 + g % 3], 1501402, 1 + g % 2, 1 + g % 3,
                 1 + g % 2, 1, date '1950-01-01' + g FROM generate_series(1, 10000) g`);
        return performance.now() - t1;
      } finally {
        await db.query('ROLLBACK');
      }
    };
    // Warm both paths once, then measure alternately.
    await emLote(true);
    await emLote(false);
    const lote = { com: await emLote(true), sem: await emLote(false) };
    const unico = { sem: await umPorVez(false), com: await umPorVez(true) };
    console.log('cost of the statistics triggers on writes (ms):');
    console.log(`  10,000 fishers in one INSERT … SELECT     with ${r(lote.com)}   without ${r(lote.sem)}   ratio ${(lote.com / lote.sem).toFixed(2)}`);
    console.log(`  10,000 fishers, one transaction each       with ${r(unico.com)}   without ${r(unico.sem)}   ratio ${(unico.com / unico.sem).toFixed(2)}`
      + `   (+${((unico.com - unico.sem) / 10_000 * 1000).toFixed(0)} µs per insert)`);

    // The bare summary SELECTs, in SQL, in the same run.
    const sql = async (q: string, p: unknown[] = []) => {
      const m: number[] = [];
      for (let i = 0; i < RODADAS + 5; i++) {
        const t1 = performance.now();
        await db.query(q, p);
        if (i >= 5) m.push(performance.now() - t1);
      }
      return resumo(m);
    };
    console.log(`SQL (ms), ${RODADAS} runs each:`);
    console.log(`  SELECT 1                                  ${await sql('SELECT 1')}`);
    console.log(`  summary by characteristic                 ${await sql("SELECT dimensao, chave, total FROM estatistica_pescador WHERE dimensao <> 'municipio' AND total <> 0")}`);
    // The age bands exactly as the API reads them (the repository's query), and the same by counting the registry.
    const handle = connect(banco.url, 1);
    try {
      const repo = new EstatisticaRepository(handle.db);
      const limites = ['2008-11-25', '2001-11-25', '1991-11-25', '1981-11-25', '1971-11-25', '1961-11-25'];
      const m: number[] = [];
      for (let i = 0; i < RODADAS + 5; i++) {
        const t1 = performance.now();
        await repo.faixasEtarias(limites);
        if (i >= 5) m.push(performance.now() - t1);
      }
      console.log(`  age bands from the kept totals            ${resumo(m)}`);
    } finally {
      await handle.close();
    }
    console.log(`  age bands by a fresh count of pescador    ${await sql(`SELECT CASE WHEN data_nascimento > $1 THEN 0 WHEN data_nascimento > $2 THEN 1
      WHEN data_nascimento > $3 THEN 2 WHEN data_nascimento > $4 THEN 3 WHEN data_nascimento > $5 THEN 4 WHEN data_nascimento > $6 THEN 5
      ELSE 6 END, count(*) FROM pescador WHERE situacao_registro IS NOT NULL GROUP BY 1`,
    ['2008-11-25', '2001-11-25', '1991-11-25', '1981-11-25', '1971-11-25', '1961-11-25'])}`);
  } finally {
    await banco.fechar();
  }
}

// 2. The API through HTTP on the product, over the same database. Each scenario calls from its own loopback
// address (127.0.0.x), so that the per-address rate limit of the public routes measures nothing here.
const { child, base } = await startProduct({ port: PORTA, pgPort: PORTA_PG_BENCH_SEED, dataDir: PASTA_BENCH_SEED, fresh: false });
try {
  let endereco = 10;
  const obter = (caminho: string, localAddress: string) => new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    const req = http.get(`${base}${caminho}`, { localAddress, agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => { bytes += c.length; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
    });
    req.on('error', reject);
  });
  console.log(`HTTP (ms), ${RODADAS} calls each after 5 to warm, one connection per call:`);
  for (const [nome, caminho, vezes] of [
    ['baseline GET /api/health', '/api/health', RODADAS],
    ['GET /api/estatisticas', '/api/estatisticas', RODADAS],
    ['GET /api/estatisticas?uf=PA', '/api/estatisticas?uf=PA', RODADAS],
    ['GET /api/estatisticas/csv', '/api/estatisticas/csv', 9],
  ] as const) {
    const local = `127.0.0.${endereco++}`;
    const m: number[] = [];
    let bytes = 0;
    for (let i = 0; i < vezes + (vezes > 10 ? 5 : 0); i++) {
      const t1 = performance.now();
      const res = await obter(caminho, local);
      if (res.status !== 200) throw new Error(`${caminho}: status ${res.status}`);
      bytes = res.bytes;
      if (vezes <= 10 || i >= 5) m.push(performance.now() - t1);
    }
    console.log(`  ${nome.padEnd(40)} ${resumo(m)}   ${(bytes / 1024).toFixed(1)} KiB`);
  }
} finally {
  stop(child);
  await waitExit(child);
}
