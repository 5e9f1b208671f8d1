import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../lib/storage';
import { deferred, fail, installMockHttp, ok, type MockHttp, type MockReply } from '../test/http';
import { renderApp } from '../test/render-app';
import { fisherToken, staffToken } from '../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

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

/** The counters as a screen reader meets them: term → value. */
function counters(): Record<string, string> {
  const terms = screen.getAllByRole('term');
  const values = screen.getAllByRole('definition');
  return Object.fromEntries(terms.map((t, i) => [t.textContent ?? '', values[i]?.textContent ?? '']));
}

describe('/home for a fisher (perfil 4)', () => {
  it('greets by name and shows the request counters of GET /api/solicitacao/totalizadores/{idPescador}', async () => {
    setToken(fisherToken({ nome: 'MARIA DAS GRAÇAS', idPescador: 42 }));
    const answer = deferred<MockReply>();
    http.get('/api/solicitacao/totalizadores/42', () => answer.promise);

    open('/home');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Olá, MARIA DAS GRAÇAS');
    expect(screen.getByRole('status').textContent).toContain('Carregando');

    answer.resolve(
      ok({ rascunhos: 1, enviadas: 2, deferidas: 3, finalizadas: 4, emAnalise: 5, emAtualizacao: 6, todas: 1021 }),
    );

    const section = await screen.findByRole('region', { name: 'Minhas solicitações' });
    await waitFor(() => expect(within(section).getAllByRole('term')).toHaveLength(7));
    expect(counters()).toEqual({
      Rascunhos: '1',
      Enviadas: '2',
      'Em análise': '5',
      'Em atualização': '6',
      Deferidas: '3',
      'Finalizadas (indeferidas)': '4',
      Todas: '1.021',
    });
    expect(screen.queryByRole('status')).toBeNull();
    expect(within(screen.getByRole('main')).getByText(/Perfil: Pescador/)).toBeTruthy();
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/solicitacao/totalizadores/42']);
    expect(document.title).toContain('Página inicial');
  });

  it('on error shows "Erro ao consultar total de solicitações/análises"', async () => {
    setToken(fisherToken());
    http.get('/api/solicitacao/totalizadores/42', fail(500, 'Erro interno'));

    open('/home');

    // Once as a toast and once in the page.
    await waitFor(() =>
      expect(screen.getAllByText('Erro ao consultar total de solicitações/análises')).toHaveLength(2),
    );
    expect(screen.queryByRole('term')).toBeNull();
  });
});

describe('/home for staff', () => {
  it('shows the analysis counters of GET /api/analise-solicitacao/totalizadores', async () => {
    setToken(staffToken({ nome: 'JOÃO ANALISTA', perfil: 3 }));
    http.get('/api/analise-solicitacao/totalizadores', ok({ aguardandoAnalise: 12, analisadas: 30, emAnalise: 4 }));

    open('/home');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Olá, JOÃO ANALISTA');
    await screen.findByRole('region', { name: 'Análises de solicitações' });
    await waitFor(() => expect(screen.getAllByRole('term')).toHaveLength(3));
    expect(counters()).toEqual({ 'Aguardando análise': '12', 'Em análise': '4', Analisadas: '30' });
    expect(within(screen.getByRole('main')).getByText(/Perfil: SFPA · Órgão: SFPA-PA\/PA/)).toBeTruthy();
    expect(http.callsTo('/api/solicitacao/totalizadores/42')).toHaveLength(0);
  });
});

describe('/home for external read-only users (perfil 7)', () => {
  it('calls no analysis counters the profile may not read, and says what the profile is for', async () => {
    setToken(staffToken({ nome: 'ANA CONSULTA', perfil: 7, siglaOrgao: 'MPA', ufOrgao: 'DF' }));

    open('/home');

    expect(await screen.findByRole('region', { name: 'Consulta externa' })).toBeTruthy();
    expect(screen.getByText(/relatório de pescadores/)).toBeTruthy();
    expect(screen.queryByRole('term')).toBeNull();
    expect(http.calls).toHaveLength(0);
  });
});

describe('/home without a session', () => {
  it('redirects to the public root', async () => {
    const { router } = open('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Registro Geral da Atividade Pesqueira' }),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Entrar com gov.br' }).length).toBeGreaterThan(0);
    expect(http.calls).toHaveLength(0);
  });
});
