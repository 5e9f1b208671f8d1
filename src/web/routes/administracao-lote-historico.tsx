import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { ExigirPerfilLote, HistoricoLotes } from '../features/lote';

/** /administracao/processamento-lote/historico: each batch, its progress and its per-CPF result. */
export function AdministracaoLoteHistoricoRoute() {
  return (
    <RequireSession>
      <ExigirPerfilLote>
        <PageTitle title="Histórico de processamentos em lote" />
        <HistoricoLotes />
      </ExigirPerfilLote>
    </RequireSession>
  );
}
