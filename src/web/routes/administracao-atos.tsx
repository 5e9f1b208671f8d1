import { ExigirPerfil } from '../components/exigir-perfil';
import { pode } from '../../shared/permissoes';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { useSession } from '../lib/session';
import { ListaAtos } from '../features/ato-normativo';
import '../features/ato-normativo/administracao.css';

function Conteudo() {
  const session = useSession();
  return (
    <>
      <PageTitle title="Atos normativos" />
      <p className="page-lead">Os atos que fundamentam as forças-tarefa e os processamentos em lote.</p>
      <ListaAtos gerenciar={pode(session?.perfil, 'administracao.gerir')} />
    </>
  );
}

/** /administracao/ato-normativo/gerenciamento-ato-normativo: the normative acts (GESTOR, ADMIN; CONSULTA_INTERNO reads). */
export function AdministracaoAtosRoute() {
  return (
    <RequireSession>
      <ExigirPerfil permissao="administracao.ler">
        <Conteudo />
      </ExigirPerfil>
    </RequireSession>
  );
}
