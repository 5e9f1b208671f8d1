import { PaginaAdministracao } from '../components/pagina-administracao';
import { ListaForcas } from '../features/forca-tarefa';
import '../features/ato-normativo/administracao.css';

/** /administracao/forca-tarefa/gerenciamento-forca-tarefa: the task forces (GESTOR, ADMIN; CONSULTA_INTERNO reads). */
export function AdministracaoForcasTarefaRoute() {
  return (
    <PaginaAdministracao
      titulo="Forças-tarefa"
      descricao="Servidores que, até a data limite e enquanto a força-tarefa estiver ativa, analisam solicitações das UFs que ela atende."
      Lista={ListaForcas}
    />
  );
}
