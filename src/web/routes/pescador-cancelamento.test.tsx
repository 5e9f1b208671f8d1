import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../lib/storage';
import { fail, installMockHttp, ok, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';
import { solicitacaoDetalhe } from '../test/respostas';
import { fisherToken, staffToken } from '../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeEach(() => {
  http = installMockHttp();
  http.get(/.*/, ok(null)); // /home and anything else after the request
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

const OBRIGATORIA = 'Informe a justificativa do pedido de cancelamento.';
const POST = '/api/solicitacao-cancelamento-pescador/motivoCancelamento';

describe('/pescador/cancelamento', () => {
  it('a fisher must justify: the summary and the field say so, and nothing is sent', async () => {
    setToken(fisherToken());
    http.get('/api/solicitacao-cancelamento-pescador/42', ok(null));
    open('/pescador/cancelamento');

    const campo = await screen.findByLabelText('Justificativa do pedido de cancelamento');
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar cancelamento' }));

    const link = await screen.findByRole('link', { name: new RegExp(OBRIGATORIA) });
    expect(link.getAttribute('href')).toBe('#justificativa');
    await waitFor(() => expect(document.activeElement).toBe(link.closest('.error-summary')));
    expect(campo.getAttribute('aria-invalid')).toBe('true');
    expect(campo.getAttribute('aria-describedby')).toContain('justificativa-erro');
    expect(document.getElementById('justificativa-erro')?.textContent).toBe(OBRIGATORIA);
    expect(screen.queryByText('Confirmar o pedido de cancelamento?')).toBeNull();
    expect(http.callsTo(POST)).toHaveLength(0);
  });

  it('confirms, sends the justification, shows success and goes home', async () => {
    setToken(fisherToken());
    http.get('/api/solicitacao-cancelamento-pescador/42', ok(null));
    http.post(POST, ok(solicitacaoDetalhe({ id: 300, tipo: 5, situacao: 6 })));
    const { router } = open('/pescador/cancelamento');

    fireEvent.change(await screen.findByLabelText('Justificativa do pedido de cancelamento'), {
      target: { value: 'Deixei a atividade pesqueira.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar cancelamento' }));

    // Cancelling the dialog sends nothing.
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByText('Confirmar o pedido de cancelamento?')).toBeNull());
    expect(http.callsTo(POST)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Solicitar cancelamento' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sim, solicitar o cancelamento.' }));

    await screen.findByText('Solicitação de cancelamento enviada com sucesso!');
    expect(http.callsTo(POST)[0]?.data).toEqual({
      idPescador: 42,
      justificativaDeclaracaoSolicitacaoCancelamento: 'Deixei a atividade pesqueira.',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('profile 1 (GESTOR) is exempt: the justification is optional and may be empty', async () => {
    setToken(staffToken({ perfil: 1 }));
    http.get('/api/solicitacao-cancelamento-pescador/42', ok(null));
    http.post(POST, ok(solicitacaoDetalhe({ id: 301, tipo: 5, situacao: 6 })));
    open('/pescador/cancelamento?idPescador=42');

    await screen.findByLabelText('Justificativa do pedido de cancelamento (opcional)');
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar cancelamento' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sim, solicitar o cancelamento.' }));

    await waitFor(() => expect(http.callsTo(POST)).toHaveLength(1));
    expect(http.callsTo(POST)[0]?.data).toEqual({ idPescador: 42, justificativaDeclaracaoSolicitacaoCancelamento: '' });
    expect(screen.queryByText(OBRIGATORIA)).toBeNull();
  });

  it("shows the server's refusal", async () => {
    setToken(fisherToken());
    http.get('/api/solicitacao-cancelamento-pescador/42', ok(null));
    http.post(POST, fail(406, 'O cancelamento só pode ser solicitado para registro ativo ou suspenso.'));
    open('/pescador/cancelamento');
    fireEvent.change(await screen.findByLabelText('Justificativa do pedido de cancelamento'), { target: { value: 'Motivo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar cancelamento' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sim, solicitar o cancelamento.' }));
    expect((await screen.findAllByText('O cancelamento só pode ser solicitado para registro ativo ou suspenso.')).length).toBeGreaterThan(0);
  });

  it('an open cancellation is shown instead of the form', async () => {
    setToken(fisherToken());
    http.get('/api/solicitacao-cancelamento-pescador/42', ok(solicitacaoDetalhe({
      id: 77, tipo: 5, situacao: 6, dataCriacao: '2025-02-01T12:00:00Z', dataEnvio: '2025-02-01T12:00:00Z',
      numeroProtocolo: '2025000077', justificativaDeclaracaoSolicitacaoCancelamento: 'Mudei de profissão.',
    })));
    open('/pescador/cancelamento');
    const secao = await screen.findByRole('region', { name: 'Pedido de cancelamento em andamento' });
    within(secao).getByText('Aguardando Análise');
    within(secao).getByText('2025000077');
    within(secao).getByText('01/02/2025');
    within(secao).getByText('Mudei de profissão.');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
