import { QueryCache, QueryClient } from '@tanstack/react-query';
import { statusOf } from './api';
import { getSession, subscribeSession } from './session';
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
  const status = statusOf(error);
  return failureCount < 1 && (status === undefined || status >= 500);
}

export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const message = query.meta?.errorMessage;
        // A 401 is handled by the API client (refresh or sign-out); no toast for it.
        if (message && statusOf(error) !== 401) showToast('error', message);
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

/**
 * Drops every cached answer when the signed-in user changes or signs out, so that no data of one user is
 * ever shown to the next. Returns the unsubscribe function.
 */
export function clearCacheOnSessionChange(queryClient: QueryClient): () => void {
  let sub = getSession()?.sub ?? null;
  return subscribeSession(() => {
    const next = getSession()?.sub ?? null;
    if (next !== sub) {
      sub = next;
      queryClient.clear();
    }
  });
}
