import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, entrarComo, type TestApp } from '../../test/helpers';
import { cpfDe } from '../solicitacao/passos.test-utils';
import { AuditoriaService } from './auditoria.service';

/** The audit trail never fails on length, and a write that fails anyway is seen (counter on /api/health, error log). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const saude = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json().dados.falhasAuditoria as number;

describe('audit trail', () => {
  it('cuts what does not fit its column instead of failing the write', async () => {
    const antes = await saude();
    const auditoria = new AuditoriaService(t.db);
    await auditoria.registrar({ acao: 'TESTE_'.repeat(20), recurso: `/api/${'r'.repeat(500)}`, recursoId: 'i'.repeat(500) });
    const { rows } = await t.db.execute<{ acao: string; recurso: string; recurso_id: string }>(sql`
      SELECT acao, recurso, recurso_id FROM auditoria WHERE acao LIKE 'TESTE_%'`);
    expect(rows).toEqual([{ acao: 'TESTE_'.repeat(10), recurso: `/api/${'r'.repeat(195)}`, recurso_id: 'i'.repeat(120) }]);
    expect(await saude()).toBe(antes);
  });

  it('counts a best-effort write that failed, so a silent trail shows on /api/health', async () => {
    const s = await entrarComo(t.app, cpfDe(4202));
    const antes = await saude();
    await t.db.execute(sql.raw('ALTER TABLE auditoria ADD CONSTRAINT teste_recusa CHECK (false) NOT VALID'));
    try {
      const r = await s.api({ method: 'GET', url: '/api/analise-solicitacao/totalizadores' });
      expect(r.statusCode).toBe(403);
    } finally {
      await t.db.execute(sql.raw('ALTER TABLE auditoria DROP CONSTRAINT teste_recusa'));
    }
    expect(await saude()).toBe(antes + 1);
  });
});
