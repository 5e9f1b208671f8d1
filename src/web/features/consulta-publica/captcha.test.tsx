import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// The widget's payload is checked by the server's own verifier, the one the lookups go through.
// eslint-disable-next-line no-restricted-imports
import { AltchaVerifier } from '../../../server/adapters/captcha/altcha';
import { createQueryClient } from '../../lib/query-client';
import { fail, installMockHttp, ok, type MockHttp } from '../../test/http';
import { Captcha, type CaptchaHandle } from './captcha';
import { ENDERECO_DESAFIO, MARGEM_VALIDADE_MS } from './widget-altcha';

// The widget the server configured. Our ALTCHA widget runs whole in jsdom (no Worker there: it solves on the
// page's thread), against challenges made by the server's verifier and answered through a stand-in fetch.
// hCaptcha's browser API (window.hcaptcha, what its script defines) is stood in for by a recorder: the test
// checks what the page asks of it and what it does with the answers.

let http: MockHttp & { restore: () => void };
beforeEach(() => {
  http = installMockHttp();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  http.restore();
  delete (window as { hcaptcha?: unknown }).hcaptcha;
  document.querySelectorAll('script[src*="hcaptcha"]').forEach((s) => s.remove());
});

/** Cheap challenges (a few dozen PBKDF2 rounds) signed as the server signs them; each token is spent once. */
function servidorAltcha(validadeSegundos = 300) {
  const usados = new Set<string>();
  return new AltchaVerifier({
    segredo: 'segredo-de-teste',
    registro: { consumir: async (chave) => !usados.has(chave) && Boolean(usados.add(chave)) },
    custo: 10,
    contadorMinimo: 1,
    contadorMaximo: 30,
    validadeSegundos,
  });
}

interface RespostaDesafio {
  status?: number;
  /** the answer inside the API's envelope (as the server answers) or bare */
  envelope?: boolean;
  /** the server's clock, as its Date header says it, given the challenge's expiresAt */
  relogio?: (expiresAt: number) => Date;
}

/**
 * GET /api/captcha/desafio answered by `servidor` (in the envelope, with its Date header); any other request
 * goes on to the fetch that was there. Records the challenges asked for.
 */
function responderDesafios(servidor: AltchaVerifier, resposta: () => RespostaDesafio = () => ({})) {
  const pedidos: RequestInit[] = [];
  const original = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url !== ENDERECO_DESAFIO) return original(input, init);
    pedidos.push(init ?? {});
    const { status = 200, envelope = true, relogio = () => new Date() } = resposta();
    const desafio = await servidor.desafio();
    const headers = { 'content-type': 'application/json; charset=utf-8', date: relogio(desafio.parameters.expiresAt!).toUTCString() };
    if (status !== 200) return new Response(JSON.stringify({ codigo: status, mensagem: 'Muitas requisições', erros: [] }), { status, headers });
    return new Response(JSON.stringify(envelope ? { codigo: 200, mensagem: 'OK', dados: desafio } : desafio), { status, headers });
  });
  return pedidos;
}

async function renderAltcha() {
  http.get('/api/captcha/configuracao', ok({ tipo: 'altcha' }));
  const r = renderCaptcha();
  const grupo = screen.getByRole('group', { name: 'Verificação de segurança' });
  const caixa = await within(grupo).findByRole('checkbox', { name: 'Eu não sou um robô' });
  const estado = within(grupo).getByRole('status');
  const widget = grupo.querySelector<HTMLElement>('[data-state]')!;
  return { ...r, grupo, caixa: caixa as HTMLInputElement, estado, widget };
}

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
  it('shows the self-hosted ALTCHA by default: an unticked box, saying no data goes to third parties', async () => {
    const pedidos = responderDesafios(servidorAltcha());
    const { grupo, caixa, estado, widget } = await renderAltcha();
    expect(caixa.checked).toBe(false);
    expect(caixa.getAttribute('aria-describedby')).toBe(estado.id);
    expect(estado.textContent).toBe('');
    expect(widget.dataset.state).toBe('unverified');
    expect(dica(grupo)).toMatch(/sem enviar dados a terceiros/);
    expect(document.querySelector('script[src*="hcaptcha"]')).toBeNull();
    // Nothing is asked of the server until the box is ticked or the lookup sent.
    expect(pedidos).toHaveLength(0);
  });

  it('ticked, says "Verificando…" then "Verificado", and hands over a token the server accepts once', async () => {
    const servidor = servidorAltcha();
    const pedidos = responderDesafios(servidor);
    const { caixa, estado, widget, onVerified } = await renderAltcha();

    fireEvent.click(caixa);
    expect(estado.textContent).toBe('Verificando…');
    expect(widget.dataset.state).toBe('verifying');
    expect(caixa.indeterminate).toBe(true);
    // A click while it works changes nothing.
    fireEvent.click(caixa);
    expect(caixa.indeterminate).toBe(true);
    expect(caixa.checked).toBe(false);

    await waitFor(() => expect(estado.textContent).toBe('Verificado'));
    expect(caixa.checked).toBe(true);
    expect(caixa.indeterminate).toBe(false);
    expect(widget.dataset.state).toBe('verified');
    expect(pedidos).toHaveLength(1);
    expect(pedidos[0]!.credentials).toBe('same-origin');
    expect(onVerified).toHaveBeenCalledTimes(1);
    const token = onVerified.mock.calls[0]![0] as string;
    await expect(servidor.verificar(token, '127.0.0.1')).resolves.toBe(true);
    await expect(servidor.verificar(token, '127.0.0.1')).resolves.toBe(false);
  });

  it('sent unticked, verificar() solves it (a bare challenge too), then answers the same token until reset', async () => {
    const servidor = servidorAltcha();
    const pedidos = responderDesafios(servidor, () => ({ envelope: false }));
    const { handle, caixa, estado, onVerified } = await renderAltcha();

    let token: string | null = null;
    await act(async () => {
      token = await handle.current!.verificar();
    });
    expect(token).toEqual(expect.any(String));
    expect(onVerified).toHaveBeenCalledWith(token);
    expect(caixa.checked).toBe(true);
    expect(estado.textContent).toBe('Verificado');
    await expect(handle.current!.verificar()).resolves.toBe(token);
    expect(pedidos).toHaveLength(1);
    await expect(servidor.verificar(token!, '127.0.0.1')).resolves.toBe(true);

    // Each lookup spends its token: reset, and the next one is a new challenge.
    act(() => handle.current!.reset());
    expect(caixa.checked).toBe(false);
    expect(estado.textContent).toBe('');
    let outro: string | null = null;
    await act(async () => {
      outro = await handle.current!.verificar();
    });
    expect(pedidos).toHaveLength(2);
    expect(outro).not.toBe(token);
    await expect(servidor.verificar(outro!, '127.0.0.1')).resolves.toBe(true);
  });

  it('says "Falha na verificação. Tente novamente." when no challenge comes, and a new tick tries again', async () => {
    let status = 429;
    responderDesafios(servidorAltcha(), () => ({ status }));
    const { handle, caixa, estado, widget, onVerified, onReset } = await renderAltcha();

    fireEvent.click(caixa);
    await waitFor(() => expect(estado.textContent).toBe('Falha na verificação. Tente novamente.'));
    expect(widget.dataset.state).toBe('error');
    expect(caixa.checked).toBe(false);
    expect(onReset).toHaveBeenCalled();
    await act(async () => {
      await expect(handle.current!.verificar()).resolves.toBeNull();
    });
    expect(onVerified).not.toHaveBeenCalled();

    status = 200;
    fireEvent.click(caixa);
    await waitFor(() => expect(estado.textContent).toBe('Verificado'));
    expect(onVerified).toHaveBeenCalledTimes(1);
  });

  it('expires with its challenge (on the server\'s clock): back to unticked, "A verificação expirou. Marque novamente."', async () => {
    const servidor = servidorAltcha();
    // The server's clock says the challenge has one second of life left past the safety margin.
    responderDesafios(servidor, () => ({ relogio: (expiresAt) => new Date(expiresAt * 1000 - MARGEM_VALIDADE_MS - 1_000) }));
    const { handle, caixa, estado, widget, onVerified, onReset } = await renderAltcha();

    fireEvent.click(caixa);
    await waitFor(() => expect(estado.textContent).toBe('Verificado'));
    expect(onReset).not.toHaveBeenCalled();
    await waitFor(() => expect(estado.textContent).toBe('A verificação expirou. Marque novamente.'));
    expect(widget.dataset.state).toBe('expired');
    expect(caixa.checked).toBe(false);
    expect(onReset).toHaveBeenCalledTimes(1);
    // Asked again, it solves a new challenge.
    await act(async () => {
      await expect(handle.current!.verificar()).resolves.toEqual(expect.any(String));
    });
    expect(onVerified).toHaveBeenCalledTimes(2);
    expect(onVerified.mock.calls[1]![0]).not.toBe(onVerified.mock.calls[0]![0]);
  });

  it('does not expire at once on a phone whose clock runs an hour ahead of the server\'s', async () => {
    // The server's clock is an hour behind this one: its challenge lives 5 minutes from its own now.
    const pedidos = responderDesafios(servidorAltcha(300 - 3_600), () => ({ relogio: () => new Date(Date.now() - 3_600_000) }));
    const { handle, caixa, estado, onReset } = await renderAltcha();

    fireEvent.click(caixa);
    await waitFor(() => expect(estado.textContent).toBe('Verificado'));
    await new Promise((r) => setTimeout(r, 50));
    expect(caixa.checked).toBe(true);
    expect(onReset).not.toHaveBeenCalled();
    await expect(handle.current!.verificar()).resolves.toEqual(expect.any(String));
    expect(pedidos).toHaveLength(1);
  });

  it('unticked by the person, goes back to unverified and says so to the lookup', async () => {
    responderDesafios(servidorAltcha());
    const { caixa, estado, widget, onReset } = await renderAltcha();
    fireEvent.click(caixa);
    await waitFor(() => expect(caixa.checked).toBe(true));
    fireEvent.click(caixa);
    expect(caixa.checked).toBe(false);
    expect(widget.dataset.state).toBe('unverified');
    expect(estado.textContent).toBe('');
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('with hCaptcha configured, loads hCaptcha\'s script in Portuguese and no ALTCHA', async () => {
    http.get('/api/captcha/configuracao', ok({ tipo: 'hcaptcha', siteKey: SITE_KEY }));
    renderCaptcha();
    await waitFor(() => expect(document.querySelector('script[src*="js.hcaptcha.com/1/api.js"]')).not.toBeNull());
    const src = new URL(document.querySelector<HTMLScriptElement>('script[src*="js.hcaptcha.com"]')!.src);
    expect(src.searchParams.get('hl')).toBe('pt-BR');
    expect(src.searchParams.get('render')).toBe('explicit');
    const grupo = screen.getByRole('group', { name: 'Verificação de segurança' });
    expect(within(grupo).queryByRole('checkbox', { name: 'Eu não sou um robô' })).toBeNull();
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

  it('says so when the configuration answers something outside its contract (read without zod), and shows no widget', async () => {
    http.get('/api/captcha/configuracao', ok({ tipo: 'hcaptcha' }));
    renderCaptcha();
    expect((await screen.findByRole('alert')).textContent).toBe('Não foi possível carregar a verificação de segurança. Recarregue a página.');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
