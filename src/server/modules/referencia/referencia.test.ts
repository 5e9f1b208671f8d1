import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ESCOLARIDADES, listasReferencia, MENSAGEM_LISTA_NAO_ENCONTRADA, MENSAGEM_UF_INVALIDA, NOMES_LISTAS_REFERENCIA,
  type Especie, type ItemReferencia, type Municipio, type Profissao,
} from '../../../shared/referencias';
import { UFS } from '../../../shared/ufs';
import { ESPECIES } from '../../db/reference/especies';
import { carregarMunicipios, parseMunicipiosIbge, TOTAL_MUNICIPIOS } from '../../db/reference/municipios';
import { PROFISSOES } from '../../db/reference/profissoes';
import { seedReferencia } from '../../db/seeds/referencia';
import { createTestApp, Navegador, type TestApp } from '../../test/helpers';

let t: TestApp;
/** A browser that already holds the XSRF cookie (needed by the POST, and what the web app looks like). */
let nav: Navegador;

const ptBR = new Intl.Collator('pt-BR');

beforeAll(async () => {
  t = await createTestApp();
  nav = new Navegador(t.app);
  await nav.request({ method: 'GET', url: '/api/referencia/etnias' });
});
afterAll(async () => {
  await t.close();
});

async function get<T>(url: string): Promise<{ status: number; body: { codigo: number; mensagem: string; dados: T; erros?: string[] }; cache: unknown }> {
  const res = await nav.request({ method: 'GET', url });
  return { status: res.statusCode, body: res.json(), cache: res.headers['cache-control'] };
}

function filtro(ids: unknown, headers: Record<string, string> = { 'x-xsrf-token': nav.xsrf }) {
  return nav.request({ method: 'POST', url: '/api/municipios/filtro', payload: { ids }, headers });
}

describe('GET /api/municipios/uf/{uf}', () => {
  it('answers the 645 municipalities of São Paulo, accents intact, in Brazilian alphabetical order', async () => {
    const { status, body, cache } = await get<Municipio[]>('/api/municipios/uf/SP');
    expect(status).toBe(200);
    expect(body.codigo).toBe(200);
    expect(cache).toBe('public, max-age=3600');
    const sp = body.dados;
    expect(sp).toHaveLength(645);
    expect(sp.every((m) => m.uf === 'SP')).toBe(true);
    expect(sp).toContainEqual({ id: 3550308, nome: 'São Paulo', uf: 'SP' });
    expect(sp).toContainEqual({ id: 3515004, nome: 'Embu das Artes', uf: 'SP' });
    const nomes = sp.map((m) => m.nome);
    expect(nomes).toEqual([...nomes].sort(ptBR.compare));
    expect(nomes[0]).toBe('Adamantina');
    // 'Águas de Lindóia' among the A's, not after 'Zacarias' as a byte order would put it.
    expect(nomes.indexOf('Águas de Lindóia')).toBeLessThan(nomes.indexOf('Bady Bassitt'));
  });

  it('answers every state, 5,570 municipalities in all, each in its own state', async () => {
    let total = 0;
    for (const uf of UFS) {
      const { status, body } = await get<Municipio[]>(`/api/municipios/uf/${uf.sigla}`);
      expect(status).toBe(200);
      expect(body.dados.length).toBeGreaterThan(0);
      expect(body.dados.every((m) => m.uf === uf.sigla && String(m.id).startsWith(String(uf.codigo)))).toBe(true);
      const nomes = body.dados.map((m) => m.nome);
      expect(nomes).toEqual([...nomes].sort(ptBR.compare));
      total += body.dados.length;
    }
    expect(total).toBe(5570);
  });

  it('answers Brasília as the only municipality of the Federal District', async () => {
    const { body } = await get<Municipio[]>('/api/municipios/uf/DF');
    expect(body.dados).toEqual([{ id: 5300108, nome: 'Brasília', uf: 'DF' }]);
  });

  it('keeps the accents and apostrophes of the names', async () => {
    const mg = (await get<Municipio[]>('/api/municipios/uf/MG')).body.dados;
    expect(mg).toHaveLength(853);
    expect(mg).toContainEqual({ id: 3133758, nome: 'Itaú de Minas', uf: 'MG' });
    expect(mg).toContainEqual({ id: 3150539, nome: "Pingo-d'Água", uf: 'MG' });
    const ro = (await get<Municipio[]>('/api/municipios/uf/RO')).body.dados;
    expect(ro).toContainEqual({ id: 1100015, nome: "Alta Floresta D'Oeste", uf: 'RO' });
  });

  it('answers the current IBGE names of renamed municipalities', async () => {
    const rn = (await get<Municipio[]>('/api/municipios/uf/RN')).body.dados;
    expect(rn).toContainEqual({ id: 2405306, nome: 'Boa Saúde', uf: 'RN' });
    const sp = (await get<Municipio[]>('/api/municipios/uf/SP')).body.dados;
    expect(sp).toContainEqual({ id: 3530805, nome: 'Mogi Mirim', uf: 'SP' });
  });

  it('accepts the abbreviation in lower case', async () => {
    const { status, body } = await get<Municipio[]>('/api/municipios/uf/rj');
    expect(status).toBe(200);
    expect(body.dados).toHaveLength(92);
    expect(body.dados).toContainEqual({ id: 3304557, nome: 'Rio de Janeiro', uf: 'RJ' });
  });

  it.each(['XX', 'SPX', 'S', '35', '%20'])('answers 400 "UF inválida" for %s', async (uf) => {
    const { status, body, cache } = await get(`/api/municipios/uf/${uf}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ codigo: 400, mensagem: MENSAGEM_UF_INVALIDA, erros: [MENSAGEM_UF_INVALIDA] });
    expect(cache).not.toBe('public, max-age=3600');
  });

  it('needs no sign-in, and keeps an answer that sets a cookie out of shared caches', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/municipios/uf/AC' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeDefined();
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.json().dados).toHaveLength(22);
  });
});

describe('POST /api/municipios/filtro', () => {
  it('answers exactly the municipalities asked for', async () => {
    const res = await filtro([3550308, 5300108, 3133758, 1100015]);
    expect(res.statusCode).toBe(200);
    const dados = res.json().dados as Municipio[];
    expect(dados.map((m) => m.id).sort()).toEqual([1100015, 3133758, 3550308, 5300108]);
    expect(dados).toContainEqual({ id: 5300108, nome: 'Brasília', uf: 'DF' });
    expect(dados).toContainEqual({ id: 3133758, nome: 'Itaú de Minas', uf: 'MG' });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers each municipality once and leaves out codes that name none', async () => {
    const res = await filtro([3550308, 3550308, 9999999, 35]);
    expect(res.statusCode).toBe(200);
    expect(res.json().dados).toEqual([{ id: 3550308, nome: 'São Paulo', uf: 'SP' }]);
  });

  it('accepts 500 codes', async () => {
    const ids = carregarMunicipios().slice(0, 500).map((m) => m.id);
    const res = await filtro(ids);
    expect(res.statusCode).toBe(200);
    expect((res.json().dados as Municipio[]).map((m) => m.id).sort()).toEqual([...ids].sort());
  });

  it.each([
    ['no codes', []],
    ['501 codes', Array.from({ length: 501 }, (_, i) => 1100000 + i)],
    ['a code that is not a number', ['3550308']],
    ['a negative code', [-1]],
    ['no list', undefined],
  ])('answers 400 for %s', async (_caso, ids) => {
    const res = await filtro(ids);
    expect(res.statusCode).toBe(400);
    expect(res.json().codigo).toBe(400);
  });

  it('refuses a call without the XSRF header', async () => {
    const res = await filtro([3550308], {});
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/solicitacao/profissoes', () => {
  it('answers the occupations by name, without sign-in', async () => {
    const { status, body, cache } = await get<Profissao[]>('/api/solicitacao/profissoes');
    expect(status).toBe(200);
    expect(cache).toBe('public, max-age=3600');
    expect(body.dados).toHaveLength(PROFISSOES.length);
    expect(body.dados.length).toBeGreaterThanOrEqual(60);
    expect(body.dados).toContainEqual({ id: 39, descricao: 'Marisqueiro(a)' });
    // The fisher's own occupations (CBO 631x, decision 0022).
    expect(body.dados).toContainEqual({ id: 66, descricao: 'Pescador(a) profissional artesanal' });
    expect(body.dados).toContainEqual({ id: 67, descricao: 'Pescador(a) profissional industrial' });
    expect(body.dados).toContainEqual({ id: 71, descricao: 'Criador(a) de camarões' });
    expect(new Set(body.dados.map((p) => p.descricao)).size).toBe(body.dados.length);
    const nomes = body.dados.map((p) => p.descricao);
    expect(nomes).toEqual([...nomes].sort(ptBR.compare));
  });
});

describe('GET /api/reap/especies', () => {
  it('answers at least 80 species, each with a scientific name', async () => {
    const { status, body, cache } = await get<{ especies: Especie[] }>('/api/reap/especies');
    expect(status).toBe(200);
    expect(cache).toBe('public, max-age=3600');
    const { especies } = body.dados;
    expect(especies).toHaveLength(ESPECIES.length);
    expect(especies.length).toBeGreaterThanOrEqual(80);
    for (const e of especies) {
      expect(Object.keys(e).sort()).toEqual(['id', 'nome', 'nomeCientifico']);
      expect(e.nome.trim()).not.toBe('');
      expect(e.nomeCientifico).toMatch(/^[A-Z][a-z]+ (?:[a-z]+|spp\.)$/);
    }
    expect(especies).toContainEqual({ id: 1, nome: 'Tainha', nomeCientifico: 'Mugil liza' });
    expect(especies).toContainEqual({ id: 91, nome: 'Tambaqui', nomeCientifico: 'Colossoma macropomum' });
    expect(new Set(especies.map((e) => e.id)).size).toBe(especies.length);
  });
});

describe('GET /api/referencia/{lista}', () => {
  it('answers the 12 schooling levels in the spec order', async () => {
    const { status, body, cache } = await get<ItemReferencia[]>('/api/referencia/escolaridades');
    expect(status).toBe(200);
    expect(cache).toBe('public, max-age=3600');
    expect(body.dados).toHaveLength(12);
    expect(body.dados).toEqual(ESCOLARIDADES.map((e) => ({ id: e.id, descricao: e.descricao })));
    expect(body.dados.at(-2)?.descricao).toBe('Sem escolaridade');
    expect(body.dados.at(-1)?.descricao).toBe('Não informado');
  });

  it.each(NOMES_LISTAS_REFERENCIA.filter((n) => n !== 'ufs'))('answers the list %s as seeded', async (lista) => {
    const { status, body } = await get<ItemReferencia[]>(`/api/referencia/${lista}`);
    expect(status).toBe(200);
    expect(body.dados).toEqual((listasReferencia[lista] as readonly ItemReferencia[]).map((i) => ({ ...i })));
  });

  it('answers the 27 states by name, id the IBGE code', async () => {
    const { body } = await get<ItemReferencia[]>('/api/referencia/ufs');
    expect(body.dados).toHaveLength(27);
    expect(body.dados).toContainEqual({ id: 35, descricao: 'São Paulo', sigla: 'SP' });
    expect(body.dados[0]).toEqual({ id: 12, descricao: 'Acre', sigla: 'AC' });
    const nomes = body.dados.map((u) => u.descricao);
    expect(nomes).toEqual([...nomes].sort(ptBR.compare));
  });

  it('answers the counts the spec fixes', async () => {
    const n = async (lista: string) => (await get<ItemReferencia[]>(`/api/referencia/${lista}`)).body.dados.length;
    expect(await n('ambientes-pesca')).toBe(2);
    expect(await n('infraestruturas-publicas')).toBe(5);
    expect(await n('entidades-apoio')).toBe(12);
    expect(await n('orgaos-emissores')).toBeGreaterThanOrEqual(40);
    const unidades = (await get<ItemReferencia[]>('/api/referencia/unidades-medida')).body.dados;
    expect(unidades[0]).toEqual({ id: 1, descricao: 'Quilograma', sigla: 'kg' });
    const formas = (await get<ItemReferencia[]>('/api/referencia/formas-atuacao')).body.dados;
    expect(formas).toEqual([{ id: 1, descricao: 'Embarcado' }, { id: 2, descricao: 'Desembarcado' }]);
  });

  it.each(['inexistente', 'toString', '__proto__', 'ESCOLARIDADES'])('answers 404 for the unknown list %s', async (lista) => {
    const { status, body, cache } = await get(`/api/referencia/${lista}`);
    expect(status).toBe(404);
    expect(body).toMatchObject({ codigo: 404, mensagem: MENSAGEM_LISTA_NAO_ENCONTRADA, erros: [MENSAGEM_LISTA_NAO_ENCONTRADA] });
    expect(cache).not.toBe('public, max-age=3600');
  });

  it('serves items an operator added to the table', async () => {
    await t.db.execute(sql`INSERT INTO referencia (lista, id, descricao) VALUES ('petrechos-pesca', 900, 'Rede de tresmalho')`);
    const { body } = await get<ItemReferencia[]>('/api/referencia/petrechos-pesca');
    expect(body.dados.at(-1)).toEqual({ id: 900, descricao: 'Rede de tresmalho' });
  });
});

describe('seedReferencia', () => {
  async function contagens() {
    const { rows } = await t.db.execute<Record<string, number>>(sql`
      SELECT (SELECT count(*) FROM uf)::int AS uf, (SELECT count(*) FROM municipio)::int AS municipio,
             (SELECT count(*) FROM profissao)::int AS profissao, (SELECT count(*) FROM especie WHERE id < 9000)::int AS especie,
             (SELECT count(*) FROM referencia WHERE id < 900)::int AS referencia`);
    return rows[0]!;
  }

  it('is idempotent, restores seeded values and keeps what operators added', async () => {
    const antes = await contagens();
    expect(antes).toMatchObject({ uf: 27, municipio: TOTAL_MUNICIPIOS, profissao: PROFISSOES.length, especie: ESPECIES.length });
    await t.db.execute(sql`UPDATE municipio SET nome = 'Errado' WHERE id = 3550308`);
    await t.db.execute(sql`INSERT INTO especie (id, nome, nome_cientifico) VALUES (9000, 'Espécie local', 'Genus species')`);
    await seedReferencia(t.db);
    await seedReferencia(t.db);
    expect(await contagens()).toEqual(antes);
    const { rows } = await t.db.execute<{ nome: string }>(sql`SELECT nome FROM municipio WHERE id IN (3550308, 9000) UNION ALL SELECT nome FROM especie WHERE id = 9000`);
    expect(rows.map((r) => r.nome)).toEqual(['São Paulo', 'Espécie local']);
  });

  it('loads the 5,570 municipalities into an empty table quickly', async () => {
    await t.db.execute(sql`DELETE FROM municipio`);
    const inicio = performance.now();
    await seedReferencia(t.db);
    const ms = performance.now() - inicio;
    expect((await contagens()).municipio).toBe(TOTAL_MUNICIPIOS);
    // Well under 2 s on a developer machine; the bound leaves room for a loaded CI runner.
    expect(ms).toBeLessThan(5000);
  });
});

describe('parseMunicipiosIbge', () => {
  it('reads the package table into 5,570 municipalities with 7-digit codes', () => {
    const todos = carregarMunicipios();
    expect(todos).toHaveLength(5570);
    expect(new Set(todos.map((m) => m.id)).size).toBe(5570);
    expect(todos.every((m) => m.id >= 1100000 && m.id <= 5399999)).toBe(true);
    expect(todos.filter((m) => m.uf === 'SP')).toHaveLength(645);
  });

  it('keeps one row per municipality, repeated rows being its districts', () => {
    const texto = '35\tSão Paulo\t50308\tSão Paulo\n35\tSão Paulo\t50308\tSão Paulo\n31\tMinas Gerais\t33758\tItaú de Minas\n';
    expect(parseMunicipiosIbge(texto)).toEqual([
      { id: 3133758, nome: 'Itaú de Minas', uf: 'MG' },
      { id: 3550308, nome: 'São Paulo', uf: 'SP' },
    ]);
  });

  it('refuses a file it cannot read correctly', () => {
    expect(() => parseMunicipiosIbge('35\tS\uFFFDo Paulo\t50308\tS\uFFFDo Paulo\n')).toThrow(/codificação/);
    expect(() => parseMunicipiosIbge('35;São Paulo;50308;São Paulo\n')).toThrow(/formato/);
    expect(() => parseMunicipiosIbge('99\tX\t00001\tY\n')).toThrow(/UF/);
    expect(() => parseMunicipiosIbge('35\tSP\t50308\tSão Paulo\n35\tSP\t50308\tOutro\n')).toThrow(/dois nomes/);
  });
});
