import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hojeSaoPaulo } from '../../../shared/datas';
import { MENSAGENS_ATO_NORMATIVO } from '../../../shared/schemas/ato-normativo';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';

/** Normative acts (issue 11 point 3, decision 0030): the rules, the messages, the audit and the deletion conflict. */
let t: TestApp;
let gestor: Sessao;
const CPF_GESTOR = '10000000108';

/** A day `n` days from today (São Paulo), yyyy-MM-dd. */
function dia(n: number): string {
  const d = new Date(`${hojeSaoPaulo()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

async function criar(corpo: Record<string, unknown>) {
  return gestor.api({ method: 'POST', url: '/api/ato-normativo', payload: corpo });
}

beforeAll(async () => {
  t = await createTestApp();
  gestor = await entrarComo(t.app, CPF_GESTOR);
});
afterAll(async () => {
  await t?.close();
});

describe('the act in force', () => {
  it('answers null with the warning when no act is in force, then the act that started last among those in force', async () => {
    let res = await gestor.api({ method: 'GET', url: '/api/ato-normativo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dados: null, mensagem: MENSAGENS_ATO_NORMATIVO.semVigente });

    // One ended yesterday, one starts tomorrow: neither is in force.
    expect((await criar({ nome: 'Portaria antiga', descricao: 'Vigência encerrada.', dataInicioVigencia: dia(-30), dataTerminoVigencia: dia(-1) })).statusCode).toBe(200);
    expect((await criar({ nome: 'Portaria futura', descricao: 'Ainda não vigente.', dataInicioVigencia: dia(1) })).statusCode).toBe(200);
    res = await gestor.api({ method: 'GET', url: '/api/ato-normativo' });
    expect(res.json().dados).toBeNull();

    // Two in force at once (decision 0030): the one that started last is "the act in force".
    await criar({ nome: 'Portaria MPA nº 1', descricao: 'Recadastramento nacional.', dataInicioVigencia: dia(-10), dataTerminoVigencia: dia(10) });
    await criar({ nome: 'Portaria MPA nº 2', descricao: 'Força-tarefa Norte.', dataInicioVigencia: dia(0) });
    res = await gestor.api({ method: 'GET', url: '/api/ato-normativo' });
    expect(res.json().dados).toMatchObject({ nome: 'Portaria MPA nº 2', vigente: true, dataTerminoVigencia: null });
  });
});

describe('creating and updating', () => {
  it('creates with the spec message; who saved it and from where are the server\'s; the audit keeps the after', async () => {
    const res = await criar({
      nome: 'Portaria SAP nº 3', descricao: 'Atos do registro.', dataInicioVigencia: dia(-1), dataTerminoVigencia: dia(100),
      usuarioInternoGravou: '99999999999', ipOrigemAlteracao: '6.6.6.6',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe('Ato normativo criado com sucesso.');
    const { id } = res.json().dados as { id: number };
    const { rows } = await t.db.execute<{ usuario: string; ip: string }>(sql`
      SELECT usuario_interno_gravou AS usuario, ip_origem_alteracao AS ip FROM ato_normativo WHERE id = ${id}`);
    expect(rows[0]!.usuario).toBe(CPF_GESTOR);
    expect(rows[0]!.ip).not.toBe('6.6.6.6');
    const audit = await t.db.execute<{ cpf: string; ip: string | null; detalhes: { depois: { nome: string } } }>(sql`
      SELECT cpf_ator AS cpf, ip, detalhes FROM auditoria WHERE acao = 'ATO_NORMATIVO_CRIADO' AND recurso_id = ${String(id)}`);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.cpf).toBe(CPF_GESTOR);
    expect(audit.rows[0]!.ip).toBeTruthy();
    expect(audit.rows[0]!.detalhes.depois.nome).toBe('Portaria SAP nº 3');
  });

  it('refuses a validity that does not start before it ends, at the end date\'s field', async () => {
    for (const fim of [dia(5), dia(4)]) {
      const res = await criar({ nome: 'Portaria', descricao: 'x', dataInicioVigencia: dia(5), dataTerminoVigencia: fim });
      expect(res.statusCode).toBe(400);
      expect(res.json().mensagem).toBe(MENSAGENS_ATO_NORMATIVO.vigenciaInvalida);
      expect(res.json().erros).toContain(`dataTerminoVigencia: ${MENSAGENS_ATO_NORMATIVO.vigenciaInvalida}`);
    }
  });

  it('refuses missing fields and impossible dates, naming each field', async () => {
    const res = await criar({ nome: '', dataInicioVigencia: '2025-02-30' });
    expect(res.statusCode).toBe(400);
    const erros = res.json().erros as string[];
    expect(erros.some((e) => e.startsWith('nome:'))).toBe(true);
    expect(erros.some((e) => e.startsWith('descricao:'))).toBe(true);
    expect(erros).toContain(`dataInicioVigencia: ${MENSAGENS_ATO_NORMATIVO.dataInvalida}`);
  });

  it('updates with the spec message and audits before and after', async () => {
    const { id } = (await criar({ nome: 'Portaria a corrigir', descricao: 'Texto.', dataInicioVigencia: dia(-2) })).json().dados as { id: number };
    const res = await gestor.api({
      method: 'PUT', url: '/api/ato-normativo', payload: { id, nome: 'Portaria corrigida', descricao: 'Texto.', dataInicioVigencia: dia(-2), dataTerminoVigencia: dia(30) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe('Ato normativo atualizado com sucesso.');
    expect(res.json().dados).toMatchObject({ id, nome: 'Portaria corrigida', dataTerminoVigencia: dia(30) });
    const audit = await t.db.execute<{ detalhes: { antes: { nome: string }; depois: { nome: string } } }>(sql`
      SELECT detalhes FROM auditoria WHERE acao = 'ATO_NORMATIVO_ATUALIZADO' AND recurso_id = ${String(id)}`);
    expect(audit.rows[0]!.detalhes).toMatchObject({ antes: { nome: 'Portaria a corrigir' }, depois: { nome: 'Portaria corrigida' } });
    const naoHa = await gestor.api({ method: 'PUT', url: '/api/ato-normativo', payload: { id: 999_999, nome: 'x', descricao: 'x', dataInicioVigencia: dia(0) } });
    expect(naoHa.statusCode).toBe(404);
  });
});

describe('the list', () => {
  it('filters by name and by being in force, paginated in SQL with the total', async () => {
    const res = await gestor.api({ method: 'GET', url: '/api/ato-normativo/listar?nome=portaria%20mpa&tamanhoPagina=1&pagina=2' });
    expect(res.statusCode, res.body).toBe(200);
    const { total, atosNormativos } = res.json().dados as { total: number; atosNormativos: { nome: string }[] };
    expect(total).toBe(2);
    expect(atosNormativos.map((a) => a.nome)).toEqual(['Portaria MPA nº 1']);
    const vigentes = (await gestor.api({ method: 'GET', url: '/api/ato-normativo/listar?vigente=true' })).json().dados as { atosNormativos: { nome: string; vigente: boolean }[] };
    expect(vigentes.atosNormativos.every((a) => a.vigente)).toBe(true);
    expect(vigentes.atosNormativos.map((a) => a.nome)).not.toContain('Portaria antiga');
    const foraDeVigor = (await gestor.api({ method: 'GET', url: '/api/ato-normativo/listar?vigente=false' })).json().dados as { atosNormativos: { nome: string }[] };
    expect(foraDeVigor.atosNormativos.map((a) => a.nome).sort()).toEqual(['Portaria antiga', 'Portaria futura']);
  });
});

describe('deleting', () => {
  it('answers 409 while a task force cites the act, and deletes it once none does', async () => {
    const { id } = (await criar({ nome: 'Portaria citada', descricao: 'Base da força-tarefa.', dataInicioVigencia: dia(0) })).json().dados as { id: number };
    const { rows } = await t.db.execute<{ id: number }>(sql`
      INSERT INTO forca_tarefa (titulo, ato_normativo_id, data_limite) VALUES ('Mutirão', ${id}, ${dia(10)}) RETURNING id`);
    let res = await gestor.api({ method: 'DELETE', url: `/api/ato-normativo/${id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ mensagem: MENSAGENS_ATO_NORMATIVO.emUso, codigoErro: 'CONFLITO' });
    expect((await gestor.api({ method: 'GET', url: `/api/ato-normativo/${id}` })).statusCode).toBe(200);
    await t.db.execute(sql`DELETE FROM forca_tarefa WHERE id = ${rows[0]!.id}`);
    res = await gestor.api({ method: 'DELETE', url: `/api/ato-normativo/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().mensagem).toBe('Removido com sucesso!');
    expect((await gestor.api({ method: 'GET', url: `/api/ato-normativo/${id}` })).statusCode).toBe(404);
    const audit = await t.db.execute(sql`SELECT 1 FROM auditoria WHERE acao = 'ATO_NORMATIVO_EXCLUIDO' AND recurso_id = ${String(id)}`);
    expect(audit.rows).toHaveLength(1);
  });

  it('answers 409 for a reference from any table, even one this module has never heard of (a batch)', async () => {
    const { id } = (await criar({ nome: 'Portaria de lote', descricao: 'Base de um lote.', dataInicioVigencia: dia(0) })).json().dados as { id: number };
    await t.db.execute(sql`CREATE TABLE tabela_que_cita_ato (id serial PRIMARY KEY, ato_normativo_id integer NOT NULL REFERENCES ato_normativo(id))`);
    await t.db.execute(sql`INSERT INTO tabela_que_cita_ato (ato_normativo_id) VALUES (${id})`);
    const res = await gestor.api({ method: 'DELETE', url: `/api/ato-normativo/${id}` });
    expect(res.statusCode).toBe(409);
    const recusa = await t.db.execute(sql`SELECT 1 FROM auditoria WHERE acao = 'ATO_NORMATIVO_EXCLUSAO_RECUSADA' AND recurso_id = ${String(id)}`);
    expect(recusa.rows).toHaveLength(1);
    expect((await gestor.api({ method: 'DELETE', url: '/api/ato-normativo/999999' })).statusCode).toBe(404);
  });
});
