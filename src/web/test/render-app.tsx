import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { setNavigation } from '../lib/navigation';
import { createQueryClient } from '../lib/query-client';
import { ProvedoresDeTeste } from './provedores';
import { routes } from '../router';

/**
 * The screens are loaded on first use in the browser (decision 0017); here every route's `lazy` is resolved
 * once, before any test renders, so that a screen renders at once as it did when it was part of the bundle.
 */
async function resolverLazy(rotas: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(rotas.map(async (rota) => {
    const carregada = typeof rota.lazy === 'function' ? await rota.lazy() : {};
    const filhas = rota.children ? await resolverLazy(rota.children) : undefined;
    return { ...rota, ...carregada, lazy: undefined, ...(filhas ? { children: filhas } : {}) } as RouteObject;
  }));
}

const rotasCarregadas = await resolverLazy(routes);

/**
 * Renders the whole application at a path, in memory, with the real providers. In-app navigation goes
 * through the memory router; full page loads are recorded in `assign` (jsdom cannot navigate).
 */
export function renderApp(path: string) {
  const router = createMemoryRouter(rotasCarregadas, { initialEntries: [path] });
  const assign = vi.fn<(url: string) => void>();
  const restoreNavigation = setNavigation({
    assign,
    route: (to, options) => void router.navigate(to, options),
  });
  const queryClient = createQueryClient({ retry: false });
  const utils = render(
    <ProvedoresDeTeste queryClient={queryClient}>
      <RouterProvider router={router} />
    </ProvedoresDeTeste>,
  );
  return { ...utils, router, assign, queryClient, restoreNavigation };
}
