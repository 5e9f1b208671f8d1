import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodigoErro } from '../../../shared/codigos-erro';
import { Perfil } from '../../../shared/enums';
import { MENSAGENS_HORARIO_ACESSO } from '../../../shared/schemas/horario-acesso';
import { MENSAGENS_USUARIO_MAPA } from '../../../shared/schemas/usuario-mapa';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { portaLivre } from '../../test/porta-livre';

const GESTOR = '10000000108';
const ADMIN = '50000000566';
/** In the seeded local CPF registry, not yet a map user. */
const MARIA = '80000000833';
const JOSE = '80000000914';
const JOSE_PESSOA = { nome: 'José Ribamar Costa', cpf: JOSE, bloqueado: false };
/** Recorded twice in the seeded local CPF registry. */
const ANTONIO = '80000001058';

let t: TestApp;
let gestor: Sessao;
let admin: Sessao;

beforeAll(async () => {
  t = await createTestApp();
  gestor = await entrarComo(t.app, GESTOR);
  admin = await entrarComo(t.app, ADMIN);
});
afterAll(async () => {
  await t?.close();
});

/** The map-user payload of spec point 3: an SFPA analyst of Pará with custom hours, every day. */
function analistaPara(cpf: string, extra: Record<string, unknown> = {}) {
  return {
    usuario: { nome: 'Maria de Nazaré Souza', cpf, bloqueado: false },
    tipoUsuario: { id: Perfil.SFPA },
    siglaOrgao: 'SFPA-PA',
    ufOrgao: 'XX',
    matricula: '1234567',
    validade: null,
    email: 'maria.souza@pesca.gov.br',
    acessoCustomizado: true,
    horaLimiteInicioAcesso: '00:00',
    horaLimiteTerminoAcesso: '23:59',
    usuarioPodeAcessarTodosDias: true,
    ...extra,
  };
}

async function auditorias(acao: string, recursoId: string | number) {
  const r = await t.db.execute<{ cpf_ator: string; ip: string | null; detalhes: Record<string, unknown>; criado_em: Date }>(sql`
    SELECT cpf_ator, host(ip) AS ip, detalhes, criado_em FROM auditoria WHERE acao = ${acao} AND recurso_id = ${String(recursoId)} ORDER BY id`);
  return r.rows;
}

describe('GET /api/dados-bcpf/{cpf}', () => {
  it('answers the person behind a CPF from the local registry, and audits the lookup', async () => {
    const res = await gestor.api({ method: 'GET', url: '/api/dados-bcpf/800.000.008-33' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toEqual({ cpf: MARIA, nome: 'MARIA DE NAZARÉ SOUZA', matricula: '1234567', email: 'maria.souza@pesca.gov.br' });
    const [a] = await auditorias('CONSULTA_BCPF', MARIA);
    expect(a?.cpf_ator).toBe(GESTOR);
  });

  it("answers 404 'Não foi encontrado nenhum servidor cadastrado com esse CPF' for a CPF it does not hold", async () => {
    const res = await gestor.api({ method: 'GET', url: '/api/dados-bcpf/52998224725' });
    expect(res.statusCode).toBe(404);
    expect(res.json().mensagem).toBe(MENSAGENS_USUARIO_MAPA.nenhumServidorCpf);
  });

  it("answers 409 'Existe mais de 1 servidor registrado com esse mesmo cpf' for a CPF recorded twice", async () => {
    const res = await gestor.api({ method: 'GET', url: `/api/dados-bcpf/${ANTONIO}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().mensagem).toBe(MENSAGENS_USUARIO_MAPA.maisDeUmServidor);
  });

  it('refuses a CPF with wrong check digits before asking the registry', async () => {
    const res = await gestor.api({ method: 'GET', url: '/api/dados-bcpf/12345678900' });
    expect(res.statusCode).toBe(400);
    expect(res.json().erros).toEqual(['cpf: CPF inválido']);
  });

  it("answers 503 'Erro ao consultar CPF' when the real registry is configured and down", async () => {
    const porta = await portaLivre();
    const fora = await createTestApp({ env: { BCPF_URL: `http://127.0.0.1:${porta}/api`, BCPF_TIMEOUT_MS: '500' } });
    try {
      const s = await entrarComo(fora.app, GESTOR);
      const res = await s.api({ method: 'GET', url: `/api/dados-bcpf/${MARIA}` });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ mensagem: MENSAGENS_USUARIO_MAPA.erroConsultarCpf, codigoErro: CodigoErro.INDISPONIVEL });
    } finally {
      await fora.close();
    }
  });
});

describe('POST /api/usuario-mapa', () => {
  let idMaria = 0;

  it('creates an SFPA analyst of Pará with custom hours: agency kept, state from the code after the hyphen', async () => {
    const res = await gestor.api({ method: 'POST', url: '/api/usuario-mapa', payload: analistaPara('800.000.008-33') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe('Salvo com sucesso!!!');
    const u = res.json().dados;
    idMaria = u.id;
    expect(u).toMatchObject({
      usuario: { nome: 'MARIA DE NAZARÉ SOUZA', cpf: MARIA, bloqueado: false },
      tipoUsuario: { id: Perfil.SFPA, descricao: 'SFPA' },
      siglaOrgao: 'SFPA-PA', ufOrgao: 'PA', matricula: '1234567', validade: null, ativo: true,
      acessoCustomizado: true, horaLimiteInicioAcesso: '00:00', horaLimiteTerminoAcesso: '23:59', usuarioPodeAcessarTodosDias: true,
    });
    const [a] = await auditorias('USUARIO_MAPA_CRIADO', idMaria);
    expect(a).toMatchObject({ cpf_ator: GESTOR, detalhes: { antes: null, depois: { tipoUsuario: Perfil.SFPA, siglaOrgao: 'SFPA-PA', ufOrgao: 'PA' } } });
    expect(a?.ip).toBeTruthy();
  });

  it('refuses a second map user of the same CPF with 409', async () => {
    const res = await gestor.api({ method: 'POST', url: '/api/usuario-mapa', payload: analistaPara(MARIA) });
    expect(res.statusCode).toBe(409);
    expect(res.json().mensagem).toBe(MENSAGENS_USUARIO_MAPA.jaCadastrado);
    expect(res.json().codigoErro).toBe(CodigoErro.USUARIO_JA_CADASTRADO);
  });

  it.each([
    [Perfil.GESTOR, 'MPA', 'DF'],
    [Perfil.MPA, 'MPA', 'DF'],
    [Perfil.CONSULTA_EXTERNO, 'MPA', 'DF'],
    [Perfil.CONSULTA_INTERNO, 'SFPA-AM', 'AM'],
    [Perfil.SFPA, 'SFPA-RS', 'RS'],
  ])('derives the agency of profile %i from the profile (chosen SFPA-XX → %s/%s)', async (perfil, sigla, uf) => {
    const escolhida = sigla === 'MPA' ? 'SFPA-PA' : sigla;
    const res = await gestor.api({
      method: 'POST', url: '/api/usuario-mapa',
      payload: { ...analistaPara(JOSE), usuario: JOSE_PESSOA, id: null, tipoUsuario: { id: perfil }, siglaOrgao: escolhida, acessoCustomizado: false },
    });
    // The first iteration creates José; the rest update him (by id).
    const atual = (await gestor.api({ method: 'GET', url: `/api/usuario-mapa?cpf=${JOSE}` })).json().dados.usuarios[0];
    if (res.statusCode === 409) {
      const upd = await gestor.api({
        method: 'POST', url: '/api/usuario-mapa',
        payload: { ...analistaPara(JOSE), usuario: JOSE_PESSOA, id: atual.id, tipoUsuario: { id: perfil }, siglaOrgao: escolhida, acessoCustomizado: false },
      });
      expect(upd.statusCode, upd.body).toBe(200);
      expect(upd.json().dados).toMatchObject({ siglaOrgao: sigla, ufOrgao: uf });
    } else {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().dados).toMatchObject({ siglaOrgao: sigla, ufOrgao: uf });
    }
  });

  it('requires the agency of an SFPA or CONSULTA_INTERNO user, and an agency that exists', async () => {
    const sem = await gestor.api({ method: 'POST', url: '/api/usuario-mapa', payload: analistaPara(JOSE, { siglaOrgao: null }) });
    expect(sem.statusCode).toBe(400);
    expect(sem.json().erros).toContain(`siglaOrgao: ${MENSAGENS_USUARIO_MAPA.orgaoObrigatorio}`);
    const inexistente = await gestor.api({ method: 'POST', url: '/api/usuario-mapa', payload: analistaPara('52998224725', { siglaOrgao: 'SFPA-XX' }) });
    expect(inexistente.statusCode).toBe(400);
    expect(inexistente.json().mensagem).toBe(MENSAGENS_USUARIO_MAPA.orgaoInexistente);
  });

  it('refuses custom hours that are not HH:MM, missing, or with the start not before the end', async () => {
    const formato = await gestor.api({ method: 'POST', url: '/api/usuario-mapa', payload: analistaPara(JOSE, { horaLimiteInicioAcesso: '8:00' }) });
    expect(formato.statusCode).toBe(400);
    expect(formato.json().erros).toContain(`horaLimiteInicioAcesso: ${MENSAGENS_HORARIO_ACESSO.hora}`);
    const ordem = await gestor.api({
      method: 'POST', url: '/api/usuario-mapa', payload: analistaPara(JOSE, { horaLimiteInicioAcesso: '18:00', horaLimiteTerminoAcesso: '08:00' }),
    });
    expect(ordem.statusCode).toBe(400);
    expect(ordem.json().erros).toContain(`horaLimiteTerminoAcesso: ${MENSAGENS_HORARIO_ACESSO.inicioAntesTermino}`);
    const falta = await gestor.api({ method: 'POST', url: '/api/usuario-mapa', payload: analistaPara(JOSE, { horaLimiteTerminoAcesso: null }) });
    expect(falta.statusCode).toBe(400);
    expect(falta.json().erros).toContain(`horaLimiteTerminoAcesso: ${MENSAGENS_HORARIO_ACESSO.horaObrigatoria}`);
  });

  it('refuses the fisher profile and a CPF with wrong check digits', async () => {
    const res = await gestor.api({
      method: 'POST', url: '/api/usuario-mapa', payload: analistaPara('12345678900', { tipoUsuario: { id: Perfil.INTERESSADO } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().erros).toEqual(expect.arrayContaining(['usuario.cpf: CPF inválido', `tipoUsuario.id: ${MENSAGENS_USUARIO_MAPA.perfilInvalido}`]));
  });

  it('updates by id, keeps the CPF, and audits only what changed, before and after', async () => {
    const res = await gestor.api({
      method: 'POST', url: '/api/usuario-mapa', payload: analistaPara(MARIA, { id: idMaria, validade: '2099-12-31', matricula: '7654321' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toMatchObject({ validade: '2099-12-31', matricula: '7654321' });
    const registros = await auditorias('USUARIO_MAPA_ALTERADO', idMaria);
    expect(registros.at(-1)?.detalhes).toEqual({
      antes: { validade: null, matricula: '1234567' },
      depois: { validade: '2099-12-31', matricula: '7654321' },
    });
    const outroCpf = await gestor.api({ method: 'POST', url: '/api/usuario-mapa', payload: analistaPara(JOSE, { id: idMaria }) });
    expect(outroCpf.statusCode).toBe(400);
    expect(outroCpf.json().mensagem).toBe(MENSAGENS_USUARIO_MAPA.cpfNaoMuda);
    const inexistente = await gestor.api({ method: 'POST', url: '/api/usuario-mapa', payload: analistaPara(MARIA, { id: 999_999 }) });
    expect(inexistente.statusCode).toBe(404);
  });

  it('lets only an ADMIN grant or change the ADMIN profile', async () => {
    const cria = await gestor.api({ method: 'POST', url: '/api/usuario-mapa', payload: analistaPara('52998224725', { tipoUsuario: { id: Perfil.ADMIN } }) });
    expect(cria.statusCode).toBe(403);
    expect(cria.json().mensagem).toBe(MENSAGENS_USUARIO_MAPA.somenteAdminGereAdmin);
    const idAdmin = (await gestor.api({ method: 'GET', url: `/api/usuario-mapa?cpf=${ADMIN}` })).json().dados.usuarios[0].id as number;
    const rebaixa = await gestor.api({
      method: 'POST', url: '/api/usuario-mapa',
      payload: { ...analistaPara(ADMIN, { id: idAdmin }), usuario: { nome: 'X', cpf: ADMIN, bloqueado: true }, tipoUsuario: { id: Perfil.MPA } },
    });
    expect(rebaixa.statusCode).toBe(403);
  });
});

describe('GET /api/usuario-mapa', () => {
  it('filters by name, CPF, profile, agency, state and active, paginated in SQL, and audits the view', async () => {
    const porUf = await gestor.api({ method: 'GET', url: '/api/usuario-mapa?ufOrgao=pa&tipoUsuario=3&ativo=true&tamanhoPagina=1' });
    expect(porUf.statusCode, porUf.body).toBe(200);
    expect(porUf.json().dados.total).toBe(2);
    expect(porUf.json().dados.usuarios).toHaveLength(1);
    // Ordered by name: the demo analyst, then Maria on page 2.
    const pagina2 = await gestor.api({ method: 'GET', url: '/api/usuario-mapa?ufOrgao=PA&tipoUsuario=3&ativo=true&tamanhoPagina=1&pagina=2' });
    expect(pagina2.json().dados.usuarios[0].usuario.cpf).toBe(MARIA);
    const porNome = await gestor.api({ method: 'GET', url: '/api/usuario-mapa?nome=nazar%C3%A9' });
    expect(porNome.json().dados.usuarios.map((u: { usuario: { cpf: string } }) => u.usuario.cpf)).toEqual([MARIA]);
    const porOrgao = await gestor.api({ method: 'GET', url: '/api/usuario-mapa?siglaOrgao=SFPA-PA' });
    expect(porOrgao.json().dados.total).toBe(2);
    const ids = porOrgao.json().dados.usuarios.map((u: { id: number }) => u.id);
    const r = await t.db.execute<{ detalhes: { ids: number[] } }>(sql`
      SELECT detalhes FROM auditoria WHERE acao = 'VISUALIZACAO_LISTA_USUARIOS_MAPA' AND cpf_ator = ${GESTOR} ORDER BY id DESC LIMIT 1`);
    expect(r.rows[0]?.detalhes.ids).toEqual(ids);
  });

  it("answers the one user of a CPF, or total 0 with 'Nenhum Usuário foi encontrado!'", async () => {
    const um = await gestor.api({ method: 'GET', url: `/api/usuario-mapa?cpf=${MARIA}` });
    expect(um.json().dados.total).toBe(1);
    const nenhum = await gestor.api({ method: 'GET', url: '/api/usuario-mapa?cpf=52998224725' });
    expect(nenhum.statusCode).toBe(200);
    expect(nenhum.json()).toMatchObject({ mensagem: MENSAGENS_USUARIO_MAPA.nenhumUsuario, dados: { total: 0, usuarios: [] } });
  });

  it('treats % and _ in a name as themselves', async () => {
    const res = await gestor.api({ method: 'GET', url: '/api/usuario-mapa?nome=%25%25%25' });
    expect(res.json().dados.total).toBe(0);
  });
});

describe("a change applies at the user's very next request", () => {
  it('blocking, demoting and a passed validity end what an open session can do', async () => {
    const maria = await entrarComo(t.app, MARIA);
    const analises = { method: 'GET' as const, url: '/api/analise-solicitacao/totalizadores' };
    expect((await maria.api(analises)).statusCode).toBe(200);
    const atual = (await gestor.api({ method: 'GET', url: `/api/usuario-mapa?cpf=${MARIA}` })).json().dados.usuarios[0];
    const salvar = (extra: Record<string, unknown>, usuario: Record<string, unknown> = {}) => gestor.api({
      method: 'POST', url: '/api/usuario-mapa',
      payload: { ...analistaPara(MARIA, { id: atual.id, ...extra }), usuario: { nome: 'Maria de Nazaré Souza', cpf: MARIA, bloqueado: false, ...usuario } },
    });

    // Demoted to external read-only: the analyses are no longer hers, at once.
    expect((await salvar({ tipoUsuario: { id: Perfil.CONSULTA_EXTERNO } })).statusCode).toBe(200);
    expect((await maria.api(analises)).statusCode).toBe(403);
    expect((await salvar({})).statusCode).toBe(200);
    expect((await maria.api(analises)).statusCode).toBe(200);

    // Validity passed yesterday.
    expect((await salvar({ validade: '2020-01-01' })).statusCode).toBe(200);
    const vencida = await maria.api(analises);
    expect(vencida.statusCode).toBe(403);
    expect(vencida.json()).toMatchObject({ codigoErro: CodigoErro.FORA_DO_HORARIO });
    expect(vencida.json().mensagem).toContain('O prazo de validade do seu acesso terminou em 01/01/2020');

    // Blocked (ativo = false): the next request is refused with the reason, and the token cannot be refreshed.
    const bloqueio = await salvar({ validade: null }, { bloqueado: true });
    expect(bloqueio.json().dados).toMatchObject({ ativo: false, usuario: { bloqueado: true } });
    const bloqueada = await maria.api(analises);
    expect(bloqueada.statusCode).toBe(403);
    expect(bloqueada.json()).toMatchObject({
      codigoErro: CodigoErro.FORA_DO_HORARIO, mensagem: 'Usuário bloqueado. Procure o gestor do seu órgão para reativar o acesso.',
    });
    expect((await maria.api({ method: 'POST', url: '/api/auth/refresh', payload: {} })).statusCode).toBe(401);
  });
});

describe('PATCH /api/usuario-mapa/horario-acesso', () => {
  it("sets one user's custom hours, audited before and after, and back to the agency's", async () => {
    const jose = (await gestor.api({ method: 'GET', url: `/api/usuario-mapa?cpf=${JOSE}` })).json().dados.usuarios[0];
    const res = await gestor.api({
      method: 'PATCH', url: '/api/usuario-mapa/horario-acesso',
      payload: { id: jose.id, acessoCustomizado: true, horaLimiteInicioAcesso: '06:30', horaLimiteTerminoAcesso: '14:30', usuarioPodeAcessarTodosDias: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toMatchObject({ acessoCustomizado: true, horaLimiteInicioAcesso: '06:30', horaLimiteTerminoAcesso: '14:30' });
    const [a] = await auditorias('USUARIO_MAPA_HORARIO_ALTERADO', jose.id);
    expect(a?.detalhes).toEqual({
      antes: { acessoCustomizado: false, horaLimiteInicioAcesso: null, horaLimiteTerminoAcesso: null },
      depois: { acessoCustomizado: true, horaLimiteInicioAcesso: '06:30', horaLimiteTerminoAcesso: '14:30' },
    });
    const volta = await gestor.api({
      method: 'PATCH', url: '/api/usuario-mapa/horario-acesso', payload: { id: jose.id, acessoCustomizado: false, usuarioPodeAcessarTodosDias: true },
    });
    expect(volta.json().dados).toMatchObject({ acessoCustomizado: false, horaLimiteInicioAcesso: null, horaLimiteTerminoAcesso: null });
    const errado = await gestor.api({
      method: 'PATCH', url: '/api/usuario-mapa/horario-acesso',
      payload: { id: jose.id, acessoCustomizado: true, horaLimiteInicioAcesso: '14:30', horaLimiteTerminoAcesso: '14:30' },
    });
    expect(errado.statusCode).toBe(400);
    expect(errado.json().mensagem).toBe(MENSAGENS_HORARIO_ACESSO.inicioAntesTermino);
  });
});

describe('the registry always keeps an active manager', () => {
  it('refuses the last active manager blocking or demoting themself; allows it while another remains', async () => {
    const lista = async (cpf: string) => (await admin.api({ method: 'GET', url: `/api/usuario-mapa?cpf=${cpf}` })).json().dados.usuarios[0];
    const g = await lista(GESTOR);
    const a = await lista(ADMIN);
    const payload = (u: { id: number; usuario: { nome: string; cpf: string } }, perfil: number, bloqueado: boolean) => ({
      id: u.id, usuario: { nome: u.usuario.nome, cpf: u.usuario.cpf, bloqueado }, tipoUsuario: { id: perfil }, siglaOrgao: 'MPA',
      acessoCustomizado: true, horaLimiteInicioAcesso: '00:00', horaLimiteTerminoAcesso: '23:59', usuarioPodeAcessarTodosDias: true,
    });
    // The ADMIN demotes the GESTOR: the ADMIN remains.
    expect((await admin.api({ method: 'POST', url: '/api/usuario-mapa', payload: payload(g, Perfil.MPA, false) })).statusCode).toBe(200);
    // Now the ADMIN is the last manager: blocking or demoting themself is refused, and nothing changes.
    for (const [perfil, bloqueado] of [[Perfil.ADMIN, true], [Perfil.MPA, false]] as const) {
      const res = await admin.api({ method: 'POST', url: '/api/usuario-mapa', payload: payload(a, perfil, bloqueado) });
      expect(res.statusCode).toBe(409);
      expect(res.json().mensagem).toBe(MENSAGENS_USUARIO_MAPA.ultimoGestor);
      expect(res.json().codigoErro).toBe(CodigoErro.ULTIMO_GESTOR);
    }
    expect((await admin.api({ method: 'GET', url: '/api/usuario-mapa?tipoUsuario=5&ativo=true' })).json().dados.total).toBe(1);
    // The GESTOR back: the ADMIN may then step down.
    expect((await admin.api({ method: 'POST', url: '/api/usuario-mapa', payload: payload(g, Perfil.GESTOR, false) })).statusCode).toBe(200);
    const gestorDeNovo = await entrarComo(t.app, GESTOR);
    const [ultimo] = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM usuario_mapa WHERE tipo_usuario = 1`).then((r) => r.rows);
    expect(ultimo?.n).toBe(1);
    // The GESTOR, the last manager once the ADMIN is blocked, cannot block themself.
    await t.db.execute(sql`UPDATE usuario SET bloqueado = true WHERE cpf = ${ADMIN}`);
    const g2 = (await gestorDeNovo.api({ method: 'GET', url: `/api/usuario-mapa?cpf=${GESTOR}` })).json().dados.usuarios[0];
    const proprio = await gestorDeNovo.api({ method: 'POST', url: '/api/usuario-mapa', payload: payload(g2, Perfil.GESTOR, true) });
    expect(proprio.statusCode).toBe(409);
    await t.db.execute(sql`UPDATE usuario SET bloqueado = false WHERE cpf = ${ADMIN}`);
  });
});
