import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estatisticasSchema, type Estatisticas, type ItemEstatistica } from '../../../shared/schemas/estatistica';
import { createTestApp, poolDeTeste, type TestApp } from '../../test/helpers';
import { suprimir } from './estatistica.service';

/**
 * The open statistics through HTTP, anonymous: the numbers of a known registry, every count under 5 withheld (and
 * one more where a lone withheld cell could be recovered from a published total), age bands on the day asked,
 * requests by month as they change situation, the CSV.
 */

let t: TestApp;
let pool: pg.Pool;
const HOJE = new Date('2026-03-15T15:00:00Z'); // 12:00 in São Paulo

beforeAll(async () => {
  t = await createTestApp({ now: () => HOJE });
  pool = poolDeTeste(t, 2);
  // The demo accounts' fishers are left as they are; the numbers below are read relative to a first answer.
});
afterAll(async () => {
  await pool.end();
  await t.close();
});

async function estatisticas(query = ''): Promise<Estatisticas> {
  const res = await t.app.inject({ method: 'GET', url: `/api/estatisticas${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return estatisticasSchema.parse(res.json().dados);
}

const de = (itens: ItemEstatistica[], chave: string) => itens.find((i) => i.chave === chave)?.total;

/** Every number anywhere in the answer. */
function numeros(v: unknown): number[] {
  if (typeof v === 'number') return [v];
  if (Array.isArray(v)) return v.flatMap(numeros);
  if (v && typeof v === 'object') return Object.values(v).flatMap(numeros);
  return [];
}

describe('open statistics', () => {
  it('answers anyone, without signing in, and refuses an unknown state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/estatisticas' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const ruim = await t.app.inject({ method: 'GET', url: '/api/estatisticas?uf=XX' });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().mensagem).toContain('UF inválida');
  });

  it('counts fishers by state, category, sex, age band, activity and municipality, withholding counts under 5', async () => {
    // 40 fishers in Roraima (Boa Vista), 3 in Acre (Rio Branco); 36 artesanal, 7 industrial; ages known.
    await pool.query(`
      INSERT INTO pescador (cpf, nome, uf, municipio_id, categoria, sexo, forma_atuacao, situacao_registro, data_nascimento)
      SELECT '5' || lpad(g::text, 10, '0'), 'PESCADOR ' || g,
             CASE WHEN g <= 40 THEN 'RR' ELSE 'AC' END, CASE WHEN g <= 40 THEN 1400100 ELSE 1200401 END,
             CASE WHEN g <= 36 THEN 2 ELSE 1 END, CASE WHEN g <= 30 THEN 1 ELSE 2 END, 1, 1,
             CASE WHEN g <= 20 THEN date '2001-03-15' WHEN g <= 26 THEN date '2001-03-16' ELSE date '1960-01-01' END
      FROM generate_series(1, 43) g`);
    const e = await estatisticas('?uf=RR');
    expect(de(e.porUf, 'RR')).toBe(40);
    expect(de(e.porUf, 'AC')).toBeNull(); // 3: withheld
    expect(de(e.porUf, 'SP')).toBeNull(); // 0 reads "< 5" too
    expect(e.municipios.uf).toBe('RR');
    expect(de(e.municipios.itens, '1400100')).toBe(40);
    expect(e.municipios.itens.every((m) => m.chave === '1400100' || m.total === null)).toBe(true);
    // On 15/03/2026, born 15/03/2001 turned 25 that day, born 16/03/2001 is still 24: the bands agree with
    // PostgreSQL's own age(), counted afresh over the registry.
    const { rows } = await pool.query<{ faixa: string; total: string }>(`
      SELECT CASE WHEN a < 18 THEN '<18' WHEN a < 25 THEN '18-24' WHEN a < 35 THEN '25-34' WHEN a < 45 THEN '35-44'
                  WHEN a < 55 THEN '45-54' WHEN a < 65 THEN '55-64' WHEN a IS NULL THEN '' ELSE '65+' END AS faixa, count(*) AS total
      FROM pescador, LATERAL (SELECT date_part('year', age(date '2026-03-15', data_nascimento)) AS a) x
      WHERE situacao_registro IS NOT NULL GROUP BY 1`);
    const contadas = new Map(rows.map((r) => [r.faixa, Number(r.total)]));
    const esperadas = suprimir(e.porFaixaEtaria.map((f) => ({ ...f, total: contadas.get(f.chave) ?? 0 })), true);
    expect(e.porFaixaEtaria).toEqual(esperadas);
    expect(de(e.porFaixaEtaria, '18-24')).toBeGreaterThanOrEqual(6);
    expect(de(e.porFaixaEtaria, '25-34')).toBeGreaterThanOrEqual(20);
    // Nothing under 5 anywhere in the answer (the years of 'referencia' are text).
    expect(numeros(e).filter((n) => n < 5)).toEqual([]);
  });

  it('withholds a second cell when a lone withheld one could be recovered from the published total', () => {
    const itens = suprimir([
      { chave: 'a', rotulo: 'A', total: 100 }, { chave: 'b', rotulo: 'B', total: 3 }, { chave: 'c', rotulo: 'C', total: 12 },
    ], true);
    expect(itens.map((i) => i.total)).toEqual([100, null, null]);
    // Two withheld already: nothing more.
    expect(suprimir([
      { chave: 'a', rotulo: 'A', total: 100 }, { chave: 'b', rotulo: 'B', total: 3 }, { chave: 'c', rotulo: 'C', total: 0 },
    ], true).map((i) => i.total)).toEqual([100, null, null]);
    // No published total (requests by month): only the small cell.
    expect(suprimir([{ chave: 'a', rotulo: 'A', total: 100 }, { chave: 'b', rotulo: 'B', total: 3 }], false)
      .map((i) => i.total)).toEqual([100, null]);
  });

  it('follows requests by the month they were sent in as they change situation', async () => {
    const mes = async () => (await estatisticas()).solicitacoesPorMes.find((m) => m.mes === '2026-02')!;
    const deferidasAntes = de((await mes()).situacoes, '4') ?? 0;
    const { rows } = await pool.query<{ id: number }>(`
      INSERT INTO solicitacao (pescador_id, tipo, situacao, uf_pescador, enviada_em)
      SELECT id, 1, 6, uf, timestamptz '2026-02-10 10:00:00-03' FROM pescador WHERE cpf LIKE '5%' AND uf = 'RR' RETURNING id`);
    expect(rows).toHaveLength(40);
    expect(de((await mes()).situacoes, '6')).toBeGreaterThanOrEqual(40);
    // The analysis defers 30 and rejects 10: the month's cells move with them.
    await pool.query(`UPDATE solicitacao SET situacao = CASE WHEN id % 4 = 0 THEN 5 ELSE 4 END WHERE id = ANY($1)`, [rows.map((r) => r.id)]);
    const depois = await mes();
    const deferidas = rows.filter((r) => r.id % 4 !== 0).length;
    expect(de(depois.situacoes, '4')).toBe(deferidasAntes + deferidas);
    expect(de(depois.situacoes, '6') ?? null).toBeNull(); // none left waiting (0 reads "< 5")
    // The page lists the last 12 months, oldest first, this one last.
    const e = await estatisticas();
    expect(e.solicitacoesPorMes).toHaveLength(12);
    expect(e.solicitacoesPorMes.at(-1)!.mes).toBe('2026-03');
    expect(e.solicitacoesPorMes[0]!.mes).toBe('2025-04');
  });

  it('downloads the same numbers as CSV for spreadsheets: BOM, semicolons, "< 5", every municipality', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/estatisticas/csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="estatisticas-rgp.csv"');
    expect(res.body.startsWith('\uFEFFTabela;Item;Quantidade\r\n')).toBe(true);
    const linhas = res.body.slice(1).trim().split('\r\n').map((l) => l.split(';'));
    const e = await estatisticas();
    const linha = (tabela: string, item: string) => linhas.find((l) => l[0] === tabela && l[1] === item)?.[2];
    expect(linha('Pescadores por UF', 'Roraima')).toBe(String(de(e.porUf, 'RR')));
    expect(linha('Pescadores por UF', 'Acre')).toBe('< 5');
    expect(linha('Pescadores por município', 'Boa Vista (RR)')).toBe('40');
    expect(linha('Pescadores por município', 'Rio Branco (AC)')).toBe('< 5');
    expect(linhas.filter((l) => l[0] === 'Pescadores por município')).toHaveLength(5570);
    expect(linha('Solicitações enviadas por mês e situação atual', '02/2026 – Indeferida')).toBe('10');
    // No count under 5 in the file either.
    expect(linhas.slice(1).map((l) => l[2]!).filter((q) => q !== '< 5' && Number(q) < 5)).toEqual([]);
  });
});
