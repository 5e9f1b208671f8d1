import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hojeSaoPaulo } from '../../../shared/datas';
import { createTestApp, entrarComo, Navegador, type TestApp } from '../../test/helpers';

/**
 * Normative acts and task forces, every route × the eight callers (product guide, "Who may do what"): GESTOR and
 * ADMIN manage; CONSULTA_INTERNO reads; everyone else 403 with a message (the anonymous 401), never the data, and
 * a refused change changes nothing.
 */
const CALLERS = {
  ANONIMO: null,
  INTERESSADO: '40000000477',
  SFPA: '30000000388',
  MPA: '20000000299',
  GESTOR: '10000000108',
  ADMIN: '50000000566',
  CONSULTA_INTERNO: '60000000655',
  CONSULTA_EXTERNO: '70000000744',
} as const;
type Caller = keyof typeof CALLERS;

const GERENCIAM: Caller[] = ['GESTOR', 'ADMIN'];
const LEEM: Caller[] = ['GESTOR', 'ADMIN', 'CONSULTA_INTERNO'];

let t: TestApp;
type Chamada = InjectOptions & { url: string };
const api = {} as Record<Caller, (o: Chamada) => Promise<LightMyRequestResponse>>;
let ato = 0;
let forca = 0;
let sfpaMapa = 0;

function dia(n: number): string {
  const d = new Date(`${hojeSaoPaulo()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [caller, cpf] of Object.entries(CALLERS) as [Caller, string | null][]) {
    if (cpf) {
      const s = await entrarComo(t.app, cpf);
      api[caller] = (o) => s.api(o);
    } else {
      const nav = new Navegador(t.app);
      await nav.request({ method: 'GET', url: '/api/health' });
      api[caller] = (o) => nav.request({ ...o, headers: { 'x-xsrf-token': nav.xsrf } });
    }
  }
  const a = await t.db.execute<{ id: number }>(sql`
    INSERT INTO ato_normativo (nome, descricao, data_inicio_vigencia) VALUES ('Portaria base', 'Base.', ${dia(-1)}) RETURNING id`);
  ato = a.rows[0]!.id;
  const m = await t.db.execute<{ id: number }>(sql`
    SELECT um.id FROM usuario_mapa um JOIN usuario u ON u.id = um.usuario_id WHERE u.cpf = '30000000388'`);
  sfpaMapa = m.rows[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

/** A task force serving two states with the SFPA servers, made afresh before each call that may change it. */
async function novaForca(): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    WITH f AS (INSERT INTO forca_tarefa (titulo, ato_normativo_id, data_limite) VALUES ('Mutirão', ${ato}, ${dia(10)}) RETURNING id),
    u AS (INSERT INTO forca_tarefa_uf (forca_tarefa_id, uf) SELECT id, uf FROM f, (VALUES ('MA'), ('PI')) v(uf) RETURNING forca_tarefa_id)
    INSERT INTO forca_tarefa_lotacao (forca_tarefa_id, usuario_mapa_id)
    SELECT f.id, um.id FROM f, usuario_mapa um WHERE um.id = ${sfpaMapa} OR um.tipo_usuario = 3
    ON CONFLICT DO NOTHING RETURNING forca_tarefa_id AS id`);
  return rows[0]!.id;
}

interface Rota {
  nome: string;
  quem: Caller[];
  chamada: () => Chamada;
}

const LEITURAS: Rota[] = [
  { nome: 'GET /api/ato-normativo', quem: LEEM, chamada: () => ({ method: 'GET', url: '/api/ato-normativo' }) },
  { nome: 'GET /api/ato-normativo/listar', quem: LEEM, chamada: () => ({ method: 'GET', url: '/api/ato-normativo/listar' }) },
  { nome: 'GET /api/ato-normativo/{id}', quem: LEEM, chamada: () => ({ method: 'GET', url: `/api/ato-normativo/${ato}` }) },
  { nome: 'GET /api/forca-tarefa/consultar/filtro', quem: LEEM, chamada: () => ({ method: 'GET', url: '/api/forca-tarefa/consultar/filtro' }) },
  { nome: 'GET /api/forca-tarefa/{id}', quem: LEEM, chamada: () => ({ method: 'GET', url: `/api/forca-tarefa/${forca}` }) },
  { nome: 'GET /api/forca-tarefa/servidores', quem: GERENCIAM, chamada: () => ({ method: 'GET', url: '/api/forca-tarefa/servidores' }) },
];

const ESCRITAS: Rota[] = [
  {
    nome: 'POST /api/ato-normativo', quem: GERENCIAM,
    chamada: () => ({ method: 'POST', url: '/api/ato-normativo', payload: { nome: 'Nova', descricao: 'x', dataInicioVigencia: dia(0) } }),
  },
  {
    nome: 'PUT /api/ato-normativo', quem: GERENCIAM,
    chamada: () => ({ method: 'PUT', url: '/api/ato-normativo', payload: { id: ato, nome: 'Portaria base', descricao: 'Base.', dataInicioVigencia: dia(-1) } }),
  },
  {
    nome: 'POST /api/forca-tarefa', quem: GERENCIAM,
    chamada: () => ({ method: 'POST', url: '/api/forca-tarefa', payload: { titulo: 'Nova', ufAtendidas: ['MA'], atoNormativo: ato, dataLimite: dia(5), servidores: [sfpaMapa] } }),
  },
  {
    nome: 'PUT /api/forca-tarefa', quem: GERENCIAM,
    chamada: () => ({ method: 'PUT', url: '/api/forca-tarefa', payload: { id: forca, titulo: 'Mutirão', ufAtendidas: ['MA', 'PI'], atoNormativo: ato, dataLimite: dia(10), servidores: [sfpaMapa] } }),
  },
  { nome: 'POST /api/forca-tarefa/remover-uf', quem: GERENCIAM, chamada: () => ({ method: 'POST', url: '/api/forca-tarefa/remover-uf', payload: { id: forca, uf: 'PI' } }) },
  { nome: 'PUT /api/forca-tarefa/ativa-desativa', quem: GERENCIAM, chamada: () => ({ method: 'PUT', url: '/api/forca-tarefa/ativa-desativa/', payload: { id: forca } }) },
  {
    nome: 'POST /api/forca-tarefa/remover-servidor', quem: GERENCIAM,
    chamada: () => ({ method: 'POST', url: '/api/forca-tarefa/remover-servidor', payload: { id: forca, servidores: [sfpaMapa] } }),
  },
  { nome: 'DELETE /api/forca-tarefa/remover/{id}', quem: GERENCIAM, chamada: () => ({ method: 'DELETE', url: `/api/forca-tarefa/remover/${forca}` }) },
  { nome: 'DELETE /api/ato-normativo/{id}', quem: GERENCIAM, chamada: () => ({ method: 'DELETE', url: `/api/ato-normativo/${ato}` }) },
];

async function retrato() {
  const { rows } = await t.db.execute(sql`
    SELECT (SELECT count(*) FROM ato_normativo)::int AS atos, (SELECT count(*) FROM forca_tarefa)::int AS forcas,
      (SELECT count(*) FROM forca_tarefa_uf)::int AS ufs, (SELECT count(*) FROM forca_tarefa_lotacao)::int AS lotacoes,
      (SELECT string_agg(titulo || ativa::text, ',' ORDER BY id) FROM forca_tarefa) AS titulos`);
  return rows[0];
}

function refusedProperly(caller: Caller, res: LightMyRequestResponse, rota: string) {
  expect(res.statusCode, `${rota} × ${caller}: ${res.body.slice(0, 200)}`).toBe(caller === 'ANONIMO' ? 401 : 403);
  const body = res.json() as { mensagem: string; dados?: unknown };
  expect(body.mensagem.length, rota).toBeGreaterThan(10);
  if (caller !== 'ANONIMO') expect(body.dados, rota).toBeUndefined();
}

describe.each(Object.keys(CALLERS) as Caller[])('%s', (caller) => {
  it('reads exactly what the guide allows', async () => {
    forca = await novaForca();
    for (const rota of LEITURAS) {
      const res = await api[caller](rota.chamada());
      if (rota.quem.includes(caller)) {
        expect(res.statusCode, `${rota.nome} × ${caller}: ${res.body.slice(0, 200)}`).toBe(200);
      } else {
        refusedProperly(caller, res, rota.nome);
        expect(res.body, rota.nome).not.toContain('Mutirão');
      }
    }
  });

  it('changes exactly what the guide allows; a refused change changes nothing', async () => {
    for (const rota of ESCRITAS) {
      forca = await novaForca();
      const antes = await retrato();
      const res = await api[caller](rota.chamada());
      if (rota.quem.includes(caller)) {
        // Allowed: it reaches the rules (the act is still cited, so its deletion is a 409; the last server stays: 406).
        expect([200, 406, 409], `${rota.nome} × ${caller}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      } else {
        refusedProperly(caller, res, rota.nome);
        expect(await retrato(), rota.nome).toEqual(antes);
      }
    }
  });
});
