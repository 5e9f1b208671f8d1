import { ExigirPerfil } from '../components/exigir-perfil';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { HistoricoLotes, ListasRecebidas } from '../features/lote';

/** /administracao/processamento-lote/historico: each batch, its progress and its per-CPF result; agencies' lists to review. */
export function AdministracaoLoteHistoricoRoute() {
  return (
    <RequireSession>
      <ExigirPerfil permissao="lote.processar">
        <PageTitle title="Histórico de processamentos em lote" />
        <HistoricoLotes />
        <ListasRecebidas />
      </ExigirPerfil>
    </RequireSession>
  );
}
