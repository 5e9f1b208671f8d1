import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { ExigirPerfilAnalise } from '../features/analise';
import { ObrigacoesServidor } from '../features/reap';

/** /analise/reap-obrigacoes: staff find fishers' REAP obligations, read a REAP, and take the CSV of the pending ones. */
export function ReapObrigacoesRoute() {
  return (
    <RequireSession>
      <ExigirPerfilAnalise>
        <PageTitle title="Obrigações de REAP" />
        <p className="page-lead">As REAPs devidas pelos pescadores, enviadas e pendentes, por ano de referência.</p>
        <ObrigacoesServidor />
      </ExigirPerfilAnalise>
    </RequireSession>
  );
}
