import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SituacaoRegistro } from '../../../shared/enums';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { multipart } from '../documento/documento.fixtures';
import { criarAtoVigente, criarPescadores } from './lote.fixtures';

/**
 * Who may process batches (product guide, "Who may do what"): GESTOR and ADMIN only. Every other profile, the
 * fisher included, gets 403 on every batch route before its body is read, no batch is created, and the refusal is
 * audited; the anonymous caller gets 401.
 */
let t: TestApp;
const s: Record<string, Sessao> = {};
let ato = 0;
let idLote = 0;
let cpfs: string[] = [];

const CPFS = {
  gestor: '10000000108', admin: '50000000566', mpa: '20000000299', sfpa: '30000000388',
  pescador: '40000000477', consultaInterno: '60000000655', consultaExterno: '70000000744',
};

beforeAll(async () => {
  t = await createTestApp();
  for (const [k, cpf] of Object.entries(CPFS)) s[k] = await entrarComo(t.app, cpf);
  ato = await criarAtoVigente(t.db);
  cpfs = await criarPescadores(t.db, 820_000_000, 2, SituacaoRegistro.ATIVO);
});
afterAll(async () => {
  await t.close();
});

const rotas = () => {
  const m = multipart({ atoNormativo: ato, tipo: 1, orgaoSolicitante: 'MPA', justificativa: 'Teste de permissões.' },
    [{ nome: 'lote.txt', bytes: Buffer.from(cpfs.join('\n')) }]);
  return [
    { method: 'POST' as const, url: '/api/lote-pescador/manual', payload: { atoNormativo: ato, tipo: 1, orgaoSolicitante: 'MPA', justificativa: 'Teste.', listaCpfPescador: cpfs } },
    { method: 'POST' as const, url: '/api/lote-pescador/automatico', payload: m.payload, headers: m.headers },
    { method: 'GET' as const, url: '/api/pescador/lote/todos' },
    { method: 'GET' as const, url: `/api/pescador/lote/${idLote || 1}/resultado` },
  ];
};

async function lotes(): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM lote_pescador`);
  return rows[0]!.n;
}

describe('GESTOR and ADMIN', () => {
  it('process batches both ways and read them', async () => {
    for (const quem of ['gestor', 'admin']) {
      for (const r of rotas()) {
        const res = await s[quem]!.api(r);
        expect(res.statusCode, `${quem} ${r.url} ${res.body.slice(0, 200)}`).toBe(200);
        if (r.url.endsWith('/manual')) idLote = res.json().dados.lote.id;
      }
    }
    expect(await lotes()).toBe(4);
  });
});

describe('every other profile', () => {
  it('gets 403 on every batch route, creates nothing, and each refusal is audited', async () => {
    const antes = await lotes();
    for (const quem of ['mpa', 'sfpa', 'pescador', 'consultaInterno', 'consultaExterno']) {
      for (const r of rotas()) {
        const res = await s[quem]!.api(r);
        expect(res.statusCode, `${quem} ${r.url}`).toBe(403);
        expect(res.json().dados).toBeUndefined();
      }
      const { rows } = await t.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM auditoria WHERE cpf_ator = ${CPFS[quem as keyof typeof CPFS]} AND sucesso = false`);
      expect(rows[0]!.n, quem).toBeGreaterThanOrEqual(4);
    }
    expect(await lotes()).toBe(antes);
    const { rows } = await t.db.execute<{ s: number }>(sql`SELECT situacao_registro AS s FROM pescador WHERE cpf = ${cpfs[0]!}`);
    expect(rows[0]!.s).toBe(SituacaoRegistro.CANCELADO);
  });

  // (A POST without the XSRF cookie is refused before authentication: 403; the matrix calls them as a browser does.)
  it('the anonymous caller gets 401 on the reads', async () => {
    for (const r of rotas().filter((x) => x.method === 'GET')) {
      const res = await t.app.inject(r);
      expect(res.statusCode, r.url).toBe(401);
    }
  });
});
