import { toast, type ToastContainerProps } from 'react-toastify/unstyled';
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

/** Screens this narrow (360 px phones) show one toast at a time: the newest replaces the one on screen. */
export const LARGURA_UM_TOAST = 480;

/** Whether a viewport `largura` px wide shows one toast at a time. */
export function umToastPorVez(largura: number): boolean {
  return largura <= LARGURA_UM_TOAST;
}

/**
 * Closes every visible toast: called when an error summary shows, so that no toast covers it (the summary says
 * what went wrong; a toast on top of it would hide it on a phone).
 */
export function dispensarToasts(): void {
  toast.dismiss();
}

/**
 * Shows a toast now. On a phone the newest replaces whatever is on screen (issue 15, point 9): a queue (react-
 * toastify's `limit`) would hold the message of what the fisher just did behind an older one, or behind one
 * paused under the finger.
 */
export function showToast(type: ToastType, message: string, options?: { autoClose?: number }): void {
  if (typeof window !== 'undefined' && umToastPorVez(window.innerWidth)) toast.dismiss();
  toast[type](message, options);
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
