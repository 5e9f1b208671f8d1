import { ExigirPerfil } from '../components/exigir-perfil';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { ObrigacoesServidor } from '../features/reap';

/** /analise/reap-obrigacoes: staff find fishers' REAP obligations, read a REAP, and take the CSV of the pending ones. */
export function ReapObrigacoesRoute() {
  return (
    <RequireSession>
      <ExigirPerfil permissao="servidor.ler">
        <PageTitle title="Obrigações de REAP" />
        <p className="page-lead">As REAPs devidas pelos pescadores, enviadas e pendentes, por ano de referência.</p>
        <ObrigacoesServidor />
      </ExigirPerfil>
    </RequireSession>
  );
}
