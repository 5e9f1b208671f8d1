import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useSyncExternalStore, type JSX, type ReactNode } from 'react';
import { clearCacheOnSessionChange } from './lib/limpar-cache';
import { assinarPedidoDeToasts, toastsPedidos } from './lib/toast';

function SemToasts(): JSX.Element | null {
  return null;
}

/**
 * The toast container and react-toastify, loaded with the first toast (decision 0017). Should the file fail to load
 * (the network dropped), that page load shows no toasts rather than failing as a whole.
 */
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
 * Application-wide providers: toasts (their container is mounted from the first toast on), and server state
 * (TanStack Query) when a client is given (the tests). In the browser the screens that read the server get the
 * application's one client from the route that holds them (components/layout-com-consultas.tsx), so that the landing page
 * does not load the query library (decision 0017).
 */
export function AppProviders({ children, queryClient, conteinerToasts }: {
  children: ReactNode;
  queryClient?: QueryClient;
  /**
   * A toast container mounted with the application instead of on demand: the unit tests
   * (src/web/test/provedores.tsx) pass the real one, loaded beforehand, so that no test depends on how fast a
   * lazy chunk resolves on a busy machine.
   */
  conteinerToasts?: ReactNode;
}) {
  return (
    <>
      {conteinerToasts ?? <ToastsSobDemanda />}
      {queryClient ? <ComCliente client={queryClient}>{children}</ComCliente> : children}
    </>
  );
}
