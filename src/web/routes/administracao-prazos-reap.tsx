import { ExigirPerfil } from '../components/exigir-perfil';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { PrazosReap } from '../features/reap';
import '../features/ato-normativo/administracao.css';

/** /administracao/prazos-reap: the REAP filling windows with their acts and history (GESTOR, ADMIN). */
export function AdministracaoPrazosReapRoute() {
  return (
    <RequireSession>
      <ExigirPerfil permissao="administracao.gerir">
        <PageTitle title="Prazos da REAP" />
        <p className="page-lead">O prazo de preenchimento de cada ano de referência e o ato normativo que o define ou prorroga.</p>
        <PrazosReap />
      </ExigirPerfil>
    </RequireSession>
  );
}
