// npm run bench:sinais — the signals of decision 0112 (issue 36, point 6) over the national synthetic data set
// (bench/seed, BENCH_PESCADORES fishers, default 2,000,000; kept in .test-data/bench-seed and reused).
//  1. A submission's server CPU with and without its signals: BENCH_ENVIOS (default 200) first registrations filled
//     through the product's own services in-process (steps 1–4, the basic documents each with its hash) and sent
//     (step 5) by the agent of an entity with 30,000 filings in its last 30 days (the costliest case: every signal
//     is looked up), alternating one with the signals and one with them switched off. Per submission: this process's
//     CPU (user + system: the server's share; the database's runs in its own processes) and the wall time (which
//     includes the database's), p50 of each; goal: the signals add at most 20 %.
//  2. The municipality and entity signals' statements as the product runs them (SinaisRepository, through Drizzle)
//     beside hand-written SQL of the same answers over the whole data set (the municipality with the most fishers;
//     the entity above), same run, BENCH_RODADAS rounds (default 30), p50; goal within 2×.
import crypto from 'node:crypto';
import pino from 'pino';
import { buildApp } from '../src/server/app';
import type { AuthContext } from '../src/server/modules/auth/auth.service';
import { SinaisRepository } from '../src/server/modules/analise/sinais.repository';
import { passoPadrao, passo1 } from '../src/server/modules/solicitacao/passos.fixtures';
import { loadConfig } from '../src/server/config';
import { connect } from '../src/server/db/client';
import { iniciarJobs } from '../src/server/jobs/jobs';
import { cpfComDigitos } from '../src/shared/cpf';
import { salvarPassoCorpo } from '../src/shared/schemas/solicitacao';
import { percentile } from './lib';
import { abrirBancoDeBench } from './seed/banco';
import { cnpjComDigitos, semearNacional } from './seed/nacional';

const N = Number(process.env.BENCH_PESCADORES ?? 2_000_000);
const ENVIOS = Number(process.env.BENCH_ENVIOS ?? 200);
const RODADAS = Number(process.env.BENCH_RODADAS ?? 30);
const AGENTE = cpfComDigitos(777_999_001);
const ENVIOS_DA_ENTIDADE = 30_000;

const p50 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
const ms = (x: number) => `${x.toFixed(2)} ms`;

const banco = await abrirBancoDeBench({ url: process.env.DATABASE_URL });
const db = banco.cliente;
const t0 = performance.now();
const semente = await semearNacional(db, { pescadores: N });
console.log(`data set: ${N.toLocaleString('pt-BR')} fishers (${semente.adicionados.toLocaleString('pt-BR')} added in ${((performance.now() - t0) / 1000).toFixed(0)} s)`);

// What the signals read, for the fishers and documents seeded before the signals existed.
const t1 = performance.now();
await db.query(`INSERT INTO contato_pescador (pescador_id, tipo, valor)
  SELECT id, 1, sha256(convert_to(coalesce(telefone, id::text), 'UTF8')) FROM pescador ON CONFLICT DO NOTHING`);
await db.query(`INSERT INTO documento_hash (documento_id, pescador_id, sha256)
  SELECT id, pescador_id, sha256(convert_to(chave_arquivo, 'UTF8')) FROM documento ON CONFLICT DO NOTHING`);
await db.query(`INSERT INTO municipio_populacao (municipio_id, populacao_adulta, ano)
  SELECT m.id, 1000 + 20 * count(p.id), 2022 FROM municipio m LEFT JOIN pescador p ON p.municipio_id = m.id GROUP BY m.id
  ON CONFLICT DO NOTHING`);
const { rows: [entidade] } = await db.query<{ id: number; nome: string }>(`
  INSERT INTO entidade_representativa (tipo, cnpj, nome, ufs, ato_cooperacao, vigencia_inicio, vigencia_fim, cpf_atualizou)
  VALUES (1, $1, 'Colônia de Pescadores Z-99 (bench)', '{PA}', 'Acordo (bench)', '2025-01-01', '2099-12-31', '10000000108')
  ON CONFLICT (cnpj) DO UPDATE SET nome = EXCLUDED.nome RETURNING id, nome`, [cnpjComDigitos('999999990001')]);
await db.query('VACUUM ANALYZE contato_pescador, documento_hash, municipio_populacao');
console.log(`signal tables filled in ${((performance.now() - t1) / 1000).toFixed(0)} s`);

const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', DATABASE_URL: banco.url, LOG_LEVEL: 'silent', WEB_DIST_DIR: './dist/web' });
const handle = connect(banco.url, 5);
const jobs = await iniciarJobs({ connectionString: banco.url, log: pino({ level: 'silent' }), conexoes: 2, pollingIntervalSeconds: 60 });
const app = await buildApp({ config, db: handle.db, jwtSecret: crypto.randomBytes(32), logger: false, fila: jobs.fila });
await app.ready();
const { solicitacao, sinais } = app.servicos;

try {
  // The entity's last 30 days: 30,000 filings on one request of the data set (the key is the request and the time).
  const { rows: [umPedido] } = await db.query<{ id: number }>('SELECT id FROM solicitacao ORDER BY id LIMIT 1');
  await db.query('DELETE FROM envio_entidade WHERE entidade_id = $1', [entidade!.id]);
  await db.query(`INSERT INTO envio_entidade (solicitacao_id, entidade_id, cpf_agente, enviado_em)
    SELECT $1, $2, $3, now() - make_interval(secs => g * 86) FROM generate_series(1, ${ENVIOS_DA_ENTIDADE}) g`, [umPedido!.id, entidade!.id, AGENTE]);
  await db.query('VACUUM ANALYZE envio_entidade');

  // 1. Submissions, with and without the signals, alternating.
  const base = 700_000_000 + Math.floor(Date.now() / 1000) % 90_000_000;
  const ator = (idPescador: number, cpf: string, agente: boolean): AuthContext => ({
    sessaoId: 'bench', cpf: agente ? AGENTE : cpf, nome: agente ? 'AGENTE (bench)' : 'PESCADOR (bench)', perfil: 4, idPescador,
    idUsuarioMapa: null, siglaOrgao: null, ufOrgao: null, ufsForcaTarefa: [], ip: '127.0.0.1',
    ...(agente ? { representacao: { idEntidade: entidade!.id, nomeEntidade: entidade!.nome, idDelegacao: 0, servico: 1 } } : {}),
  });
  const original = sinais.calcular.bind(sinais);
  // The signals' own share, measured inside the submissions that run them (less noisy than two samples' difference).
  let cpuDosSinais = 0;
  const medido: typeof original = async (...args) => {
    const c = process.cpuUsage();
    try {
      return await original(...args);
    } finally {
      const d = process.cpuUsage(c);
      cpuDosSinais = (d.user + d.system) / 1000;
    }
  };
  const proprios: number[] = [];
  const medidas = { com: { cpu: [] as number[], wall: [] as number[] }, sem: { cpu: [] as number[], wall: [] as number[] } };
  for (let i = 0; i < ENVIOS; i++) {
    const cpf = cpfComDigitos(base + i);
    const { rows: [p] } = await db.query<{ id: number }>(`INSERT INTO pescador (cpf, nome) VALUES ($1, 'PESCADOR BENCH') RETURNING id`, [cpf]);
    const dono = ator(p!.id, cpf, false);
    const criada = await solicitacao.criar(dono, salvarPassoCorpo.parse({ tipo: 1, passo: 1, ...passo1(cpf, { contato: { email: `b${i}@example.com`, telefone: `(91) 9${String(i).padStart(4, '0')}-0000` } }) }));
    const id = criada.detalhe.id;
    for (const tipo of [1, 2, 3, 10]) {
      const { rows: [d] } = await db.query<{ id: number }>(`
        INSERT INTO documento (pescador_id, solicitacao_id, tipo_documento, nome_arquivo, chave_arquivo, mime, tamanho)
        VALUES ($1, $2, $3, 'doc.pdf', $4, 'application/pdf', 1024) RETURNING id`, [p!.id, id, tipo, crypto.randomUUID()]);
      await db.query('INSERT INTO documento_hash (documento_id, pescador_id, sha256) VALUES ($1, $2, $3)', [d!.id, p!.id, crypto.randomBytes(32)]);
    }
    for (const passo of [2, 3, 4] as const) await solicitacao.salvar(dono, salvarPassoCorpo.parse({ id, tipo: 1, passo, ...passoPadrao(passo, cpf) }));

    const comSinais = i % 2 === 0;
    sinais.calcular = comSinais ? medido : async () => undefined;
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    await solicitacao.salvar(ator(p!.id, cpf, true), salvarPassoCorpo.parse({ id, tipo: 1, passo: 5, declaraCiencia: true }));
    const wall = performance.now() - w0;
    const cpu = process.cpuUsage(c0);
    const m = comSinais ? medidas.com : medidas.sem;
    // The first few of each warm the code paths and the caches.
    if (i >= 10) {
      m.cpu.push((cpu.user + cpu.system) / 1000);
      m.wall.push(wall);
      if (comSinais) proprios.push(cpuDosSinais / ((cpu.user + cpu.system) / 1000 - cpuDosSinais));
    }
  }
  sinais.calcular = original;
  const [cpuCom, cpuSem, wallCom, wallSem] = [p50(medidas.com.cpu), p50(medidas.sem.cpu), p50(medidas.com.wall), p50(medidas.sem.wall)];
  console.log(`\n1. a submission (step 5, by an agent), p50 of ${medidas.com.cpu.length} with and ${medidas.sem.cpu.length} without the signals`);
  console.log(`   server CPU: ${ms(cpuCom)} with, ${ms(cpuSem)} without → +${((cpuCom / cpuSem - 1) * 100).toFixed(1)} % (goal ≤ 20 %)`);
  console.log(`   the signals' own CPU inside the submissions that ran them, p50: +${(p50(proprios) * 100).toFixed(1)} % of the rest of the submission`);
  console.log(`   wall time:  ${ms(wallCom)} with, ${ms(wallSem)} without → +${((wallCom / wallSem - 1) * 100).toFixed(1)} % (database included)`);

  // 2. The municipality and entity statements beside hand-written SQL.
  const { rows: [maior] } = await db.query<{ municipio_id: number; n: string }>(`
    SELECT municipio_id, count(*) AS n FROM pescador WHERE municipio_id IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 1`);
  const repo = new SinaisRepository(handle.db);
  const tempos = { munProduto: [] as number[], munBare: [] as number[], entProduto: [] as number[], entBare: [] as number[] };
  for (let r = 0; r < RODADAS; r++) {
    let t = performance.now();
    await repo.pescadoresNoMunicipio(maior!.municipio_id);
    tempos.munProduto.push(performance.now() - t);
    t = performance.now();
    await db.query('SELECT count(*) FROM pescador WHERE municipio_id = $1', [maior!.municipio_id]);
    tempos.munBare.push(performance.now() - t);
    t = performance.now();
    await handle.db.transaction(async (tx) => {
      await repo.volumes(entidade!.id, AGENTE, 'recentes', tx);
      await repo.volumes(entidade!.id, AGENTE, 'anteriores', tx);
    });
    tempos.entProduto.push(performance.now() - t);
    t = performance.now();
    await db.query('BEGIN');
    for (const periodo of [`enviado_em > now() - interval '24 hours'`, `enviado_em <= now() - interval '24 hours' AND enviado_em > now() - interval '31 days'`]) {
      await db.query(`SELECT (SELECT count(*) FROM envio_entidade WHERE entidade_id = $1 AND ${periodo}),
        (SELECT count(*) FROM envio_entidade WHERE cpf_agente = $2 AND ${periodo})`, [entidade!.id, AGENTE]);
    }
    await db.query('COMMIT');
    tempos.entBare.push(performance.now() - t);
  }
  const linha = (nome: string, produto: number[], bare: number[]) => {
    const [a, b] = [p50(produto), p50(bare)];
    console.log(`   ${nome.padEnd(44)} ${ms(a).padStart(10)} beside ${ms(b).padStart(10)} bare → ${(a / b).toFixed(2)}× (goal ≤ 2×)`);
  };
  console.log(`\n2. the signals' statements over ${N.toLocaleString('pt-BR')} fishers, p50 of ${RODADAS} rounds`);
  linha(`municipality (${Number(maior!.n).toLocaleString('pt-BR')} fishers)`, tempos.munProduto, tempos.munBare);
  linha(`entity and agent volume (${ENVIOS_DA_ENTIDADE.toLocaleString('pt-BR')} filings)`, tempos.entProduto, tempos.entBare);
} finally {
  await app.close();
  await jobs.stop();
  await handle.close();
  await banco.fechar();
}
