// npm run bench:reap-inadimplencia — warning and suspending the REAP defaulters of one reference year at national
// scale (issue 22; decision 0055): BENCH_INADIMPLENTES fishers (default 1,000,000) who owe a closed year, end to end
// through the product (the manager's PUT of the window closed → the check job → the warning round, a block of
// fishers per transaction, each notified; then the PUT of the suspension for today → the batch, its lines read
// from the database, processed by the batch job a chunk per transaction with history lines and notifications),
// beside the bare SQL that makes the same change in the same run (one INSERT … SELECT of the reached fishers and
// their notifications; one UPDATE of the fishers with their history lines and notifications), on the same data.
// The server runs as production runs it (the bundle, npm start's flags); its RSS is sampled every 100 ms.
// Goals: each within 3× its bare SQL, server RSS under 300 MB.
//
// BENCH_REUSE=1 keeps the seeded data folder of an earlier run.
import pg from 'pg';
import { construirServidorComThreads } from '../scripts/servidor-esbuild.mjs';
import { hojeSaoPaulo } from '../src/shared/datas';
import { iniciarServidorEmpacotado, pararServidor, rssMb, signIn } from './lib';

const N = Number(process.env.BENCH_INADIMPLENTES ?? 1_000_000);
const REUSE = process.env.BENCH_REUSE === '1';
const PORTA = 4131;
const PG_PORT = 5631;
const DATA_DIR = '.test-data/bench-inadimplencia';
const SERVIDOR = '.test-data/bench-inadimplencia-servidor/main.mjs';
const HOJE = hojeSaoPaulo();
const ANO = Number(HOJE.slice(0, 4)) - 2;
const dia = (deslocamento: number) => {
  const d = new Date(`${HOJE}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + deslocamento);
  return d.toISOString().slice(0, 10);
};
const INICIO = dia(-200);
const FIM = dia(-10);
const s = (ms: number) => `${(ms / 1000).toFixed(1).padStart(7)} s`;

if (!REUSE) (await import('node:fs')).rmSync(DATA_DIR, { recursive: true, force: true });
await construirServidorComThreads(SERVIDOR.slice(0, -'/main.mjs'.length)); // with its worker threads' bundles
const { filho, base } = await iniciarServidorEmpacotado(SERVIDOR, PORTA, {
  DATA_DIR, EMBEDDED_PG_PORT: String(PG_PORT), NODE_ENV: 'development', METRICS_PORT: '0',
});
const db = new pg.Client({ connectionString: `postgres://rgp:rgp-local-only@127.0.0.1:${PG_PORT}/rgp` });
await db.connect();

/** `n` fishers with an RGP since 2020 (no e-mail: the e-mails go out through SMTP at its own pace, apart), each owing ANO. */
async function semear(): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM reap_questionario WHERE ano_referencia = $1', [ANO]);
  if (Number(rows[0]!.n) >= N) return (await db.query<{ id: number }>('SELECT id FROM ato_normativo ORDER BY id LIMIT 1')).rows[0]!.id;
  const t0 = performance.now();
  await db.query('SET synchronous_commit = off');
  await db.query(`
    INSERT INTO pescador (cpf, nome, uf, situacao_registro, categoria, numero_rgp, data_primeiro_rgp)
    SELECT '7' || lpad(g::text, 10, '0'), 'PESCADOR ' || g, 'PA', 1, 2, 'PAPA' || lpad(g::text, 11, '0'), DATE '2020-03-01'
    FROM generate_series(1, $1::int) g`, [N]);
  await db.query(`
    WITH s AS (
      INSERT INTO solicitacao (pescador_id, tipo, situacao, uf_pescador)
      SELECT id, 4, 8, uf FROM pescador WHERE cpf LIKE '7%' RETURNING id, pescador_id)
    INSERT INTO reap_questionario (solicitacao_id, pescador_id, ano_referencia, categoria) SELECT id, pescador_id, $1, 2 FROM s`, [ANO]);
  const { rows: [ato] } = await db.query<{ id: number }>(`
    INSERT INTO ato_normativo (nome, descricao, data_inicio_vigencia) VALUES ('Portaria MPA nº 77/2026', 'Suspensão dos inadimplentes da REAP', '2020-01-01')
    RETURNING id`);
  await db.query(`INSERT INTO reap_prazo (ano_referencia, inicio_preenchimento, fim_preenchimento, ato_normativo_id) VALUES ($1, $2, $3, $4)`, [ANO, INICIO, FIM, ato!.id]);
  await db.query(`INSERT INTO reap_geracao_obrigacoes (ano_referencia, ultimo_pescador_id, criadas, concluida_em) VALUES ($1, $2, $2, now())`, [ANO, N]);
  await db.query('VACUUM ANALYZE pescador, solicitacao, reap_questionario');
  console.log(`seeded ${N.toLocaleString('en')} fishers owing ${ANO} in ${s(performance.now() - t0)}`);
  return ato!.id;
}

/** Runs `f` while sampling the server's RSS; answers the time and the peak. */
async function medir(f: () => Promise<void>): Promise<{ ms: number; picoMb: number }> {
  let pico = rssMb(filho.pid!);
  const amostra = setInterval(() => { pico = Math.max(pico, rssMb(filho.pid!)); }, 100);
  const t0 = performance.now();
  try {
    await f();
  } finally {
    clearInterval(amostra);
  }
  return { ms: performance.now() - t0, picoMb: pico };
}

async function ate(sqlTexto: string, params: unknown[]): Promise<void> {
  for (;;) {
    const { rows } = await db.query<{ ok: boolean }>(sqlTexto, params);
    if (rows[0]?.ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const DEVEDORES = `FROM reap_questionario q JOIN pescador p ON p.id = q.pescador_id
  WHERE q.ano_referencia = ${ANO} AND NOT q.enviada AND p.situacao_registro <> 2`;

try {
  const ato = await semear();
  await db.query('TRUNCATE reap_aviso_pescador, reap_aviso, reap_suspensao RESTART IDENTITY CASCADE');
  await db.query(`DELETE FROM notificacao WHERE tipo IN (3, 4)`);
  const gestor = await signIn(base, '10000000108');
  const h = { authorization: `Bearer ${gestor.token}`, cookie: gestor.cookie, 'x-xsrf-token': gestor.xsrf, 'content-type': 'application/json' };
  const rssRepouso = rssMb(filho.pid!);

  // ---- the warning
  const avisoBare = await medir(async () => {
    await db.query('BEGIN');
    const { rows: [a] } = await db.query<{ id: number }>('INSERT INTO reap_aviso (ano_referencia, fim_preenchimento) VALUES ($1, $2) RETURNING id', [ANO, FIM]);
    await db.query(`INSERT INTO reap_aviso_pescador (aviso_id, pescador_id) SELECT $1, q.pescador_id ${DEVEDORES}`, [a!.id]);
    await db.query(`INSERT INTO notificacao (pescador_id, tipo, conteudo, url_redirecionamento, criada_em)
      SELECT q.pescador_id, 4, 'A REAP não foi enviada.', '/reap', now() ${DEVEDORES}`);
    await db.query('COMMIT');
  });
  await db.query('TRUNCATE reap_aviso_pescador, reap_aviso RESTART IDENTITY CASCADE');
  await db.query('DELETE FROM notificacao WHERE tipo = 4');
  await db.query('VACUUM ANALYZE notificacao, reap_aviso_pescador');
  const avisoProduto = await medir(async () => {
    const res = await fetch(`${base}/api/reap/prazos/${ANO}`, {
      method: 'PUT', headers: h, body: JSON.stringify({ inicioPreenchimento: INICIO, fimPreenchimento: FIM, idAtoNormativo: ato }),
    });
    if (res.status !== 200) throw new Error(`PUT prazo: ${res.status} ${await res.text()}`);
    await ate('SELECT concluido_em IS NOT NULL AS ok FROM reap_aviso WHERE ano_referencia = $1', [ANO]);
  });
  const { rows: [av] } = await db.query<{ avisados: number; notificacoes: string }>(`
    SELECT avisados, (SELECT count(*) FROM notificacao WHERE tipo = 4) AS notificacoes FROM reap_aviso WHERE ano_referencia = $1`, [ANO]);
  if (av!.avisados !== N || Number(av!.notificacoes) !== N) throw new Error(`warning: ${JSON.stringify(av)}, expected ${N}`);

  // ---- the suspension
  const suspensaoBare = await medir(async () => {
    await db.query('BEGIN');
    await db.query(`
      WITH alvo AS (SELECT p.id, p.situacao_registro ${DEVEDORES} FOR UPDATE OF p),
      mudou AS (
        UPDATE pescador p SET situacao_registro = 6, data_suspenso_cancelado = $1::date, atualizado_em = now() FROM alvo a WHERE p.id = a.id RETURNING p.id),
      historico AS (
        INSERT INTO pescador_historico_situacao (pescador_id, situacao_anterior, situacao_nova, ato_normativo_id, cpf_ator, perfil_ator, motivo)
        SELECT id, 1, 6, $2, '10000000108', 1, 'Suspensão dos inadimplentes da REAP' FROM mudou)
      INSERT INTO notificacao (pescador_id, tipo, conteudo, url_redirecionamento, criada_em)
      SELECT id, 3, 'Seu RGP foi suspenso.', '/pescador/regularizacao', now() FROM mudou`, [HOJE, ato]);
    await db.query('COMMIT');
  });
  await db.query(`UPDATE pescador SET situacao_registro = 1, data_suspenso_cancelado = NULL WHERE situacao_registro = 6`);
  await db.query('DELETE FROM pescador_historico_situacao');
  await db.query('DELETE FROM notificacao WHERE tipo = 3');
  await db.query('VACUUM ANALYZE pescador, notificacao, pescador_historico_situacao');
  const suspensaoProduto = await medir(async () => {
    const res = await fetch(`${base}/api/reap/prazos/${ANO}/suspensao`, {
      method: 'PUT', headers: h, body: JSON.stringify({ idAtoNormativo: ato, dataSuspensao: HOJE }),
    });
    if (res.status !== 200) throw new Error(`PUT suspensao: ${res.status} ${await res.text()}`);
    await ate('SELECT l.situacao = 2 AS ok FROM reap_suspensao s JOIN lote_pescador l ON l.id = s.lote_id WHERE s.ano_referencia = $1', [ANO]);
  });
  const { rows: [su] } = await db.query<{ suspensos: string; historico: string; notificacoes: string }>(`
    SELECT (SELECT count(*) FROM pescador WHERE situacao_registro = 6) AS suspensos,
      (SELECT count(*) FROM pescador_historico_situacao) AS historico, (SELECT count(*) FROM notificacao WHERE tipo = 3) AS notificacoes`);
  if (Number(su!.suspensos) !== N || Number(su!.historico) !== N || Number(su!.notificacoes) !== N) throw new Error(`suspension: ${JSON.stringify(su)}`);

  console.log(`\n${N.toLocaleString('en')} defaulters of ${ANO}; server RSS at rest ${rssRepouso.toFixed(0)} MB`);
  console.log(`${''.padEnd(34)} ${'bare SQL'.padStart(9)} ${'product'.padStart(9)}  ratio (goal ≤ 3×)  server RSS peak (goal < 300 MB)`);
  for (const [nome, bare, produto] of [['warning (notification tipo 4)', avisoBare, avisoProduto], ['suspension (batch, history, tipo 3)', suspensaoBare, suspensaoProduto]] as const) {
    const razao = produto.ms / bare.ms;
    console.log(`${nome.padEnd(34)} ${s(bare.ms)} ${s(produto.ms)}  ${razao.toFixed(2)}× ${razao <= 3 ? '✓' : '✗'}          ${produto.picoMb.toFixed(0)} MB ${produto.picoMb < 300 ? '✓' : '✗'}`);
  }
  const total = (avisoProduto.ms + suspensaoProduto.ms) / (avisoBare.ms + suspensaoBare.ms);
  console.log(`${'end to end'.padEnd(34)} ${s(avisoBare.ms + suspensaoBare.ms)} ${s(avisoProduto.ms + suspensaoProduto.ms)}  ${total.toFixed(2)}× ${total <= 3 ? '✓' : '✗'}`);
} finally {
  await db.end();
  await pararServidor(filho);
}
