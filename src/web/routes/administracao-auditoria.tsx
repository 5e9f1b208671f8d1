import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { ExigirPerfilAuditoria, TelaAuditoria } from '../features/auditoria';

/** /administracao/auditoria: the audit trail (GESTOR and ADMIN). */
export function AuditoriaRoute() {
  return (
    <RequireSession>
      <ExigirPerfilAuditoria>
        <PageTitle title="Auditoria" />
        <p className="page-lead">
          Quem fez o quê, em qual registro, quando e de onde. Esta consulta também fica registrada na auditoria.
        </p>
        <TelaAuditoria />
      </ExigirPerfilAuditoria>
    </RequireSession>
  );
}
