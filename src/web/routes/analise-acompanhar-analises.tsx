import { ExigirPerfil } from '../components/exigir-perfil';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { AcompanharAnalises } from '../features/analise';

/** /analise/acompanhar-analises: the analysis follow-up (staff), reached after an analysis is submitted. */
export function AcompanharAnalisesRoute() {
  return (
    <RequireSession>
      <ExigirPerfil permissao="servidor.ler">
        <PageTitle title="Acompanhar análises" />
        <p className="page-lead">
          As solicitações enviadas pelos pescadores, das que esperam há mais tempo para as mais recentes.
        </p>
        <AcompanharAnalises />
      </ExigirPerfil>
    </RequireSession>
  );
}
