import { avisarNovaVersao } from './aplicativo';

/** The worker vite-plugin-pwa generates at the root of the built app (dist/web/sw.js). */
export const ENDERECO_SERVICE_WORKER = '/sw.js';

function vigiar(registro: ServiceWorkerRegistration): void {
  // A worker waiting while another controls the page is a new release (the first install controls at once).
  if (registro.waiting && navigator.serviceWorker.controller) avisarNovaVersao(registro.waiting);
  registro.addEventListener('updatefound', () => {
    const novo = registro.installing;
    novo?.addEventListener('statechange', () => {
      if (novo.state === 'installed' && navigator.serviceWorker.controller) avisarNovaVersao(novo);
    });
  });
  // An app left open for days (a phone's home screen) looks for a new release when it comes back to the front.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && navigator.onLine) void registro.update().catch(() => undefined);
  });
}

/**
 * Registers the service worker, without workbox-window to keep the pages' weight budget (decision 0061). A failure
 * leaves the app working online.
 */
export async function registrar(): Promise<void> {
  try {
    vigiar(await navigator.serviceWorker.register(ENDERECO_SERVICE_WORKER, { scope: '/' }));
  } catch {
    // Nothing to tell the fisher: only the offline use is lost.
  }
}
