import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installMockHttp, ok, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeAll(async () => {
  await import('./publico-consulta-carteira');
  await import('./publico-consulta-protocolo');
});

beforeEach(() => {
  http = installMockHttp();
  http.get('/api/captcha/configuracao', ok({ tipo: 'altcha' }));
});

afterEach(() => {
  http.restore();
  restoreNavigation?.();
});

describe('public lookups from the landing page', () => {
  it('links to "Verificar uma carteira profissional" and "Consultar protocolo", open without sign-in', async () => {
    const app = renderApp('/');
    restoreNavigation = app.restoreNavigation;

    const secao = screen.getByRole('region', { name: 'Consultas públicas' });
    fireEvent.click(within(secao).getByRole('link', { name: 'Verificar uma carteira profissional' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/consulta-carteira'));
    await screen.findByRole('heading', { level: 1, name: 'Verificar uma carteira profissional' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    await app.router.navigate('/');
    const secaoDeNovo = await screen.findByRole('region', { name: 'Consultas públicas' });
    fireEvent.click(within(secaoDeNovo).getByRole('link', { name: 'Consultar protocolo' }));
    await screen.findByRole('heading', { level: 1, name: 'Consultar protocolo' });
    // No sign-in, no session: the only calls ask which captcha to show, without credentials.
    expect(new Set(http.calls.map((c) => c.url))).toEqual(new Set(['/api/captcha/configuracao']));
    expect(http.calls.every((c) => c.authorization === null)).toBe(true);
  });
});
