import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { carregarTela, MENSAGEM_TELA_NAO_CARREGADA, TITULO_TELA_NAO_CARREGADA } from './carregar-tela';

/** A screen's module whose import fails `falhas` times (as a chunk answered 503 does), then loads; counts the tries. */
function moduloQueFalha(falhas: number) {
  const chamadas = { total: 0 };
  const importar = async () => {
    chamadas.total += 1;
    if (chamadas.total <= falhas) throw new TypeError('Failed to fetch dynamically imported module: /assets/login-abc.js');
    return { Tela: () => <h1>Entrar com CPF</h1> };
  };
  return { importar, chamadas };
}

function abrir(importar: () => Promise<{ Tela: () => React.JSX.Element }>) {
  const router = createMemoryRouter(
    [{ path: '/login', lazy: carregarTela(importar, (m) => ({ Component: m.Tela }), [1, 1]) }],
    { initialEntries: ['/login'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('a screen whose script fails to load (issue 33, point 5)', () => {
  it('is tried again on its own and shows the screen when a later try loads', async () => {
    const { importar, chamadas } = moduloQueFalha(2);
    abrir(importar);
    expect((await screen.findByRole('heading', { name: 'Entrar com CPF' })).isConnected).toBe(true);
    expect(chamadas.total).toBe(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so in Portuguese after the tries, and "Tentar novamente" loads it in place', async () => {
    const { importar, chamadas } = moduloQueFalha(3);
    abrir(importar);
    const alerta = await screen.findByRole('alert');
    expect(alerta.textContent).toContain(TITULO_TELA_NAO_CARREGADA);
    expect(alerta.textContent).toContain(MENSAGEM_TELA_NAO_CARREGADA);
    // A focusable title, where the layout puts focus after a navigation.
    expect(screen.getByRole('heading', { level: 1, name: TITULO_TELA_NAO_CARREGADA }).getAttribute('tabindex')).toBe('-1');
    expect(chamadas.total).toBe(3);

    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect((await screen.findByRole('heading', { name: 'Entrar com CPF' })).isConnected).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(chamadas.total).toBe(4);
  });
});
