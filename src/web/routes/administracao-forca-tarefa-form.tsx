import { ExigirPerfil } from '../components/exigir-perfil';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { useAtoVigente } from '../features/ato-normativo';
import { FormularioForca } from '../features/forca-tarefa';
import '../features/ato-normativo/administracao.css';

function idDe(texto: string | null): number | null {
  const n = Number(texto);
  return texto && Number.isInteger(n) && n > 0 ? n : null;
}

function Conteudo({ id }: { id: number | null }) {
  // A task force cites an act: with none in force, the spec's 15-second warning.
  useAtoVigente();
  return (
    <>
      <PageTitle title={id === null ? 'Cadastrar força-tarefa' : 'Editar força-tarefa'} />
      <FormularioForca key={id ?? 'nova'} id={id} />
    </>
  );
}

/** /administracao/forca-tarefa/formulario[?id]: the task-force form (GESTOR, ADMIN). */
export function AdministracaoForcaTarefaFormRoute() {
  const [params] = useSearchParams();
  const id = idDe(params.get('id'));
  return (
    <RequireSession>
      <ExigirPerfil permissao="administracao.gerir">
        <Conteudo id={id} />
      </ExigirPerfil>
    </RequireSession>
  );
}
