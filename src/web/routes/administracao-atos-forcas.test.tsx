import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MENSAGENS_ATO_NORMATIVO, type AtoNormativo } from '../../shared/schemas/ato-normativo';
import { MENSAGENS_FORCA_TAREFA, type ForcaTarefa } from '../../shared/schemas/forca-tarefa';
import { setToken } from '../lib/storage';
import { fail, installMockHttp, ok, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';
import { staffToken } from '../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeAll(async () => {
  await import('./administracao-atos');
  await import('./administracao-ato-form');
  await import('./administracao-forcas-tarefa');
  await import('./administracao-forca-tarefa-form');
});

beforeEach(() => {
  http = installMockHttp();
  setToken(staffToken({ perfil: 1 }));
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

const comMensagem = <T,>(dados: T, mensagem: string) => ({ status: 200, data: { codigo: 200, mensagem, dados } });

const ATO: AtoNormativo = {
  id: 3, nome: 'Portaria MPA nº 7', descricao: 'Base.', dataInicioVigencia: '2026-01-01', dataTerminoVigencia: null, prazoRecursoDias: null, prazoDecisaoRecursoDias: null, vigente: true,
  dataCriacao: '2026-01-01T12:00:00.000Z', dataAtualizacao: '2026-01-01T12:00:00.000Z',
};

const FORCA: ForcaTarefa = {
  id: 9, titulo: 'Mutirão Norte', atoNormativo: { id: 3, nome: 'Portaria MPA nº 7' }, ufAtendidas: ['MA', 'PI'], dataLimite: '2026-12-31',
  ativa: true, emVigor: true, forcaTarefaLotacao: [{ usuarioMapa: { id: 5, nome: 'ANALISTA SFPA-PA', siglaOrgao: 'SFPA-PA', ufOrgao: 'PA' } }],
  usuarioInternoGravou: '***.000.001-**', ipOrigemAlteracao: '10.0.0.1', dataCriacao: '2026-01-02T12:00:00.000Z', dataAtualizacao: '2026-01-02T12:00:00.000Z',
};

describe('normative acts', () => {
  it('warns that no act is in force, and lists the acts with their validity', async () => {
    http.get('/api/ato-normativo', comMensagem(null, 'Não há ato normativo vigente cadastrado!'));
    http.get(/^\/api\/ato-normativo\/listar\?/, ok({ total: 1, atosNormativos: [{ ...ATO, vigente: false, dataTerminoVigencia: '2026-02-01' }] }));
    open('/administracao/ato-normativo/gerenciamento-ato-normativo');

    await screen.findByRole('heading', { level: 1, name: 'Atos normativos' });
    await waitFor(() => expect(screen.getAllByText('Não há ato normativo vigente cadastrado!').length).toBeGreaterThanOrEqual(2));
    const tabela = await screen.findByRole('table', { name: 'Atos normativos' });
    within(tabela).getByText('01/01/2026 a 01/02/2026');
    within(tabela).getByText('Não vigente');
    expect(within(tabela).getByRole('link', { name: 'Editar Portaria MPA nº 7' }).getAttribute('href')).toBe('/administracao/ato-normativo/formulario?id=3');
  });

  it('refuses an incomplete act with the spec message, and saves a complete one after confirmation', async () => {
    http.get('/api/ato-normativo', ok(ATO));
    http.get(/^\/api\/ato-normativo\/listar\?/, ok({ total: 1, atosNormativos: [ATO] }));
    http.post('/api/ato-normativo', comMensagem({ ...ATO, id: 4, nome: 'Portaria nova' }, 'Ato normativo criado com sucesso.'));
    const { router } = open('/administracao/ato-normativo/formulario');

    fireEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    await screen.findByText('Atenção!!! Confira todos os campos obrigatórios!');
    await screen.findByRole('link', { name: /Informe o nome do ato normativo/ });
    expect(http.callsTo('/api/ato-normativo')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Portaria nova' } });
    fireEvent.change(screen.getByLabelText('Descrição'), { target: { value: 'Recadastramento.' } });
    fireEvent.change(screen.getByLabelText('Início da vigência'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText(/Término da vigência/), { target: { value: '2026-02-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByRole('link', { name: /A data de início da vigência deve ser anterior à data de término/ });

    fireEvent.change(screen.getByLabelText(/Término da vigência/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Tem certeza?');
    // What the save does, not the specification's default (an act can be edited afterwards).
    screen.getByText(MENSAGENS_ATO_NORMATIVO.confirmarCriacao);
    expect(screen.queryByText('Você não será capaz de reverter esta ação!')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sim, continuar.' }));

    await screen.findByText('Ato normativo criado com sucesso.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/administracao/ato-normativo/gerenciamento-ato-normativo'));
    expect(http.calls.find((c) => c.method === 'POST' && c.url === '/api/ato-normativo')?.data).toEqual({
      nome: 'Portaria nova', descricao: 'Recadastramento.', dataInicioVigencia: '2026-03-01', dataTerminoVigencia: null,
      // The appeal deadlines left blank: the law's (decision 0089).
      prazoRecursoDias: null, prazoDecisaoRecursoDias: null,
    });
  });

  it('does not warn that no act is in force right after an act in force is created', async () => {
    // The list was seen before with no act in force; then an act starting today is created.
    let vigente: AtoNormativo | null = null;
    http.get('/api/ato-normativo', () => comMensagem(vigente, vigente ? 'OK' : 'Não há ato normativo vigente cadastrado!'));
    http.get(/^\/api\/ato-normativo\/listar\?/, () => ok({ total: vigente ? 1 : 0, atosNormativos: vigente ? [vigente] : [] }));
    http.post('/api/ato-normativo', () => {
      vigente = { ...ATO, id: 4, nome: 'Portaria nova' };
      return comMensagem(vigente, 'Ato normativo criado com sucesso.');
    });
    const { router, queryClient } = open('/administracao/ato-normativo/formulario');
    // What the earlier visit to the list left in the cache: no act in force.
    queryClient.setQueryData(['ato-normativo', 'vigente'], null);

    fireEvent.change(await screen.findByLabelText('Nome'), { target: { value: 'Portaria nova' } });
    fireEvent.change(screen.getByLabelText('Descrição'), { target: { value: 'Recadastramento.' } });
    fireEvent.change(screen.getByLabelText('Início da vigência'), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sim, continuar.' }));
    await screen.findByText('Ato normativo criado com sucesso.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/administracao/ato-normativo/gerenciamento-ato-normativo'));

    const emVigor = await screen.findByRole('region', { name: 'Ato normativo vigente' });
    await within(emVigor).findByText('Portaria nova');
    await within(await screen.findByRole('table', { name: 'Atos normativos' })).findByRole('link', { name: 'Editar Portaria nova' });
    expect(screen.queryByText('Não há ato normativo vigente cadastrado!')).toBeNull();
  });

  it('shows the server\'s 409 when an act still cited is deleted', async () => {
    http.get('/api/ato-normativo', ok(ATO));
    http.get(/^\/api\/ato-normativo\/listar\?/, ok({ total: 1, atosNormativos: [ATO] }));
    http.delete('/api/ato-normativo/3', fail(409, 'Este ato normativo não pode ser excluído: ele é citado por uma força-tarefa ou por um processamento em lote.'));
    open('/administracao/ato-normativo/gerenciamento-ato-normativo');

    fireEvent.click(await screen.findByRole('button', { name: 'Excluir Portaria MPA nº 7' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sim, continuar.' }));
    await screen.findByText(/não pode ser excluído/);
  });

  it('tells a profile that may not manage acts why, without calling the API', async () => {
    setToken(staffToken({ perfil: 3 }));
    open('/administracao/ato-normativo/gerenciamento-ato-normativo');
    await screen.findByText('Seu perfil não tem acesso a esta área da administração.');
    expect(http.calls).toHaveLength(0);
  });
});

describe('task forces', () => {
  it('refuses a task force without servers with the spec message, and sends the spec payload once complete', async () => {
    http.get('/api/ato-normativo', ok(ATO));
    http.get(/^\/api\/ato-normativo\/listar\?/, ok({ total: 1, atosNormativos: [ATO] }));
    http.get(/^\/api\/forca-tarefa\/servidores\?/, ok({ total: 1, servidores: [{ id: 5, nome: 'ANALISTA SFPA-PA', siglaOrgao: 'SFPA-PA', ufOrgao: 'PA' }] }));
    http.get(/^\/api\/forca-tarefa\/consultar\/filtro\?/, ok({ total: 1, forcasTarefa: [FORCA] }));
    http.post('/api/forca-tarefa', comMensagem(FORCA, 'Força tarefa criada com sucesso.'));
    const { router } = open('/administracao/forca-tarefa/formulario');

    fireEvent.change(await screen.findByLabelText('Título'), { target: { value: 'Mutirão Norte' } });
    await within(screen.getByLabelText('Ato normativo')).findByRole('option', { name: 'Portaria MPA nº 7' });
    fireEvent.change(screen.getByLabelText('Ato normativo'), { target: { value: '3' } });
    fireEvent.click(screen.getByLabelText('MA'));
    fireEvent.click(screen.getByLabelText('PI'));
    fireEvent.change(screen.getByLabelText('Data limite'), { target: { value: '2026-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    // The toast, the inline message at the servers and the error summary's link: the same words.
    await waitFor(() => expect(screen.getAllByText('Não foi informado nenhum servidor!').length).toBeGreaterThanOrEqual(2));
    screen.getByRole('link', { name: /Não foi informado nenhum servidor!/ });
    expect(http.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(await screen.findByLabelText('ANALISTA SFPA-PA (SFPA-PA)'));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText(MENSAGENS_FORCA_TAREFA.confirmarCriacao);
    expect(screen.queryByText('Você não será capaz de reverter esta ação!')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Sim, continuar.' }));
    await screen.findByText('Força tarefa criada com sucesso.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/administracao/forca-tarefa/gerenciamento-forca-tarefa'));
    expect(http.calls.find((c) => c.method === 'POST' && c.url === '/api/forca-tarefa')?.data).toEqual({
      titulo: 'Mutirão Norte', ufAtendidas: ['MA', 'PI'], ativa: true, atoNormativo: 3, dataLimite: '2026-12-31', servidores: [5],
    });
    const tabela = await screen.findByRole('table', { name: 'Forças-tarefa' });
    within(tabela).getByText('MA, PI');
    within(tabela).getByText('ANALISTA SFPA-PA (SFPA-PA)');
  });

  it('keeps the servers chosen in one search when another search is made, lists them, and saves them all', async () => {
    const MARIA = { id: 11, nome: 'MARIA DE NAZARÉ SOUZA', siglaOrgao: 'SFPA-AP', ufOrgao: 'AP' };
    const ANALISTA = { id: 5, nome: 'ANALISTA SFPA-PA', siglaOrgao: 'SFPA-PA', ufOrgao: 'PA' };
    http.get(/^\/api\/ato-normativo\/listar\?/, ok({ total: 1, atosNormativos: [ATO] }));
    http.get(/^\/api\/forca-tarefa\/servidores\?/, (config) => {
      const nome = new URL(config.url, 'http://x').searchParams.get('nome') ?? '';
      const servidores = [MARIA, ANALISTA].filter((sv) => sv.nome.includes(nome.toUpperCase()));
      return ok({ total: servidores.length, servidores });
    });
    http.get(/^\/api\/forca-tarefa\/consultar\/filtro\?/, ok({ total: 1, forcasTarefa: [FORCA] }));
    http.post('/api/forca-tarefa', comMensagem(FORCA, 'Força tarefa criada com sucesso.'));
    const { router } = open('/administracao/forca-tarefa/formulario');

    fireEvent.change(await screen.findByLabelText('Título'), { target: { value: 'Mutirão Norte' } });
    await within(screen.getByLabelText('Ato normativo')).findByRole('option', { name: 'Portaria MPA nº 7' });
    fireEvent.change(screen.getByLabelText('Ato normativo'), { target: { value: '3' } });
    fireEvent.click(screen.getByLabelText('PA'));
    fireEvent.change(screen.getByLabelText('Data limite'), { target: { value: '2026-12-31' } });
    await screen.findByText('Nenhum servidor selecionado.');

    // Enter in the search field searches; it does not submit the form.
    const busca = screen.getByLabelText('Buscar servidor pelo nome');
    fireEvent.change(busca, { target: { value: 'maria' } });
    fireEvent.keyDown(busca, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByLabelText('ANALISTA SFPA-PA (SFPA-PA)')).toBeNull());
    fireEvent.click(await screen.findByLabelText('MARIA DE NAZARÉ SOUZA (SFPA-AP)'));
    await screen.findByText('Servidores selecionados (1)');
    expect(screen.queryByText('Tem certeza?')).toBeNull();

    fireEvent.change(busca, { target: { value: 'ANALISTA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(screen.queryByLabelText('MARIA DE NAZARÉ SOUZA (SFPA-AP)')).toBeNull());
    fireEvent.click(await screen.findByLabelText('ANALISTA SFPA-PA (SFPA-PA)'));
    await screen.findByText('Servidores selecionados (2)');
    const escolhidos = screen.getByRole('list', { name: 'Servidores selecionados (2)' });
    expect(within(escolhidos).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual([
      'MARIA DE NAZARÉ SOUZA (SFPA-AP)', 'ANALISTA SFPA-PA (SFPA-PA)',
    ]);

    // A chosen server is removed from the list by its button; the focus stays in the list.
    fireEvent.click(within(escolhidos).getByRole('button', { name: 'Remover ANALISTA SFPA-PA (SFPA-PA)' }));
    await screen.findByText('Servidores selecionados (1)');
    expect(screen.getByLabelText<HTMLInputElement>('ANALISTA SFPA-PA (SFPA-PA)').checked).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remover MARIA DE NAZARÉ SOUZA (SFPA-AP)' })));
    fireEvent.click(screen.getByLabelText('ANALISTA SFPA-PA (SFPA-PA)'));
    await screen.findByText('Servidores selecionados (2)');

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sim, continuar.' }));
    await screen.findByText('Força tarefa criada com sucesso.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/administracao/forca-tarefa/gerenciamento-forca-tarefa'));
    expect((http.calls.find((c) => c.method === 'POST' && c.url === '/api/forca-tarefa')?.data as { servidores: number[] }).servidores).toEqual([11, 5]);
  });

  it('lets CONSULTA_INTERNO read the list without the actions', async () => {
    setToken(staffToken({ perfil: 6 }));
    http.get(/^\/api\/forca-tarefa\/consultar\/filtro\?/, ok({ total: 1, forcasTarefa: [FORCA] }));
    open('/administracao/forca-tarefa/gerenciamento-forca-tarefa');
    const tabela = await screen.findByRole('table', { name: 'Forças-tarefa' });
    within(tabela).getByText('Mutirão Norte');
    expect(screen.queryByRole('button', { name: /Excluir/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Cadastrar/ })).toBeNull();
  });
});
