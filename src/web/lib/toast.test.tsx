import { render, screen } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../providers';
import { renderApp } from '../test/render-app';
import { STORAGE_KEYS } from './storage';
import { queueToast, showQueuedToasts, showToast, toastConfig, umToastPorVez } from './toast';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe('toasts', () => {
  it('uses the global behaviour of the specification', () => {
    expect(toastConfig).toMatchObject({
      position: 'top-center',
      autoClose: 5000,
      hideProgressBar: true,
      closeOnClick: true,
      pauseOnHover: true,
      newestOnTop: true,
    });
  });

  it('a queued toast is kept in sessionStorage and shows once, on the next page load', async () => {
    queueToast('error', 'Erro ao gerar logout do GOV.BR');
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.toast) ?? 'null')).toEqual([
      { type: 'error', message: 'Erro ao gerar logout do GOV.BR' },
    ]);

    // First page load: shown, then removed from storage.
    const first = renderApp('/');
    restore = first.restoreNavigation;
    await screen.findByText('Erro ao gerar logout do GOV.BR');
    expect(sessionStorage.getItem(STORAGE_KEYS.toast)).toBeNull();
    first.unmount();
    restore();

    // Next page load: not shown again.
    const second = renderApp('/');
    restore = second.restoreNavigation;
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Erro ao gerar logout do GOV.BR')).toBeNull();
  });

  it('keeps several queued toasts in order and ignores garbage in storage', () => {
    queueToast('success', 'Um');
    queueToast('info', 'Dois');
    expect(showQueuedToasts().map((t) => t.message)).toEqual(['Um', 'Dois']);
    expect(showQueuedToasts()).toEqual([]);

    sessionStorage.setItem(STORAGE_KEYS.toast, '{não é json');
    expect(showQueuedToasts()).toEqual([]);
    sessionStorage.setItem(STORAGE_KEYS.toast, JSON.stringify({ type: 'warning', message: 'Único' }));
    expect(showQueuedToasts()).toEqual([{ type: 'warning', message: 'Único' }]);
  });
});

describe('toasts on a phone (issue 15, point 9)', () => {
  const largura = window.innerWidth;
  afterEach(() => {
    vi.restoreAllMocks();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: largura });
  });

  function comLargura(px: number) {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: px });
  }

  it('on a 360 px screen the newest toast replaces the one on screen; a desktop keeps them all', async () => {
    // The library is loaded and the container mounted, as after the page's first toast.
    render(<AppProviders>{null}</AppProviders>);
    showToast('info', 'Primeira');
    await screen.findByText('Primeira');

    const dispensar = vi.spyOn(toast, 'dismiss');
    const mostrar = vi.spyOn(toast, 'success');
    comLargura(360);
    expect(umToastPorVez(360)).toBe(true);
    showToast('success', 'Um');
    showToast('success', 'Dois');
    expect(dispensar).toHaveBeenCalledTimes(2);
    // Each replacement closes what is on screen before the new message opens.
    expect(dispensar.mock.invocationCallOrder[1]).toBeLessThan(mostrar.mock.invocationCallOrder[1]!);

    dispensar.mockClear();
    comLargura(1280);
    expect(umToastPorVez(1280)).toBe(false);
    showToast('success', 'Três');
    expect(dispensar).not.toHaveBeenCalled();
  });
});
