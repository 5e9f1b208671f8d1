import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { Outlet } from 'react-router';
import { Perfil } from '../../shared/enums';
import { clienteDaAplicacao } from '../lib/query-client';
import { useSession } from '../lib/session';
import { haPendenteNoCelular } from '../lib/storage';

/**
 * What a fisher's phone keeps unsent (issue 25) goes when the fisher's area opens with signal and whenever the
 * signal returns, on any screen: the REAP saves, the wizard's step saves and the documents' files (their modules are
 * loaded only then). First, what an earlier release kept under a digest of the CPF moves under the fisher's phone
 * id, and what expired is erased (decision 0069).
 */
function useEnvioDoQueFicouNoCelular() {
  const session = useSession();
  const fisher = session?.perfil === Perfil.INTERESSADO && session.idCelular ? session : undefined;
  const cpf = fisher?.sub;
  const dono = fisher?.idCelular;
  useEffect(() => {
    if (!cpf || !dono) return undefined;
    let preparado: Promise<unknown> | undefined;
    const enviar = () => {
      if (!haPendenteNoCelular()) return;
      preparado ??= import('../lib/neste-celular')
        .then(async (m) => {
          await m.adotarDoFormatoAntigo(cpf, dono);
          await m.varrerCelular();
        })
        .catch(() => undefined);
      if (!navigator.onLine) return;
      void preparado.then(() => {
        void import('../features/reap/envio-pendente').then((m) => m.enviarReapsPendentes(dono)).catch(() => undefined);
        void import('../features/solicitacao/envio-pendente').then((m) => m.enviarSolicitacoesPendentes(dono)).catch(() => undefined);
        void import('../features/documento/fila-documentos').then((m) => m.enviarDocumentosPendentes(dono)).catch(() => undefined);
      });
    };
    enviar();
    window.addEventListener('online', enviar);
    return () => window.removeEventListener('online', enviar);
  }, [cpf, dono]);
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
