import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getToken, setChaveLogin } from '../lib/storage';
import { deferred, installMockHttp, ok, type MockHttp, type MockReply } from '../test/http';
import { renderApp } from '../test/render-app';
import { makeToken } from '../test/tokens';

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

const chave = '0f'.repeat(16);

describe('/login (GOV.BR callback)', () => {
  it('shows "Entrando…" as a status, exchanges the code and lands on /home', async () => {
    setChaveLogin(chave);
    const answer = deferred<MockReply>();
    http.post('/api/auth/login', () => answer.promise);
    http.get('/api/solicitacao/totalizadores/42', ok({
      rascunhos: 0, enviadas: 1, deferidas: 0, finalizadas: 0, emAnalise: 0, emAtualizacao: 0, todas: 1,
    }));

    const { router } = open(`/login?code=abc&state=${chave}`);

    expect(screen.getByRole('status').textContent).toBe('Entrando…');
    answer.resolve(ok({ token: makeToken({ nome: 'ANA', idPescador: 42 }), foto: null }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await screen.findByRole('heading', { level: 1, name: 'Olá, ANA' });
    expect(http.callsTo('/api/auth/login')[0]?.data).toEqual({ code: 'abc', state: chave });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
  });

  it('an error parameter is shown with a link back, and nothing is called', () => {
    open('/login?error=access_denied&error_description=<b>texto</b>');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Não foi possível entrar');
    expect(screen.getByRole('alert').textContent).toContain('(access_denied)');
    expect(screen.getByRole('alert').textContent).not.toContain('texto');
    expect(screen.getByRole('link', { name: 'Voltar para a página inicial' }).getAttribute('href')).toBe('/');
    expect(http.calls).toHaveLength(0);
  });

  it('a code with no sign-in started in this browser (no stored key) signs nobody in and says why', async () => {
    // A forged /login?code=…&state=… opened after a sign-out: the browser holds no key.
    http.post('/api/auth/login', ok({ token: makeToken({ nome: 'ATACANTE', idPescador: 666 }), foto: null }));

    const { router } = open(`/login?code=abc&state=${chave}`);

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Não foi possível entrar'));
    // The page's message (and a toast) say why.
    const alertas = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alertas.some((t) => t?.includes('não corresponde ao acesso iniciado neste navegador'))).toBe(true);
    expect(http.callsTo('/api/auth/login')).toHaveLength(0);
    expect(getToken()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('a callback without code says so', () => {
    open('/login');
    expect(screen.getByRole('alert').textContent).toContain('incompleto');
  });
});
