import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';

/**
 * The analyses as the two read-only profiles of the product guide see them: CONSULTA_INTERNO reads fishers,
 * requests and analyses and acts on none; CONSULTA_EXTERNO (the fisher report and the card lookups only) reads
 * no analysis at all. (Who analyses, and in which scope, is in analise.test.ts.)
 */
let t: TestApp;
const s: Record<string, Sessao> = {};
let idSolicitacao = 0;
let idAnalise = 0;
let idIndeferida = 0;
const CPF_PESCADOR = '40000000477';

beforeAll(async () => {
  t = await createTestApp();
  for (const [k, cpf] of Object.entries({ consultaInterno: '60000000655', consultaExterno: '70000000744', pescador: CPF_PESCADOR })) {
    s[k] = await entrarComo(t.app, cpf);
  }
  const idPescador = decodeJwt(s.pescador!.token).idPescador as number;
  await t.db.execute(sql`UPDATE pescador SET uf = 'PA' WHERE id = ${idPescador}`);
  // One request waiting for analysis (6, ENVIADA) and one rejected (2, ATUALIZACAO_SFPA, its analysis 4, INDEFERIDA).
  const { rows } = await t.db.execute<{ id: number; situacao: number }>(sql`
    INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, uf_pescador, enviada_em) VALUES
      (${idPescador}, 1, 6, 5, 'PA', now()), (${idPescador}, 2, 2, 5, 'PA', now())
    RETURNING id, situacao`);
  idSolicitacao = rows.find((r) => r.situacao === 6)!.id;
  idIndeferida = rows.find((r) => r.situacao === 2)!.id;
  const { rows: a } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO analise_solicitacao (solicitacao_id, situacao_analise, uf_pescador, justificativa)
    VALUES (${idSolicitacao}, 1, 'PA', null), (${idIndeferida}, 4, 'PA', 'Documento ilegível.') RETURNING id`);
  idAnalise = a[0]!.id;
});
afterAll(async () => {
  await t.close();
});

/** Every analysis read, by the ids of the requests and analysis above. */
const leituras = () => [
  '/api/analise-solicitacao/totalizadores',
  '/api/analise-solicitacao',
  `/api/analise-solicitacao/${idAnalise}`,
  `/api/analise-solicitacao/solicitacao/${idSolicitacao}`,
  `/api/analise-solicitacao/indeferimento/${idIndeferida}`,
];

/** Every action on an analysis; the body is valid enough that only the profile decides. */
const acoes = () => [
  { method: 'POST' as const, url: '/api/analise-solicitacao/bloquear', payload: { idAnaliseSolicitacao: idAnalise } },
  { method: 'POST' as const, url: '/api/analise-solicitacao/desbloquear', payload: { idAnaliseSolicitacao: idAnalise } },
  { method: 'POST' as const, url: '/api/analise-solicitacao/atualizar-analise-solicitacao', payload: { id: idAnalise } },
  { method: 'POST' as const, url: '/api/analise-solicitacao-edicao-documento', payload: { id: idAnalise } },
  { method: 'POST' as const, url: '/api/documentos/parecer', payload: {} },
  { method: 'DELETE' as const, url: '/api/documentos/parecer/documento/1' },
];

describe('CONSULTA_INTERNO (read-only: fishers, requests, analyses, reports)', () => {
  it('reads every analysis route: the counters, the list, an analysis, a request\'s analysis, a rejection record', async () => {
    for (const url of leituras()) {
      const res = await s.consultaInterno!.api({ method: 'GET', url });
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
    }
  });

  it('acts on no analysis: each action answers 403 before its body is looked at, and the analysis is unchanged', async () => {
    for (const acao of acoes()) {
      const res = await s.consultaInterno!.api(acao);
      expect(res.statusCode, acao.url).toBe(403);
    }
    const { rows } = await t.db.execute<{ situacao: number; bloqueio: Date | null }>(sql`
      SELECT situacao_analise AS situacao, data_hora_bloqueio AS bloqueio FROM analise_solicitacao WHERE id = ${idAnalise}`);
    expect(rows[0]).toEqual({ situacao: 1, bloqueio: null });
  });
});

describe('CONSULTA_EXTERNO (the fisher report and the card lookups only)', () => {
  it('reads no analysis: 403 and no data on every read, each refusal audited', async () => {
    const contar = async () => (await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'AUTORIZACAO_RECUSADA' AND cpf_ator = '70000000744'`)).rows[0]!.n;
    const antes = await contar();
    for (const url of leituras()) {
      const res = await s.consultaExterno!.api({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().dados, url).toBeUndefined();
      expect(res.body, url).not.toContain(CPF_PESCADOR);
    }
    expect(await contar()).toBe(antes + leituras().length);
  });

  it('acts on no analysis', async () => {
    for (const acao of acoes()) expect((await s.consultaExterno!.api(acao)).statusCode, acao.url).toBe(403);
  });
});
