import { useEffect } from 'react';
import { ToastContainer, toast, type CloseButtonProps } from 'react-toastify/unstyled';
import { toastConfig, toastsProntos } from '../lib/toast';

function ToastCloseButton({ closeToast }: CloseButtonProps) {
  return (
    <button type="button" className="Toastify__close-button toast-close" aria-label="Fechar notificação" onClick={closeToast}>
      <i className="fas fa-times" aria-hidden="true" />
    </button>
  );
}

/**
 * The application's toast container (spec point 2). Loaded with react-toastify when the first toast is asked
 * for (lib/toast.ts, providers.tsx), so that a page that shows none does not download the library; once
 * mounted it hands react-toastify's `toast` to lib/toast.ts, which shows what was waiting. Its styles are in
 * the global stylesheet.
 */
export function Toasts() {
  useEffect(() => toastsProntos(toast), []);
  return <ToastContainer {...toastConfig} closeButton={ToastCloseButton} aria-label="Notificações" />;
}
