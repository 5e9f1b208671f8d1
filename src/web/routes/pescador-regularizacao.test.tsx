import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../lib/storage';
import { installMockHttp, ok, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';
import { solicitacaoDetalhe } from '../test/respostas';
import { fisherToken } from '../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeEach(() => {
  http = installMockHttp();
  http.get(/.*/, ok(null));
  setToken(fisherToken());
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

const rgp = (situacao: number) => ({
  numeroRGP: 'PAPA00000000001', numeroPrimeiroRGP: null, orgao: 'MPA', dataPrimeiroRgp: '2010-05-04', origem: null,
  situacao, situacaoDescricao: '', dataSuspensoCancelado: situacao === 6 ? '2025-01-15' : null, podeAcessarSistema: true,
});

describe('/pescador/regularizacao', () => {
  it('only a suspended registry may ask for it', async () => {
    http.get('/api/rgp/pescador/42', ok(rgp(1)));
    open('/pescador/regularizacao');
    await screen.findByText('A regularização só pode ser solicitada por pescador com registro suspenso.');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('a suspended registry: justification of at least 10 characters, confirmation, POST and home', async () => {
    http.get('/api/rgp/pescador/42', ok(rgp(6)));
    http.post('/api/solicitacao-regularizacao', ok(solicitacaoDetalhe({ id: 400, tipo: 10, situacao: 6 })));
    const { router } = open('/pescador/regularizacao');

    await screen.findByText(/Suspenso desde 15\/01\/2025/);
    const campo = screen.getByLabelText('Justificativa do pedido de regularização');
    fireEvent.change(campo, { target: { value: 'Curto' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar regularização' }));
    await screen.findByRole('link', { name: /A justificativa deve ter no mínimo 10 caracteres/ });
    expect(campo.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(campo, { target: { value: 'Regularizei a situação junto à SFPA.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar regularização' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sim, enviar o pedido.' }));

    await screen.findByText('Solicitação de regularização enviada com sucesso!');
    expect(http.callsTo('/api/solicitacao-regularizacao')[0]?.data).toEqual({ justificativa: 'Regularizei a situação junto à SFPA.' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
