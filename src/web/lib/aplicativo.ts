import { useSyncExternalStore } from 'react';

/**
 * The installable app (decision 0061): its service worker is registered for a signed-in fisher only. A new release's
 * worker waits until the fisher reloads, so a page never runs a mix of two releases.
 */

type Ouvinte = () => void;
const ouvintes = new Set<Ouvinte>();
let esperando: ServiceWorker | null = null;

/** Called by the registration when a new release's worker is installed and waits. */
export function avisarNovaVersao(worker: ServiceWorker): void {
  esperando = worker;
  for (const ouvinte of ouvintes) ouvinte();
}

function assinar(ouvinte: Ouvinte): () => void {
  ouvintes.add(ouvinte);
  return () => ouvintes.delete(ouvinte);
}

/** Whether a new release waits for the fisher to reload. */
export function useNovaVersao(): boolean {
  return useSyncExternalStore(assinar, () => esperando !== null, () => false);
}

/** Activates the waiting release and reloads the page once it controls it. */
export function recarregarNovaVersao(): void {
  const worker = esperando;
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  // Workbox's generated worker activates on this message (vite-plugin-pwa, registerType 'prompt').
  worker.postMessage({ type: 'SKIP_WAITING' });
}

function assinarConexao(ouvinte: Ouvinte): () => void {
  window.addEventListener('online', ouvinte);
  window.addEventListener('offline', ouvinte);
  return () => {
    window.removeEventListener('online', ouvinte);
    window.removeEventListener('offline', ouvinte);
  };
}

export function useConectado(): boolean {
  return useSyncExternalStore(assinarConexao, () => navigator.onLine, () => true);
}

let pedido = false;

/** Registers the app's service worker once per page load (no-op where browsers have none, and in development). */
export function registrarAplicativo(): void {
  if (pedido || import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  pedido = true;
  void import('./registrar-aplicativo').then((m) => m.registrar());
}
