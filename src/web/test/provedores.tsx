import type { ReactNode } from 'react';
import { Toasts } from '../components/toasts';
import { createQueryClient } from '../lib/query-client';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../providers';

/**
 * The application's providers as the unit tests need them: a query client that does not retry, and the real
 * toast container mounted with the screen. In the browser the container and react-toastify load with the first
 * toast (issue 14); here that lazy chunk resolved in its own time, and on a busy machine a test that read a
 * toast right after the answer that asked for it saw none (issue 21). Imported statically, the container is
 * there from the first render.
 */
export function ProvedoresDeTeste({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient ?? createQueryClient({ retry: false })} conteinerToasts={<Toasts />}>
      {children}
    </AppProviders>
  );
}
