import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './styles/index.css';
import { setNavigation } from './lib/navigation';
import { AppProviders } from './providers';
import { carregarTelasDoEndereco, createAppRouter } from './router';

function iniciar() {
  const router = createAppRouter();

  // In-application routes go through the router (no page load); external addresses keep full page loads.
  setNavigation({
    route: (path, options) => void router.navigate(path, options),
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('Elemento #root não encontrado');

  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// Decision 0065: the address's screens first, then the router; if they cannot be loaded, the router tries and says so.
void carregarTelasDoEndereco(window.location).catch(() => undefined).then(iniciar);
