import { ExigirPerfil } from '../components/exigir-perfil';
import { pode } from '../../shared/permissoes';
import { useSearchParams } from 'react-router';
import { isValidCpf, onlyDigits } from '../../shared/cpf';
import { PageTitle } from '../components/page-title';
import { RequireSession } from '../components/require-session';
import { FormularioUsuario, ListaUsuarios } from '../features/usuario-mapa';
import { useSession } from '../lib/session';

/** /administracao/usuarios: the map users (GESTOR and ADMIN edit; CONSULTA_INTERNO reads). */
export function AdministracaoUsuariosRoute() {
  const session = useSession();
  return (
    <RequireSession>
      <ExigirPerfil permissao="administracao.ler">
        <PageTitle title="Usuários" />
        <p className="page-lead">Servidores com acesso ao sistema.</p>
        <ListaUsuarios podeEditar={pode(session?.perfil, 'administracao.gerir')} />
      </ExigirPerfil>
    </RequireSession>
  );
}

/** /administracao/usuarios/editar[?cpf=]: the server-user edit screen with the CPF lookup (GESTOR and ADMIN). */
export function AdministracaoUsuarioEditarRoute() {
  const [params] = useSearchParams();
  const cpf = onlyDigits(params.get('cpf') ?? '');
  return (
    <RequireSession>
      <ExigirPerfil permissao="administracao.gerir">
        <PageTitle title="Servidor" />
        <FormularioUsuario key={cpf} cpfInicial={isValidCpf(cpf) ? cpf : null} />
      </ExigirPerfil>
    </RequireSession>
  );
}
