import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './styles/index.css';
import { setNavigation } from './lib/navigation';
import { AppProviders } from './providers';
import { carregarTelasDoEndereco, createAppRouter } from './router';

/** Whether the root holds markup rendered at build time for this address (the mark scripts/vite-paginas-pre-renderizadas.ts writes). */
export function preRenderizadaPara(container: HTMLElement, pathname: string): boolean {
  const caminho = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return container.dataset.preRenderizado === caminho && container.hasChildNodes();
}

function iniciar() {
  const router = createAppRouter();

  // In-application routes go through the router (no page load); external addresses keep full page loads.
  setNavigation({
    route: (path, options) => void router.navigate(path, options),
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('Elemento #root não encontrado');

  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // Decision 0066: a page rendered at build time (the landing page, the card lookup) is hydrated, the markup kept;
  // any other page, or markup rendered for another address, is rendered anew. The hydration is a transition, so React
  // does it in slices and yields to the browser between them (a phone's input and paint are not blocked for the whole
  // tree); a click on markup not hydrated yet hydrates it at once (decision 0073).
  if (preRenderizadaPara(container, window.location.pathname)) startTransition(() => void hydrateRoot(container, app));
  else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}

// Decision 0065: the address's screens first, then the router; if they cannot be loaded, the router tries and says so.
void carregarTelasDoEndereco(window.location).catch(() => undefined).then(iniciar);
