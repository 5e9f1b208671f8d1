import { useSyncExternalStore } from 'react';

/** The installable app (decision 0061). A new release's worker waits for a reload, so a page never mixes releases. */

type Ouvinte = () => void;
const ouvintes = new Set<Ouvinte>();
let esperando: ServiceWorker | null = null;

export function avisarNovaVersao(worker: ServiceWorker): void {
  esperando = worker;
  for (const ouvinte of ouvintes) ouvinte();
}

function assinar(ouvinte: Ouvinte): () => void {
  ouvintes.add(ouvinte);
  return () => ouvintes.delete(ouvinte);
}

export function useNovaVersao(): boolean {
  return useSyncExternalStore(assinar, () => esperando !== null, () => false);
}

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

/** No-op where browsers have none, and in development. */
export function registrarAplicativo(): void {
  if (pedido || import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  pedido = true;
  void import('./registrar-aplicativo').then((m) => m.registrar());
}
