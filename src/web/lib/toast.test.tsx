import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';
import { STORAGE_KEYS } from './storage';
import { limiteDeToasts, queueToast, showQueuedToasts, toastConfig } from './toast';

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

describe("toasts on a phone (issue 15, point 9)", () => {
  it('a 360 px screen shows one toast at a time; a desktop is not limited', () => {
    expect(limiteDeToasts(360)).toBe(1);
    expect(limiteDeToasts(1280)).toBeUndefined();
  });
});
