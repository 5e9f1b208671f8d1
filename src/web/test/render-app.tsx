import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { setNavigation } from '../lib/navigation';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from '../providers';
import { routes } from '../router';

/**
 * Renders the whole application at a path, in memory, with the real providers. In-app navigation goes
 * through the memory router; full page loads are recorded in `assign` (jsdom cannot navigate).
 */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const assign = vi.fn<(url: string) => void>();
  const restoreNavigation = setNavigation({
    assign,
    route: (to, options) => void router.navigate(to, options),
  });
  const queryClient = createQueryClient({ retry: false });
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, assign, queryClient, restoreNavigation };
}
