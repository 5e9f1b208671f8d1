import { ExigirPerfil } from '../components/exigir-perfil';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { ClientesIntegracao } from '../features/integracao';

/** /administracao/clientes-integracao: other agencies' machine clients (ADMIN only). */
export function AdministracaoClientesIntegracaoRoute() {
  return (
    <RequireSession>
      <ExigirPerfil permissao="integracao.gerir">
        <PageTitle title="Clientes de integração" />
        <p className="page-lead">
          Sistemas de outros órgãos (INSS, Ministério do Trabalho, CGU) consultam o registro com credenciais próprias. A credencial
          aparece uma única vez, ao cadastrar ou trocar.
        </p>
        <ClientesIntegracao />
      </ExigirPerfil>
    </RequireSession>
  );
}
