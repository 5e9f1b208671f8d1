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
  // Whatever the next screen asks for.
  http.get(/.*/, ok(null));
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

const AVISO = 'Não é possivel avançar sem ler e concordar com a declaração';

describe('/pescador/declaracao', () => {
  it('continuing without "Li e concordo" shows the warning in the focused summary and at the checkbox', async () => {
    const { router } = open('/pescador/declaracao?tipoSolicitacao=1');
    await screen.findByRole('heading', { level: 1, name: 'Declaração e aceite' });
    screen.getByRole('heading', { name: 'Declaração: Registro inicial' });
    screen.getByText(/falsidade ideológica/);

    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));

    const link = await screen.findByRole('link', { name: AVISO });
    expect(link.getAttribute('href')).toBe('#aceite');
    await waitFor(() => expect(document.activeElement).toBe(link.closest('.error-summary')));
    const checkbox = screen.getByRole('checkbox', { name: 'Li e concordo' });
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(checkbox.getAttribute('aria-describedby') ?? '')?.textContent).toBe(AVISO);
    expect(router.state.location.pathname).toBe('/pescador/declaracao');
  });

  it.each([
    [1, '/pescador/solicitacao?tipoSolicitacao=1'],
    [2, '/pescador/solicitacao?tipoSolicitacao=2'],
    [3, '/pescador/solicitacao?tipoSolicitacao=3'],
  ])('type %i: after accepting, the wizard opens (%s)', async (tipo, destino) => {
    const { router } = open(`/pescador/declaracao?tipoSolicitacao=${tipo}`);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Li e concordo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    // The wizard's route is loaded on first use: allow for the import.
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(destino));
    expect(http.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('type 8: clones the deferred request it came from and opens the registry edit wizard', async () => {
    http.get('/api/solicitacao-pescador-ativo-edicao-registro/consultar/42', ok({ podeEditar: true, idSolicitacaoOrigem: 7, motivo: null }));
    http.post('/api/solicitacao-edicao-registro/editar-solicitacao/7', ok(solicitacaoDetalhe({ id: 99, tipo: 8, situacao: 1 })));
    const { router } = open('/pescador/declaracao?tipoSolicitacao=8');
    await screen.findByRole('heading', { name: 'Declaração: Edição de registro' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Li e concordo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pescador/edicao-registro/edicao/'));
    expect(router.state.location.search).toBe('?idSolicitacao=99&tipoSolicitacao=8');
    expect(http.callsTo('/api/solicitacao-edicao-registro/editar-solicitacao/7')).toHaveLength(1);
  });

  it('type 8 without a deferred origin: clones the active registry', async () => {
    http.get('/api/solicitacao-pescador-ativo-edicao-registro/consultar/42', ok({ podeEditar: true, idSolicitacaoOrigem: null, motivo: null }));
    http.post('/api/solicitacao-pescador-ativo-edicao-registro', ok(solicitacaoDetalhe({ id: 100, tipo: 8 })));
    const { router } = open('/pescador/declaracao?tipoSolicitacao=8');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Li e concordo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?idSolicitacao=100&tipoSolicitacao=8'));
  });

  it("type 8: cloning answered 406 shows the server's message and goes home", async () => {
    http.get('/api/solicitacao-pescador-ativo-edicao-registro/consultar/42', ok({ podeEditar: true, idSolicitacaoOrigem: 7, motivo: null }));
    http.post('/api/solicitacao-edicao-registro/editar-solicitacao/7', fail(406, 'Já existe uma solicitação de edição de registro em andamento. Continue ou aguarde a solicitação existente.'));
    const { router } = open('/pescador/declaracao?tipoSolicitacao=8');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Li e concordo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByText(/Já existe uma solicitação de edição de registro em andamento/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('type 8 refused by the consult: its reason, and home', async () => {
    http.get('/api/solicitacao-pescador-ativo-edicao-registro/consultar/42', ok({ podeEditar: false, idSolicitacaoOrigem: null, motivo: 'A edição do registro só está disponível para pescador com registro ativo.' }));
    const { router } = open('/pescador/declaracao?tipoSolicitacao=8');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Li e concordo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByText('A edição do registro só está disponível para pescador com registro ativo.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(http.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('an unknown type is refused', async () => {
    open('/pescador/declaracao?tipoSolicitacao=5');
    await screen.findByText('Tipo de solicitação inválido');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
