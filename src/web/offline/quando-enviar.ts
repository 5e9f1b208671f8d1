import { useEffect, useRef } from 'react';

/** The moments the outbox is sent and kept, shared by every screen that fills something offline (decision 0076). */

const NOVA_TENTATIVA_MS = 30_000;

/**
 * Calls `agir` when the page is left (`pagehide`) or hidden: a phone switching apps fires no pagehide, and may then
 * end the tab unseen, so a change still waiting for its moment is kept then. Answers the function that stops it.
 */
export function aoDeixarAPagina(agir: () => void): () => void {
  const aoOcultar = () => {
    if (document.visibilityState === 'hidden') agir();
  };
  window.addEventListener('pagehide', agir);
  document.addEventListener('visibilitychange', aoOcultar);
  return () => {
    window.removeEventListener('pagehide', agir);
    document.removeEventListener('visibilitychange', aoOcultar);
  };
}

/** Sends what waits when the signal returns (the browser's `online` event), and every 30 s while something waits. */
export function useEnvioAoVoltarOSinal(enviar: () => Promise<void>, haPendente: () => boolean): void {
  const pergunta = useRef(haPendente);
  useEffect(() => {
    pergunta.current = haPendente;
  });
  useEffect(() => {
    const aoVoltarOSinal = () => void enviar();
    window.addEventListener('online', aoVoltarOSinal);
    const intervalo = setInterval(() => {
      if (navigator.onLine && pergunta.current()) void enviar();
    }, NOVA_TENTATIVA_MS);
    return () => {
      window.removeEventListener('online', aoVoltarOSinal);
      clearInterval(intervalo);
    };
  }, [enviar]);
}
