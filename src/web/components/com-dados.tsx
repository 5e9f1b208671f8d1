import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { Outlet } from 'react-router';
import { Perfil } from '../../shared/enums';
import { clienteDaAplicacao } from '../lib/query-client';
import { useSession } from '../lib/session';
import { haPendenteNoCelular } from '../lib/storage';

/**
 * What a fisher's phone keeps unsent (issue 25) goes when the fisher's area opens with signal and whenever the
 * signal returns, on any screen: the REAP saves, the wizard's step saves and the documents' files (their modules are loaded only then).
 */
function useEnvioDoQueFicouNoCelular() {
  const session = useSession();
  const sujeito = session?.perfil === Perfil.INTERESSADO ? session.sub : undefined;
  useEffect(() => {
    if (!sujeito) return undefined;
    const enviar = () => {
      if (!navigator.onLine || !haPendenteNoCelular()) return;
      void import('../features/reap/envio-pendente').then((m) => m.enviarReapsPendentes(sujeito)).catch(() => undefined);
      void import('../features/solicitacao/envio-pendente').then((m) => m.enviarSolicitacoesPendentes(sujeito)).catch(() => undefined);
      void import('../features/documento/fila-documentos').then((m) => m.enviarDocumentosPendentes(sujeito)).catch(() => undefined);
    };
    enviar();
    window.addEventListener('online', enviar);
    return () => window.removeEventListener('online', enviar);
  }, [sujeito]);
}

/**
 * The layout route of every screen that reads the server (src/web/router.tsx): it gives them the application's
 * one TanStack Query client, created on first use. Loaded with the first such screen, so the landing page does
 * not carry the query library (decision 0017). A client given above (the tests' AppProviders) is kept.
 */
export function ComDados() {
  const acima = useContext(QueryClientContext);
  useEnvioDoQueFicouNoCelular();
  if (acima) return <Outlet />;
  return (
    <QueryClientProvider client={clienteDaAplicacao()}>
      <Outlet />
    </QueryClientProvider>
  );
}
