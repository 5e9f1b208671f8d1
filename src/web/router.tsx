import { createBrowserRouter, Link, type RouteObject } from 'react-router';
import {
  ROTA_CONSULTA_CARTEIRA,
  ROTA_CONSULTA_PROTOCOLO,
  ROTA_DOCUMENTOS,
  ROTA_HOME,
  ROTA_VERIFICAR_CARTEIRA,
} from '../shared/rotas-web';
import { Layout, Shell } from './components/layout';
import { PageTitle } from './components/page-title';
import { RequireSession } from './components/require-session';
import { ERRO_DESCONHECIDO } from './lib/erros';
import { LandingPage } from './routes/landing';
import { NotFoundPage } from './routes/not-found';

/** Shown when a screen throws while rendering or loading. */
function RouteError() {
  return (
    <Shell>
      <PageTitle title="Erro inesperado" />
      <p>{ERRO_DESCONHECIDO}</p>
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
      {
        // Every screen but the landing page is loaded on first use (decision 0017), under this layout route that
        // gives them the server-state client: the landing page carries neither the query library nor the
        // fisher's, the staff's or the public lookups' screens.
        lazy: () => import('./components/com-dados').then((m) => ({ Component: m.ComDados })),
        children: [
          { path: 'login', lazy: () => import('./routes/login').then((m) => ({ Component: m.LoginCallbackPage })) },
          {
            path: ROTA_HOME,
            lazy: () => import('./routes/home').then((m) => ({ element: <RequireSession><m.HomePage /></RequireSession> })),
          },
          // -- request wizard routes --
          {
            // The wizard is loaded on first use: its forms and schemas stay out of the initial bundle.
            path: 'pescador/solicitacao',
            hydrateFallbackElement: <p role="status">Carregando…</p>,
            lazy: () => import('./routes/solicitacao').then((m) => ({ Component: m.SolicitacaoRoute })),
          },
          {
            // With or without the trailing slash.
            path: 'pescador/edicao-registro/edicao',
            hydrateFallbackElement: <p role="status">Carregando…</p>,
            lazy: () => import('./routes/solicitacao').then((m) => ({ Component: m.EdicaoRegistroRoute })),
          },
          // -- fisher screens routes --
          {
            // The fisher's screens around the wizard, each loaded on first use; signed-in users only.
            path: 'pescador/declaracao',
            lazy: () => import('./routes/pescador-declaracao').then((m) => ({ element: <RequireSession><m.PescadorDeclaracaoPage /></RequireSession> })),
          },
          {
            path: ROTA_DOCUMENTOS,
            lazy: () => import('./routes/pescador-documentos').then((m) => ({ element: <RequireSession><m.PescadorDocumentosPage /></RequireSession> })),
          },
          {
            path: 'pescador/edicao-documentos',
            lazy: () => import('./routes/pescador-edicao-documentos').then((m) => ({ element: <RequireSession><m.PescadorEdicaoDocumentosPage /></RequireSession> })),
          },
          {
            path: 'pescador/solicitacoes',
            lazy: () => import('./routes/pescador-solicitacoes').then((m) => ({ element: <RequireSession><m.PescadorSolicitacoesPage /></RequireSession> })),
          },
          {
            path: 'pescador/cancelamento',
            lazy: () => import('./routes/pescador-cancelamento').then((m) => ({ element: <RequireSession><m.PescadorCancelamentoPage /></RequireSession> })),
          },
          {
            path: 'pescador/edicao-rgp',
            lazy: () => import('./routes/pescador-edicao-rgp').then((m) => ({ element: <RequireSession><m.PescadorEdicaoRgpPage /></RequireSession> })),
          },
          {
            path: 'pescador/regularizacao',
            lazy: () => import('./routes/pescador-regularizacao').then((m) => ({ element: <RequireSession><m.PescadorRegularizacaoPage /></RequireSession> })),
          },
          // -- analysis and public routes --
          {
            // Staff: the analysis follow-up and the analysis screen, loaded on first use.
            path: 'analise/acompanhar-analises',
            lazy: () => import('./routes/analise-acompanhar-analises').then((m) => ({ Component: m.AcompanharAnalisesRoute })),
          },
          {
            path: 'analise/solicitacao',
            lazy: () => import('./routes/analise-solicitacao').then((m) => ({ Component: m.AnaliseSolicitacaoRoute })),
          },
          // -- REAP routes --
          // -- administration routes --
          // -- batch processing routes --
          // -- report and statistics routes --
          // -- audit and fisher transparency routes --
          {
            // Public (no sign-in): card and protocol lookups with captcha, and the card's QR check.
            path: ROTA_CONSULTA_CARTEIRA,
            lazy: () => import('./routes/publico-consulta-carteira').then((m) => ({ Component: m.ConsultaCarteiraRoute })),
          },
          {
            path: ROTA_CONSULTA_PROTOCOLO,
            lazy: () => import('./routes/publico-consulta-protocolo').then((m) => ({ Component: m.ConsultaProtocoloRoute })),
          },
          {
            path: ROTA_VERIFICAR_CARTEIRA,
            lazy: () => import('./routes/publico-verificar-carteira').then((m) => ({ Component: m.VerificarCarteiraRoute })),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
