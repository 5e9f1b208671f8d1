import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../lib/storage';
import { fail, installMockHttp, ok, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';
import { solicitacaoDetalhe } from '../test/respostas';
import { fisherToken } from '../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeEach(() => {
  http = installMockHttp();
  setToken(fisherToken());
});
afterEach(() => {
  http.restore();
  restoreNavigation?.();
});

describe('/pescador/edicao-documentos (decision 0033)', () => {
  it('opens no draft until the fisher confirms, then opens it and goes to its documents', async () => {
    http.post('/api/solicitacao-edicao-documentos', ok(solicitacaoDetalhe({ id: 77, tipo: 9, situacao: 1 })));
    http.get('/api/solicitacao/77', ok(solicitacaoDetalhe({ id: 77, tipo: 9, situacao: 1 })));
    http.get('/api/documentos/solicitacao/77', ok({ documentos: [] }));
    const app = renderApp('/pescador/edicao-documentos');
    restoreNavigation = app.restoreNavigation;
    const iniciar = await screen.findByRole('button', { name: 'Iniciar edição de documentos' });
    expect(screen.getByRole('link', { name: 'Cancelar' }).getAttribute('href')).toBe('/home');
    expect(http.callsTo('/api/solicitacao-edicao-documentos')).toHaveLength(0);

    fireEvent.click(iniciar);
    await waitFor(() => expect(http.callsTo('/api/solicitacao-edicao-documentos')).toHaveLength(1));
    await waitFor(() => expect(app.router.state.location.search).toContain('idSolicitacao=77'));
  });

  it('shows a refusal on the page and stays there', async () => {
    http.post('/api/solicitacao-edicao-documentos', fail(406, 'Já existe uma edição de documentos em andamento. Continue a edição existente.'));
    const app = renderApp('/pescador/edicao-documentos');
    restoreNavigation = app.restoreNavigation;
    fireEvent.click(await screen.findByRole('button', { name: 'Iniciar edição de documentos' }));
    await screen.findByText('Já existe uma edição de documentos em andamento. Continue a edição existente.');
    expect(app.router.state.location.pathname).toBe('/pescador/edicao-documentos');
  });
});
