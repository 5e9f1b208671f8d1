import type { toast as Toastify, ToastContainerProps } from 'react-toastify/unstyled';
import { STORAGE_KEYS, readItem, removeItem, writeItem } from './storage';

/** Spec point 2. */
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
 * react-toastify loads with the first toast, not with every page; toasts asked for meanwhile wait here, in order.
 */
type Toast = typeof Toastify;
type Acao = (toast: Toast) => void;

let toastPronto: Toast | null = null;
let pendentes: Acao[] = [];
let pedido = false;
const ouvintes = new Set<() => void>();

export function toastsPedidos(): boolean {
  return pedido;
}

export function assinarPedidoDeToasts(ouvinte: () => void): () => void {
  ouvintes.add(ouvinte);
  return () => {
    ouvintes.delete(ouvinte);
  };
}

/** A microtask later, so the second of StrictMode's two mounts gets them. */
export function toastsProntos(toast: Toast): void {
  queueMicrotask(() => {
    toastPronto = toast;
    const fila = pendentes;
    pendentes = [];
    for (const acao of fila) acao(toast);
  });
}

/** For unit tests, where a toast must show at once. */
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

/** 360 px phones show one toast at a time. */
export const LARGURA_UM_TOAST = 480;

export function umToastPorVez(largura: number): boolean {
  return largura <= LARGURA_UM_TOAST;
}

/** None covers an error summary on a phone. */
export function dispensarToasts(): void {
  toastPronto?.dismiss();
}

/** On a phone a queue (`limit`) would hold what the fisher just did behind an older one, or one paused by a finger. */
export function showToast(type: ToastType, message: string, options?: { autoClose?: number }): void {
  const substituir = typeof window !== 'undefined' && umToastPorVez(window.innerWidth);
  comToast((toast) => {
    if (substituir) toast.dismiss();
    toast[type](message, options);
  });
}

/** A message given just before a redirect. */
export function queueToast(type: ToastType, message: string): void {
  writeItem('session', STORAGE_KEYS.toast, JSON.stringify([...readQueue(), { type, message }]));
}

export function showQueuedToasts(): QueuedToast[] {
  const queue = readQueue();
  removeItem('session', STORAGE_KEYS.toast);
  for (const item of queue) showToast(item.type, item.message);
  return queue;
}
