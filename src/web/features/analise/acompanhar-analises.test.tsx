import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnaliseResumo } from '../../../shared/schemas/analise';
import { setToken } from '../../lib/storage';
import { installMockHttp, ok, type MockHttp } from '../../test/http';
import { renderApp } from '../../test/render-app';
import { fisherToken, staffToken } from '../../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeAll(async () => {
  // The screens are lazy routes: load them once so that the first test does not wait for the transform.
  await import('../../routes/analise-acompanhar-analises');
  await import('../../routes/analise-solicitacao');
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

function analise(extra: Partial<AnaliseResumo> = {}): AnaliseResumo {
  return {
    idAnaliseSolicitacao: 11,
    idSolicitacao: 501,
    tipoSolicitacao: 1,
    tipoDescricao: 'Registro inicial',
    situacaoAnalise: { id: 1, descricao: 'Aguardando análise' },
    nomePescador: 'MARIA DAS GRAÇAS',
    cpfPescador: '123.456.789-09',
    uf: 'PA',
    numeroProtocolo: '20240000123',
    dataEnvio: '2024-05-02T13:00:00.000Z',
    diasAguardando: 12,
    analista: null,
    sinaisPendentes: 0,
    dataHoraBloqueio: null,
    instancia: 'SFPA',
    prazo: null,
    ...extra,
  };
}

const LISTA = /^\/api\/analise-solicitacao\?/;

function respondeLista(analises: AnaliseResumo[], total = analises.length) {
  http.get('/api/analise-solicitacao/totalizadores', ok({ aguardandoAnalise: 7, emAnalise: 2, analisadas: 1500 }));
  http.get(LISTA, ok({ total, analises }));
}

const listCalls = () => http.calls.filter((c) => LISTA.test(c.url)).map((c) => c.url);

describe('/analise/acompanhar-analises', () => {
  it('flags the requests with signals still to review beside their situation (decision 0112)', async () => {
    setToken(staffToken({ perfil: 2 }));
    respondeLista([analise({ sinaisPendentes: 2 }), analise({ idAnaliseSolicitacao: 12, idSolicitacao: 502, numeroProtocolo: '20240000124' })]);
    open('/analise/acompanhar-analises');
    const tabela = await screen.findByRole('table', { name: 'Análises de solicitações' });
    const [, primeira, segunda] = within(tabela).getAllByRole('row');
    within(primeira!).getByText('· 2 sinais a conferir', { exact: false });
    expect(within(segunda!).queryByText(/sinais? a conferir/)).toBeNull();
  });

  it('shows the counters and a table with the days waited and the link to the analysis screen', async () => {
    setToken(staffToken({ perfil: 2 }));
    respondeLista([
      analise({ prazo: { situacao: 'VENCE_EM_BREVE', venceEm: '2024-06-01T13:00:00.000Z', diasRestantes: 2, escalada: false } }),
      analise({
        idAnaliseSolicitacao: 12,
        idSolicitacao: 502,
        tipoSolicitacao: 9,
        tipoDescricao: 'Edição de documentos',
        situacaoAnalise: { id: 2, descricao: 'Em análise' },
        nomePescador: 'JOSÉ PESCADOR',
        numeroProtocolo: null,
        diasAguardando: 1,
        analista: 'JOÃO ANALISTA',
      }),
    ]);

    open('/analise/acompanhar-analises');

    await screen.findByRole('heading', { level: 1, name: 'Acompanhar análises' });
    const totais = await screen.findByRole('region', { name: 'Totais' });
    await waitFor(() => expect(within(totais).getAllByRole('term')).toHaveLength(3));
    expect(within(totais).getAllByRole('definition').map((d) => d.textContent)).toEqual(['7', '2', '1.500']);

    const tabela = await screen.findByRole('table', { name: 'Análises de solicitações' });
    const [cabecalho, ...linhas] = within(tabela).getAllByRole('row');
    expect(within(cabecalho!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Protocolo',
      'Pescador',
      'CPF',
      'UF',
      'Tipo',
      'Situação',
      'Tempo de espera',
      'Prazo',
      'Analista',
      'Ação',
    ]);
    expect(linhas).toHaveLength(2);
    const primeira = linhas[0]!;
    expect(within(primeira).getByRole('rowheader').textContent).toBe('20240000123');
    within(primeira).getByText('MARIA DAS GRAÇAS');
    within(primeira).getByText('12 dias');
    within(primeira).getByText('Vence em breve: 2 dias');
    within(primeira).getByText('Aguardando análise');
    const analisar = within(primeira).getByRole('link', { name: 'Analisar protocolo 20240000123' });
    expect(analisar.getAttribute('href')).toBe('/analise/solicitacao?idAnalise=11&tipoSolicitacao=1&idSolicitacao=501');

    const segunda = linhas[1]!;
    within(segunda).getByText('1 dia');
    within(segunda).getByText('JOÃO ANALISTA');
    expect(within(segunda).getByRole('link', { name: /Analisar JOSÉ PESCADOR/ }).getAttribute('href')).toBe(
      '/analise/solicitacao?idAnalise=12&tipoSolicitacao=9&idSolicitacao=502',
    );
    screen.getByText('2 análises encontradas');
    expect(listCalls()).toEqual(['/api/analise-solicitacao?pagina=1&tamanhoPagina=20']);
  });

  it('offers in the state filter only the states in the SFPA user\'s scope (agency and task forces)', async () => {
    setToken(staffToken({ perfil: 3 }));
    respondeLista([analise()]);
    http.get('/api/analise-solicitacao/ufs-escopo', ok({ ufs: ['MA', 'PA', 'PI'], nacional: false }));

    open('/analise/acompanhar-analises');

    const uf = await screen.findByLabelText('UF');
    await waitFor(() => expect(within(uf).getAllByRole('option')).toHaveLength(4));
    expect(within(uf).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['', 'PA', 'MA', 'PI']);
  });

  it('offers all 27 states to staff of national scope', async () => {
    setToken(staffToken({ perfil: 2 }));
    respondeLista([analise()]);
    http.get('/api/analise-solicitacao/ufs-escopo', ok({ ufs: [], nacional: true }));

    open('/analise/acompanhar-analises');

    const uf = await screen.findByLabelText('UF');
    await waitFor(() => expect(http.calls.some((c) => c.url === '/api/analise-solicitacao/ufs-escopo')).toBe(true));
    expect(within(uf).getAllByRole('option')).toHaveLength(28);
  });

  it('the link opens the analysis screen', async () => {
    setToken(staffToken({ perfil: 2 }));
    respondeLista([analise()]);
    http.get('/api/analise-solicitacao/11', () => new Promise(() => {}));

    const { router } = open('/analise/acompanhar-analises');
    fireEvent.click(await screen.findByRole('link', { name: /Analisar/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/analise/solicitacao'));
    expect(router.state.location.search).toBe('?idAnalise=11&tipoSolicitacao=1&idSolicitacao=501');
  });

  it('the filters produce the query string of the API, and the page changes it', async () => {
    setToken(staffToken({ perfil: 3 }));
    respondeLista([analise()], 45);

    const { router } = open('/analise/acompanhar-analises');
    await screen.findByRole('table');

    fireEvent.change(screen.getByLabelText('Situação da análise'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Tipo de solicitação'), { target: { value: '9' } });
    fireEvent.change(screen.getByLabelText('UF'), { target: { value: 'PA' } });
    const cpf = screen.getByLabelText('CPF do pescador') as HTMLInputElement;
    fireEvent.input(cpf, { target: { value: '12345678909' } });
    expect(cpf.value).toBe('123.456.789-09');
    fireEvent.change(screen.getByLabelText('Nome do pescador'), { target: { value: '  Maria das ' } });
    const periodo = screen.getByRole('group', { name: 'Período de envio para análise' });
    fireEvent.change(within(periodo).getByLabelText('Data início'), { target: { value: '2024-01-01' } });
    fireEvent.change(within(periodo).getByLabelText('Data fim'), { target: { value: '2024-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pesquisar' }));

    const esperado =
      '/api/analise-solicitacao?situacao=2&tipoSolicitacao=9&uf=PA&cpf=12345678909&nome=Maria+das' +
      '&dataInicio=2024-01-01&dataFim=2024-01-31&pagina=1&tamanhoPagina=20';
    await waitFor(() => expect(listCalls()).toContain(esperado));
    expect(router.state.location.search).toContain('cpf=12345678909');

    // 45 results, 20 per page: 3 pages.
    await screen.findByText('45 análises encontradas · página 1 de 3');
    fireEvent.click(screen.getByRole('button', { name: /Próxima página/ }));
    await waitFor(() => expect(listCalls().at(-1)).toBe(esperado.replace('pagina=1', 'pagina=2')));

    // Clearing goes back to the unfiltered list (already in the cache: no new call needed).
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByLabelText('CPF do pescador') as HTMLInputElement).value).toBe('');
  });

  it('invalid filters show the error summary and do not call the API', async () => {
    setToken(staffToken({ perfil: 2 }));
    respondeLista([analise()]);

    open('/analise/acompanhar-analises');
    await screen.findByRole('table');
    const antes = listCalls().length;

    fireEvent.input(screen.getByLabelText('CPF do pescador'), { target: { value: '11111111111' } });
    fireEvent.change(screen.getByLabelText('Nome do pescador'), { target: { value: 'Ma' } });
    fireEvent.change(screen.getByLabelText('Data início'), { target: { value: '2024-02-01' } });
    fireEvent.change(screen.getByLabelText('Data fim'), { target: { value: '2024-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pesquisar' }));

    const resumo = await screen.findByRole('heading', { name: 'Existem erros no formulário' });
    const links = within(resumo.closest('.error-summary') as HTMLElement).getAllByRole('link');
    // Each entry links to its field and carries the inline message's words (possibly after the field's name).
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['#filtro-cpf', '#filtro-nome', '#filtro-dataFim']);
    expect(links[0]!.textContent).toContain('CPF inválido');
    expect(links[1]!.textContent).toContain('Informe pelo menos 3 letras do nome');
    expect(links[2]!.textContent).toContain('A data final deve ser igual ou posterior à data inicial');
    expect(screen.getByLabelText('CPF do pescador').getAttribute('aria-invalid')).toBe('true');
    expect(listCalls()).toHaveLength(antes);
  });

  it('CONSULTA_INTERNO reads: every row offers "Ver"', async () => {
    setToken(staffToken({ perfil: 6 }));
    respondeLista([analise()]);

    open('/analise/acompanhar-analises');

    const ver = await screen.findByRole('link', { name: 'Ver protocolo 20240000123' });
    expect(ver.getAttribute('href')).toContain('idAnalise=11');
    expect(screen.queryByRole('link', { name: /Analisar/ })).toBeNull();
  });

  it('a fisher is told the screen is not for their profile, and nothing is asked of the API', async () => {
    setToken(fisherToken());

    open('/analise/acompanhar-analises');

    await screen.findByText('Seu perfil não tem acesso às análises de solicitações.');
    expect(http.calls).toHaveLength(0);
  });
});
