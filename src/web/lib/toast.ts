import type { toast as Toastify, ToastContainerProps } from 'react-toastify/unstyled';
import { STORAGE_KEYS, readItem, removeItem, writeItem } from './storage';

/** Global toast behaviour (spec point 2): top centre, 5 s, no progress bar, click to close, pausable. */
export const toastConfig = {
  position: 'top-center',
  autoClose: 5000,
  hideProgressBar: true,
  closeOnClick: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  newestOnTop: true,
} satisfies ToastContainerProps;

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface QueuedToast {
  type: ToastType;
  message: string;
}

const TYPES: readonly ToastType[] = ['success', 'error', 'info', 'warning'];

function isQueuedToast(value: unknown): value is QueuedToast {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<QueuedToast>;
  return typeof v.message === 'string' && TYPES.includes(v.type as ToastType);
}

function readQueue(): QueuedToast[] {
  const raw = readItem('session', STORAGE_KEYS.toast);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.filter(isQueuedToast);
  } catch {
    return [];
  }
}

/*
 * react-toastify is loaded on the first toast, not with every page (issue 14: the landing page shows none).
 * The first toast asks for the container (`assinarPedidoDeToasts`/`toastsPedidos`, read by providers.tsx, which
 * then mounts components/toasts.tsx, loaded on demand with the library); what is asked for until that container
 * has mounted waits here, in order, and is shown once it hands over react-toastify's `toast`
 * (`toastsProntos`). From then on a toast is shown at once.
 */
type Toast = typeof Toastify;
type Acao = (toast: Toast) => void;

let toastPronto: Toast | null = null;
let pendentes: Acao[] = [];
let pedido = false;
const ouvintes = new Set<() => void>();

/** Whether a toast has been asked for in this page load, so that the container must be mounted. */
export function toastsPedidos(): boolean {
  return pedido;
}

/** Calls `ouvinte` when the first toast asks for the container. Returns the unsubscribe function. */
export function assinarPedidoDeToasts(ouvinte: () => void): () => void {
  ouvintes.add(ouvinte);
  return () => {
    ouvintes.delete(ouvinte);
  };
}

/**
 * Called by the container (components/toasts.tsx) when it has mounted: the toasts asked for until then are
 * shown, in order. A microtask later, so that a container mounted twice in a row (React's StrictMode checks in
 * development) is the one that gets them.
 */
export function toastsProntos(toast: Toast): void {
  queueMicrotask(() => {
    toastPronto = toast;
    const fila = pendentes;
    pendentes = [];
    for (const acao of fila) acao(toast);
  });
}

/**
 * Mounts the container (loading the library) before any toast is asked for. For the unit tests
 * (src/web/test/render-app.tsx), where a toast must show at once, as it did when the library was in every page.
 */
export function prepararToasts(): void {
  if (pedido) return;
  pedido = true;
  for (const ouvinte of ouvintes) ouvinte();
}

function comToast(acao: Acao): void {
  if (toastPronto) {
    acao(toastPronto);
    return;
  }
  pendentes.push(acao);
  prepararToasts();
}

/** Screens this narrow (360 px phones) show one toast at a time: the newest replaces the one on screen. */
export const LARGURA_UM_TOAST = 480;

/** Whether a viewport `largura` px wide shows one toast at a time. */
export function umToastPorVez(largura: number): boolean {
  return largura <= LARGURA_UM_TOAST;
}

/**
 * Closes every visible toast: called when an error summary shows, so that no toast covers it (the summary says
 * what went wrong; a toast on top of it would hide it on a phone). Before the container is ready there is none
 * on screen: nothing to do, and nothing is loaded for it.
 */
export function dispensarToasts(): void {
  toastPronto?.dismiss();
}

/**
 * Shows a toast now (the first one as soon as the library has loaded). On a phone the newest replaces whatever
 * is on screen (issue 15, point 9): a queue (react-toastify's `limit`) would hold the message of what the fisher
 * just did behind an older one, or behind one paused under the finger.
 */
export function showToast(type: ToastType, message: string, options?: { autoClose?: number }): void {
  const substituir = typeof window !== 'undefined' && umToastPorVez(window.innerWidth);
  comToast((toast) => {
    if (substituir) toast.dismiss();
    toast[type](message, options);
  });
}

/**
 * Keeps a toast in sessionStorage so that it shows on the next page load (for messages given just before
 * leaving the page, e.g. before a redirect).
 */
export function queueToast(type: ToastType, message: string): void {
  writeItem('session', STORAGE_KEYS.toast, JSON.stringify([...readQueue(), { type, message }]));
}

/** Shows the queued toasts once and removes them. Returns what was shown. */
export function showQueuedToasts(): QueuedToast[] {
  const queue = readQueue();
  removeItem('session', STORAGE_KEYS.toast);
  for (const item of queue) showToast(item.type, item.message);
  return queue;
}
