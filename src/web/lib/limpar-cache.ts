import type { QueryClient } from '@tanstack/react-query';
import { getSession, subscribeSession } from './session';

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
