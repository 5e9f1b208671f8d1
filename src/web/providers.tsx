import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useSyncExternalStore, type JSX, type ReactNode } from 'react';
import { clearCacheOnSessionChange } from './lib/limpar-cache';
import { assinarPedidoDeToasts, toastsPedidos } from './lib/toast';

function SemToasts(): JSX.Element | null {
  return null;
}

/** Loaded with the first toast. Should it fail to load, that page shows no toasts rather than failing whole. */
const Toasts = lazy(() =>
  import('./components/toasts').then(
    (m) => ({ default: m.Toasts }),
    () => ({ default: SemToasts }),
  ),
);

function ToastsSobDemanda() {
  const pedidos = useSyncExternalStore(assinarPedidoDeToasts, toastsPedidos, () => false);
  if (!pedidos) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

function ComCliente({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => clearCacheOnSessionChange(client), [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * Application-wide providers. In the browser the screens that read the server get the query client from the route
 * that holds them, so the landing page does not load the query library (decision 0017).
 */
export function AppProviders({ children, queryClient, conteinerToasts }: {
  children: ReactNode;
  queryClient?: QueryClient;
  /** The unit tests pass the real one, loaded beforehand. */
  conteinerToasts?: ReactNode;
}) {
  return (
    <>
      {conteinerToasts ?? <ToastsSobDemanda />}
      {queryClient ? <ComCliente client={queryClient}>{children}</ComCliente> : children}
    </>
  );
}
