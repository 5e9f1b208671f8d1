import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UsuarioMapa } from '../../../shared/schemas/usuario-mapa';
import { setToken } from '../../lib/storage';
import { fail, installMockHttp, ok, type MockHttp } from '../../test/http';
import { renderApp } from '../../test/render-app';
import { staffToken } from '../../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeAll(async () => {
  await import('../../routes/administracao-usuarios');
  await import('../../routes/administracao');
});
beforeEach(() => {
  http = installMockHttp();
});
afterEach(() => {
  http.restore();
  restoreNavigation?.();
});

function open(path: string) {
  const app = renderApp(path);
  restoreNavigation = app.restoreNavigation;
  return app;
}

const GESTOR = () => staffToken({ perfil: 1, siglaOrgao: 'MPA', ufOrgao: 'DF' });

function usuario(extra: Partial<UsuarioMapa> = {}): UsuarioMapa {
  return {
    id: 9,
    usuario: { id: 19, nome: 'MARIA DE NAZARÉ SOUZA', cpf: '80000000833', bloqueado: false },
    tipoUsuario: { id: 3, descricao: 'SFPA' },
    siglaOrgao: 'SFPA-PA', ufOrgao: 'PA', matricula: '1234567', validade: null, email: null,
    acessoCustomizado: false, horaLimiteInicioAcesso: null, horaLimiteTerminoAcesso: null, usuarioPodeAcessarTodosDias: false, ativo: true,
    ...extra,
  };
}

describe('/administracao', () => {
  it('shows the GESTOR every area, and CONSULTA_INTERNO only those it reads', async () => {
    setToken(GESTOR());
    const app = open('/administracao');
    await screen.findByRole('heading', { level: 1, name: 'Administração' });
    expect(screen.getByRole('link', { name: 'Processamento em lote' }).getAttribute('href')).toBe('/administracao/processamento-lote');
    expect(screen.getByRole('link', { name: 'Prazos da REAP' }).getAttribute('href')).toBe('/administracao/prazos-reap');
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    app.unmount();
    restoreNavigation?.();

    setToken(staffToken({ perfil: 6 }));
    open('/administracao');
    await screen.findByRole('heading', { level: 1, name: 'Administração' });
    expect(screen.queryByRole('link', { name: 'Processamento em lote' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Prazos da REAP' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Usuários' }).getAttribute('href')).toBe('/administracao/usuarios');
  });

  it('tells an analyst the area is not theirs', async () => {
    setToken(staffToken({ perfil: 3 }));
    open('/administracao');
    await screen.findByRole('heading', { level: 1, name: 'Acesso não permitido' });
  });
});

describe('/administracao/usuarios/editar', () => {
  it('looks a new CPF up in the CPF registry, derives the state from the agency, and saves the map-user payload', async () => {
    setToken(GESTOR());
    // The list the screen goes to after saving; the lookup of the new CPF (later handlers match first).
    http.get(/^\/api\/usuario-mapa\?/, ok({ total: 1, usuarios: [usuario()] }));
    http.get(/^\/api\/usuario-mapa\?cpf=80000000833/, ok({ total: 0, usuarios: [] }));
    http.get('/api/dados-bcpf/80000000833', ok({ cpf: '80000000833', nome: 'MARIA DE NAZARÉ SOUZA', matricula: '1234567', email: null }));
    http.post('/api/usuario-mapa', { status: 200, data: { codigo: 200, mensagem: 'Salvo com sucesso!!!', dados: usuario() } });
    const app = open('/administracao/usuarios/editar');

    await screen.findByRole('heading', { name: 'Cadastrar servidor' });
    fireEvent.input(screen.getByLabelText('CPF'), { target: { value: '80000000833' } });
    fireEvent.click(screen.getByRole('button', { name: /Consultar CPF/ }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Nome').value).toBe('MARIA DE NAZARÉ SOUZA'));
    expect(screen.getByLabelText<HTMLInputElement>(/Matrícula/).value).toBe('1234567');

    fireEvent.change(screen.getByLabelText('Perfil'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Órgão de lotação'), { target: { value: 'SFPA-PA' } });
    expect(screen.getByLabelText<HTMLInputElement>('UF do órgão').value).toBe('PA');
    fireEvent.click(screen.getByLabelText('Horário personalizado (em vez do horário do órgão)'));
    fireEvent.change(await screen.findByLabelText('Início do acesso'), { target: { value: '07:00' } });
    fireEvent.change(screen.getByLabelText('Término do acesso'), { target: { value: '19:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    await screen.findByText('Salvo com sucesso!!!');
    const post = http.calls.find((c) => c.method === 'POST' && c.url === '/api/usuario-mapa');
    expect(typeof post?.data === 'string' ? JSON.parse(post.data) : post?.data).toEqual({
      usuario: { nome: 'MARIA DE NAZARÉ SOUZA', cpf: '80000000833', bloqueado: false },
      tipoUsuario: { id: 3 }, siglaOrgao: 'SFPA-PA', ufOrgao: 'PA', matricula: '1234567', validade: null, email: null,
      acessoCustomizado: true, horaLimiteInicioAcesso: '07:00', horaLimiteTerminoAcesso: '19:00', usuarioPodeAcessarTodosDias: false,
    });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/administracao/usuarios'));
  });

  it("shows the registry's message when a CPF is recorded twice, and refuses to save an incomplete form", async () => {
    setToken(GESTOR());
    http.get(/^\/api\/usuario-mapa\?cpf=/, ok({ total: 0, usuarios: [] }));
    http.get('/api/dados-bcpf/80000001058', fail(409, 'Existe mais de 1 servidor registrado com esse mesmo cpf'));
    open('/administracao/usuarios/editar');
    await screen.findByRole('heading', { name: 'Cadastrar servidor' });
    fireEvent.input(screen.getByLabelText('CPF'), { target: { value: '80000001058' } });
    fireEvent.click(screen.getByRole('button', { name: /Consultar CPF/ }));
    await screen.findByText('Existe mais de 1 servidor registrado com esse mesmo cpf');

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Confira todos os campos obrigatórios do formulário');
    await screen.findByText('Existem erros no formulário');
    expect(await screen.findByRole('link', { name: /Informe o nome/ })).toBeTruthy();
    expect(http.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the agency the profile implies: MPA (DF) for GESTOR, MPA and CONSULTA_EXTERNO, never "Selecione" beside DF', async () => {
    setToken(GESTOR());
    open('/administracao/usuarios/editar');
    await screen.findByRole('heading', { name: 'Cadastrar servidor' });
    const perfil = screen.getByLabelText<HTMLSelectElement>('Perfil');
    const orgao = () => screen.getByLabelText<HTMLSelectElement>('Órgão de lotação');
    const uf = () => screen.getByLabelText<HTMLInputElement>('UF do órgão').value;
    const exibido = () => orgao().selectedOptions[0]?.textContent;

    fireEvent.change(perfil, { target: { value: '3' } });
    fireEvent.change(orgao(), { target: { value: 'SFPA-AM' } });
    expect(uf()).toBe('AM');
    for (const p of ['1', '2', '7']) {
      fireEvent.change(perfil, { target: { value: p } });
      await waitFor(() => expect(orgao().value).toBe('MPA'));
      expect(exibido()).toBe('MPA – Ministério da Pesca e Aquicultura');
      expect(orgao().disabled).toBe(true);
      expect(uf()).toBe('DF');
    }
    // Back to a profile that chooses its agency: the agency chosen before comes back.
    fireEvent.change(perfil, { target: { value: '6' } });
    await waitFor(() => expect(orgao().value).toBe('SFPA-AM'));
    expect(orgao().disabled).toBe(false);
    expect(uf()).toBe('AM');
  });

  it('opens a registered user by CPF for editing, with ativo as the opposite of bloqueado', async () => {
    setToken(GESTOR());
    http.get(/^\/api\/usuario-mapa\?cpf=80000000833/, ok({ total: 1, usuarios: [usuario({ ativo: false, usuario: { ...usuario().usuario, bloqueado: true } })] }));
    open('/administracao/usuarios/editar?cpf=80000000833');
    await screen.findByRole('heading', { name: 'Editar servidor' });
    expect(screen.getByLabelText<HTMLInputElement>('CPF').value).toBe('800.000.008-33');
    expect(screen.getByLabelText<HTMLInputElement>('Ativo (desmarque para bloquear o acesso)').checked).toBe(false);
    expect(screen.queryByRole('button', { name: /Consultar CPF/ })).toBeNull();
  });
});

describe('/administracao/usuarios', () => {
  it("lists the users and says 'Nenhum Usuário foi encontrado!' when a search finds none", async () => {
    setToken(GESTOR());
    http.get(/^\/api\/usuario-mapa\?pagina=1/, ok({ total: 1, usuarios: [usuario()] }));
    http.get(/^\/api\/usuario-mapa\?nome=/, ok({ total: 0, usuarios: [] }));
    open('/administracao/usuarios');
    const tabela = await screen.findByRole('table');
    within(tabela).getByRole('rowheader', { name: 'MARIA DE NAZARÉ SOUZA' });
    within(tabela).getByText('SFPA-PA/PA');
    expect(within(tabela).getByRole('link', { name: 'Editar MARIA DE NAZARÉ SOUZA' }).getAttribute('href'))
      .toBe('/administracao/usuarios/editar?cpf=80000000833');
    fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'NINGUÉM' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pesquisar' }));
    expect((await screen.findAllByText('Nenhum Usuário foi encontrado!')).length).toBeGreaterThan(0);
  });
});
