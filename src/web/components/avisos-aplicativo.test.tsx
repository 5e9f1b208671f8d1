import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { avisarNovaVersao } from '../lib/aplicativo';
import { AvisoNovaVersao, AvisoSemConexao } from './avisos-aplicativo';

// jsdom has no service workers: the container's events are an EventTarget, the waiting worker records its messages.
const container = new EventTarget();
Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AvisoNovaVersao', () => {
  it('says nothing until a new release waits, then tells it and activates it only when the user chooses', () => {
    render(<AvisoNovaVersao />);
    expect(screen.queryByRole('status')).toBeNull();

    const worker = { postMessage: vi.fn() } as unknown as ServiceWorker;
    act(() => avisarNovaVersao(worker));
    expect(screen.getByRole('status').textContent).toContain('Nova versão disponível.');
    expect(worker.postMessage).not.toHaveBeenCalled();

    const recarregar = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload: recarregar });
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar agora' }));
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    // The page reloads once the new release controls it, not before.
    expect(recarregar).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(recarregar).toHaveBeenCalledTimes(1);
  });
});

describe('AvisoSemConexao', () => {
  it('tells when the browser loses the network, and stops when it comes back', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<AvisoSemConexao />);
    expect(screen.queryByRole('status')).toBeNull();
    online.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status').textContent).toContain('Sem conexão com a internet.');
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
