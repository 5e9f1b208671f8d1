import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../lib/storage';
import { ProvedoresDeTeste } from '../../test/provedores';
import { installMockHttp, ok, type MockHttp } from '../../test/http';
import { fisherToken } from '../../test/tokens';
import { ModalNotificacoes } from './modal-notificacoes';
import { subtituloNotificacao } from './notificacoes-api';

let http: MockHttp & { restore: () => void };

beforeEach(() => {
  http = installMockHttp();
  setToken(fisherToken());
});

afterEach(() => http.restore());

function renderModal() {
  const router = createMemoryRouter(
    [
      {
        path: '/home',
        element: (
          <>
            <button type="button">Antes</button>
            <ModalNotificacoes />
          </>
        ),
      },
      { path: '/pescador/solicitacoes', element: <h1>Minhas solicitações</h1> },
    ],
    { initialEntries: ['/home'] },
  );
  render(
    <ProvedoresDeTeste>
      <RouterProvider router={router} />
    </ProvedoresDeTeste>,
  );
  return router;
}

describe('ModalNotificacoes', () => {
  it('traps Tab inside the dialog, ignores Escape, and gives the focus back when it closes', async () => {
    http.get('/api/notificacao', ok([{ id: 9, tipo: 4, conteudo: 'Atualize o seu endereço.', urlRedirecionamento: null }]));
    http.post('/api/notificacao/9/leitura', ok({ id: 9, dataLeitura: '2025-01-01T00:00:00Z' }));
    renderModal();
    const antes = await screen.findByRole('button', { name: 'Antes' });
    antes.focus();

    const dialog = await screen.findByRole('dialog', { name: 'ATENÇÃO' });
    expect(dialog.getAttribute('aria-describedby')?.split(' ')).toHaveLength(2);
    screen.getByText('Pendência no seu cadastro');
    const titulo = screen.getByRole('heading', { name: 'ATENÇÃO' });
    await waitFor(() => expect(document.activeElement).toBe(titulo));

    const adiar = screen.getByRole('button', { name: 'Ler depois' });
    const ciente = screen.getByRole('button', { name: 'Li e estou ciente' });
    ciente.focus();
    fireEvent.keyDown(ciente, { key: 'Tab' });
    expect(document.activeElement).toBe(adiar);
    fireEvent.keyDown(adiar, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(ciente);

    fireEvent.keyDown(ciente, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBe(dialog);

    fireEvent.click(ciente);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(antes));
  });

  it('offers one primary action and a close; the way onward is a link in the text (issue 33)', async () => {
    http.get('/api/notificacao', ok([{ id: 3, tipo: 3, conteudo: 'Seu registro de pescador (RGP) foi suspenso.', urlRedirecionamento: '/pescador/solicitacoes' }]));
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'ATENÇÃO' });
    const botoes = within(dialog).getAllByRole('button');
    expect(botoes.map((b) => b.textContent?.trim())).toEqual(['Ler depois', 'Li e estou ciente']);
    expect(botoes.filter((b) => b.classList.contains('primary'))).toHaveLength(1);
    expect(within(dialog).getByRole('link', { name: 'Ver os detalhes' }).getAttribute('href')).toBe('/pescador/solicitacoes');
  });

  it('"Ver os detalhes" records the reading and opens the internal address', async () => {
    http.get('/api/notificacao', ok([
      { id: 3, tipo: 1, conteudo: 'Solicitação indeferida.', urlRedirecionamento: '/pescador/solicitacoes' },
      { id: 4, tipo: 2, conteudo: 'Outro aviso.', urlRedirecionamento: 'https://fora.example' },
    ]));
    http.post(/^\/api\/notificacao\/\d+\/leitura$/, ok({ id: 3, dataLeitura: '2025-01-01T00:00:00Z' }));
    const router = renderModal();
    fireEvent.click(await screen.findByRole('link', { name: 'Ver os detalhes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pescador/solicitacoes'));
    expect(http.callsTo('/api/notificacao/3/leitura')).toHaveLength(1);
  });

  it('an external address is never followed', async () => {
    http.get('/api/notificacao', ok([{ id: 4, tipo: 2, conteudo: 'Aviso.', urlRedirecionamento: '//fora.example/x' }]));
    renderModal();
    await screen.findByRole('dialog', { name: 'ATENÇÃO' });
    expect(screen.queryByRole('link', { name: 'Ver os detalhes' })).toBeNull();
  });

  it('subtitles per type', () => {
    expect([1, 2, 3, 4, 5, 7, 99].map(subtituloNotificacao)).toEqual([
      'Solicitação indeferida',
      'Cancelamento do registro',
      'Suspensão do registro',
      'Pendência no seu cadastro',
      'Migração do registro',
      'Alteração da data ou do órgão do primeiro RGP',
      'Aviso do sistema',
    ]);
  });
});
