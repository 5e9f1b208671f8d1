import { PaginaAdministracao } from '../components/pagina-administracao';
import { ListaAtos } from '../features/ato-normativo';
import '../features/ato-normativo/administracao.css';

/** /administracao/ato-normativo/gerenciamento-ato-normativo: the normative acts (GESTOR, ADMIN; CONSULTA_INTERNO reads). */
export function AdministracaoAtosRoute() {
  return (
    <PaginaAdministracao
      titulo="Atos normativos"
      descricao="Os atos que fundamentam as forças-tarefa e os processamentos em lote."
      Lista={ListaAtos}
    />
  );
}
