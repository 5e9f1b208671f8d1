import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../lib/session';

/** Renders its children only for a signed-in user; anyone else goes to the public root. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return <Navigate to="/" replace />;
  return <>{children}</>;
}
