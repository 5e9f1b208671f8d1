import { createBrowserRouter, Link, matchRoutes, type RouteObject } from 'react-router';
import {
  ROTA_ADMIN_ATO_FORM,
  ROTA_ADMIN_ATOS,
  ROTA_ADMIN_ENTIDADES,
  ROTA_MESA_AGENTE, ROTA_TERMO_CONSENTIMENTO, ROTA_FILA_TERMOS,
  ROTA_QUEM_ME_REPRESENTA,
  ROTA_ADMIN_FORCA_TAREFA_FORM,
  ROTA_ADMIN_FORCAS_TAREFA,
  ROTA_ADMIN_CLIENTES_INTEGRACAO,
  ROTA_ADMIN_HORARIO_ACESSO,
  ROTA_ADMIN_USUARIO_EDITAR,
  ROTA_ADMIN_USUARIOS,
  ROTA_ADMINISTRACAO,
  ROTA_ADMIN_AUDITORIA,
  ROTA_ADMIN_LOTE,
  ROTA_ADMIN_PRAZOS_REAP,
  ROTA_ADMIN_LOTE_HISTORICO,
  ROTA_ADMIN_RELATORIO,
  ROTA_CONSULTA_CARTEIRA, ROTA_LISTA_DO_ATO,
  ROTA_CONSULTA_PROTOCOLO,
  ROTA_DOCUMENTOS,
  ROTA_ESTATISTICAS,
  ROTA_HOME,
  ROTA_REAP,
  ROTA_REAP_ARTESANAL,
  ROTA_REAP_DECLARACAO,
  ROTA_REAP_INDUSTRIAL,
  ROTA_REAP_OBRIGACOES,
  ROTA_VERIFICAR_CARTEIRA,
  ROTA_VERIFICAR_PROTOCOLO,
  ROTA_VERIFICAR_REAP,
  ROTA_FILA_RECURSOS, ROTA_RECURSOS,
  ROTA_AVISOS,
} from '../shared/rotas-web';
import { Layout, Shell } from './components/layout';
import { PageTitle } from './components/page-title';
import { RequireSession } from './components/require-session';
import { carregarTela } from './lib/carregar-tela';
import { ERRO_DESCONHECIDO } from './lib/erros';
import { LandingPage } from './routes/landing';
import { NotFoundPage } from './routes/not-found';

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
        // Every screen but the landing page is loaded on first use under this route (docs/decisions/0017): the landing
        // page carries neither the query library nor the screens.
        lazy: carregarTela(() => import('./components/layout-com-consultas'), (m) => ({ Component: m.LayoutComConsultas })),
        children: [
          { path: 'login', lazy: carregarTela(() => import('./routes/login'), (m) => ({ Component: m.LoginCallbackPage })) },
          {
            path: ROTA_HOME,
            lazy: carregarTela(() => import('./routes/home'), (m) => ({ element: <RequireSession><m.HomePage /></RequireSession> })),
          },
          // -- request wizard routes --
          {
            path: 'pescador/solicitacao',
            hydrateFallbackElement: <p role="status">Carregando…</p>,
            lazy: carregarTela(() => import('./routes/solicitacao'), (m) => ({ Component: m.SolicitacaoRoute })),
          },
          {
            // With or without the trailing slash.
            path: 'pescador/edicao-registro/edicao',
            hydrateFallbackElement: <p role="status">Carregando…</p>,
            lazy: carregarTela(() => import('./routes/solicitacao'), (m) => ({ Component: m.EdicaoRegistroRoute })),
          },
          // -- fisher screens routes --
          {
            path: 'pescador/declaracao',
            lazy: carregarTela(() => import('./routes/pescador-declaracao'), (m) => ({ element: <RequireSession><m.PescadorDeclaracaoPage /></RequireSession> })),
          },
          {
            path: ROTA_DOCUMENTOS,
            lazy: carregarTela(() => import('./routes/pescador-documentos'), (m) => ({ element: <RequireSession><m.PescadorDocumentosPage /></RequireSession> })),
          },
          {
            path: 'pescador/edicao-documentos',
            lazy: carregarTela(() => import('./routes/pescador-edicao-documentos'), (m) => ({ element: <RequireSession><m.PescadorEdicaoDocumentosPage /></RequireSession> })),
          },
          {
            path: 'pescador/solicitacoes',
            lazy: carregarTela(() => import('./routes/pescador-solicitacoes'), (m) => ({ element: <RequireSession><m.PescadorSolicitacoesPage /></RequireSession> })),
          },
          {
            path: 'pescador/cancelamento',
            lazy: carregarTela(() => import('./routes/pescador-cancelamento'), (m) => ({ element: <RequireSession><m.PescadorCancelamentoPage /></RequireSession> })),
          },
          {
            path: 'pescador/edicao-rgp',
            lazy: carregarTela(() => import('./routes/pescador-edicao-rgp'), (m) => ({ element: <RequireSession><m.PescadorEdicaoRgpPage /></RequireSession> })),
          },
          {
            path: 'pescador/regularizacao',
            lazy: carregarTela(() => import('./routes/pescador-regularizacao'), (m) => ({ element: <RequireSession><m.PescadorRegularizacaoPage /></RequireSession> })),
          },
          // -- appeals routes (decision 0088) --
          {
            path: ROTA_RECURSOS,
            lazy: carregarTela(() => import('./routes/recursos'), (m) => ({ Component: m.PescadorRecursosRoute })),
          },
          {
            path: `${ROTA_RECURSOS}/:id`,
            lazy: carregarTela(() => import('./routes/recursos'), (m) => ({ Component: m.PescadorRecursoRoute })),
          },
          {
            path: ROTA_FILA_RECURSOS,
            lazy: carregarTela(() => import('./routes/recursos'), (m) => ({ Component: m.FilaRecursosRoute })),
          },
          {
            path: `${ROTA_FILA_RECURSOS}/:id`,
            lazy: carregarTela(() => import('./routes/recursos'), (m) => ({ Component: m.DecisaoRecursoRoute })),
          },
          // -- analysis and public routes --
          {
            path: 'analise/painel',
            lazy: carregarTela(() => import('./routes/analise-painel'), (m) => ({ Component: m.PainelAnalisesRoute })),
          },
          {
            path: 'analise/acompanhar-analises',
            lazy: carregarTela(() => import('./routes/analise-acompanhar-analises'), (m) => ({ Component: m.AcompanharAnalisesRoute })),
          },
          {
            path: 'analise/solicitacao',
            lazy: carregarTela(() => import('./routes/analise-solicitacao'), (m) => ({ Component: m.AnaliseSolicitacaoRoute })),
          },
          // -- REAP routes --
          {
            path: ROTA_REAP,
            lazy: carregarTela(() => import('./routes/reap'), (m) => ({ Component: m.ReapRoute })),
          },
          {
            path: ROTA_REAP_DECLARACAO,
            lazy: carregarTela(() => import('./routes/reap'), (m) => ({ Component: m.ReapDeclaracaoRoute })),
          },
          {
            path: ROTA_REAP_ARTESANAL,
            lazy: carregarTela(() => import('./routes/reap'), (m) => ({ Component: m.ReapArtesanalRoute })),
          },
          {
            path: ROTA_REAP_INDUSTRIAL,
            lazy: carregarTela(() => import('./routes/reap'), (m) => ({ Component: m.ReapIndustrialRoute })),
          },
          {
            path: ROTA_REAP_OBRIGACOES,
            lazy: carregarTela(() => import('./routes/reap-obrigacoes'), (m) => ({ Component: m.ReapObrigacoesRoute })),
          },
          {
            path: ROTA_ADMIN_ENTIDADES,
            lazy: carregarTela(() => import('./routes/entidades'), (m) => ({ Component: m.AdministracaoEntidadesRoute })),
          },
          {
            path: ROTA_AVISOS,
            lazy: carregarTela(() => import('./routes/pescador-avisos'), (m) => ({ Component: m.PescadorAvisosRoute })),
          },
          {
            path: ROTA_QUEM_ME_REPRESENTA,
            lazy: carregarTela(() => import('./routes/entidades'), (m) => ({ Component: m.QuemMeRepresentaRoute })),
          },
          {
            path: ROTA_MESA_AGENTE,
            lazy: carregarTela(() => import('./routes/entidades'), (m) => ({ Component: m.MesaAgenteRoute })),
          },
          {
            path: ROTA_TERMO_CONSENTIMENTO,
            lazy: carregarTela(() => import('./routes/termos-consentimento'), (m) => ({ Component: m.TermoConsentimentoRoute })),
          },
          {
            path: ROTA_FILA_TERMOS,
            lazy: carregarTela(() => import('./routes/termos-consentimento'), (m) => ({ Component: m.FilaTermosRoute })),
          },
          // -- administration routes --
          {
            path: ROTA_ADMIN_ATOS,
            lazy: carregarTela(() => import('./routes/administracao-atos'), (m) => ({ Component: m.AdministracaoAtosRoute })),
          },
          {
            path: ROTA_ADMIN_ATO_FORM,
            lazy: carregarTela(() => import('./routes/administracao-ato-form'), (m) => ({ Component: m.AdministracaoAtoFormRoute })),
          },
          {
            path: ROTA_ADMIN_FORCAS_TAREFA,
            lazy: carregarTela(() => import('./routes/administracao-forcas-tarefa'), (m) => ({ Component: m.AdministracaoForcasTarefaRoute })),
          },
          {
            path: ROTA_ADMIN_FORCA_TAREFA_FORM,
            lazy: carregarTela(() => import('./routes/administracao-forca-tarefa-form'), (m) => ({ Component: m.AdministracaoForcaTarefaFormRoute })),
          },
          {
            path: ROTA_ADMINISTRACAO,
            lazy: carregarTela(() => import('./routes/administracao'), (m) => ({ Component: m.AdministracaoRoute })),
          },
          {
            path: ROTA_ADMIN_USUARIOS,
            lazy: carregarTela(() => import('./routes/administracao-usuarios'), (m) => ({ Component: m.AdministracaoUsuariosRoute })),
          },
          {
            path: ROTA_ADMIN_USUARIO_EDITAR,
            lazy: carregarTela(() => import('./routes/administracao-usuarios'), (m) => ({ Component: m.AdministracaoUsuarioEditarRoute })),
          },
          {
            path: ROTA_ADMIN_HORARIO_ACESSO,
            lazy: carregarTela(() => import('./routes/administracao-horario-acesso'), (m) => ({ Component: m.AdministracaoHorarioAcessoRoute })),
          },
          {
            path: ROTA_ADMIN_CLIENTES_INTEGRACAO,
            lazy: carregarTela(() => import('./routes/administracao-clientes-integracao'), (m) => ({ Component: m.AdministracaoClientesIntegracaoRoute })),
          },
          {
            path: ROTA_ADMIN_PRAZOS_REAP,
            lazy: carregarTela(() => import('./routes/administracao-prazos-reap'), (m) => ({ Component: m.AdministracaoPrazosReapRoute })),
          },
          // -- batch processing routes --
          {
            path: ROTA_ADMIN_LOTE,
            lazy: carregarTela(() => import('./routes/administracao-lote'), (m) => ({ Component: m.AdministracaoLoteRoute })),
          },
          {
            path: ROTA_ADMIN_LOTE_HISTORICO,
            lazy: carregarTela(() => import('./routes/administracao-lote-historico'), (m) => ({ Component: m.AdministracaoLoteHistoricoRoute })),
          },
          // -- report and statistics routes --
          {
            path: ROTA_ADMIN_RELATORIO,
            lazy: carregarTela(() => import('./routes/administracao-relatorio'), (m) => ({ Component: m.AdministracaoRelatorioRoute })),
          },
          {
            path: ROTA_ESTATISTICAS,
            lazy: carregarTela(() => import('./routes/publico-estatisticas'), (m) => ({ Component: m.EstatisticasRoute })),
          },
          // -- audit and fisher transparency routes --
          {
            path: ROTA_ADMIN_AUDITORIA,
            lazy: carregarTela(() => import('./routes/administracao-auditoria'), (m) => ({ Component: m.AuditoriaRoute })),
          },
          {
            path: ROTA_CONSULTA_CARTEIRA,
            lazy: carregarTela(() => import('./routes/publico-consulta-carteira'), (m) => ({ Component: m.ConsultaCarteiraRoute })),
          },
          {
            path: ROTA_LISTA_DO_ATO,
            lazy: carregarTela(() => import('./routes/publico-lista-ato'), (m) => ({ Component: m.ListaDoAtoRoute })),
          },
          {
            path: ROTA_CONSULTA_PROTOCOLO,
            lazy: carregarTela(() => import('./routes/publico-consulta-protocolo'), (m) => ({ Component: m.ConsultaProtocoloRoute })),
          },
          {
            path: ROTA_VERIFICAR_CARTEIRA,
            lazy: carregarTela(() => import('./routes/publico-verificar-carteira'), (m) => ({ Component: m.VerificarCarteiraRoute })),
          },
          {
            // See docs/decisions/0044.
            path: ROTA_VERIFICAR_PROTOCOLO,
            lazy: carregarTela(() => import('./routes/publico-verificar-protocolo'), (m) => ({ Component: m.VerificarProtocoloRoute })),
          },
          {
            path: ROTA_VERIFICAR_REAP,
            lazy: carregarTela(() => import('./routes/publico-verificar-reap'), (m) => ({ Component: m.VerificarReapRoute })),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Before the router starts, so the first render is the screen rather than an empty frame (docs/decisions/0065). */
export async function carregarTelasDoEndereco(endereco: { pathname: string; search: string; hash: string }): Promise<void> {
  await Promise.all((matchRoutes(routes, endereco) ?? []).map(async ({ route }) => {
    if (typeof route.lazy !== 'function') return;
    const tela = await route.lazy();
    Object.assign(route, tela, { lazy: undefined });
  }));
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
