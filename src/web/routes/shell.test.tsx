import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../lib/storage';
import { installMockHttp, ok, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';
import { fisherToken } from '../test/tokens';

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

describe('page frame', () => {
  it('has a skip link to the main landmark, a banner with the product name, and a footer', () => {
    open('/');
    const skip = screen.getByRole('link', { name: 'Ir para o conteúdo principal' });
    expect(skip.getAttribute('href')).toBe('#main-content');
    expect(screen.getByRole('main').id).toBe('main-content');
    const banner = screen.getByRole('banner');
    expect(banner.textContent).toContain('RGP – Registro Geral da Atividade Pesqueira');
    expect(banner.textContent).toContain('Ministério da Pesca e Aquicultura');
    screen.getByRole('contentinfo');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('signed out: "Entrar com gov.br" starts the GOV.BR sign-in', async () => {
    http.get(/^\/api\/auth\/link\//, ok({ url: 'https://sso.example/authorize' }));
    const { assign } = open('/');

    const [headerButton] = screen.getAllByRole('button', { name: 'Entrar com gov.br' });
    fireEvent.click(headerButton!);

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sso.example/authorize'));
  });

  it('signed in: keyboard-usable user menu with name, profile and "Sair"', async () => {
    setToken(fisherToken({ nome: 'MARIA DAS GRAÇAS' }));
    http.get('/api/solicitacao/totalizadores/42', ok({
      rascunhos: 0, enviadas: 0, deferidas: 0, finalizadas: 0, emAnalise: 0, emAtualizacao: 0, todas: 0,
    }));
    http.get('/api/auth/logout', ok({ url: 'https://sso.example/logout' }));
    const { assign } = open('/home');

    expect(screen.queryByRole('button', { name: 'Entrar com gov.br' })).toBeNull();
    const trigger = screen.getByRole('button', { name: 'Menu do usuário: MARIA' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(true);

    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hidden).toBe(false);
    expect(panel?.textContent).toContain('MARIA DAS GRAÇAS');
    expect(panel?.textContent).toContain('Perfil: Pescador');
    const sair = screen.getByRole('button', { name: 'Sair' });
    expect(document.activeElement).toBe(sair);

    fireEvent.keyDown(sair, { key: 'Escape' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);

    fireEvent.click(trigger);
    fireEvent.mouseDown(document.body);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(trigger);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sair' }));
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sso.example/logout'));
  });

  it('unknown paths show "Página não encontrada"', () => {
    open('/nao/existe');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Página não encontrada');
    expect(document.title).toContain('Página não encontrada');
  });
});
