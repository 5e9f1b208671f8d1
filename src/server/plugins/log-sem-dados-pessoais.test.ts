import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfDe, criar, novoPescador, passo1, passoPadrao, salvar } from '../modules/solicitacao/passos.test-utils';
import { createTestApp, entrarComo, type TestApp } from '../test/helpers';
import { opcoesDeLog } from './redact';

/**
 * Personal data never reaches the log, even when the database refuses a write: a failed step save sends the
 * fisher's CPF, name, mother's name, e-mail and address as query parameters, and a failed audit write the
 * caller's CPF. The log says the SQLSTATE, the constraint and the table instead.
 */

const linhas: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ logger: { ...opcoesDeLog('info'), stream: { write: (l: string) => { linhas.push(l); } } } });
});
afterAll(async () => {
  await t.close();
});

describe('the log when a write fails', () => {
  it('keeps the fisher\'s data out of the log of a failed step save, and names the code and constraint', async () => {
    const p = await novoPescador(t, 4101);
    const r1 = await criar(p, 1);
    expect(r1.statusCode, r1.body).toBe(200);
    await t.db.execute(sql.raw('ALTER TABLE solicitacao ADD CONSTRAINT teste_recusa_passo CHECK (passo < 2) NOT VALID'));
    try {
      linhas.length = 0;
      const r2 = await salvar(p, r1.json().dados.id, 1, 2, passoPadrao(2, p.cpf));
      expect(r2.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw('ALTER TABLE solicitacao DROP CONSTRAINT teste_recusa_passo'));
    }
    const log = linhas.join('');
    expect(log).toContain('"code":"23514"');
    expect(log).toContain('teste_recusa_passo');
    const dados = passo1(p.cpf);
    for (const pessoal of [p.cpf, dados.nome, dados.nomeMae, 'maria@example.com', '98888-7777', 'Rua das Flores']) {
      expect(log).not.toContain(pessoal);
    }
    expect(log).not.toContain('params');
  });

  it('keeps the caller\'s CPF out of the log of a failed audit write', async () => {
    const cpf = cpfDe(4102);
    const s = await entrarComo(t.app, cpf);
    await t.db.execute(sql.raw('ALTER TABLE auditoria ADD CONSTRAINT teste_recusa_auditoria CHECK (false) NOT VALID'));
    try {
      linhas.length = 0;
      // A fisher calling a staff route: refused with 403, and the refusal's audit write fails.
      const r = await s.api({ method: 'GET', url: '/api/analise-solicitacao/totalizadores' });
      expect(r.statusCode).toBe(403);
    } finally {
      await t.db.execute(sql.raw('ALTER TABLE auditoria DROP CONSTRAINT teste_recusa_auditoria'));
    }
    const log = linhas.join('');
    expect(log).toContain('audit write failed');
    expect(log).toContain('teste_recusa_auditoria');
    expect(log).not.toContain(cpf);
    expect(log).not.toContain(cpf.slice(0, 9));
  });
});
