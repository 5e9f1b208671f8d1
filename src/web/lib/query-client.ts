import { QueryCache, QueryClient } from '@tanstack/react-query';
import { CODIGOS_FALHA_DO_SERVIDOR, CodigoErro } from '../../shared/codigos-erro';
import { codigoErroDe } from './erros';
import { clearCacheOnSessionChange } from './limpar-cache';
import { showToast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The specification's fixed message shown in a toast when the query fails. */
      errorMessage?: string;
    };
  }
}

/** Retry once, and only what may succeed on retry: no answer, or a server error. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const codigo = codigoErroDe(error);
  return failureCount < 1 && (codigo === undefined || CODIGOS_FALHA_DO_SERVIDOR.includes(codigo));
}

/** A session that ended or expired: the API client refreshes it or signs out. */
const SESSAO_ENCERRADA: readonly (CodigoErro | undefined)[] = [CodigoErro.NAO_AUTENTICADO, CodigoErro.TOKEN_EXPIRADO];

export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const message = query.meta?.errorMessage;
        // An ended session is handled by the API client (refresh or sign-out); no toast for it.
        if (message && !SESSAO_ENCERRADA.includes(codigoErroDe(error))) showToast('error', message);
      },
    }),
    defaultOptions: {
      queries: {
        retry: options.retry === false ? false : shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export { clearCacheOnSessionChange } from './limpar-cache';

let daAplicacao: QueryClient | null = null;

/** The browser's one client (components/layout-com-consultas.tsx), made on first use; it forgets everything on a change of user. */
export function clienteDaAplicacao(): QueryClient {
  if (!daAplicacao) {
    daAplicacao = createQueryClient();
    clearCacheOnSessionChange(daAplicacao);
  }
  return daAplicacao;
}
