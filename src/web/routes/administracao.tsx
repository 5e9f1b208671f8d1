import { ExigirPerfil } from '../components/exigir-perfil';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { CartoesAdministracao } from '../features/administracao';

/** /administracao: the admin home, one card per area the profile may open (GESTOR, ADMIN; CONSULTA_INTERNO reads). */
export function AdministracaoRoute() {
  return (
    <RequireSession>
      <ExigirPerfil permissao="administracao.ler">
        <PageTitle title="Administração" />
        <p className="page-lead">Usuários, horários de acesso, atos normativos, forças-tarefa, processamento em lote, relatórios e auditoria.</p>
        <CartoesAdministracao />
      </ExigirPerfil>
    </RequireSession>
  );
}
