import { ExigirPerfil } from '../components/exigir-perfil';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { TelaAuditoria } from '../features/auditoria';

/** /administracao/auditoria: the audit trail (GESTOR and ADMIN). */
export function AuditoriaRoute() {
  return (
    <RequireSession>
      <ExigirPerfil permissao="auditoria.ler">
        <PageTitle title="Auditoria" />
        <p className="page-lead">
          Quem fez o quê, em qual registro, quando e de onde. Esta consulta também fica registrada na auditoria.
        </p>
        <TelaAuditoria />
      </ExigirPerfil>
    </RequireSession>
  );
}
