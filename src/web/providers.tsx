import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ToastContainer, type CloseButtonProps } from 'react-toastify/unstyled';
import { clearCacheOnSessionChange } from './lib/limpar-cache';
import { toastConfig } from './lib/toast';

function ToastCloseButton({ closeToast }: CloseButtonProps) {
  return (
    <button type="button" className="Toastify__close-button toast-close" aria-label="Fechar notificação" onClick={closeToast}>
      <i className="fas fa-times" aria-hidden="true" />
    </button>
  );
}

function ComCliente({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => clearCacheOnSessionChange(client), [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * Application-wide providers: toasts, and server state (TanStack Query) when a client is given (the tests). In
 * the browser the screens that read the server get the application's one client from the route that holds
 * them (components/com-dados.tsx), so that the landing page does not load the query library (decision 0017).
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <>
      <ToastContainer
        {...toastConfig}
        closeButton={ToastCloseButton}
        aria-label="Notificações"
      />
      {queryClient ? <ComCliente client={queryClient}>{children}</ComCliente> : children}
    </>
  );
}
