import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './styles/index.css';
import { setNavigation } from './lib/navigation';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

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
