import { ExigirPerfil } from '../components/exigir-perfil';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { FormularioAto } from '../features/ato-normativo';
import '../features/ato-normativo/administracao.css';

function idDe(texto: string | null): number | null {
  const n = Number(texto);
  return texto && Number.isInteger(n) && n > 0 ? n : null;
}

/** /administracao/ato-normativo/formulario[?id]: the normative-act form (GESTOR, ADMIN). */
export function AdministracaoAtoFormRoute() {
  const [params] = useSearchParams();
  const id = idDe(params.get('id'));
  return (
    <RequireSession>
      <ExigirPerfil permissao="administracao.gerir">
        <PageTitle title={id === null ? 'Cadastrar ato normativo' : 'Editar ato normativo'} />
        <FormularioAto key={id ?? 'novo'} id={id} />
      </ExigirPerfil>
    </RequireSession>
  );
}
