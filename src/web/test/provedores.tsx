import type { ReactNode } from 'react';
import { Toasts } from '../components/toasts';
import { createQueryClient } from '../lib/query-client';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../providers';

/**
 * The providers as unit tests need them: a query client that does not retry, and the real toast container imported
 * statically, so no test depends on how fast a lazy chunk resolves on a busy machine.
 */
export function ProvedoresDeTeste({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient ?? createQueryClient({ retry: false })} conteinerToasts={<Toasts />}>
      {children}
    </AppProviders>
  );
}
