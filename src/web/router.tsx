import { createBrowserRouter, Link, type RouteObject } from 'react-router';
import { Layout, Shell } from './components/layout';
import { PageTitle } from './components/page-title';
import { RequireSession } from './components/require-session';
import { HomePage } from './routes/home';
import { LandingPage } from './routes/landing';
import { LoginCallbackPage } from './routes/login';
import { NotFoundPage } from './routes/not-found';

/** Shown when a screen throws while rendering or loading. */
function RouteError() {
  return (
    <Shell>
      <PageTitle title="Erro inesperado" />
      <p>Erro desconhecido, tente novamente mais tarde</p>
      <p>
        <Link to="/">Voltar para a página inicial</Link>
      </p>
    </Shell>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'login', element: <LoginCallbackPage /> },
      {
        path: 'home',
        element: (
          <RequireSession>
            <HomePage />
          </RequireSession>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
