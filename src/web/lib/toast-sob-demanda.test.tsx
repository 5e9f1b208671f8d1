import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import type { toast } from 'react-toastify/unstyled';
import { describe, expect, it, vi } from 'vitest';

// react-toastify on demand (issue 14). This file imports neither the router nor render-app.tsx, and each test
// starts from a fresh copy of the providers and of lib/toast, as a page load does: no toast shown yet, nothing
// of the library loaded. (They once shared one copy and had to run in order: shuffled, the test that reset the
// modules made the next one's container hand its toast function to another copy, and no toast ever showed.)
async function paginaNova() {
  vi.resetModules();
  const { AppProviders } = await import('../providers');
  const lib = await import('./toast');
  return { AppProviders, ...lib };
}

describe('react-toastify on demand (issue 14)', () => {
  it('no container until the first toast; a dismissal before it loads nothing', async () => {
    const { AppProviders, dispensarToasts, toastsPedidos } = await paginaNova();
    render(<AppProviders>{null}</AppProviders>);
    dispensarToasts();
    await act(async () => {});
    expect(toastsPedidos()).toBe(false);
    expect(document.querySelector('.Toastify')).toBeNull();
  });

  it('the first toast mounts the container (with the Portuguese close button) and shows in it', async () => {
    const { AppProviders, showToast, toastsPedidos } = await paginaNova();
    // Under StrictMode, as main.tsx renders: in development the container mounts, unmounts and mounts again.
    render(<StrictMode><AppProviders>{null}</AppProviders></StrictMode>);
    showToast('success', 'Mostrada');
    expect(toastsPedidos()).toBe(true);

    const mostrada = await screen.findByText('Mostrada'); // the first load of the file's module
    expect(mostrada.closest('section')?.getAttribute('aria-label')).toBe('Notificações');
    expect(screen.getByRole('button', { name: 'Fechar notificação' })).toBeTruthy();
  });

  it('toasts asked for before the container mounts show in order once it has, and at once from then on', async () => {
    const lib = await paginaNova();
    const mostrados: string[] = [];
    const falso = { success: (m: string) => mostrados.push(m), info: (m: string) => mostrados.push(m), dismiss: vi.fn() };
    lib.showToast('success', 'Um');
    lib.showToast('info', 'Dois');
    lib.dispensarToasts(); // nothing on screen yet: does nothing, drops nothing
    expect(mostrados).toEqual([]);
    lib.toastsProntos(falso as unknown as typeof toast);
    expect(mostrados).toEqual([]); // a microtask later: the container mounted twice (StrictMode) gets them
    await Promise.resolve();
    expect(mostrados).toEqual(['Um', 'Dois']);
    expect(falso.dismiss).not.toHaveBeenCalled();
    lib.showToast('success', 'Três');
    expect(mostrados).toEqual(['Um', 'Dois', 'Três']); // at once from then on
    lib.dispensarToasts();
    expect(falso.dismiss).toHaveBeenCalledTimes(1);
  });
});
