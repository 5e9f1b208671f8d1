import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext } from 'react';
import { Outlet } from 'react-router';
import { clienteDaAplicacao } from '../lib/query-client';
import { useEnvioEmSegundoPlano } from '../offline/envio-em-segundo-plano';

/**
 * The layout route of every screen that reads the server (src/web/router.tsx): it gives them the application's
 * one TanStack Query client, created on first use, and runs the offline outbox's background sender. Loaded with the
 * first such screen, so the landing page does not carry the query library (decision 0017). A client given above
 * (the tests' AppProviders) is kept.
 */
export function LayoutComConsultas() {
  const acima = useContext(QueryClientContext);
  useEnvioEmSegundoPlano();
  if (acima) return <Outlet />;
  return (
    <QueryClientProvider client={clienteDaAplicacao()}>
      <Outlet />
    </QueryClientProvider>
  );
}
