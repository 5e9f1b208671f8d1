// The national synthetic data set (issue 13, point 1): fishers with registries, requests, analyses, document
// metadata and REAP obligations, at any size, set-based (INSERT … SELECT over generate_series), in one
// transaction. Other benchmarks call `semearNacional`.
//
// Determinism: fisher number g (1, 2, 3 …) decides everything about that fisher through
// hashint8extended(g, salt), PostgreSQL's seeded 64-bit hash (the one hash partitioning relies on, so stable
// across versions), and dates count back from a fixed reference day (DATA_REFERENCIA), not from today: the same
// g gives the same fisher on every run and every machine. Growing the set (--fishers 200000 after 100000) adds
// fishers 100001 … 200000 and keeps the first ones. Row ids come from the tables' sequences.
//
// Nothing is a real person's data: names are random combinations of common first names and surnames; CPFs are
// 800.000.001-xx onwards (base 800000000 + g, check digits as src/shared/cpf.ts computes them, checked against
// cpfComDigitos on a sample); no phone, no e-mail; addresses are generic street names with made-up numbers. A CPF
// number may exist in the real register, but nothing attached to it here is that person's.
import type pg from 'pg';
import { cpfComDigitos } from '../../src/shared/cpf';
import { isValidCnpj } from '../../src/shared/schemas/solicitacao';
import {
  BAIRROS, fatias, LOGRADOUROS, NOMES_FEMININOS, NOMES_MASCULINOS, PESO_ESCOLARIDADE, PESO_ETNIA, PESO_GRUPO_ALVO,
  PESO_PROPRIEDADE, PESO_SEXO, PESO_SITUACAO_REGISTRO, PESO_UF, SOBRENOMES,
} from './dados';

/** The day every synthetic date counts back from (a fixed day, so that the data set is the same on every run). */
export const DATA_REFERENCIA = '2026-06-30';
/** The REAP reference year whose obligations the set holds (filled from January of the next year). */
export const ANO_REAP = 2025;
/** Fisher g's CPF base: 800000000 + g. */
export const BASE_CPF = 800_000_000;

export interface OpcoesSemente {
  /** How many synthetic fishers the database should hold in the end. */
  pescadores: number;
  /** Told each step and how long it took. */
  aoProgresso?: (etapa: string, ms: number, linhas: number) => void;
}

export interface ResultadoSemente {
  /** Fishers added by this call (0 when the database already held enough). */
  adicionados: number;
  /** Time spent writing, in ms, per table, and the rows written. */
  etapas: { tabela: string; ms: number; linhas: number }[];
  /** Rows written by this call, per table, as a WHERE clause on that table (for a plain copy of the same rows). */
  linhas: { tabela: string; onde: string }[];
}

type Cliente = pg.ClientBase;

/** The CPF of fisher g, as a SQL expression of `g` (check digits of src/shared/cpf.ts, unrolled). */
function sqlCpf(g: string): string {
  const b = `(${BASE_CPF} + ${g})`;
  const dig = (i: number) => `(${b} / ${10 ** (8 - i)} % 10)`; // i = 0 … 8, left to right
  const s1 = Array.from({ length: 9 }, (_, i) => `${dig(i)} * ${10 - i}`).join(' + ');
  const s2 = Array.from({ length: 9 }, (_, i) => `${dig(i)} * ${11 - i}`).join(' + ');
  const dv1 = `((${s1}) * 10 % 11 % 10)`;
  return `(${b}::text || ${dv1}::text || (((${s2}) + ${dv1} * 2) * 10 % 11 % 10)::text)`;
}

/** A CNPJ with valid check digits for a 12-digit base (root + branch). */
export function cnpjComDigitos(base12: string): string {
  const dv = (s: string) => {
    const pesos = s.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = pesos.reduce((acc, p, i) => acc + p * Number(s[i]), 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(base12);
  return `${base12}${d1}${dv(`${base12}${d1}`)}`;
}

/** A uniform draw 0 … 2^31 − 1 for fisher `g` and salt `k`. */
const r = (k: number, g = 'g') => `(hashint8extended(${g}, ${k}) & 2147483647)`;
/** A choice among `valores` weighted by a slot table passed as a parameter. */
const escolha = (param: string, k: number, slots = 1000) => `(${param})[1 + ${r(k)} % ${slots}]`;

async function etapa(db: Cliente, res: ResultadoSemente, opts: OpcoesSemente, tabela: string, onde: string,
  texto: string, valores: unknown[]): Promise<void> {
  const t0 = performance.now();
  const { rowCount } = await db.query(texto, valores);
  const ms = performance.now() - t0;
  res.etapas.push({ tabela, ms, linhas: rowCount ?? 0 });
  res.linhas.push({ tabela, onde });
  opts.aoProgresso?.(tabela, ms, rowCount ?? 0);
}

/** Reserves `n` consecutive ids of a serial column's sequence; the first is the result + 1. */
async function reservarIds(db: Cliente, sequencia: string, n: number): Promise<number> {
  const { rows } = await db.query<{ inicio: string }>(
    `SELECT setval($1, (SELECT last_value FROM ${sequencia}) + $2) - $2 AS inicio`, [sequencia, n]);
  return Number(rows[0]!.inicio);
}

/** Tables this seed writes that reference others (their foreign keys are dropped and added back). */
const TABELAS_ESCRITAS = [
  'pescador', 'pescador_grupo_alvo', 'pescador_ambiente_pesca', 'solicitacao', 'analise_solicitacao', 'documento',
  'reap_questionario',
];

interface ChaveEstrangeira { tabela: string; nome: string; definicao: string }

async function suspenderChavesEstrangeiras(db: Cliente, res: ResultadoSemente, opts: OpcoesSemente): Promise<ChaveEstrangeira[]> {
  const t0 = performance.now();
  const { rows } = await db.query<ChaveEstrangeira>(`
    SELECT c.conrelid::regclass::text AS tabela, c.conname AS nome, pg_get_constraintdef(c.oid) AS definicao
    FROM pg_constraint c
    WHERE c.contype = 'f' AND (c.conrelid::regclass::text = ANY($1) OR c.confrelid::regclass::text = ANY($1))
    ORDER BY 1, 2`, [TABELAS_ESCRITAS]);
  for (const c of rows) await db.query(`ALTER TABLE ${c.tabela} DROP CONSTRAINT "${c.nome}"`);
  res.etapas.push({ tabela: '(foreign keys dropped)', ms: performance.now() - t0, linhas: rows.length });
  opts.aoProgresso?.('(foreign keys dropped)', performance.now() - t0, rows.length);
  return rows;
}

async function restaurarChavesEstrangeiras(db: Cliente, res: ResultadoSemente, opts: OpcoesSemente, chaves: ChaveEstrangeira[]): Promise<void> {
  const t0 = performance.now();
  for (const c of chaves) await db.query(`ALTER TABLE ${c.tabela} ADD CONSTRAINT "${c.nome}" ${c.definicao}`);
  res.etapas.push({ tabela: '(foreign keys validated)', ms: performance.now() - t0, linhas: chaves.length });
  opts.aoProgresso?.('(foreign keys validated)', performance.now() - t0, chaves.length);
}

interface Indice { nome: string; definicao: string }

/**
 * The written tables' indexes that back no constraint (the primary keys and unique constraints stay): dropped
 * before a large load and built again after it, in the same transaction, as a restore does. One sort per index
 * instead of a random insertion per row (the trigram index of names most of all); the schema is the same
 * afterwards, and a unique index built again still refuses a duplicate.
 */
async function suspenderIndices(db: Cliente, res: ResultadoSemente, opts: OpcoesSemente): Promise<Indice[]> {
  const t0 = performance.now();
  const { rows } = await db.query<Indice>(`
    SELECT i.indexrelid::regclass::text AS nome, pg_get_indexdef(i.indexrelid) AS definicao
    FROM pg_index i
    WHERE i.indrelid::regclass::text = ANY($1)
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
    ORDER BY 1`, [TABELAS_ESCRITAS]);
  for (const i of rows) await db.query(`DROP INDEX ${i.nome}`);
  res.etapas.push({ tabela: '(indexes dropped)', ms: performance.now() - t0, linhas: rows.length });
  opts.aoProgresso?.('(indexes dropped)', performance.now() - t0, rows.length);
  return rows;
}

async function restaurarIndices(db: Cliente, res: ResultadoSemente, opts: OpcoesSemente, indices: Indice[]): Promise<void> {
  const t0 = performance.now();
  await db.query("SET LOCAL maintenance_work_mem = '256MB'");
  for (const i of indices) await db.query(i.definicao);
  res.etapas.push({ tabela: '(indexes built)', ms: performance.now() - t0, linhas: indices.length });
  opts.aoProgresso?.('(indexes built)', performance.now() - t0, indices.length);
}

/**
 * Fills the database up to `opts.pescadores` synthetic fishers (those already there are kept), in one
 * transaction, through every trigger (the kept totals stay exact). Needs the reference data (municipalities) of
 * `seedAll`. Returns what it wrote and how long each table took.
 */
export async function semearNacional(db: Cliente, opts: OpcoesSemente): Promise<ResultadoSemente> {
  const res: ResultadoSemente = { adicionados: 0, etapas: [], linhas: [] };
  const faixa = [`${BASE_CPF}00`, `${BASE_CPF + 100_000_000}00`];
  await db.query('BEGIN');
  try {
    // One seeding at a time; the product may run beside it (sign-ins write other rows).
    await db.query('LOCK TABLE pescador IN SHARE ROW EXCLUSIVE MODE');
    const { rows: [ja] } = await db.query<{ n: string }>('SELECT count(*) AS n FROM pescador WHERE cpf >= $1 AND cpf < $2', faixa);
    const g0 = Number(ja!.n);
    const n = opts.pescadores - g0;
    if (n <= 0) {
      await db.query('COMMIT');
      return res;
    }
    const { rows: municipios } = await db.query<{ id: number }>('SELECT id FROM municipio ORDER BY id');
    if (municipios.length === 0) throw new Error('no municipalities: run the reference seeds (seedAll) first');
    // One fishers' entity (colônia) per municipality, with a valid CNPJ.
    const cnpjs = municipios.map((m) => cnpjComDigitos(`${String(m.id).padStart(8, '0')}0001`));
    if (!cnpjs.every(isValidCnpj)) throw new Error('an entity CNPJ failed the shared check');

    // Foreign keys into the tables written here are dropped and added back at the end, in this transaction: one
    // set-based validation per key instead of one lookup per written row (what a restore does). The schema is
    // the same afterwards and every key is checked.
    const chaves = await suspenderChavesEstrangeiras(db, res, opts);
    // Loading more fishers than there are: the plain indexes are built once at the end (rebuilding them over a
    // registry larger than the load would cost more than it saves).
    const indices = n >= g0 ? await suspenderIndices(db, res, opts) : [];

    const p0 = await reservarIds(db, 'pescador_id_seq', n);
    // Three blocks of request ids: the registration request, the REAP obligation, a later change request.
    const s0 = await reservarIds(db, 'solicitacao_id_seq', 3 * n);
    const ondePescador = `id > ${p0} AND id <= ${p0 + n}`;
    const ondeSolicitacao = `id > ${s0} AND id <= ${s0 + 3 * n}`;

    // The fisher, as the registration wizard and the analysis leave them. `x` holds the draws of fisher g.
    await etapa(db, res, opts, 'pescador', ondePescador, `
      WITH mun AS (
        SELECT uf, array_agg(id ORDER BY hashint4(id)) AS ids, count(*)::int AS n FROM municipio GROUP BY uf),
      entidade AS (SELECT * FROM unnest($7::int[], $8::text[]) AS e(municipio_id, cnpj)),
      x AS (
        SELECT g, g - ${g0} AS i,
          ${escolha('$1::text[]', 1)} AS uf,
          ${r(2)} / 2147483648.0 AS u_mun,
          ${escolha('$2::int[]', 3)} AS sexo,
          ${escolha('$3::int[]', 4)} AS escolaridade,
          ${escolha('$4::int[]', 5)} AS etnia,
          ${escolha('$5::int[]', 6)} AS situacao,
          CASE WHEN ${r(7)} % 1000 < 30 THEN 1 ELSE 2 END AS categoria,
          ${r(8)} % 1000 AS u_forma,
          ${r(9)} AS h9, ${r(10)} AS h10, ${r(11)} AS h11, ${r(12)} AS h12, ${r(13)} AS h13,
          -- Age 18 to 80, triangular (most between 35 and 60), in days before the reference day.
          18 * 365 + (${r(14)} % (62 * 365) + ${r(15)} % (62 * 365)) / 2 AS idade_dias,
          -- When the registration request was sent: up to five years before the reference day.
          make_interval(days => (${r(16)} % 1826)::int, secs => ${r(17)} % 86400) AS antes_envio
        FROM generate_series(${g0 + 1}, ${g0 + n}) g)
      INSERT INTO pescador (id, cpf, nome, nome_mae, data_nascimento, sexo, escolaridade, etnia, alfabetizacao,
        nacionalidade_brasileira, uf, municipio_id, cep, logradouro, numero_logradouro, bairro, categoria, forma_atuacao,
        propriedade_embarcacao, possui_registro_embarcacao, tie, cnpj_entidade_representante, recebeu_ajuda, numero_rgp,
        numero_primeiro_rgp, orgao_rgp, data_primeiro_rgp, situacao_registro, data_suspenso_cancelado,
        data_emissao_carteira, id_solicitacao_ativa, criado_em, atualizado_em)
      SELECT ${p0} + x.i, ${sqlCpf('x.g')},
        CASE x.sexo WHEN 2 THEN ($10::text[])[1 + x.h9 % $13] ELSE ($9::text[])[1 + x.h9 % $12] END
          || ' ' || ($11::text[])[1 + x.h10 % $14] || ' ' || ($11::text[])[1 + x.h11 % $14],
        ($10::text[])[1 + x.h12 % $13] || ' ' || ($11::text[])[1 + x.h13 % $14] || ' ' || ($11::text[])[1 + x.h10 % $14],
        $15::date - x.idade_dias::int, x.sexo, x.escolaridade, x.etnia, x.escolaridade <> 11 OR x.h12 % 10 < 4,
        x.h13 % 1000 <> 0, x.uf, m.ids[1 + floor(m.n * x.u_mun * x.u_mun)::int],
        lpad((m.ids[1 + floor(m.n * x.u_mun * x.u_mun)::int] % 100000 * 1000 + x.h9 % 1000)::text, 8, '0'),
        ($16::text[])[1 + x.h11 % array_length($16::text[], 1)], (1 + x.h12 % 2000)::text,
        ($17::text[])[1 + x.h13 % array_length($17::text[], 1)],
        x.categoria, f.forma, CASE WHEN f.forma = 1 THEN ($18::int[])[1 + x.h10 % 1000] END, f.registro,
        CASE WHEN f.registro THEN $6::text || lpad(x.g::text, 10, '0') END,
        CASE WHEN x.categoria = 2 AND x.h9 % 4 <> 0 THEN e.cnpj END, x.h11 % 4 = 0,
        CASE WHEN x.situacao <> 4 THEN x.uf || CASE x.categoria WHEN 1 THEN 'PI' ELSE 'PA' END || '8' || lpad(x.g::text, 10, '0') END,
        CASE WHEN x.h12 % 10 < 4 THEN x.uf || '-' || lpad((x.h12 % 99999999)::text, 8, '0') END,
        CASE WHEN x.h12 % 10 < 4 THEN (ARRAY['IBAMA','SEAP/PR','MPA','SAP/MAPA'])[1 + x.h13 % 4] END,
        CASE WHEN x.h12 % 10 < 4 THEN $15::date - 2 * 365 - (x.h13 % 9000)::int END,
        x.situacao, CASE WHEN x.situacao IN (2, 6) THEN $15::date - (x.h9 % 700)::int END,
        CASE WHEN x.situacao <> 4 THEN envio.em + make_interval(days => 10 + (x.h10 % 40)::int) END,
        CASE WHEN x.situacao <> 4 THEN ${s0} + x.i END,
        envio.em - make_interval(days => (x.h11 % 20)::int), envio.em
      FROM x
      JOIN mun m ON m.uf = x.uf
      JOIN entidade e ON e.municipio_id = m.ids[1 + floor(m.n * x.u_mun * x.u_mun)::int]
      CROSS JOIN LATERAL (SELECT ($15::date::timestamp AT TIME ZONE 'America/Sao_Paulo') - x.antes_envio AS em) envio
      CROSS JOIN LATERAL (SELECT
        CASE WHEN x.categoria = 1 OR x.u_forma < 700 THEN 1 ELSE 2 END AS forma,
        x.categoria = 1 OR (x.u_forma < 700 AND x.h11 % 10 < 3) AS registro) f`,
    [
      fatias(Object.entries(PESO_UF)), fatias(PESO_SEXO), fatias(PESO_ESCOLARIDADE), fatias(PESO_ETNIA),
      fatias(PESO_SITUACAO_REGISTRO), 'TIE', municipios.map((m) => m.id), cnpjs,
      NOMES_MASCULINOS, NOMES_FEMININOS, SOBRENOMES, NOMES_MASCULINOS.length, NOMES_FEMININOS.length, SOBRENOMES.length,
      DATA_REFERENCIA, LOGRADOUROS, BAIRROS, fatias(PESO_PROPRIEDADE),
    ]);

    // Target groups (1 or 2) and fishing environments (1 or 2) of each fisher.
    const gDoPescador = `(p.id - ${p0} + ${g0})`;
    await etapa(db, res, opts, 'pescador_grupo_alvo', `pescador_id > ${p0} AND pescador_id <= ${p0 + n}`, `
      INSERT INTO pescador_grupo_alvo (pescador_id, grupo_alvo)
      SELECT p.id, v.grupo FROM pescador p
      CROSS JOIN LATERAL (SELECT ($1::int[])[1 + ${r(20, gDoPescador)} % 1000] AS grupo1,
                                 ${r(21, gDoPescador)} % 10 < 3 AS dois) a
      CROSS JOIN LATERAL (VALUES (a.grupo1), (CASE WHEN a.dois THEN a.grupo1 % 7 + 1 END)) v(grupo)
      WHERE p.id > ${p0} AND p.id <= ${p0 + n} AND v.grupo IS NOT NULL`, [fatias(PESO_GRUPO_ALVO)]);
    await etapa(db, res, opts, 'pescador_ambiente_pesca', `pescador_id > ${p0} AND pescador_id <= ${p0 + n}`, `
      INSERT INTO pescador_ambiente_pesca (pescador_id, ambiente_pesca)
      SELECT p.id, v.ambiente FROM pescador p
      CROSS JOIN LATERAL (SELECT ${r(22, gDoPescador)} % 100 AS u) a
      CROSS JOIN LATERAL (VALUES (CASE WHEN a.u < 55 OR a.u >= 90 THEN 1 END), (CASE WHEN a.u >= 55 THEN 2 END)) v(ambiente)
      WHERE p.id > ${p0} AND p.id <= ${p0 + n} AND v.ambiente IS NOT NULL`, []);

    // Requests: the registration (every fisher; deferred unless the registry is still initial), this year's REAP
    // obligation of the active fishers (55 % already sent), and a registry change of 6 % of them, recent.
    await etapa(db, res, opts, 'solicitacao', ondeSolicitacao, `
      INSERT INTO solicitacao (id, pescador_id, tipo, situacao, passo, declara_ciencia, numero_protocolo, uf_pescador,
        criado_em, atualizado_em, enviada_em)
      SELECT s.id, p.id, s.tipo, s.situacao, 5, true,
        CASE WHEN s.enviada IS NOT NULL THEN to_char(s.enviada AT TIME ZONE 'America/Sao_Paulo', 'YYYY') || lpad(s.id::text, 9, '0') END,
        p.uf, coalesce(s.enviada, p.atualizado_em) - interval '2 days', coalesce(s.enviada, p.atualizado_em), s.enviada
      FROM pescador p
      CROSS JOIN LATERAL (SELECT p.id - ${p0} AS i, ${r(23, gDoPescador)} AS h, ${r(24, gDoPescador)} AS h2) x
      CROSS JOIN LATERAL (VALUES
        (${s0} + x.i, CASE WHEN x.h % 10 < 3 THEN 2 ELSE 1 END,
          CASE WHEN p.situacao_registro <> 4 THEN 4 ELSE (ARRAY[6, 6, 6, 7, 7, 2, 3, 5])[1 + x.h2 % 8] END,
          p.atualizado_em),
        (CASE WHEN p.situacao_registro = 1 THEN ${s0 + n} + x.i END, 4,
          CASE WHEN x.h2 % 100 < 55 THEN 9 ELSE 8 END,
          CASE WHEN x.h2 % 100 < 55 THEN ($1::date::timestamp AT TIME ZONE 'America/Sao_Paulo') - make_interval(days => (x.h % 170)::int, secs => x.h2 % 86400) END),
        (CASE WHEN p.situacao_registro = 1 AND x.h % 100 < 6 THEN ${s0 + 2 * n} + x.i END, 8,
          (ARRAY[6, 7, 4, 4])[1 + x.h2 % 4],
          ($1::date::timestamp AT TIME ZONE 'America/Sao_Paulo') - make_interval(days => (x.h2 % 90)::int, secs => x.h % 86400))
      ) s(id, tipo, situacao, enviada)
      WHERE p.id > ${p0} AND p.id <= ${p0 + n} AND s.id IS NOT NULL`, [DATA_REFERENCIA]);

    // One analysis per sent request (REAP is not analysed), as the analysis leaves it.
    await etapa(db, res, opts, 'analise_solicitacao', `solicitacao_id > ${s0} AND solicitacao_id <= ${s0 + 3 * n}`, `
      INSERT INTO analise_solicitacao (solicitacao_id, situacao_analise, uf_pescador, perfil_analista, criado_em, concluida_em, tipo_solicitacao)
      SELECT s.id, a.situacao, s.uf_pescador, CASE WHEN a.situacao IN (3, 4) THEN 3 END, s.enviada_em,
        CASE WHEN a.situacao IN (3, 4) THEN s.enviada_em + make_interval(days => 3 + s.id % 30) END, s.tipo
      FROM solicitacao s
      CROSS JOIN LATERAL (SELECT CASE s.situacao WHEN 6 THEN 1 WHEN 7 THEN 2 WHEN 4 THEN 3 WHEN 5 THEN 4 ELSE 2 END AS situacao) a
      WHERE s.id > ${s0} AND s.id <= ${s0 + 3 * n} AND s.tipo <> 4 AND s.enviada_em IS NOT NULL`, []);

    // The registration's documents (metadata only: no file is stored): identity, proof of address, 3x4 photo.
    await etapa(db, res, opts, 'documento', `pescador_id > ${p0} AND pescador_id <= ${p0 + n}`, `
      INSERT INTO documento (solicitacao_id, pescador_id, tipo_documento, nome_arquivo, chave_arquivo, mime, tamanho, aprovado, criado_em)
      SELECT s.id, s.pescador_id, d.tipo, d.nome, 'nacional/' || s.id || '-' || d.tipo, d.mime,
        40000 + (hashint8extended(s.id, d.tipo) & 2147483647) % 2000000, s.situacao = 4, s.criado_em
      FROM solicitacao s
      CROSS JOIN (VALUES (1, 'documento-identidade.pdf', 'application/pdf'), (2, 'comprovante-residencia.pdf', 'application/pdf'),
                         (3, 'foto-3x4.jpg', 'image/jpeg')) d(tipo, nome, mime)
      WHERE s.id > ${s0} AND s.id <= ${s0 + n}`, []);

    // REAP obligations of the reference year, when the REAP tables exist (they came with the REAP work).
    const { rows: [reap] } = await db.query<{ existe: boolean }>("SELECT to_regclass('reap_questionario') IS NOT NULL AS existe");
    if (reap!.existe) {
      await etapa(db, res, opts, 'reap_questionario', `solicitacao_id > ${s0 + n} AND solicitacao_id <= ${s0 + 2 * n}`, `
        INSERT INTO reap_questionario (solicitacao_id, pescador_id, ano_referencia, categoria, enviada, realizou_pesca,
          total_dias_trabalhado_ano, codigo_verificacao, enviada_em, criado_em, atualizado_em)
        SELECT s.id, s.pescador_id, $1::smallint, p.categoria, s.situacao = 9, CASE WHEN s.situacao = 9 THEN true END,
          CASE WHEN s.situacao = 9 THEN 100 + s.id % 200 END,
          CASE WHEN s.situacao = 9 THEN 'N' || lpad(s.id::text, 15, '0') END, s.enviada_em, s.criado_em, s.atualizado_em
        FROM solicitacao s JOIN pescador p ON p.id = s.pescador_id
        WHERE s.id > ${s0 + n} AND s.id <= ${s0 + 2 * n}`, [ANO_REAP]);
    }
    await restaurarIndices(db, res, opts, indices);
    await restaurarChavesEstrangeiras(db, res, opts, chaves);
    // The CPFs written equal the shared generator's, on a sample.
    const { rows: amostra } = await db.query<{ cpf: string }>(
      `SELECT cpf FROM pescador WHERE ${ondePescador} AND id % 9973 = 0 ORDER BY id LIMIT 50`);
    for (const { cpf } of amostra) {
      if (cpfComDigitos(cpf.slice(0, 9)) !== cpf) throw new Error(`the SQL check digits disagree with cpfComDigitos for ${cpf.slice(0, 9)}`);
    }
    await db.query('COMMIT');
    res.adicionados = n;
    return res;
  } catch (err) {
    await db.query('ROLLBACK');
    throw err;
  }
}
