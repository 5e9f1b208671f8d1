import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodigoErro } from '../../../shared/codigos-erro';
import { Perfil } from '../../../shared/enums';
import { MENSAGENS_HORARIO_ACESSO } from '../../../shared/schemas/horario-acesso';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';

/** Wednesday 12 March 2025, 10:00 in São Paulo. */
const AGORA = new Date('2025-03-12T13:00:00Z');
const JOSE = '80000000914';

let t: TestApp;
let gestor: Sessao;

beforeAll(async () => {
  t = await createTestApp({ now: () => AGORA });
  gestor = await entrarComo(t.app, '10000000108');
});
afterAll(async () => {
  await t?.close();
});

function salvar(orgao: string, inicio: string, termino: string, todosDias = false) {
  return gestor.api({
    method: 'POST', url: '/api/configuracao-horario-acesso',
    payload: { configuracoes: [{ orgao, horaLimiteInicioAcesso: inicio, horaLimiteTerminoAcesso: termino, usuarioPodeAcessarTodosDias: todosDias }] },
  });
}

describe('GET /api/configuracao-horario-acesso', () => {
  it('lists every agency, the ministry first, configured or not', async () => {
    const res = await gestor.api({ method: 'GET', url: '/api/configuracao-horario-acesso' });
    expect(res.statusCode).toBe(200);
    const { configuracoes } = res.json().dados;
    expect(configuracoes).toHaveLength(28);
    expect(configuracoes[0]).toMatchObject({ orgao: 'MPA', nomeOrgao: 'Ministério da Pesca e Aquicultura' });
    expect(configuracoes.find((c: { orgao: string }) => c.orgao === 'SFPA-AP')).toMatchObject({
      idConfiguracao: null, horaLimiteInicioAcesso: null, horaLimiteTerminoAcesso: null, totalServidores: 0,
    });
  });
});

describe('POST /api/configuracao-horario-acesso', () => {
  it("saves an agency's hours with the spec's message, audited before and after", async () => {
    const res = await salvar('SFPA-AP', '08:00', '12:00');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe('Horários de acesso salvos com sucesso');
    const ap = res.json().dados.configuracoes.find((c: { orgao: string }) => c.orgao === 'SFPA-AP');
    expect(ap).toMatchObject({ horaLimiteInicioAcesso: '08:00', horaLimiteTerminoAcesso: '12:00', usuarioPodeAcessarTodosDias: false });
    expect(ap.idConfiguracao).toBeGreaterThan(0);
    const r = await t.db.execute<{ detalhes: unknown; cpf_ator: string }>(sql`
      SELECT detalhes, cpf_ator FROM auditoria WHERE acao = 'HORARIO_ACESSO_ORGAO_ALTERADO' ORDER BY id`);
    expect(r.rows.at(-1)).toMatchObject({
      cpf_ator: '10000000108',
      detalhes: { antes: null, depois: { orgao: 'SFPA-AP', horaLimiteInicioAcesso: '08:00', horaLimiteTerminoAcesso: '12:00' } },
    });
  });

  it('refuses a start not before the end, a time not HH:MM, an unknown agency and an agency twice', async () => {
    const ordem = await salvar('SFPA-AP', '12:00', '08:00');
    expect(ordem.statusCode).toBe(400);
    expect(ordem.json().erros).toContain(`configuracoes.0.horaLimiteTerminoAcesso: ${MENSAGENS_HORARIO_ACESSO.inicioAntesTermino}`);
    const formato = await salvar('SFPA-AP', '8h', '12:00');
    expect(formato.json().erros).toContain(`configuracoes.0.horaLimiteInicioAcesso: ${MENSAGENS_HORARIO_ACESSO.hora}`);
    const desconhecido = await salvar('SFPA-ZZ', '08:00', '12:00');
    expect(desconhecido.statusCode).toBe(400);
    expect(desconhecido.json().mensagem).toBe(MENSAGENS_HORARIO_ACESSO.orgaoInexistente);
    const repetido = await gestor.api({
      method: 'POST', url: '/api/configuracao-horario-acesso',
      payload: { configuracoes: [1, 2].map(() => ({ orgao: 'SFPA-AP', horaLimiteInicioAcesso: '08:00', horaLimiteTerminoAcesso: '12:00' })) },
    });
    expect(repetido.statusCode).toBe(400);
    expect(repetido.json().erros).toContain(`configuracoes.1.orgao: ${MENSAGENS_HORARIO_ACESSO.orgaoRepetido}`);
  });
});

describe('the access window reads the agency hours at each request', () => {
  let jose: Sessao;
  let idJose = 0;

  it("lets a user without custom hours in only inside the agency's hours", async () => {
    const cria = await gestor.api({
      method: 'POST', url: '/api/usuario-mapa',
      payload: {
        usuario: { nome: 'José Ribamar Costa', cpf: JOSE, bloqueado: false }, tipoUsuario: { id: Perfil.SFPA }, siglaOrgao: 'SFPA-AP',
        acessoCustomizado: false, usuarioPodeAcessarTodosDias: false,
      },
    });
    expect(cria.statusCode, cria.body).toBe(200);
    idJose = cria.json().dados.id;
    jose = await entrarComo(t.app, JOSE);
    const analises = { method: 'GET' as const, url: '/api/analise-solicitacao/totalizadores' };
    expect((await jose.api(analises)).statusCode).toBe(200);

    expect((await salvar('SFPA-AP', '14:00', '18:00')).statusCode).toBe(200);
    const fora = await jose.api(analises);
    expect(fora.statusCode).toBe(403);
    expect(fora.json()).toMatchObject({
      codigoErro: CodigoErro.FORA_DO_HORARIO,
      mensagem: 'Acesso fora do horário permitido. Seu acesso é permitido de segunda a sexta-feira, das 14:00 às 18:00 (horário de Brasília).',
    });
  });

  it("PATCH usuario-unidade-trabalho makes the agency's users follow its hours again", async () => {
    const custom = await gestor.api({
      method: 'PATCH', url: '/api/usuario-mapa/horario-acesso',
      payload: { id: idJose, acessoCustomizado: true, horaLimiteInicioAcesso: '07:00', horaLimiteTerminoAcesso: '11:00', usuarioPodeAcessarTodosDias: false },
    });
    expect(custom.statusCode).toBe(200);
    const analises = { method: 'GET' as const, url: '/api/analise-solicitacao/totalizadores' };
    expect((await jose.api(analises)).statusCode).toBe(200);

    const res = await gestor.api({ method: 'PATCH', url: '/api/configuracao-horario-acesso/usuario-unidade-trabalho', payload: { orgao: 'sfpa-ap' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mensagem: 'Horário do órgão aplicado a 1 servidor.', dados: { orgao: 'SFPA-AP', servidoresAtualizados: 1 } });
    expect((await jose.api(analises)).statusCode).toBe(403);
    const r = await t.db.execute<{ detalhes: { antes: unknown[] } }>(sql`
      SELECT detalhes FROM auditoria WHERE acao = 'USUARIO_MAPA_HORARIO_ORGAO_APLICADO' AND recurso_id = 'SFPA-AP'`);
    expect(r.rows[0]?.detalhes.antes).toEqual([{
      id: idJose, acessoCustomizado: true, horaLimiteInicioAcesso: '07:00', horaLimiteTerminoAcesso: '11:00', usuarioPodeAcessarTodosDias: false,
    }]);
  });

  it('answers 404 HORARIO_NADA_A_APLICAR for an agency without hours or without users (the client tells it as information)', async () => {
    const semHorario = await gestor.api({ method: 'PATCH', url: '/api/configuracao-horario-acesso/usuario-unidade-trabalho', payload: { orgao: 'SFPA-RO' } });
    expect(semHorario.statusCode).toBe(404);
    expect(semHorario.json().mensagem).toBe(MENSAGENS_HORARIO_ACESSO.semConfiguracao);
    expect(semHorario.json().codigoErro).toBe(CodigoErro.HORARIO_NADA_A_APLICAR);
    expect((await salvar('SFPA-RO', '08:00', '17:00')).statusCode).toBe(200);
    const semServidores = await gestor.api({ method: 'PATCH', url: '/api/configuracao-horario-acesso/usuario-unidade-trabalho', payload: { orgao: 'SFPA-RO' } });
    expect(semServidores.statusCode).toBe(404);
    expect(semServidores.json().mensagem).toBe(MENSAGENS_HORARIO_ACESSO.semServidores);
    expect(semServidores.json().codigoErro).toBe(CodigoErro.HORARIO_NADA_A_APLICAR);
  });
});
