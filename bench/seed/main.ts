// npm run bench:seed -- --fishers 2000000 [--database-url postgres://…]
//
// Fills a database with the national synthetic data set (bench/seed/nacional.ts): by default the embedded
// PostgreSQL of .test-data/bench-seed (kept for the next benchmarks), or the one of --database-url / DATABASE_URL.
// Then, in the same run, copies the very rows it wrote with a plain `INSERT … SELECT *` into tables of the same
// shape (same columns, defaults, indexes and constraints; no triggers, no foreign keys), and prints both times and
// the ratio: the goal is a seed no slower than twice that plain copy.
import { parseArgs } from 'node:util';
import { abrirBancoDeBench } from './banco';
import { semearNacional } from './nacional';

const { values } = parseArgs({
  options: {
    fishers: { type: 'string', default: '2000000' },
    'database-url': { type: 'string' },
  },
});
const pescadores = Number(values.fishers);
if (!Number.isInteger(pescadores) || pescadores < 1) {
  console.error('--fishers must be a positive whole number, for example --fishers 2000000');
  process.exit(1);
}

const banco = await abrirBancoDeBench({ url: values['database-url'] ?? process.env.DATABASE_URL });
try {
  const db = banco.cliente;
  const s = (ms: number) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
  console.log(`seeding up to ${pescadores.toLocaleString('en')} fishers …`);
  const res = await semearNacional(db, {
    pescadores,
    aoProgresso: (tabela, ms, linhas) => console.log(`  ${tabela.padEnd(26)} ${linhas.toLocaleString('en').padStart(11)} rows ${s(ms)}`),
  });
  if (res.adicionados === 0) {
    console.log(`the database already holds ${pescadores.toLocaleString('en')} synthetic fishers: nothing to do`);
  } else {
    // The plain copy of the same rows, table by table, in the same run.
    console.log('plain INSERT … SELECT * of the same rows into tables of the same shape (indexes included):');
    let semente = 0;
    let copia = 0;
    for (const etapa of res.etapas) {
      const linhas = res.linhas.find((l) => l.tabela === etapa.tabela);
      if (!linhas) {
        // Work of the seed with no rows of its own (the foreign keys dropped and validated again).
        semente += etapa.ms;
        console.log(`  ${etapa.tabela.padEnd(26)} ${' '.repeat(16)} ${' '.repeat(9)}   seed ${s(etapa.ms)}`);
        continue;
      }
      const onde = linhas.onde;
      const destino = `bench_copia_${etapa.tabela}`;
      await db.query(`DROP TABLE IF EXISTS ${destino}`);
      await db.query(`CREATE TABLE ${destino} (LIKE ${etapa.tabela} INCLUDING ALL)`);
      const t0 = performance.now();
      const { rowCount } = await db.query(`INSERT INTO ${destino} SELECT * FROM ${etapa.tabela} WHERE ${onde}`);
      const ms = performance.now() - t0;
      await db.query(`DROP TABLE ${destino}`);
      semente += etapa.ms;
      copia += ms;
      console.log(`  ${etapa.tabela.padEnd(26)} ${(rowCount ?? 0).toLocaleString('en').padStart(11)} rows ${s(ms)}   seed ${s(etapa.ms)}   ratio ${(etapa.ms / ms).toFixed(2)}`);
    }
    console.log(`total: seed ${s(semente)}, plain INSERT … SELECT ${s(copia)}, ratio ${(semente / copia).toFixed(2)} (goal ≤ 2.00)`);
    const t0 = performance.now();
    await db.query('VACUUM ANALYZE pescador, pescador_grupo_alvo, pescador_ambiente_pesca, solicitacao, analise_solicitacao, documento');
    console.log(`VACUUM ANALYZE ${s(performance.now() - t0)}`);
  }
} finally {
  await banco.fechar();
}
