import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../lib/storage';
import { fisherToken, staffToken } from '../../test/tokens';
import { LinkAcompanharAnalises } from './index';

function mostrar() {
  const router = createMemoryRouter([{ path: '/', element: <LinkAcompanharAnalises /> }]);
  return render(<RouterProvider router={router} />);
}

describe('LinkAcompanharAnalises', () => {
  it.each([1, 2, 3, 5, 6] as const)('perfil %i: links to /analise/acompanhar-analises', (perfil) => {
    setToken(staffToken({ perfil }));
    mostrar();
    expect(screen.getByRole('link', { name: 'Acompanhar análises' }).getAttribute('href')).toBe('/analise/acompanhar-analises');
  });

  it.each([4, 7] as const)('perfil %i: nothing', (perfil) => {
    setToken(perfil === 4 ? fisherToken() : staffToken({ perfil }));
    mostrar();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
