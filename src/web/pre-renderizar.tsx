import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { carregarTelasDoEndereco, routes } from './router';

/**
 * Decision 0066: a public page rendered at build time with React's own server rendering, the same tree main.tsx
 * hydrates (providers, router, layout, screen) as a visitor without a session sees it before any answer arrives.
 * Run by scripts/vite-paginas-pre-renderizadas.ts in Node, never in the browser.
 */
export async function preRenderizar(caminho: string): Promise<string> {
  const endereco = new URL(caminho, 'http://rgp.invalid');
  await carregarTelasDoEndereco(endereco);
  const { query, dataRoutes } = createStaticHandler(routes);
  const contexto = await query(new Request(endereco));
  if (contexto instanceof Response) throw new Error(`${caminho} respondeu ${contexto.status} na pré-renderização`);
  const router = createStaticRouter(dataRoutes, contexto);
  return renderToString(
    <StrictMode>
      {/* A client of its own: the browser's (lib/query-client.ts) listens to the session in localStorage. Providers add no markup. */}
      <AppProviders queryClient={new QueryClient()}>
        <StaticRouterProvider router={router} context={contexto} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
