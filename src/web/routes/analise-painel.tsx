import { ExigirPerfil } from '../components/exigir-perfil';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { PainelDeAnalises } from '../features/analise';

/** /analise/painel: the manager's page of the analysis backlog (GESTOR, ADMIN, CONSULTA_INTERNO). */
export function PainelAnalisesRoute() {
  return (
    <RequireSession>
      <ExigirPerfil permissao="analise.painel">
        <PageTitle title="Painel de análises" />
        <p className="page-lead">
          O estoque de solicitações a decidir, o ritmo das decisões e o tempo para decidir, com os números também em tabelas.
        </p>
        <PainelDeAnalises />
      </ExigirPerfil>
    </RequireSession>
  );
}
