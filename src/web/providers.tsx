import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ToastContainer, type CloseButtonProps } from 'react-toastify/unstyled';
import { clearCacheOnSessionChange, createQueryClient } from './lib/query-client';
import { toastConfig } from './lib/toast';

function ToastCloseButton({ closeToast }: CloseButtonProps) {
  return (
    <button type="button" className="Toastify__close-button toast-close" aria-label="Fechar notificação" onClick={closeToast}>
      <i className="fas fa-times" aria-hidden="true" />
    </button>
  );
}

/** Application-wide providers: server state (TanStack Query) and toasts. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useEffect(() => clearCacheOnSessionChange(client), [client]);
  return (
    <QueryClientProvider client={client}>
      <ToastContainer {...toastConfig} closeButton={ToastCloseButton} aria-label="Notificações" />
      {children}
    </QueryClientProvider>
  );
}
