import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hojeSaoPaulo } from '../../../shared/datas';
import { MENSAGENS_FORCA_TAREFA } from '../../../shared/schemas/forca-tarefa';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';

/**
 * Task forces (issue 11 point 4, decision 0031): the payload, the messages, the server-kept fields, the audit, and
 * the scope they widen — an SFPA analyst of Pará in a task force serving Maranhão sees Maranhão's analyses until
 * the deadline, and not after, without anyone switching the task force off.
 */
let t: TestApp;
let gestor: Sessao;
let sfpa: Sessao;
let ato = 0;
let idSfpaPa = 0;
let idSfpaAm = 0;
let idGestor = 0;
const CPF_GESTOR = '10000000108';

function dia(n: number): string {
  const d = new Date(`${hojeSaoPaulo()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

async function idMapa(cpf: string): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    SELECT um.id FROM usuario_mapa um JOIN usuario u ON u.id = um.usuario_id WHERE u.cpf = ${cpf}`);
  return rows[0]!.id;
}

/** A fisher of `uf` with a sent request and its waiting analysis, straight in SQL. */
async function analiseEm(uf: string): Promise<number> {
  const cpf = crypto.randomInt(10 ** 10, 10 ** 11 - 1).toString().padStart(11, '0');
  const { rows } = await t.db.execute<{ id: number }>(sql`
    WITH p AS (INSERT INTO pescador (cpf, nome, uf) VALUES (${cpf}, 'PESCADORA DE TESTE', ${uf}) RETURNING id),
    s AS (
      INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, uf_pescador, enviada_em)
      SELECT id, 1, 6, 5, ${uf}, now() FROM p RETURNING id
    )
    INSERT INTO analise_solicitacao (solicitacao_id, situacao_analise, uf_pescador) SELECT id, 1, ${uf} FROM s RETURNING id`);
  return rows[0]!.id;
}

function corpo(extra: Record<string, unknown> = {}) {
  return { titulo: 'Mutirão Norte', ufAtendidas: ['MA', 'PI'], ativa: true, atoNormativo: ato, dataLimite: dia(30), servidores: [idSfpaPa], ...extra };
}

beforeAll(async () => {
  t = await createTestApp();
  gestor = await entrarComo(t.app, CPF_GESTOR);
  sfpa = await entrarComo(t.app, '30000000388');
  const res = await gestor.api({ method: 'POST', url: '/api/ato-normativo', payload: { nome: 'Portaria da força-tarefa', descricao: 'Base.', dataInicioVigencia: dia(-1) } });
  ato = res.json().dados.id as number;
  idSfpaPa = await idMapa('30000000388');
  idGestor = await idMapa(CPF_GESTOR);
  const { rows } = await t.db.execute<{ id: number }>(sql`
    WITH u AS (INSERT INTO usuario (cpf, nome) VALUES ('11144477735', 'ANALISTA SFPA-AM') RETURNING id)
    INSERT INTO usuario_mapa (usuario_id, tipo_usuario, sigla_orgao, uf_orgao, acesso_customizado, hora_limite_inicio_acesso,
      hora_limite_termino_acesso, usuario_pode_acessar_todos_dias)
    SELECT id, 3, 'SFPA-AM', 'AM', true, '00:00', '23:59', true FROM u RETURNING id`);
  idSfpaAm = rows[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('saving a task force', () => {
  it('creates from the spec payload; who saved it, from where and when are the server\'s, never the client\'s', async () => {
    const res = await gestor.api({
      method: 'POST', url: '/api/forca-tarefa',
      payload: { ...corpo(), usuarioInternoGravou: '99999999999', ipOrigemAlteracao: '6.6.6.6', dataCriacao: '2000-01-01T00:00:00Z' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe('Força tarefa criada com sucesso.');
    const f = res.json().dados;
    expect(f).toMatchObject({
      titulo: 'Mutirão Norte', ufAtendidas: ['MA', 'PI'], ativa: true, emVigor: true, atoNormativo: { id: ato },
      forcaTarefaLotacao: [{ usuarioMapa: { id: idSfpaPa, siglaOrgao: 'SFPA-PA', ufOrgao: 'PA' } }],
      usuarioInternoGravou: '***.000.001-**',
    });
    expect(f.ipOrigemAlteracao).not.toBe('6.6.6.6');
    expect(f.dataCriacao.startsWith('2000')).toBe(false);
    expect(JSON.stringify(f)).not.toContain('30000000388');
    const { rows } = await t.db.execute<{ usuario: string }>(sql`SELECT usuario_interno_gravou AS usuario FROM forca_tarefa WHERE id = ${f.id}`);
    expect(rows[0]!.usuario).toBe(CPF_GESTOR);
    await gestor.api({ method: 'DELETE', url: `/api/forca-tarefa/remover/${f.id}` });
  });

  it('refuses a task force with no server, with the spec message', async () => {
    const res = await gestor.api({ method: 'POST', url: '/api/forca-tarefa', payload: corpo({ servidores: [] }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().mensagem).toBe('Não foi informado nenhum servidor!');
  });

  it('refuses missing fields, an unknown state, a past deadline, an unknown act and a server who is not SFPA', async () => {
    let res = await gestor.api({ method: 'POST', url: '/api/forca-tarefa', payload: { servidores: [idSfpaPa] } });
    expect(res.statusCode).toBe(400);
    const erros = res.json().erros as string[];
    for (const campo of ['titulo', 'ufAtendidas', 'atoNormativo', 'dataLimite']) expect(erros.some((e) => e.startsWith(`${campo}:`)), campo).toBe(true);
    res = await gestor.api({ method: 'POST', url: '/api/forca-tarefa', payload: corpo({ ufAtendidas: ['XX'] }) });
    expect(res.json().erros).toContain(`ufAtendidas.0: ${MENSAGENS_FORCA_TAREFA.ufInvalida}`);
    res = await gestor.api({ method: 'POST', url: '/api/forca-tarefa', payload: corpo({ dataLimite: dia(-1) }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().mensagem).toBe(MENSAGENS_FORCA_TAREFA.dataLimitePassada);
    res = await gestor.api({ method: 'POST', url: '/api/forca-tarefa', payload: corpo({ atoNormativo: 999_999 }) });
    expect(res.statusCode).toBe(400);
    res = await gestor.api({ method: 'POST', url: '/api/forca-tarefa', payload: corpo({ servidores: [idGestor] }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().mensagem).toBe(MENSAGENS_FORCA_TAREFA.servidorInvalido);
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM forca_tarefa`);
    expect(rows[0]!.n).toBe(0);
  });

  it('updates, removes a server and a state, toggles, deletes — each with its spec message, each audited before and after', async () => {
    const criada = await gestor.api({ method: 'POST', url: '/api/forca-tarefa', payload: corpo({ servidores: [idSfpaPa, { id: idSfpaAm }] }) });
    const id = criada.json().dados.id as number;

    let res = await gestor.api({ method: 'PUT', url: '/api/forca-tarefa', payload: corpo({ id, titulo: 'Mutirão Norte II', servidores: [idSfpaPa, idSfpaAm], ufAtendidas: ['MA', 'PI', 'CE'] }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe('Força Tarefa Atualizada!.');
    expect(res.json().dados).toMatchObject({ titulo: 'Mutirão Norte II', ufAtendidas: ['CE', 'MA', 'PI'] });

    res = await gestor.api({ method: 'POST', url: '/api/forca-tarefa/remover-servidor', payload: { id, servidores: [idSfpaAm] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe('Servidor Removido!');
    expect(res.json().dados.forcaTarefaLotacao).toHaveLength(1);
    res = await gestor.api({ method: 'POST', url: '/api/forca-tarefa/remover-servidor', payload: { id, servidores: [idSfpaPa] } });
    expect(res.statusCode).toBe(406);
    expect(res.json().mensagem).toBe(MENSAGENS_FORCA_TAREFA.ultimoServidor);

    res = await gestor.api({ method: 'POST', url: '/api/forca-tarefa/remover-uf', payload: { id, uf: 'CE' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe('Removido com sucesso!');
    expect(res.json().dados.ufAtendidas).toEqual(['MA', 'PI']);
    res = await gestor.api({ method: 'POST', url: '/api/forca-tarefa/remover-uf', payload: { id, uf: 'SP' } });
    expect(res.statusCode).toBe(400);

    res = await gestor.api({ method: 'PUT', url: '/api/forca-tarefa/ativa-desativa/', payload: { id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mensagem: 'Força Tarefa Atualizada!.', dados: { ativa: false, emVigor: false } });
    res = await gestor.api({ method: 'PUT', url: '/api/forca-tarefa/ativa-desativa', payload: { id, ativa: true } });
    expect(res.json().dados.ativa).toBe(true);

    const lista = await gestor.api({ method: 'GET', url: '/api/forca-tarefa/consultar/filtro?uf=MA&ativa=true&titulo=norte' });
    expect(lista.json().dados).toMatchObject({ total: 1, forcasTarefa: [{ id }] });
    expect((await gestor.api({ method: 'GET', url: '/api/forca-tarefa/consultar/filtro?uf=SP' })).json().dados.total).toBe(0);

    res = await gestor.api({ method: 'DELETE', url: `/api/forca-tarefa/remover/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().mensagem).toBe('Removido com sucesso!');
    expect((await gestor.api({ method: 'GET', url: `/api/forca-tarefa/${id}` })).statusCode).toBe(404);

    const { rows } = await t.db.execute<{ acao: string; cpf: string; ip: string | null; detalhes: { antes?: unknown; depois?: unknown } }>(sql`
      SELECT acao, cpf_ator AS cpf, ip, detalhes FROM auditoria WHERE recurso = 'forca-tarefa' AND recurso_id = ${String(id)}
        AND acao LIKE 'FORCA_TAREFA_%' ORDER BY id`);
    expect(rows.map((r) => r.acao)).toEqual([
      'FORCA_TAREFA_CRIADA', 'FORCA_TAREFA_ATUALIZADA', 'FORCA_TAREFA_SERVIDOR_REMOVIDO', 'FORCA_TAREFA_UF_REMOVIDA',
      'FORCA_TAREFA_ATIVA_ALTERADA', 'FORCA_TAREFA_ATIVA_ALTERADA', 'FORCA_TAREFA_EXCLUIDA',
    ]);
    expect(rows.every((r) => r.cpf === CPF_GESTOR && r.ip)).toBe(true);
    expect(rows[1]!.detalhes).toMatchObject({ antes: { titulo: 'Mutirão Norte' }, depois: { titulo: 'Mutirão Norte II' } });
    expect(rows[2]!.detalhes).toMatchObject({ antes: { servidores: expect.arrayContaining([idSfpaAm, idSfpaPa]) }, depois: { servidores: [idSfpaPa] } });
  });

  it('offers as servers the SFPA map users who are not blocked', async () => {
    const res = await gestor.api({ method: 'GET', url: '/api/forca-tarefa/servidores?nome=sfpa' });
    expect(res.statusCode).toBe(200);
    const ids = (res.json().dados.servidores as { id: number }[]).map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([idSfpaPa, idSfpaAm]));
    expect(ids).not.toContain(idGestor);
    expect(res.body).not.toContain('30000000388');
  });
});

describe('the scope a task force widens', () => {
  it('lets an SFPA analyst of PA see MA analyses until the deadline, and not after, with nobody switching it off', async () => {
    const analiseMa = await analiseEm('MA');
    const analiseSp = await analiseEm('SP');
    const veMa = async () => {
      const res = await sfpa.api({ method: 'GET', url: '/api/analise-solicitacao?uf=MA&tamanhoPagina=100' });
      expect(res.statusCode).toBe(200);
      return (res.json().dados.analises as { idAnaliseSolicitacao: number }[]).some((a) => a.idAnaliseSolicitacao === analiseMa);
    };
    const ufs = async () => (await sfpa.api({ method: 'GET', url: '/api/analise-solicitacao/ufs-escopo' })).json().dados as { ufs: string[]; nacional: boolean };

    expect(await veMa()).toBe(false);
    expect(await ufs()).toEqual({ ufs: ['PA'], nacional: false });
    expect((await sfpa.api({ method: 'GET', url: `/api/analise-solicitacao/${analiseMa}` })).statusCode).toBe(403);

    // The deadline is today: the last day the task force is in force.
    const res = await gestor.api({ method: 'POST', url: '/api/forca-tarefa', payload: corpo({ dataLimite: dia(0) }) });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().dados.id as number;
    expect(await veMa()).toBe(true);
    expect(await ufs()).toEqual({ ufs: ['MA', 'PA', 'PI'], nacional: false });
    expect((await sfpa.api({ method: 'GET', url: `/api/analise-solicitacao/${analiseMa}` })).statusCode).toBe(200);
    expect((await sfpa.api({ method: 'GET', url: `/api/analise-solicitacao/${analiseSp}` })).statusCode).toBe(403);

    // The next day (the deadline moved to yesterday stands for a day passing): the same session, no one acting.
    await t.db.execute(sql`UPDATE forca_tarefa SET data_limite = ${dia(-1)} WHERE id = ${id}`);
    expect(await veMa()).toBe(false);
    expect(await ufs()).toEqual({ ufs: ['PA'], nacional: false });
    expect((await sfpa.api({ method: 'GET', url: `/api/analise-solicitacao/${analiseMa}` })).statusCode).toBe(403);
    const lista = await gestor.api({ method: 'GET', url: `/api/forca-tarefa/${id}` });
    expect(lista.json().dados).toMatchObject({ ativa: true, emVigor: false });

    // Switched off before its deadline: no wider scope either.
    await t.db.execute(sql`UPDATE forca_tarefa SET data_limite = ${dia(5)} WHERE id = ${id}`);
    expect(await veMa()).toBe(true);
    await gestor.api({ method: 'PUT', url: '/api/forca-tarefa/ativa-desativa', payload: { id, ativa: false } });
    expect(await veMa()).toBe(false);
  });

  it('answers every state to staff of national scope', async () => {
    const res = await gestor.api({ method: 'GET', url: '/api/analise-solicitacao/ufs-escopo' });
    expect(res.json().dados.nacional).toBe(true);
    expect(res.json().dados.ufs).toHaveLength(27);
  });
});
