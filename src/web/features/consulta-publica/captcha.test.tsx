import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { fail, installMockHttp, ok, type MockHttp } from '../../test/http';
import { Captcha, type CaptchaHandle } from './captcha';

// The widget the server configured. jsdom runs neither widget's own code against its service, so hCaptcha's
// browser API (window.hcaptcha, what its script defines) is stood in for by a recorder: the test checks what
// the page asks of it and what it does with the answers.

let http: MockHttp & { restore: () => void };
beforeEach(() => {
  http = installMockHttp();
});
afterEach(() => {
  http.restore();
  delete (window as { hcaptcha?: unknown }).hcaptcha;
  document.querySelectorAll('script[src*="hcaptcha"]').forEach((s) => s.remove());
});

function renderCaptcha(onVerified = vi.fn(), onReset = vi.fn()) {
  const handle = createRef<CaptchaHandle>();
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <Captcha id="verificacao" ref={handle} onVerified={onVerified} onReset={onReset} />
    </QueryClientProvider>,
  );
  return { handle, onVerified, onReset };
}

const SITE_KEY = '10000000-ffff-ffff-ffff-000000000001';

/** The group's description: the elements its aria-describedby names. */
const dica = (grupo: HTMLElement) =>
  (grupo.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');

describe('Captcha', () => {
  it('shows the self-hosted ALTCHA by default, saying no data goes to third parties', async () => {
    http.get('/api/captcha/configuracao', ok({ tipo: 'altcha' }));
    renderCaptcha();
    const grupo = screen.getByRole('group', { name: 'Verificação de segurança' });
    await waitFor(() => expect(grupo.querySelector('altcha-widget')).not.toBeNull());
    expect(grupo.querySelector('altcha-widget')!.getAttribute('challenge')).toBe('/api/captcha/desafio');
    expect(dica(grupo)).toMatch(/sem enviar dados a terceiros/);
    expect(document.querySelector('script[src*="hcaptcha"]')).toBeNull();
  });

  it('with hCaptcha configured, loads hCaptcha\'s script in Portuguese and no ALTCHA', async () => {
    http.get('/api/captcha/configuracao', ok({ tipo: 'hcaptcha', siteKey: SITE_KEY }));
    renderCaptcha();
    await waitFor(() => expect(document.querySelector('script[src*="js.hcaptcha.com/1/api.js"]')).not.toBeNull());
    const src = new URL(document.querySelector<HTMLScriptElement>('script[src*="js.hcaptcha.com"]')!.src);
    expect(src.searchParams.get('hl')).toBe('pt-BR');
    expect(src.searchParams.get('render')).toBe('explicit');
    const grupo = screen.getByRole('group', { name: 'Verificação de segurança' });
    expect(grupo.querySelector('altcha-widget')).toBeNull();
    expect(dica(grupo)).toMatch(/hCaptcha/);
  });

  it('renders hCaptcha with the site key and hands its token to the lookup, then resets it for the next', async () => {
    let callbacks: Record<string, () => void> = {};
    const hcaptcha = {
      render: vi.fn((_el: HTMLElement, params: Record<string, unknown>) => {
        callbacks = params as unknown as Record<string, () => void>;
        return 'widget-1';
      }),
      execute: vi.fn(async () => ({ response: 'token-executado', key: 'k' })),
      getResponse: vi.fn(() => 'token-marcado'),
      getRespKey: vi.fn(() => 'k'),
      reset: vi.fn(),
      remove: vi.fn(),
    };
    (window as { hcaptcha?: unknown }).hcaptcha = hcaptcha;
    http.get('/api/captcha/configuracao', ok({ tipo: 'hcaptcha', siteKey: SITE_KEY }));
    const { handle, onVerified, onReset } = renderCaptcha();
    await waitFor(() => expect(hcaptcha.render).toHaveBeenCalled());
    expect(hcaptcha.render.mock.calls[0]![1]).toMatchObject({ sitekey: SITE_KEY, hl: 'pt-BR', sentry: false });

    // The person ticks the box: the token is the lookup's.
    act(() => callbacks.callback!());
    expect(onVerified).toHaveBeenCalledWith('token-marcado');
    // Or the lookup is sent first: the challenge runs then.
    await expect(handle.current!.verificar()).resolves.toBe('token-executado');
    expect(hcaptcha.execute).toHaveBeenCalledWith('widget-1', { async: true });
    // Each lookup spends its token.
    act(() => handle.current!.reset());
    expect(hcaptcha.reset).toHaveBeenCalledWith('widget-1');
    act(() => callbacks['expired-callback']!());
    expect(onReset).toHaveBeenCalled();
  });

  it('says so when the configuration cannot be read', async () => {
    http.get('/api/captcha/configuracao', fail(500, 'Erro interno no servidor, tente novamente mais tarde'));
    renderCaptcha();
    expect((await screen.findByRole('alert')).textContent).toBe('Não foi possível carregar a verificação de segurança. Recarregue a página.');
  });
});
