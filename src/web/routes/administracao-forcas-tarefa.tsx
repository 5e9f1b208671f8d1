import { ExigirPerfil } from '../components/exigir-perfil';
import { pode } from '../../shared/permissoes';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { useSession } from '../lib/session';
import { ListaForcas } from '../features/forca-tarefa';
import '../features/ato-normativo/administracao.css';

function Conteudo() {
  const session = useSession();
  return (
    <>
      <PageTitle title="Forças-tarefa" />
      <p className="page-lead">
        Servidores que, até a data limite e enquanto a força-tarefa estiver ativa, analisam solicitações das UFs que ela atende.
      </p>
      <ListaForcas gerenciar={pode(session?.perfil, 'administracao.gerir')} />
    </>
  );
}

/** /administracao/forca-tarefa/gerenciamento-forca-tarefa: the task forces (GESTOR, ADMIN; CONSULTA_INTERNO reads). */
export function AdministracaoForcasTarefaRoute() {
  return (
    <RequireSession>
      <ExigirPerfil permissao="administracao.ler">
        <Conteudo />
      </ExigirPerfil>
    </RequireSession>
  );
}
