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

  it('writes many events in the caller\'s transaction, every column of each as given (a batch decision\'s rows)', async () => {
    const auditoria = new AuditoriaService(t.db);
    const sessao = '6f1c2b9e-6a41-4d8e-9b1a-2f9a1c0d7e55';
    await t.db.transaction(async (tx) => {
      await auditoria.registrarVarios([
        { acao: 'TESTE_VARIOS', cpfAtor: '10000000108', perfilAtor: 1, sessaoId: sessao, recurso: 'recurso', recursoId: 7, ip: '10.1.2.3',
          detalhes: { resultado: 1, emLote: true, nota: 'aspas " e vírgula, {chaves}' }, orgaoAtor: 'MPA' },
        { acao: 'TESTE_VARIOS', recurso: 'r'.repeat(500), recursoId: 8, sucesso: false },
      ], tx);
    });
    const { rows } = await t.db.execute(sql`
      SELECT acao, cpf_ator, perfil_ator, sessao_id, recurso, recurso_id, host(ip) AS ip, sucesso, detalhes, pescador_id, orgao_ator
      FROM auditoria WHERE acao = 'TESTE_VARIOS' ORDER BY recurso_id`);
    expect(rows).toEqual([
      { acao: 'TESTE_VARIOS', cpf_ator: '10000000108', perfil_ator: 1, sessao_id: sessao, recurso: 'recurso', recurso_id: '7', ip: '10.1.2.3',
        sucesso: true, detalhes: { resultado: 1, emLote: true, nota: 'aspas " e vírgula, {chaves}' }, pescador_id: null, orgao_ator: 'MPA' },
      { acao: 'TESTE_VARIOS', cpf_ator: null, perfil_ator: null, sessao_id: null, recurso: 'r'.repeat(200), recurso_id: '8', ip: null,
        sucesso: false, detalhes: null, pescador_id: null, orgao_ator: null },
    ]);
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
