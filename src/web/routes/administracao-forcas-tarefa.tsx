import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { useSession } from '../lib/session';
import { ExigirPerfilAdministracao, podeGerir } from '../features/administracao';
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
      <ListaForcas gerenciar={podeGerir(session?.perfil)} />
    </>
  );
}

/** /administracao/forca-tarefa/gerenciamento-forca-tarefa: the task forces (GESTOR, ADMIN; CONSULTA_INTERNO reads). */
export function AdministracaoForcasTarefaRoute() {
  return (
    <RequireSession>
      <ExigirPerfilAdministracao>
        <Conteudo />
      </ExigirPerfilAdministracao>
    </RequireSession>
  );
}
